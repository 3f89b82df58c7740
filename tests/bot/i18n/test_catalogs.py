"""The gettext catalogs: every key in every language with the same placeholders and plural forms,
compiled and reviewed; the update command; locales pick the right catalog."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from discord import Client, Interaction, Locale, app_commands

from bot.frontend.translator import CatalogTranslator
from bot.i18n import (
    CATALOGS,
    DEFAULT_LANGUAGE,
    Localizer,
    keyed,
    language_of,
    placeholders,
    text,
    translated_languages,
)
from bot.i18n.upkeep import problems, problems_of, stale, updated_translation

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
        and not set(message) <= set("{}.: *,()-_0123456789")
    }
    allowed = {"kind.backgammon", "points.many", "points.one", "btn.rematch"}
    allowed |= {"rules.checkers", "game.money"}
    assert same - allowed == set()


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("fr", "fr"),
        ("de", "de"),
        ("en-GB", "en"),
        ("pt-BR", "en"),
        (Locale.french, "fr"),
        ("", "en"),
    ],
)
def test_locale_picks_the_catalog(locale: object, language: str) -> None:
    assert language_of(locale) == language


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


def po(text: str, language: str = "fr") -> Catalog:
    """A catalog from `.po` text (a header naming `language` first)."""
    rule = get_plural(language).plural_forms
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
    assert updated["new"].string == ("", "")


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
    mentioned = {
        (key, name)
        for key, message in CATALOGS[language].items()
        if not key.startswith(("name.", "cmd.", "opt."))
        for name in re.findall(r"(?<![\w/])/(\w+)", message)
    }
    assert {(key, name) for key, name in mentioned if name not in shown} == set()
