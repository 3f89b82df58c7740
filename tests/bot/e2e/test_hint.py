"""The computer's level, the Open Sage notice and /hint through Discord.

The hint replies are read as a player reads them and checked against the engine: every play
listed is one of the legal plays of the position the store holds, best first by the equities
shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest

from ai.coach import ComputerCoach
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.kinds import SimplePlayer
from bot.service.options import LEVELS
from bot.store import Store
from emulator import Emulator, Message, User
from emulator.harness import CLIENT_OPTIONS, running
from tests.bot.e2e.conftest import SEEDS, Players
from tests.bot.e2e.drive import bg_session, click, command, game_message

COACH = ComputerCoach()  # built once for the module (the evaluator loads its networks)
NOTICE = "Open Sage is not installed, so the computer plays at the built-in level."
INSTALL = "pip install"
BUILTIN = "The computer plays at its built-in level."
# "1. `13/7 8/7` — equity +0.213" (French: "équité +0,213"); the sign may be U+2212.
EQUITY_LINE = re.compile(r"^\d\. `(?P<play>[^`]+)` — (?:equity|équité) (?P<value>\S+)")


class Player(SimplePlayer):
    """The bot's simple player at one level, with a notice when the test wants one."""

    def __init__(self, notice: str | None) -> None:
        super().__init__()
        self.notice = notice


class Factory:
    """Players per level; notes which levels the service asked for."""

    def __init__(self, notice: str | None = None) -> None:
        self.players = {level: Player(notice) for level in LEVELS}
        self.asked: list[str] = []

    def __call__(self, level: str) -> Player:
        self.asked.append(level)
        return self.players[level]


StartCoached = Callable[..., AbstractAsyncContextManager[DuelboardBot]]


