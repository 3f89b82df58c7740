"""The gettext catalogs: every key in every language with the same placeholders and plural forms,
compiled and reviewed; the update command; locales pick the right catalog."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import Client, Interaction, Locale, app_commands

from bot.frontend.translator import CatalogTranslator, served_locales
from bot.i18n import (
    CATALOGS,
    DEFAULT_LANGUAGE,
    TEXTS,
    Localizer,
    catalog_for,
    decimal,
    keyed,
    language_of,
    placeholders,
    text,
    translated_languages,
)
from bot.i18n.upkeep import problems, problems_of, stale, updated_translation
from engine.reason import Listing

REFERENCE = CATALOGS[DEFAULT_LANGUAGE]


@app_commands.command(name="roll", description=REFERENCE["cmd.roll"])
async def roll_command(interaction: Interaction[Client]) -> None:
    """A stand-in /roll: the command a translation context carries."""


@pytest.mark.parametrize("language", sorted(set(CATALOGS) - {DEFAULT_LANGUAGE}))
def test_every_catalog_has_every_key(language: str) -> None:
    catalog = CATALOGS[language]
    assert sorted(set(REFERENCE) - set(catalog)) == []
    assert sorted(set(catalog) - set(REFERENCE)) == []


@pytest.mark.parametrize("language", sorted(set(CATALOGS) - {DEFAULT_LANGUAGE}))
def test_every_translation_has_the_same_placeholders(language: str) -> None:
    catalog = CATALOGS[language]
    different = {
        key: (placeholders(REFERENCE[key]), placeholders(catalog[key]))
        for key in REFERENCE
        if placeholders(REFERENCE[key]) != placeholders(catalog.get(key, ""))
    }
    assert different == {}


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_translations_are_not_left_in_english(language: str) -> None:
    """A translation identical to the English is a forgotten one, except names and formats.

    Command, option and choice names (`name.*`) may be the same word (`backgammon`, `points`):
    tests/bot/i18n/test_names.py checks every one of them is there.
    """
    if language == DEFAULT_LANGUAGE:
        return
    same = {
        key
        for key, message in CATALOGS[language].items()
        if message == REFERENCE[key]
        and not key.startswith("name.")
        and not set(message) <= set("{}.:; *,()-_0123456789")
    }
    allowed = {"kind.backgammon", "points.many", "points.one", "btn.rematch"}
    allowed |= {"rules.checkers", "game.money"}
    # The tie-breaks keep their inventors' names everywhere, and a rank column is headed "#".
    allowed |= {f"tournament.picture.{key}" for key in ("buchholz", "sonneborn_berger", "rank")}
    allowed |= {"tournament.picture.points"}  # "Points" is French too
    allowed |= {"tournament.picture.final_round"}  # "Final" is Spanish and Portuguese too
    # "Rating" is the glossary's word in Czech, Dutch, Portuguese and Romanian too.
    allowed |= {"ladder.picture.rating"}
    # Gammon and backgammon are the game's own words in most languages; "Centurion" is French
    # and Romanian too; an achievement and its date need no words.
    allowed |= {f"achievement.{code}.name" for code in ("gammon", "backgammon", "century")}
    allowed |= {"results.stats.achievement"}
    # The PR bands: "expert" is the word in Czech, French, Dutch and Romanian, "beginner" in
    # Dutch, "casual" in Portuguese.
    allowed |= {f"review.band.{band}" for band in ("expert", "beginner", "casual")}
    assert same - allowed == set()


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("fr", "fr"),
        ("de", "de"),
        ("en-GB", "en"),
        ("zh-TW", "en"),  # traditional characters: no catalog of its own, and never zh_CN's
        (Locale.french, "fr"),
        ("", "en"),
    ],
)
def test_locale_picks_the_catalog(locale: object, language: str) -> None:
    assert language_of(locale) == language


SOME_CATALOGS = frozenset({"en", "fr", "es", "pt_BR", "zh_CN", "cs"})


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("pt-BR", "pt_BR"),  # the whole locale first
        (Locale.brazil_portuguese, "pt_BR"),
        ("pt_BR", "pt_BR"),  # a catalog's own name reads itself
        ("zh-CN", "zh_CN"),
        (Locale.taiwan_chinese, "en"),  # zh-TW: not the simplified catalog
        ("es-ES", "es"),  # then the language
        ("es-419", "es"),
        (Locale.latin_american_spanish, "es"),
        ("cs", "cs"),
        ("fr", "fr"),
        ("nl", "en"),  # no catalog: English
        ("sk", "en"),  # Discord has no Slovak; were it sent, English
        ("en-US", "en"),
        (None, "en"),
    ],
)
def test_a_locale_reads_its_regions_catalog_then_its_languages(
    locale: object, language: str
) -> None:
    assert catalog_for(locale, SOME_CATALOGS) == language


def test_every_discord_locale_of_a_catalog_is_served() -> None:
    """Each catalog directory is reached by some Discord locale (a misnamed one, `pt` or `zh`,
    would serve nobody), and only the locales that read it are sent to Discord."""
    served = served_locales()
    assert set(served.values()) == set(translated_languages())
    assert all(language_of(locale) == language for locale, language in served.items())
    assert {"fr", "de"} <= set(served)


@pytest.mark.parametrize(
    ("language", "mark"),
    [("en", "."), ("fr", ","), ("de", ","), ("pt_BR", ","), ("zh_CN", "."), ("cs", ",")],
)
def test_decimals_take_the_locales_mark(
    language: str, mark: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CLDR's decimal mark, through Babel, for catalog names with a region too (`pt_BR`):
    catalogs that have not landed yet are stood in for by the English texts."""
    monkeypatch.setattr("bot.i18n.TEXTS", {**TEXTS, language: TEXTS[DEFAULT_LANGUAGE]})
    assert decimal(language, 0.2134, 3, signed=True) == f"+0{mark}213"
    assert decimal(language, -9.46, 1) == f"−9{mark}5"
    assert Localizer(language).decimal(2.0, 2) == f"2{mark}00"


