"""Every turn by tapping: the one-step menu where it holds every play, the builder elsewhere
(a move at a time, Undo, Play), whole games through the game message's components only."""

from __future__ import annotations

import random

import pytest

from bot.store import GameStatus, Store
from emulator import Emulator
from tests.bot.e2e.builder_drive import Turn, backgammon_turn, checkers_turn
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import WAIT, bg_session, game_message, start_game

TURNS = 600


@pytest.mark.slow
async def test_whole_backgammon_games_through_the_components_only(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    rng = random.Random(27)
    turns: list[Turn] = []
    async with start_bot():
        # A match without the cube: rolls are automatic, and every game of it is played out.
        await start_game(emulator, store, players.alice, players.bob, cube=False, points=3)
        for _ in range(TURNS):
            row = await store.get_game(1)
            if not row.status.is_open:
                break
            user = players.alice if row.to_move_id == players.alice.id else players.bob
            step_back = sum(t.built for t in turns) % 3 == 0  # every third built turn
            turns.append(await backgammon_turn(emulator, store, user, rng, step_back=step_back))
        message = await game_message(emulator, store)
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    assert " wins the match" in message.content
    big = [t for t in turns if t.choices > 25]
    assert len(big) >= 10 and all(t.built for t in big)
    assert any(t.stepped_back for t in turns)
    assert any(not t.built for t in turns)  # the one-step menu where it is quicker


@pytest.mark.slow
async def test_a_whole_checkers_game_through_the_components_only(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    rng = random.Random(0)  # steers the box game to kings, and a move of 26+ choices
    turns: list[Turn] = []
    async with start_bot():
        await start_game(emulator, store, players.alice, players.bob, "checkers")
        for _ in range(TURNS):
            row = await store.get_game(1)
            if not row.status.is_open:
                break
            user = players.alice if row.to_move_id == players.alice.id else players.bob
            step_back = not any(t.built for t in turns)
            turns.append(await checkers_turn(emulator, store, user, rng, step_back=step_back))
    assert not (await store.get_game(1)).status.is_open
    assert any(t.built for t in turns) and any(t.stepped_back for t in turns)
    assert all(t.built == (t.choices > 25) for t in turns)


async def test_only_the_player_to_move_builds_and_others_are_refused_privately(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        message = await start_game(emulator, store, players.alice, players.bob, cube=False)
        for _ in range(40):  # play on by the builder until a roll has more plays than a menu
            if [c for c in message.custom_ids if c.startswith("dbs:")]:
                break
            row = await store.get_game(1)
            user = players.alice if row.to_move_id == players.alice.id else players.bob
            await backgammon_turn(emulator, store, user, random.Random(1), step_back=False)
        row = await store.get_game(1)
        mover = players.alice if row.to_move_id == players.alice.id else players.bob
        other = players.bob if mover is players.alice else players.alice
        menu = next(c for c in message.custom_ids if c.startswith("dbs:"))
        value = (message.component(menu) or {})["options"][0]["value"]
        edits, components = message.edits, message.components
        for intruder, words in ((players.carol, "not playing"), (other, "not your turn")):
            handle = await emulator.select(intruder, message, menu, [value])
            reply = await handle.original(timeout=WAIT)
            assert reply.ephemeral and words in reply.content.lower(), reply.content
        assert message.edits == edits and message.components == components
        assert (await store.get_game(1)).version == row.version
        # The status line names what is there: moves to pick, not a menu of plays.
        assert "pick the moves below one at a time" in message.content
        session = await bg_session(store)
        assert session.match is not None and len(session.match.game.legal_plays()) > 25
