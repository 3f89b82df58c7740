"""The picture words catalog: every `Words` template in English, French and German, with the
renderer's placeholders, and English pictures exactly as the renderer draws them by default."""

from __future__ import annotations

from dataclasses import replace

import pytest
from discord import Locale

from bot.i18n import CATALOGS, Localizer, placeholders, translated_languages
from bot.pictures import words_for
from bot.wording.terms import checkers_summary
from engine.backgammon import Position, Side
from engine.checkers import VARIANTS, Color
from engine.checkers import Position as CheckersPosition
from render import (
    ENDING_FIELDS,
    ENGLISH,
    SIZE_FIELDS,
    TEMPLATE_FIELDS,
    BackgammonScene,
    CheckersScene,
    Words,
    describe,
)
from render.backgammon_scene import status_line as backgammon_prompt
from render.checkers import status_line as checkers_prompt


def size_templates(words: Words) -> dict[str, str]:
    """The one-per-size templates of `words` by their catalog key (`picture.bg_wins.2`)."""
    return {
        f"picture.{name}.{size}": template
        for name in SIZE_FIELDS
        for size, template in enumerate(getattr(words, name), start=1)
    }


def ending_templates(words: Words) -> dict[str, str]:
    """The one-per-ending templates of `words` by their catalog key (`picture.ck_wins.no_moves`)."""
    return {
        f"picture.{name}.{reason.name.lower()}": template
        for name in ENDING_FIELDS
        for reason, template in getattr(words, name).items()
    }


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_every_template_is_in_the_catalog_with_the_renderers_placeholders(language: str) -> None:
    catalog = CATALOGS[language]
    english = {f"picture.{name}": getattr(ENGLISH, name) for name in TEMPLATE_FIELDS}
    english |= size_templates(ENGLISH) | ending_templates(ENGLISH)
    picture_keys = {key for key in catalog if key.startswith("picture.")}
    assert picture_keys == set(english)
    different = {
        key: placeholders(catalog[key])
        for key, template in english.items()
        if placeholders(catalog[key]) != placeholders(template)
    }
    assert different == {}


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_every_template_fills_with_whole_numbers(language: str) -> None:
    """Clocks format minutes as `{minutes:02d}`: a template must take the values render gives."""
    words = words_for(language)
    templates = {name: getattr(words, name) for name in TEMPLATE_FIELDS}
    templates |= size_templates(words) | ending_templates(words)
    for name, template in templates.items():
        filled = template.format(**dict.fromkeys(placeholders(template), 7))
        assert "{" not in filled and filled.strip(), name


@pytest.mark.parametrize(
    ("locale", "to_roll", "men", "your_turn"),
    [
        ("en-US", "{name} to roll", "{count} men", "Your turn"),
        ("fr", "À {name} de lancer", "{count} pions", "À toi"),
        ("de", "{name} ist am Wurf", "{count} Steine", "Du bist dran"),
    ],
)
def test_templates_are_the_readers_language_each_in_its_place(
    locale: str, to_roll: str, men: str, your_turn: str
) -> None:
    words = words_for(locale)
    assert (words.bg_to_roll, words.men[-1], words.alt_your_turn) == (to_roll, men, your_turn)


@pytest.mark.parametrize(
    ("locale", "resignation", "draw", "your_draw"),
    [
        (
            "en-US",
            "Ann offers to resign a gammon: Ben to accept or decline",
            "Ben offers a draw: Ann to accept or decline",
            "You offer a draw; Ann to accept or decline.",
        ),
        (
            "fr",
            "Ann propose d'abandonner un gammon : à Ben d'accepter ou de refuser",
            "Ben propose la nulle : à Ann d'accepter ou de refuser",
            "Tu proposes la nulle ; à Ann d'accepter ou de refuser.",
        ),
        (
            "de",
            "Ann bietet an, ein Gammon aufzugeben: Ben nimmt an oder lehnt ab",
            "Ben bietet Remis an: Ann nimmt an oder lehnt ab",
            "Du bietest Remis an; Ann muss annehmen oder ablehnen.",
        ),
    ],
)
def test_an_offer_names_who_must_answer_in_every_language(
    locale: str, resignation: str, draw: str, your_draw: str
) -> None:
    words = words_for(locale)
    names = ("Ann", "Ben")
    resigning = BackgammonScene(
        Position.initial(), names=names, resignation=(Side.WHITE, 2), words=words
    )
    assert backgammon_prompt(resigning) == resignation
    offered = CheckersScene(
        CheckersPosition.initial("box"), names=names, draw_offered_by=Color.BLACK, words=words
    )
    assert checkers_prompt(offered) == draw
    assert describe(offered).startswith(draw + ".")
    assert describe(replace(offered, reader=Color.BLACK)).startswith(your_draw)


def test_english_words_are_the_renderers_own() -> None:
    """So an English server's pictures are byte for byte what the renderer draws by default.

    The English templates are the renderer's by construction (the catalog copies them); the
    words that could differ are those the bot takes from its other texts."""
    english = words_for("en-US")
    assert size_templates(english) == size_templates(ENGLISH)
    assert ending_templates(english) == ending_templates(ENGLISH)
    assert all(english.titles[name] == variant.title for name, variant in VARIANTS.items())


@pytest.mark.parametrize("language", translated_languages())
def test_other_languages_word_the_endings_titles_and_wins(language: str) -> None:
    words = words_for(language)
    assert set(ending_templates(words)) == set(ending_templates(ENGLISH))
    assert set(words.titles) == set(VARIANTS)
    assert not set(ending_templates(ENGLISH).values()) & set(ending_templates(words).values())
    assert not {variant.title for variant in VARIANTS.values()} & set(words.titles.values())
    assert not set(size_templates(ENGLISH).values()) & set(size_templates(words).values())


def test_words_are_built_once_per_language() -> None:
    assert words_for(Locale.french) is words_for("fr")
    assert words_for("zh-TW") is words_for("en-GB")  # no traditional Chinese catalog: English
    assert words_for("de") is not words_for("fr")


def test_greek_alt_text_and_rules_never_use_the_semicolon_greek_reads_as_a_question_mark() -> None:
    """A side's men and kings, and the one-line checkers rules, are joined by the ano teleia."""
    position = CheckersPosition.from_fen("W:WK1,29:B5,K32", VARIANTS["box"])
    scene = CheckersScene(position, ("Alice", "Bob"), words=words_for("el"))
    men_and_kings = [part for part in describe(scene).split(". ") if "29" in part]
    assert len(men_and_kings) == 1 and "\u0387 " in men_and_kings[0]
    assert ";" not in describe(scene)
    summary = checkers_summary(Localizer("el"), VARIANTS["russian"])
    assert ";" not in summary and summary.count("\u0387 ") >= 3