# CLDR's "or" lists, by hand: what a refusal's choices read like in each language.
OR_LISTS = {
    "en": "13/7, 8/7, or 6/5",
    "fr": "13/7, 8/7 ou 6/5",
    "de": "13/7, 8/7 oder 6/5",
    "nl": "13/7, 8/7 of 6/5",
    "it": "13/7, 8/7 o 6/5",
    "es": "13/7, 8/7 o 6/5",
    "pt_BR": "13/7, 8/7 ou 6/5",
    "el": "13/7, 8/7 ή 6/5",
    "pl": "13/7, 8/7 lub 6/5",
    "ro": "13/7, 8/7 sau 6/5",
    "zh_CN": "13/7、8/7或6/5",
    "cs": "13/7, 8/7 nebo 6/5",
}


@pytest.mark.parametrize("language", sorted(OR_LISTS))
def test_lists_are_joined_by_the_languages_pattern(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.i18n.TEXTS", {**TEXTS, language: TEXTS[DEFAULT_LANGUAGE]})
    listing = Listing(("13/7", "8/7", "6/5"))
    shown = text(language, "refusal.bg.play.ambiguous", text="13/5", choices=listing)
    assert shown.count(OR_LISTS[language]) == 1


@pytest.mark.parametrize("language", translated_languages())
def test_every_catalog_has_a_known_list_pattern(language: str) -> None:
    """A new language states, by hand above, how its lists read."""
    assert language in OR_LISTS


def test_text_fills_placeholders() -> None:
    assert text("de", "error.not_player", game=7) == "Du spielst nicht in Partie #7."


async def test_translator_localizes_descriptions_and_names() -> None:
    translator = CatalogTranslator()
    location = app_commands.TranslationContextLocation
    description: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        location.command_description, roll_command
    )
    name: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        location.command_name, roll_command
    )
    english = app_commands.locale_str(REFERENCE["cmd.roll"])
    assert await translator.translate(english, Locale.german, description) == "Würfeln (Backgammon)"
    assert await translator.translate(english, Locale.american_english, description) is None
    roll = app_commands.locale_str("roll")
    assert await translator.translate(roll, Locale.german, name) == "würfeln"
    assert await translator.translate(roll, Locale.american_english, name) is None


# CLDR 49's rules, written out by hand so that the tests do not follow the installed Babel.
RULES = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
}


def po(text: str, language: str = "fr", rule: str | None = None) -> Catalog:
    """A catalog from `.po` text (a header naming `language` and its plural rule first)."""
    rule = rule or RULES[language]
    header = f'msgid ""\nmsgstr ""\n"Language: {language}\\n"\n"Plural-Forms: {rule}\\n"\n\n'
    return read_po(io.BytesIO((header + text).encode()))


