"""Texts read closely, in each language: what a check of keys and placeholders cannot see.

Each rule is stated per language by hand: the words a relative time cannot follow, one form of
address, one word for the cube, counted words through plural forms, Chinese punctuation.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import CATALOGS, TEXTS, Localizer, translated_languages
from bot.pictures.look import words_for
from bot.service.kinds import rules_for
from bot.service.options import GameOptions
from bot.wording.game import game_options_text
from engine.backgammon import Position
from render import BackgammonScene, Prompt
from render.describe import describe_backgammon

# Texts whose placeholder becomes a Discord relative timestamp, which each reader's client writes
# as "in 15 minutes", "dans 15 minutes", "in 15 Minuten", "15分钟后"…
RELATIVE = {
    "challenge.directed.backgammon": "expires",
    "challenge.directed.checkers": "expires",
    "challenge.open.backgammon": "expires",
    "challenge.open.checkers": "expires",
    "reply.reminder": "deadline",
    "game.clock": "deadline",
}
# Words for "before" or "until", which a relative time ("in 15 minutes") cannot follow.
BEFORE = {
    "en": {"before", "by", "until"},
    "fr": {"avant", "jusqu'à", "d'ici"},
    "de": {"bis", "vor"},
    "nl": {"voor", "vóór", "tot"},
    "it": {"prima", "entro", "fino"},
    "es": {"antes", "hasta"},
    "pt_BR": {"antes", "até"},
    "el": {"πριν", "έως", "μέχρι", "ως"},
    "pl": {"przed", "do"},
    "ro": {"înainte", "până"},
    "cs": {"před", "do"},
}


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_a_relative_time_never_follows_a_word_for_before(language: str) -> None:
    """ "may accept before in 15 minutes": the time is relative, so the sentence says when
    something happens ("the challenge expires in 15 minutes")."""
    wrong = {}
    for key, placeholder in RELATIVE.items():
        text = CATALOGS[language][key]
        before, _, after = text.partition("{" + placeholder + "}")
        if language == "zh_CN":
            # 到 15分钟后 / 15分钟后之前: a time "after 15 minutes" then read as a deadline.
            if before.rstrip().endswith("到") or after.lstrip().startswith(("前", "之前")):
                wrong[key] = text
            continue
        last_words = re.findall(r"[\w'’]+", before.lower())[-2:]
        if set(last_words) & BEFORE[language]:
            wrong[key] = text
    assert wrong == {}


def test_every_language_has_its_words_for_before() -> None:
    assert set(BEFORE) | {"zh_CN"} == set(translated_languages()) | {"en"}


# Simplified Chinese is written with full-width punctuation; an ASCII comma or full stop
# between two Chinese characters (or closing a clause after one) is a slip.
HAN = r"[\u4e00-\u9fff]"
ASCII_PUNCTUATION_IN_CHINESE = re.compile(rf"{HAN}[,.;:!?]( |$|{HAN})|{HAN} ?[,;] ?{HAN}")


def every_text(language: str) -> list[tuple[str, str]]:
    """Each text of a language with its key: plain ones and every plural form."""
    texts = TEXTS[language]
    counted = [(key, form) for key, forms in texts.plurals.items() for form in forms]
    return [*texts.messages.items(), *counted]


def test_chinese_texts_use_chinese_punctuation() -> None:
    wrong = {
        key: text for key, text in every_text("zh_CN") if ASCII_PUNCTUATION_IN_CHINESE.search(text)
    }
    assert wrong == {}


def test_a_chinese_challenges_options_and_picture_description_read_as_chinese() -> None:
    """The options were joined by a hard-coded ", ", and the alt text closed a sentence ending
    in a roll (3-1) with "." and listed points with ", "."""
    zh = Localizer("zh-CN")
    options = GameOptions.create(rules_for("backgammon"), match_length=3, rated=False)
    expected = "标准规则、3 分制比赛、克劳福德规则、每步 1 天、不计入等级分"
    assert game_options_text(zh, options) == expected
    scene = BackgammonScene(
        Position.initial(),
        names=("小明", "小红"),
        dice=(3, 1),
        prompt=Prompt.MOVE,
        match_length=3,
        words=words_for("zh-CN"),
    )
    alt = describe_backgammon(scene)
    assert alt.startswith("轮到 小明 走 3-1。")
    assert "6 点 5 个、8 点 3 个" in alt
    assert re.search(r"[,.](\s|$)", alt) is None


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_a_command_or_option_name_is_one_word(language: str) -> None:
    """`kostka-dublująca`: two words joined to pass Discord's rule are no name a player types."""
    joined = {
        key: name
        for key, name in CATALOGS[language].items()
        if key.startswith(("name.cmd.", "name.opt.")) and "-" in name
    }
    assert joined == {}


