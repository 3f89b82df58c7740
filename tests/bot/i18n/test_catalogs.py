"""Every catalog has every key, with the same placeholders; locales pick the right one."""

from __future__ import annotations

import re

import pytest
from discord import Locale, app_commands

from bot.i18n import CATALOGS, DEFAULT_LANGUAGE, language_of, placeholders, text
from bot.i18n.translator import CatalogTranslator

REFERENCE = CATALOGS[DEFAULT_LANGUAGE]


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
    allowed = {"kind.backgammon", "points.many", "points.one", "level.2", "btn.rematch"}
    allowed |= {"rules.checkers", "game.money", "level.3"}
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
    description = app_commands.TranslationContext(location.command_description, None)
    name = app_commands.TranslationContext(location.command_name, None)
    english = app_commands.locale_str(REFERENCE["cmd.roll"])
    assert await translator.translate(english, Locale.german, description) == "Würfeln (Backgammon)"
    assert await translator.translate(english, Locale.american_english, description) is None
    roll = app_commands.locale_str("roll")
    assert await translator.translate(roll, Locale.german, name) == "würfeln"
    assert await translator.translate(roll, Locale.american_english, name) is None


def test_a_topic_key_that_clashes_with_the_core_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import bot.i18n as i18n

    clash = types.ModuleType("clash")
    clash.EN = {"btn.roll": "Roll again"}  # type: ignore[attr-defined]
    monkeypatch.setattr(i18n, "TOPICS", (clash,))
    with pytest.raises(KeyError, match=r"btn\.roll"):
        i18n._merged("en", REFERENCE)


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