def test_a_key_defined_twice_is_refused() -> None:
    twice = po(
        'msgctxt "btn.roll"\nmsgid "Roll"\nmsgstr ""\n\n'
        'msgctxt "btn.roll"\nmsgid "Roll again"\nmsgstr ""\n'
    )
    with pytest.raises(KeyError, match=r"btn\.roll"):
        keyed(twice)


@pytest.mark.parametrize("language", translated_languages())
def test_every_catalog_compiles_and_is_complete(language: str) -> None:
    """Every key, translated and reviewed, the English placeholders, one text per plural form."""
    assert list(problems(language)) == []


def test_the_template_has_the_codes_english() -> None:
    """The engines' refusals and the renderer's words are copied in by `update`."""
    assert stale() == []


def test_the_checks_find_each_fault() -> None:
    template = po(
        'msgctxt "a"\nmsgid "{name} wins"\nmsgstr ""\n\n'
        'msgctxt "b"\nmsgid "{count} pip"\nmsgid_plural "{count} pips"\n'
        'msgstr[0] ""\nmsgstr[1] ""\n\n'
        'msgctxt "c"\nmsgid "Roll"\nmsgstr ""\n',
        "en",
    )
    faulty = po(
        'msgctxt "a"\nmsgid "{name} wins"\nmsgstr "{nom} gagne"\n\n'
        'msgctxt "b"\nmsgid "{count} pip"\nmsgid_plural "{count} pips"\n'
        'msgstr[0] "{count} pip"\nmsgstr[1] ""\n\n'
        '#, fuzzy\nmsgctxt "c"\nmsgid "Roll"\nmsgstr "Lancer"\n'
    )
    found = list(problems_of(template, faulty, "fr"))
    assert [problem.split(":")[1].strip() for problem in found] == ["a", "b", "c"]
    assert "placeholders" in found[0]
    assert found[1].endswith("not translated") and found[2].endswith("(fuzzy)")


@pytest.mark.parametrize(
    ("name", "refused"),
    [
        ("jouer", False),
        ("ζάρια", False),  # Greek, lower case
        ("掷骰子", False),  # Chinese has no case
        ("hod_kostkou", False),
        ("Jouer", True),
        ("Ζάρια", True),
        ("deux mots", True),
        ("x" * 33, True),
    ],
)
def test_the_check_holds_command_and_option_names_to_discords_rule(
    name: str, refused: bool
) -> None:
    """Discord's rule, not ASCII's: any script's letters, lower case where the script has case."""
    template = po(
        'msgctxt "name.cmd.roll"\nmsgid "roll"\nmsgstr ""\n\n'
        'msgctxt "name.opt.play"\nmsgid "play"\nmsgstr ""\n\n'
        'msgctxt "name.choice.english"\nmsgid "English draughts"\nmsgstr ""\n',
        "en",
    )
    catalog = po(
        f'msgctxt "name.cmd.roll"\nmsgid "roll"\nmsgstr "{name}"\n\n'
        f'msgctxt "name.opt.play"\nmsgid "play"\nmsgstr "{name}"\n\n'
        f'msgctxt "name.choice.english"\nmsgid "English draughts"\nmsgstr "{name}"\n'
    )
    found = list(problems_of(template, catalog, "fr"))
    # A choice name is free text: only the command's and the option's are held to the rule.
    assert [problem.split(":")[1].strip() for problem in found] == (
        ["name.cmd.roll", "name.opt.play"] if refused else []
    )


def test_update_keeps_translations_by_key_and_flags_changed_english() -> None:
    template = po(
        'msgctxt "cmd.roll"\nmsgid "Roll both dice"\nmsgstr ""\n\n'
        'msgctxt "new"\nmsgid "{count} pip"\nmsgid_plural "{count} pips"\n'
        'msgstr[0] ""\nmsgstr[1] ""\n',
        "en",
    )
    old = po(
        'msgctxt "cmd.roll"\nmsgid "Roll the dice"\nmsgstr "Lancer les dés"\n\n'
        'msgctxt "gone"\nmsgid "Gone"\nmsgstr "Parti"\n'
    )
    updated = keyed(updated_translation(template, old))
    assert list(updated) == ["cmd.roll", "new"]
    roll = updated["cmd.roll"]
    assert (roll.string, roll.fuzzy, roll.previous_id) == (
        "Lancer les dés",
        True,
        ["Roll the dice"],
    )
    assert updated["new"].string == ("", "", "")


