"""Playing through Discord: refusals with reasons, who may press, suggestions, time, the bot."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.frontend import actions as actions_module
from bot.service.clock import FakeClock
from bot.store import GameStatus, Store
from emulator import Emulator
from engine.backgammon import Position
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import (
    OPENING_31,
    bg_session,
    click,
    command,
    game_message,
    recap_message,
    start_game,
)


async def test_illegal_move_is_answered_with_the_reason_bg7(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        before = message.edits
        # BG-7: both dice must be used when they can be; 8/5 alone leaves the 1 unplayed.
        reply = await command(emulator, players.alice, "move", {"play": "8/5"})
    assert reply.ephemeral
    assert "both dice" in reply.content.lower()  # the rule, in the engine's words
    assert message.edits == before  # nothing changed
    session = await bg_session(store)
    assert session.match is not None and session.match.game.position == Position.initial()


async def test_unreadable_move_is_answered_with_the_reason(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        reply = await command(emulator, players.alice, "move", {"play": "13/99"})
    # The engine's reason names what it could not read and why.
    assert reply.ephemeral and "13/99" in reply.content and "point" in reply.content


async def test_non_player_pressing_roll_changes_nothing(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        assert "db:1:roll" in message.custom_ids  # bob, on roll, sees Roll and Double
        version = (await store.get_game(1)).version
        edits = message.edits
        press = await emulator.click(players.carol, message, "db:1:roll")
        reply = await press.original()
        assert reply.ephemeral and "You are not playing in game #1" in reply.content
        # The right player was not made to wait behind the refusal.
        pressed_out_of_turn = await emulator.click(players.alice, message, "db:1:roll")
        out_of_turn = await pressed_out_of_turn.original()
    assert "It is not your turn in game #1" in out_of_turn.content
    assert message.edits == edits
    assert (await store.get_game(1)).version == version


async def test_move_suggestions_are_the_legal_plays_for_the_roll(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        typed = await emulator.autocomplete(players.alice, "move", {"play": "8"}, focused="play")
        everything = await emulator.autocomplete(
            players.alice, "move", {"play": ""}, focused="play"
        )
        waiting = await emulator.autocomplete(players.bob, "move", {"play": ""}, focused="play")
    legal = [play.notation() for play in Position.initial().legal_plays((3, 1))]
    assert sorted(c["value"] for c in everything) == sorted(legal)
    assert "8/5 6/5" in [c["value"] for c in everything]
    # What was typed filters: plays starting with it first, then plays containing it.
    values = [c["value"] for c in typed]
    starting = [p for p in legal if p.startswith("8")]
    assert sorted(values[: len(starting)]) == sorted(starting)
    assert sorted(values) == sorted(p for p in legal if "8" in p)
    # Bob is not to move: one hint, in his language (French).
    assert len(waiting) == 1 and "C'est au tour de" in waiting[0]["name"]


async def test_restart_on_the_same_database_keeps_the_buttons_working(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
    assert "db:1:roll" in message.custom_ids
    async with start_bot(OPENING_31):
        await click(emulator, store, players.bob, "roll")  # a button sent by the first process
        session = await bg_session(store)
        assert session.match is not None and session.match.game.phase is Phase.MOVING
        assert session.match.game.dice == (6, 5)  # roll 2 of the script
        [menu] = [c for c in message.custom_ids if c.startswith("dbp:")]
        picked = await emulator.select(players.bob, message, menu, ["24/13"])
        await picked.acknowledged()
        await emulator.wait_until(
            lambda: True if "Bob played 24/13" in message.content else None, "bob's play"
        )
    assert "24/13" in message.content


async def test_win_on_time_through_the_sweeper(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot(OPENING_31) as bot:
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", time="10m"
        )
        session_row = await store.get_game(1)
        sleeper = session_row.to_move_id
        assert sleeper is not None
        game_clock.advance(timedelta(minutes=7, seconds=31))  # past three quarters of 10 min
        assert await bot.actions.sweep() == 1
        reminder = await emulator.wait_for_message(
            emulator.general, lambda m: "three quarters of the time" in m.content
        )
        # Public, so in the third person: the player is named, not addressed.
        assert reminder.content.startswith(f"<@{sleeper}> has used three quarters of the time")
        game_clock.advance(timedelta(minutes=2, seconds=30))
        assert await bot.actions.sweep() == 1
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED
    assert row.winner_id is not None and row.winner_id != sleeper
    assert "ran out of time" in message.content
    assert message.custom_ids == ["db:1:rematch"]


async def test_a_whole_game_against_the_bot(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot() as bot:
        assert bot.user is not None
        bot_user = emulator.bot_user
        handle = await emulator.slash(
            players.alice, "backgammon", {"opponent": bot_user, "cube": False}
        )
        await handle.original()
        for count in range(400):
            row = await store.get_game(1)
            if not row.status.is_open:
                break
            assert row.to_move_id == players.alice.id  # the bot never keeps anyone waiting
            session = await bg_session(store)
            assert session.match is not None
            game = session.match.game
            assert game.phase is Phase.MOVING  # no cube: rolls are automatic
            plays = game.legal_plays()
            text = plays[count % len(plays)].notation()
            await command(emulator, players.alice, "move", {"play": text})
        else:
            raise AssertionError("the game against the bot did not end")
        message = await game_message(emulator, store)
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED
    assert row.winner_id in (players.alice.id, bot.user.id)
    assert " wins " in message.content
    board_image(message)
    assert "Unrated game" in recap_message(emulator).content  # the bot's games never count


async def test_the_player_to_act_is_notified_and_pings_do_not_pile_up(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        first = await emulator.wait_for_message(
            emulator.general, lambda m: players.bob in m.notified and m is not message
        )
        await click(emulator, store, players.bob, "roll")
        await command(emulator, players.bob, "move", {"play": "24/13"})
        second = await emulator.wait_for_message(
            emulator.general, lambda m: players.alice in m.notified and m is not message
        )
        await emulator.wait_until(lambda: True if first.deleted else None, "the old ping to go")
    assert second.notified == [players.alice]
    pings = [m for m in emulator.channel_messages(emulator.general) if m is not message]
    assert pings == [second]


async def test_quick_moves_reply_at_once_and_slow_ones_are_deferred_in_time(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        quick = await emulator.slash(players.alice, "move", {"play": "8/5 6/5"})
        assert await quick.acknowledged() == 4  # the reply itself acknowledges
        assert (await quick.original()).content == "Played 8/5 6/5."
        message = await game_message(emulator, store)
        edits = message.edits
        roll = await emulator.click(players.bob, message, "db:1:roll")
        assert await roll.acknowledged() == 7  # the click's reply is the new game message
        assert message.edits == edits + 1 and "Bob rolled 6-5." in message.content
        # As if the database or the renderer were slow: the budget is gone at once.
        monkeypatch.setattr(actions_module, "REPLY_BUDGET", 0.0)
        slow = await emulator.slash(players.bob, "move", {"play": "24/13"})
        assert await slow.acknowledged() == 5  # "thinking…" first, within Discord's window
        reply = await slow.original()
    assert reply.ephemeral and "24/13" in reply.content
    assert emulator.refusals() == []


async def test_a_typed_commands_private_receipt_goes_and_a_refusal_stays(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game of typed moves left a column of private "Played …" messages: each goes once read
    (the game message shows the play to everyone); a refusal, which says what to do, stays."""
    monkeypatch.setattr(actions_module, "RECEIPT_SECONDS", 0.0)
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        played = [await command(emulator, players.alice, "move", {"play": "8/5 6/5"})]
        played.append(await command(emulator, players.bob, "roll"))
        refused = await command(emulator, players.bob, "move", {"play": "24/99"})
        played.append(await command(emulator, players.bob, "move", {"play": "24/13"}))
        await emulator.wait_until(lambda: all(m.deleted for m in played) or None, "receipts")
    assert ["8/5 6/5" in played[0].content, "24/13" in played[2].content] == [True, True]
    assert not refused.deleted and "24/99" in refused.content


async def test_a_receipt_still_showing_goes_when_the_bot_stops(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        receipt = await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await command(emulator, players.bob, "help")  # the move's handler has run to its end
        assert not receipt.deleted  # read for a few seconds, while the game goes on
    assert receipt.deleted
