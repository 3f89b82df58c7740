"""Nackgammon and hypergammon through Discord: offered in /backgammon, explained by /rules, played
to the end between two people and against the computer, exported as GNU Backgammon reads them."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import pytest

from ai.levels import Level
from ai.player import ComputerPlayer
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.store import GameStatus, Store
from emulator import Emulator, User
from emulator.harness import CLIENT_OPTIONS, running
from engine.backgammon import Side
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.conftest import SEEDS, Players, StartBot, board_image
from tests.bot.e2e.drive import bg_session, click, command, game_message

MAX_ACTIONS = 1500
# Each start in the side's own numbering, by hand from the rules (BG-1).
NACKGAMMON_START = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
HYPERGAMMON_START = {24: 1, 23: 1, 22: 1}

StartAgainst = Callable[[], AbstractAsyncContextManager[DuelboardBot]]


@pytest.fixture
def start_against_computer(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> StartAgainst:
    """Duelboard with the real computer player at each level (seeded), in this process."""

    def start() -> AbstractAsyncContextManager[DuelboardBot]:
        def opponent(level: str) -> ComputerPlayer:
            return ComputerPlayer(Level(level), random.Random(7))

        parts = PlayParts(dice=SeededDice(SEEDS), clock=game_clock, opponents=opponent)
        client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
        return running(client, emulator)

    return start


def row_of(start: dict[int, int]) -> tuple[int, ...]:
    """A side's 24 point counts from {point: checkers}."""
    return tuple(start.get(point, 0) for point in range(1, 25))


async def play_out(
    emulator: Emulator, store: Store, people: dict[int, User], start: dict[int, int]
) -> int:
    """Roll and /move for the people until the game ends, checking the first position; the
    computer, if it sits, plays its own turns. Returns how many plays the people made."""
    checked = False
    plays_made = 0
    for count in range(MAX_ACTIONS):
        if not (await store.get_game(1)).status.is_open:
            return plays_made
        session = await bg_session(store)
        assert session.match is not None and session.seats is not None
        game = session.match.game
        if not checked and game.phase is not Phase.OPENING:
            position = game.position
            assert position.points == (row_of(start), row_of(start))
            checked = True
        # The computer, when it sits, has played before the bot answered the last person.
        actor = people[session.seats[session.actor()]]  # type: ignore[index]
        if game.phase is Phase.MOVING:
            plays = game.legal_plays()
            text = plays[(count * 5) % len(plays)].notation()
            await command(emulator, actor, "move", {"play": text})
            plays_made += 1
        elif game.phase is Phase.DOUBLED:
            await click(emulator, store, actor, "take")
        else:
            await click(emulator, store, actor, "roll")
    raise AssertionError("the game did not end")


async def test_backgammon_offers_nackgammon_and_hypergammon(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        body = emulator.command("backgammon").body
        nack = await command(
            emulator, players.alice, "rules", {"game": "backgammon", "variant": "nackgammon"}
        )
        hyper = await command(
            emulator, players.bob, "rules", {"game": "backgammon", "variant": "hypergammon"}
        )
    [variant] = [o for o in body["options"] if o["name"] == "variant"]
    choices = {c["value"]: c["name"] for c in variant["choices"]}
    assert choices["nackgammon"] == "nackgammon (four back checkers)"
    assert choices["hypergammon"] == "hypergammon (three checkers a side)"
    assert nack.content.startswith("**Backgammon (nackgammon: four back checkers)**: each side")
    assert "four on the 13, three on the 8 and four on the 6" in nack.content
    # Bob reads French.
    assert hyper.content.startswith("**Backgammon (hypergammon : trois pions par joueur)** :")
    assert "flèches 24, 23 et 22" in hyper.content


async def test_a_whole_hypergammon_game_between_two_people(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    alice, bob = players.alice, players.bob
    async with start_bot():
        await command(emulator, alice, "backgammon", {"opponent": bob, "variant": "hypergammon"})
        await click(emulator, store, bob, "accept")
        # The game message names the variant (in its small print, under the turn).
        first = (await game_message(emulator, store)).content
        plays = await play_out(emulator, store, {alice.id: alice, bob.id: bob}, HYPERGAMMON_START)
        message = await game_message(emulator, store)
        record = await command(emulator, alice, "export", {"game": 1})
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and plays > 4
    assert "hypergammon: three checkers a side" in first
    session = await bg_session(store)
    assert session.match is not None and session.seats is not None
    winner = Side(session.seats.index(row.winner_id))
    # BG-13: the winner has borne off its three checkers.
    assert session.match.game.position.off[winner] == 3
    assert "wins" in message.content
    board_image(message)
    [mat] = [a for a in record.attachments if a.filename.endswith(".mat")]
    assert '; [Variation "HyperGammon (3)"]' in mat.data.decode()


async def test_a_whole_nackgammon_game_against_the_computer(
    emulator: Emulator, start_against_computer: StartAgainst, players: Players, store: Store
) -> None:
    alice = players.alice
    async with start_against_computer():
        options = {"opponent": emulator.bot_user, "variant": "nackgammon", "level": "beginner"}
        await command(emulator, alice, "backgammon", options)
        plays = await play_out(emulator, store, {alice.id: alice}, NACKGAMMON_START)
        message = await game_message(emulator, store)
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and plays > 4
    assert "nackgammon: four back checkers" in message.content
    session = await bg_session(store)
    assert session.match is not None
    assert max(session.match.game.position.off) == 15


async def test_a_whole_hypergammon_game_against_the_expert(
    emulator: Emulator, start_against_computer: StartAgainst, players: Players, store: Store
) -> None:
    alice = players.alice
    async with start_against_computer():
        options = {"opponent": emulator.bot_user, "variant": "hypergammon", "level": "expert"}
        await command(emulator, alice, "backgammon", options)
        plays = await play_out(emulator, store, {alice.id: alice}, HYPERGAMMON_START)
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and plays > 2
    session = await bg_session(store)
    assert session.match is not None
    assert max(session.match.game.position.off) == 3
