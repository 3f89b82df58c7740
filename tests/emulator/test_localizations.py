"""Command sync refuses names, descriptions and localizations Discord refuses, and accepts the
real bot's names in every catalog."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.frontend.client import DuelboardBot
from bot.frontend.translator import served_locales
from bot.i18n import CATALOGS
from bot.i18n.names import is_command_name
from bot.store import Store
from emulator import Emulator, limits
from emulator.fixtures import StartClient
from emulator.harness import CLIENT_OPTIONS
from emulator.naming import valid_name


@pytest.mark.parametrize(
    "name",
    [
        "jouer",
        "würfeln",
        "règles",
        "wer_beginnt",
        "pool-dame",
        "2x",
        "ß",
        "версия",  # Cyrillic, lowercase
        "ヘルプ",  # Katakana has no case
        "सहायता",  # Devanagari: vowel signs are marks, allowed by the script clause
        "ช่วยเหลือ",  # Thai: tone marks likewise
        "ζάρια",  # Greek, lowercase (with its accent composed)
        "ρίξε_ζάρια",
        "掷骰子",  # Chinese has no case
        "hod-kostkou",
        "x" * 32,
    ],
)
@pytest.mark.parametrize("rule", [valid_name, is_command_name], ids=["emulator", "catalog"])
def test_names_discord_accepts(name: str, rule: Callable[[str], bool]) -> None:
    """The emulator and the catalog check (`bot.i18n.names`) hold names to one rule."""
    assert rule(name)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "x" * 33,
        "Jouer",  # a letter that has a lowercase form must use it
        "ÉTÉ",
        "Версия",
        "ǅ",  # titlecase
        "deux mots",
        "a.b",
        "l'adversaire",
        "e\u0301",  # a combining accent is neither letter nor number (the composed é is)
        "🎲",
        "\u0964",  # the Devanagari danda is script Common
        "Ζάρια",  # Greek has case
        "掷 骰子",
        "掷骰子。",  # the ideographic full stop is punctuation
    ],
)
@pytest.mark.parametrize("rule", [valid_name, is_command_name], ids=["emulator", "catalog"])
def test_names_discord_refuses(name: str, rule: Callable[[str], bool]) -> None:
    assert not rule(name)


def _command(**extra: Any) -> dict[str, Any]:
    """A valid slash command with one option and one choice, every part localized."""
    option = {
        "type": 3,
        "name": "variant",
        "name_localizations": {"fr": "variante", "de": "variante"},
        "description": "Rules variant",
        "description_localizations": {"fr": "Variante des règles"},
        "choices": [{"name": "english", "value": "english", "name_localizations": {"fr": "a"}}],
    }
    command = {
        "name": "checkers",
        "name_localizations": {"fr": "dames", "de": "dame", "pt-BR": "damas"},
        "description": "Challenge someone",
        "description_localizations": {"fr": "Défier quelqu'un", "de": "Jemanden herausfordern"},
        "options": [option, {"type": 5, "name": "rated", "description": "Rated"}],
    }
    return command | extra


def test_a_fully_localized_command_is_accepted() -> None:
    limits.check_commands([_command(), {"name": "Show Board", "type": 2}])


def _refusal(commands: list[dict[str, Any]]) -> limits.DiscordError:
    with pytest.raises(limits.DiscordError) as refused:
        limits.check_commands(commands)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    return refused.value


def _with(path: list[str | int], value: Any) -> dict[str, Any]:
    """The valid command with one field (by path) set to `value`."""
    command = copy.deepcopy(_command())
    target: Any = command
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return command


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["name_localizations", "fr"], "Dames"),
        (["name_localizations", "de"], "englische dame"),
        (["name_localizations", "fr"], ""),
        (["name_localizations", "fr-FR"], "dames"),
        (["name_localizations", "en"], "checkers"),
        (["description_localizations", "de"], "x" * 101),
        (["description_localizations", "fr"], ""),
        (["options", 0, "name_localizations", "fr"], "la variante"),
        (["options", 0, "name"], "Variant"),
        (["options", 0, "description_localizations", "zz"], "x"),
        (["options", 0, "choices", 0, "name_localizations", "fr"], "x" * 101),
        (["options", 0, "choices", 0, "name_localizations", "de"], ""),
        (["options", 0, "choices", 0, "name"], ""),
    ],
)
def test_a_bad_name_or_localization_is_refused_naming_its_field(
    path: list[str | int], value: Any
) -> None:
    """Not a Discord locale (`fr-FR`, `en`), a capital, a space, an empty or too long text."""
    assert _refusal([_with(path, value)]).field == ".".join(map(str, [0, *path]))


def test_a_choice_name_may_be_any_text_of_100() -> None:
    limits.check_commands(
        [
            _with(
                ["options", 0, "choices", 0, "name_localizations", "fr"],
                "Règles « anglaises » " * 4,
            )
        ]
    )
    limits.check_commands(
        [_with(["options", 0, "choices", 0, "name_localizations", "fr"], "x" * 100)]
    )


def test_two_options_with_one_localized_name_are_refused() -> None:
    """`rated` has no German name, so German users see "rated": `variant` may not be called so."""
    command = _with(["options", 0, "name_localizations", "de"], "rated")
    refused = _refusal([command])
    assert refused.field == "0.options.1.name"
    assert "'rated' in locale de" in refused.message


def test_two_commands_with_one_localized_name_are_refused() -> None:
    other = {"name": "draughts", "description": "d", "name_localizations": {"fr": "dames"}}
    refused = _refusal([_command(), other])
    assert refused.field == "1.name" and "'dames' in locale fr" in refused.message


def test_a_context_menu_may_share_a_slash_commands_localized_name() -> None:
    menu = {"name": "Dames", "type": 2, "name_localizations": {"fr": "dames"}}
    limits.check_commands([_command(), menu])


class BadFrench(app_commands.Translator):
    """Gives every name a French form with a capital and a space, which Discord refuses."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """'Mauvais Nom' for French names, nothing else."""
        names = (app_commands.TranslationContextLocation.command_name,)
        if locale is discord.Locale.french and context.location in names:
            return "Mauvais Nom"
        return None


async def test_a_sync_with_a_bad_localization_gets_400_and_registers_nothing(
    emulator: Emulator, start_client: StartClient
) -> None:
    client = discord.Client(intents=discord.Intents.none(), **CLIENT_OPTIONS)
    tree = app_commands.CommandTree(client)

    @tree.command(name="roll", description="Roll the dice")
    async def roll(interaction: discord.Interaction[Any]) -> None:
        """Never run."""

    await tree.set_translator(BadFrench())
    async with start_client(client):
        with pytest.raises(discord.HTTPException) as refused:
            await tree.sync()
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert "name_localizations.fr" in str(refused.value)
    assert emulator.state.commands == {}


async def test_the_real_bots_commands_sync_with_their_names_in_every_catalog(
    emulator: Emulator, start_client: StartClient, tmp_path: Path
) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'sync.sqlite3'}")
    try:
        async with start_client(DuelboardBot(store, sweep_interval=None, **CLIENT_OPTIONS)):
            registered = {c.name: c.body for c in emulator.state.commands.values()}
    finally:
        await store.close()
    assert {"move", "backgammon", "checkers", "settings"} <= set(registered)
    for locale, language in served_locales().items():
        catalog = CATALOGS[language]
        names = {name: body["name_localizations"][locale] for name, body in registered.items()}
        assert names == {name: catalog[f"name.cmd.{name}"] for name in registered}
    [play] = registered["move"]["options"]
    assert set(play["name_localizations"]) == set(served_locales())
    assert (play["name_localizations"]["fr"], play["name_localizations"]["de"]) == ("coup", "zug")
    assert emulator.refusals() == []