@pytest.fixture
def start_coached(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> StartCoached:
    """`async with start_coached(factory) as bot:` runs Duelboard with a coach and `factory`."""

    def start(factory: Factory) -> AbstractAsyncContextManager[DuelboardBot]:
        parts = PlayParts(dice=SeededDice(SEEDS), clock=game_clock, opponents=factory, coach=COACH)
        client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
        return running(client, emulator)

    return start


def equities(reply: Message) -> list[tuple[str, float]]:
    """The plays and equities a hint reply lists, in its order."""
    found = []
    for line in reply.content.splitlines():
        matched = EQUITY_LINE.match(line)
        if matched:
            value = matched["value"].replace("−", "-").replace(",", ".")
            found.append((matched["play"], float(value)))
    return found


async def hint_checked(emulator: Emulator, store: Store, user: User) -> Message:
    """Ask /hint as `user`; check the plays are legal now and best first; return the reply."""
    reply = await command(emulator, user, "hint")
    assert reply.ephemeral
    listed = equities(reply)
    game = (await bg_session(store)).match.game  # type: ignore[union-attr]
    legal = {play.notation() for play in game.legal_plays()}
    assert listed, reply.content
    assert len(listed) == min(3, len(legal))
    assert {play for play, _ in listed} <= legal
    values = [value for _, value in listed]
    assert values == sorted(values, reverse=True)
    return reply


async def test_level_expert_is_stored_shown_and_the_expert_player_is_asked(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    factory = Factory()
    async with start_coached(factory):
        options = {"opponent": emulator.bot_user, "cube": False, "level": "expert"}
        await command(emulator, players.alice, "backgammon", options)
        row = await store.get_game(1)
        if row.to_move_id == players.alice.id:  # the bot has not moved yet: make it
            game = (await bg_session(store)).match.game  # type: ignore[union-attr]
            await command(
                emulator, players.alice, "move", {"play": game.legal_plays()[0].notation()}
            )
        message = await game_message(emulator, store)
    assert (await store.get_game(1)).options["level"] == "expert"
    small = [line for line in message.content.splitlines() if line.startswith("-# ")]
    assert "Duelboard (expert)" in small[0]  # the header, first of the small print
    assert factory.asked and set(factory.asked) == {"expert"}
    assert BUILTIN not in message.content  # these players lack nothing


async def test_a_hint_against_the_bot_lists_legal_plays_best_first(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        await command(
            emulator, players.alice, "backgammon", {"opponent": emulator.bot_user, "cube": False}
        )
        reply = await hint_checked(emulator, store, players.alice)
        await command(emulator, players.alice, "move", {"play": equities(reply)[0][0]})
        await hint_checked(emulator, store, players.alice)  # the next roll, the next position
    events = [event.kind for event in await store.events_for(1)]
    assert events.count("hint") == 2


async def test_hint_refused_in_a_rated_game_between_people(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        options = {"opponent": players.bob, "first": "challenger"}
        await command(emulator, players.alice, "checkers", options)
        await click(emulator, store, players.bob, "accept")
        row = await store.get_game(1)
        assert row.to_move_id == players.alice.id
        reply = await command(emulator, players.alice, "hint")
        after = await store.get_game(1)
    assert reply.ephemeral
    assert "Game #1 is rated: hints are only for games against the bot" in reply.content
    assert after.version == row.version  # nothing changed


async def test_both_players_get_hints_in_an_unrated_game_with_hints_on(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        options = {"opponent": players.bob, "rated": False, "hints": True, "cube": False}
        await command(emulator, players.alice, "backgammon", options)
        challenge = (await game_message(emulator, store)).content
        await click(emulator, store, players.bob, "accept")
        row = await store.get_game(1)
        first, second = players.alice, players.bob
        if row.to_move_id == players.bob.id:
            first, second = second, first
        before = await store.get_game(1)
        waiting = await command(emulator, second, "hint")
        assert (await store.get_game(1)).version == before.version  # refused: nothing changed
        replies = {first.id: await hint_checked(emulator, store, first)}
        await command(emulator, first, "move", {"play": equities(replies[first.id])[0][0]})
        replies[second.id] = await hint_checked(emulator, store, second)
    assert "hints allowed" in challenge and "agrees that both players may ask /hint" in challenge
    assert waiting.ephemeral and equities(waiting) == []
    # Alice reads English; Bob's client speaks French: French words and a decimal comma.
    assert "Best plays for your" in replies[players.alice.id].content
    french = replies[players.bob.id].content
    assert "équité" in french and re.search(r"\d,\d{3}", french)


async def test_a_rated_challenge_with_hints_on_is_refused_and_hints_alone_make_it_unrated(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        options = {"opponent": players.carol, "rated": True, "hints": True}
        refused = await command(emulator, players.alice, "checkers", options)
        assert await store.active_game_in_channel(emulator.general.id) is None
        await command(
            emulator, players.alice, "checkers", {"opponent": players.carol, "hints": True}
        )
    assert "hints are allowed only in unrated games" in refused.content.lower()
    row = await store.get_game(1)
    assert row.options["rated"] is False and row.options["hints"] is True


async def test_a_level_for_a_game_between_people_is_left_out_and_said_so(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        options = {"opponent": players.carol, "level": "expert"}
        reply = await command(emulator, players.alice, "checkers", options)
    assert "only applies to games against the bot" in reply.content
    assert (await store.get_game(1)).options["level"] is None


async def test_the_game_message_says_when_open_sage_is_missing(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    """The public message says the computer plays at its built-in level, and no more: how to
    install Open Sage is the operator's business (logged at start), not the players'."""
    async with start_coached(Factory(NOTICE)):
        await command(emulator, players.alice, "backgammon", {"opponent": emulator.bot_user})
        message = await game_message(emulator, store)
    assert BUILTIN in message.content
    assert INSTALL not in message.content and "Open Sage" not in message.content


async def test_hint_without_a_game_in_the_channel(
    emulator: Emulator, start_coached: StartCoached, players: Players, store: Store
) -> None:
    async with start_coached(Factory()):
        reply = await command(emulator, players.alice, "hint")
    assert reply.ephemeral and "There is no game in this channel" in reply.content
