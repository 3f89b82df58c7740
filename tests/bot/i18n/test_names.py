"""Every command, option and choice of the real bot is named in every catalog's language, by
Discord's rules (any script, lower case where it has case), and English users keep the
documented names."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.frontend.client import DuelboardBot
from bot.frontend.translator import CatalogTranslator, served_locales
from bot.i18n import CATALOGS
from bot.service.views import Player
from bot.store import Store
from emulator.naming import valid_name

LOCALES = tuple(served_locales())  # Discord locales of the catalogs other than English
Payload = dict[str, Any]


async def translated(tree: app_commands.CommandTree[Any]) -> list[Payload]:
    """What `tree.sync()` would send: every command with its localizations."""
    assert tree.translator is not None
    return [
        await command.get_translated_payload(tree, tree.translator)
        for command in tree.get_commands()
    ]


@pytest.fixture
async def payloads(tmp_path: Path) -> AsyncIterator[list[Payload]]:
    """The real bot's commands, every cog loaded, as its tree syncs them."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'names.sqlite3'}")
    bot = DuelboardBot(store, sweep_interval=None)
    for cog in bot.assemble(Player(1, "Duelboard", is_bot=True)):
        await bot.add_cog(cog)
    await bot.tree.set_translator(CatalogTranslator())
    yield await translated(bot.tree)
    await store.close()


def walk(commands: list[Payload]) -> Iterator[tuple[str, str, Payload, list[Payload]]]:
    """(kind, path, item, siblings) for every command, option and choice, depth first."""
    for command in commands:
        yield "command", f"/{command['name']}", command, commands
        yield from _walk_options(f"/{command['name']}", command.get("options") or [])


def _walk_options(
    path: str, options: list[Payload]
) -> Iterator[tuple[str, str, Payload, list[Payload]]]:
    for option in options:
        here = f"{path} {option['name']}"
        yield "option", here, option, options
        choices = option.get("choices") or []
        for choice in choices:
            yield "choice", f"{here}={choice['value']}", choice, choices
        yield from _walk_options(here, option.get("options") or [])


def missing_names(commands: list[Payload], locale: str) -> list[str]:
    """Commands, options and choices without a name in `locale`."""
    return [
        path
        for _, path, item, _ in walk(commands)
        if locale not in (item.get("name_localizations") or {})
    ]


def test_the_walk_sees_every_command_option_and_choice(payloads: list[Payload]) -> None:
    """The tree is the real one: the documented commands, their options and choices are in it."""
    seen = {path for _, path, _, _ in walk(payloads)}
    documented = {"/backgammon", "/checkers", "/move", "/roll", "/double", "/resign", "/draw"}
    documented |= {"/abort", "/board", "/rules", "/help", "/leaderboard", "/stats", "/history"}
    documented |= {"/export", "/verify", "/settings"}
    documented |= {"/backgammon variant=five_limit", "/resign level=3", "/leaderboard scope=server"}
    documented |= {"/checkers first=random", "/settings games=both", "/move play"}
    assert documented <= seen


@pytest.mark.parametrize("locale", LOCALES)
def test_every_command_option_and_choice_has_a_name(payloads: list[Payload], locale: str) -> None:
    assert missing_names(payloads, locale) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_every_command_and_option_has_a_description(payloads: list[Payload], locale: str) -> None:
    undescribed = [
        path
        for kind, path, item, _ in walk(payloads)
        if kind != "choice" and locale not in (item.get("description_localizations") or {})
    ]
    assert undescribed == []


@pytest.mark.parametrize("locale", LOCALES)
def test_names_follow_discords_rule(payloads: list[Payload], locale: str) -> None:
    """Command and option names: Discord's rule (1-32 letters of any script, digits, - or _,
    lower case where the script has case); choices 1-100 of any characters."""
    wrong = []
    for kind, path, item, _ in walk(payloads):
        name = (item.get("name_localizations") or {}).get(locale)
        if name is None:
            continue
        fits = 1 <= len(name) <= 100 if kind == "choice" else valid_name(name)
        if not fits:
            wrong.append((path, name))
    assert wrong == []


