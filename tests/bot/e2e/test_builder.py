"""Every turn by tapping: the one-step menu where it holds every play, the builder elsewhere
(a move at a time, Undo, Play), whole games through the game message's components only."""

from __future__ import annotations

import random
from typing import Any

from bot.service.backgammon import play_of
from bot.service.dice import ScriptedDice
from bot.store import GameStatus, Store
from emulator import Emulator, Message, User
from engine.backgammon import Move, Play
from tests.bot.e2e.builder_drive import Turn, backgammon_turn, checkers_turn
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    WAIT,
    after_edit,
    bg_session,
    click,
    command,
    game_message,
    start_game,
)

TURNS = 600


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


BIG_ROLL = ScriptedDice([(3, 1), (3, 3), (6, 5), (4, 2)] * 10)  # Bob's 3-3: 73 plays


async def test_a_build_survives_a_restart_of_the_bot(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(BIG_ROLL):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await click(emulator, store, players.bob, "roll")
        session = await bg_session(store)
        assert session.match is not None
        before = session.match.game.position
        picks = [await pick_first(emulator, players.bob, message)]
    # A new process on the same store: the picks ride in the message's own controls.
    async with start_bot(BIG_ROLL):
        version = (await store.get_game(1)).version
        for _ in range(3):
            picks.append(await pick_first(emulator, players.bob, message))
        [play] = [c for c in message.custom_ids if c.startswith("dbk:") and ":c:" in c]
        edits = message.edits
        handle = await emulator.click(players.bob, message, play)
        await after_edit(emulator, message, edits, handle)
    assert (await store.get_game(1)).version > version
    [event] = [e for e in await store.events_for(1) if e.seq == version + 1]
    steps: Any = event.payload["steps"]
    # The four picks, the first made before the restart, are the play made.
    built = Play(tuple(Move.from_text(label) for label in picks))
    assert before.apply(play_of(steps[0]["moves"])) == before.apply(built)


async def pick_first(emulator: Emulator, user: User, message: Message) -> str:
    """Pick the first move the builder offers, wait for the controls to show it; its label."""
    [menu, *_] = [c for c in message.custom_ids if c.startswith("dbs:")]
    option = (message.component(menu) or {})["options"][0]
    edits = message.edits
    handle = await emulator.select(user, message, menu, [option["value"]])
    await after_edit(emulator, message, edits, handle)
    return str(option["label"])