# One word for the cube in each catalog (German had three).
OTHER_CUBE_WORDS = {"de": re.compile(r"doppelwürfel|dopplerwürfel", re.IGNORECASE)}


@pytest.mark.parametrize("language", sorted(OTHER_CUBE_WORDS))
def test_the_cube_has_one_name(language: str) -> None:
    wrong = [key for key, text in every_text(language) if OTHER_CUBE_WORDS[language].search(text)]
    assert wrong == []
    assert CATALOGS["de"]["name.opt.cube"] == "verdopplungswürfel"


def test_spanish_says_tu_and_never_vosotros() -> None:
    """The catalog's own rule (its glossary): tú, no vosotros, also to two players at once."""
    vosotros = re.compile(r"\b(vuestr[oa]s?|vosotr[oa]s|tenéis|podéis|sois|estáis)\b", re.I)
    assert [key for key, text in every_text("es") if vosotros.search(text)] == []


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_a_tournaments_title_has_one_colon(language: str) -> None:
    """Polish said "organizator: {organizer}: {format}"."""
    for kind in ("backgammon", "checkers"):
        title = CATALOGS[language][f"tournament.title.{kind}"]
        assert title.count(":") + title.count("：") == 1


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_help_says_each_thing_once(language: str) -> None:
    lines = CATALOGS[language]["help.text"].splitlines()
    assert len(lines) == len(set(lines))


@pytest.mark.parametrize("language", sorted(set(CATALOGS) - {"en"}))
def test_no_move_possible_says_what_pass_means(language: str) -> None:
    """ "pass" is the word to type; a bare English "pass" after the colon explained nothing."""
    text = CATALOGS[language]["refusal.bg.play.must_pass"]
    assert re.search(r"[:：]\s*pass$", text) is None, text


# A number placeholder directly before an outcome word in an uncounted text: the word cannot
# agree with the number ("3 victorie", "3 výhra"); such words go through plural entries.
NUMBER = r"\{(gw|gl|bw|bl|wins|losses|draws|games|count|points)\} "
COUNTED_OUTCOMES = {
    "ro": re.compile(NUMBER + r"(de )?(victori|înfrânger|remiz|câștigat|pierdut)"),
    "cs": re.compile(NUMBER + r"(výhr|prohr|remíz|vyhran|prohran)"),
    "pl": re.compile(NUMBER + r"(wygran|przegran|remis)"),
    "fr": re.compile(NUMBER + r"(gagné|perdu|victoire|défaite)"),
}


@pytest.mark.parametrize("language", sorted(COUNTED_OUTCOMES))
def test_a_counted_outcome_word_agrees_with_its_number(language: str) -> None:
    pattern = COUNTED_OUTCOMES[language]
    wrong = {k: v for k, v in TEXTS[language].messages.items() if pattern.search(v)}
    assert wrong == {}
    won = Localizer(language.replace("_", "-"))
    assert len({won.plural("results.count.won", n).split()[-1] for n in (1, 3, 25)}) > 1


def test_french_says_tu_as_discords_french_interface_does() -> None:
    """One form of address: Discord's French interface says "tu"; the catalog mixed in "vous"
    (and its imperatives: "lancez", "répondez")."""
    vous = re.compile(r"\b(vous|votre|vos|vôtre)\b|\b(lancez|jouez|répondez|acceptez|écrivez)\b")
    assert [key for key, text in every_text("fr") if vous.search(text.lower())] == []


def test_french_words_are_the_glossarys() -> None:
    """The cube is the videau, which one doubles; a rating is a cote (a classement ranks
    players); the recap's animation is a rejeu; and no refusal repeats "Impossible :"."""
    fr = CATALOGS["fr"]
    assert fr["cmd.double"].startswith("Doubler")
    assert "replay" not in fr["recap.text"] and "rejeu" in fr["recap.text"]
    for key in ("recap.rating", "recap.unrated", "results.stats.history", "opt.rated_game"):
        assert "classement" not in fr[key] and "cote" in fr[key], key
    wrapped = [
        fr["error.refused"].format(reason=fr[key]) for key in fr if key.startswith("refusal.")
    ]
    assert [text for text in wrapped if text.lower().startswith("impossible : impossible")] == []