@pytest.mark.parametrize("locale", LOCALES)
def test_siblings_keep_distinct_names(payloads: list[Payload], locale: str) -> None:
    """Two options of one command (or two commands) never look the same to a user."""
    clashes = []
    groups: dict[int, list[tuple[str, Payload]]] = {}
    for _, path, item, siblings in walk(payloads):
        groups.setdefault(id(siblings), []).append((path, item))
    for members in groups.values():
        shown: dict[str, str] = {}
        for path, item in members:
            english: str = item["name"]
            localized: dict[str, str] = item.get("name_localizations") or {}
            name = localized.get(locale, english)
            if name in shown:
                clashes.append((shown[name], path, name))
            shown[name] = path
    assert clashes == []


def test_english_choice_names_are_words_not_ids(payloads: list[Payload]) -> None:
    """An English user picks "checkers (box rules)", not the ladder id `checkers:box`: every
    choice is named by its catalog entry, and no name is an identifier."""
    english = CATALOGS["en"]
    wrong = [
        (path, item["name"])
        for kind, path, item, _ in walk(payloads)
        if kind == "choice"
        and (
            item["name"] != english[f"name.choice.{item['value']}"]
            or any(mark in item["name"] for mark in ":_")
        )
    ]
    assert wrong == []


def test_english_users_see_the_documented_names(payloads: list[Payload]) -> None:
    """Only the catalogs' other languages are sent: no English, no copy for other locales."""
    sent = set()
    for _, _, item, _ in walk(payloads):
        sent |= set(item.get("name_localizations") or {})
        sent |= set(item.get("description_localizations") or {})
    assert sent == set(LOCALES)


@app_commands.command(name="roll", description=CATALOGS["en"]["cmd.roll"])
async def roll_command(interaction: discord.Interaction[discord.Client]) -> None:
    """A stand-in /roll: the command a translation context carries."""


@pytest.mark.parametrize(
    "locale", [discord.Locale.american_english, discord.Locale.british_english]
)
async def test_translator_returns_none_in_english(locale: discord.Locale) -> None:
    translator = CatalogTranslator()
    location = app_commands.TranslationContextLocation
    command: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        location.command_name, roll_command
    )
    choice = app_commands.Choice(name="single", value="1")
    choice_context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        location.choice_name, choice
    )
    roll = app_commands.locale_str("roll")
    assert await translator.translate(roll, discord.Locale.german, command) is not None
    assert await translator.translate(roll, locale, command) is None
    assert (
        await translator.translate(app_commands.locale_str("single"), locale, choice_context)
        is None
    )


def test_one_command_may_name_a_shared_option_its_own_way(payloads: list[Payload]) -> None:
    """`game` is a game number on /verify and a game kind on /rules: two French words."""
    options = {
        (command["name"], option["name"]): option["name_localizations"]["fr"]
        for command in payloads
        for option in command.get("options") or []
    }
    assert options["verify", "game"] == CATALOGS["fr"]["name.opt.verify.game"]
    assert options["rules", "game"] == CATALOGS["fr"]["name.opt.game"]
    assert options["verify", "game"] != options["rules", "game"]


async def test_a_command_added_without_names_is_reported() -> None:
    """The checks above see a new command or option nobody named (they fail, not skip)."""
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="spectate", description="Watch a game")
    @app_commands.describe(game="Which game")
    async def spectate(interaction: discord.Interaction[Any], game: int, seat: int) -> None:
        """Never run."""

    await tree.set_translator(CatalogTranslator())
    found = await translated(tree)
    assert missing_names(found, "fr") == ["/spectate", "/spectate seat"]


def test_every_level_is_offered_on_both_challenges_and_named_apart_in_every_language(
    payloads: list[Payload],
) -> None:
    """The level choices of /backgammon and /checkers are the service's levels, world class
    included, and no two levels share a name in any language (a player must tell them apart)."""
    for command in ("backgammon", "checkers"):
        (options,) = [item.get("options") or [] for item in payloads if item["name"] == command]
        (level,) = [option for option in options if option["name"] == "level"]
        values = [choice["value"] for choice in level["choices"]]
        assert values == ["beginner", "intermediate", "expert", "world_class"]
        assert len({choice["name"] for choice in level["choices"]}) == len(values)
        for locale in LOCALES:
            names = {choice["name_localizations"][locale] for choice in level["choices"]}
            assert len(names) == len(values), (command, locale)