def test_a_fuzzy_entry_keeps_its_old_english_through_later_updates() -> None:
    """A translation waiting for review still shows the English it was made from, once, however
    many times the catalogs are updated before a translator gets to it."""
    template = po('msgctxt "cmd.roll"\nmsgid "Roll both dice"\nmsgstr ""\n', "en")
    old = po('msgctxt "cmd.roll"\nmsgid "Roll the dice"\nmsgstr "Lancer les dés"\n')
    written = ""
    for _ in range(3):
        buffer = io.BytesIO()
        write_po(buffer, updated_translation(template, old), width=100, include_previous=True)
        written = buffer.getvalue().decode()
        old = read_po(io.BytesIO(buffer.getvalue()))
    entry = written[written.index("#, fuzzy") :]
    assert entry.splitlines()[:4] == [
        "#, fuzzy",
        '#| msgid "Roll the dice"',
        'msgctxt "cmd.roll"',
        'msgid "Roll both dice"',
    ]


def test_update_keeps_the_glossary_and_the_review_notes() -> None:
    """docs/TRANSLATING.md: a glossary heads each catalog, `REVIEW:` notes ask a native speaker."""
    template = po('msgctxt "btn.roll"\nmsgid "Roll"\nmsgstr ""\n', "en")
    header = "# Glossary (Dutch):\n# bar = de bar; bear off = uitnemen\n"
    old = read_po(
        io.BytesIO(
            (
                header + 'msgid ""\nmsgstr ""\n"Language: nl\\n"\n\n'
                '# REVIEW: or "werpen"?\nmsgctxt "btn.roll"\nmsgid "Roll"\nmsgstr "Gooien"\n'
            ).encode()
        )
    )
    updated = updated_translation(template, old)
    assert updated.header_comment.splitlines()[:2] == header.splitlines()
    assert keyed(updated)["btn.roll"].user_comments == ['REVIEW: or "werpen"?']


@pytest.mark.parametrize(
    ("language", "count", "shown"),
    [
        ("en", 0, "0 days"),
        ("en", 1, "1 day"),
        ("fr", 0, "0 jour"),
        ("fr", 2, "2 jours"),
        ("de", 1, "1 Tag"),
        ("de", 0, "0 Tage"),
    ],
)
def test_counts_take_the_languages_plural_form(language: str, count: int, shown: str) -> None:
    """gettext's Plural-Forms of each catalog: French counts 0 as singular, English does not."""
    assert Localizer(language).plural("duration.day", count) == shown


@pytest.mark.parametrize("language", sorted(CATALOGS))
def test_texts_name_commands_as_the_reader_sees_them(language: str) -> None:
    """A French reader sees /jouer, not /move: every /command a text mentions is the command's
    name in the reader's language (the English names are the documented ones)."""
    commands = {key.removeprefix("name.cmd.") for key in REFERENCE if key.startswith("name.cmd.")}
    shown = {CATALOGS[language][f"name.cmd.{command}"] for command in commands}
    wrong = {
        (key, message[start : start + 20])
        for key, message in CATALOGS[language].items()
        if not key.startswith(("name.", "cmd.", "opt."))
        for start in command_mentions(message)
        if not any(names_command(message, start, name) for name in shown)
    }
    assert wrong == set()


def command_mentions(message: str) -> list[int]:
    """Where each `/command` of a text starts (after its slash). A slash after a Latin letter
    or digit is notation (`13/7`, `bar/22`); one after a Chinese character may well be a
    command, since Chinese writes no spaces."""
    return [m.end() for m in re.finditer(r"(?<![A-Za-z0-9/])/(?=\w)", message)]


def names_command(message: str, start: int, name: str) -> bool:
    """Whether `message` names the command `name` at `start`: the name, then no more of the
    word (a following letter of a script without spaces, Chinese, starts the next word)."""
    after = message[start + len(name) : start + len(name) + 1]
    spaced_word = bool(re.match(r"\w", after)) and unicodedata.east_asian_width(after) not in "WF"
    return message.startswith(name, start) and not spaced_word


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("Play with /jouer 13/7.", True),
        ("请用/掷骰子掷骰", True),  # Chinese: no spaces around the command
        ("请用/roll掷骰", False),  # an English command after a Chinese character is seen
        ("Use /rolling", False),
        ("Use /move", False),
    ],
)
def test_command_mentions_are_found_in_every_script(message: str, names: bool) -> None:
    [start] = command_mentions(message)
    assert any(names_command(message, start, name) for name in ("jouer", "掷骰子")) is names
