"""After an action is committed, showing it can still fail (Discord refuses the edit, the board
cannot be drawn): the player hears that the action was made, never that nothing changed, and
the game message catches up by itself, across a restart too, with nobody running /board."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta

from bot.frontend.client import DuelboardBot, PlayParts
from bot.pictures import PUBLIC, Look, Picture
from bot.pictures.painter import Painter
from bot.service.clock import FakeClock
from bot.service.operations import Roll
from bot.service.session import Session
from bot.store import Store
from bot.store.stale import StaleMessages
from emulator import Emulator, Message
from emulator.building import BOT_PERMISSIONS
from emulator.channels import ATTACH_FILES, SEND_MESSAGES
from emulator.harness import CLIENT_OPTIONS, running
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import OPENING_31, WAIT, click, game_message, game_row, start_game

LATER = timedelta(days=1)
NOTHING_CHANGED = "nothing was changed"
CATCHING_UP = (
    "The game's message in the channel could not be updated just now; it will catch up by itself."
)


def waits_for_alice(message: Message) -> bool:
    """The game message offers Alice's opening move (her menu of plays)."""
    return any(custom_id.startswith("dbp:1:") for custom_id in message.custom_ids)


def waits_for_bobs_move(message: Message) -> bool:
    """The game message offers a menu of plays, in game #1's third version (Bob has rolled)."""
    return "dbp:1:3" in message.custom_ids


def waits_for_bobs_roll(message: Message) -> bool:
    """The game message offers Bob his roll, and no one a menu of plays."""
    return "db:1:roll" in message.custom_ids and not waits_for_alice(message)


async def stale(store: Store, clock: FakeClock) -> list[int]:
    """The games whose message the store keeps as behind (whenever their next try is due)."""
    return [game_id for game_id, _ in await StaleMessages(store).due(clock.now() + LATER)]


async def until_none_stale(store: Store, clock: FakeClock) -> None:
    """Wait until the store keeps no message as behind (the last step of catching up)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while await stale(store, clock):
        assert asyncio.get_running_loop().time() < deadline, "a message is still kept as behind"
        await asyncio.sleep(0.01)


async def test_a_move_whose_edit_discord_refuses_is_made_and_the_board_catches_up(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        assert waits_for_alice(message)
        shown, edits = board_image(message), message.edits
        # A server admin takes Attach Files away: Discord refuses an edit with a new board.
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~ATTACH_FILES)
        handle = await emulator.slash(players.alice, "move", {"play": "8/5 6/5"})
        reply = await handle.original(timeout=WAIT)
        assert reply.ephemeral and NOTHING_CHANGED not in reply.content
        assert reply.content == "Played 8/5 6/5.\n" + CATCHING_UP
        assert [r.status for r in emulator.refusals()] == [403]
        row = await game_row(store)
        assert row.to_move_id == players.bob.id  # the move stands
        assert message.edits == edits and waits_for_alice(message)  # the message is behind
        assert await stale(store, game_clock) == [1]
        # Attach Files is back: the message catches up on its own, without anyone acting.
        await emulator.set_bot_permissions(BOT_PERMISSIONS)
        caught_up = await emulator.wait_for_edit(message, edits, waits_for_bobs_roll, timeout=30)
        assert board_image(caught_up) != shown
        await until_none_stale(store, game_clock)


async def test_a_board_a_stopped_bot_left_behind_catches_up_when_it_is_back(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        edits = message.edits
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~ATTACH_FILES)
        handle = await emulator.slash(players.alice, "move", {"play": "8/5 6/5"})
        reply = await handle.original(timeout=WAIT)
        assert reply.content == "Played 8/5 6/5.\n" + CATCHING_UP
    # The bot stopped before Discord would take the edit: the store still knows.
    assert message.edits == edits and waits_for_alice(message)
    assert await stale(store, game_clock) == [1]
    await emulator.set_bot_permissions(BOT_PERMISSIONS)
    game_clock.advance(timedelta(minutes=10))  # any try the stopped bot put off is due by now
    async with start_bot(OPENING_31) as bot:
        await bot.actions.sweep()  # as the sweeper does as soon as the bot is ready
        assert message.edits > edits and waits_for_bobs_roll(message)
        assert await stale(store, game_clock) == []


class BreakablePainter(Painter):
    """Draws in threads, except while `broken`: then every board fails, as a bug would. Once
    drawn, the next board runs `meanwhile` (something else happening while it was drawn)."""

    broken = False
    meanwhile: Callable[[], Awaitable[object]] | None = None

    async def draw(
        self, session: Session, names: tuple[str, str], look: Look = PUBLIC
    ) -> Picture | None:
        """The board, or the failure."""
        if self.broken:
            raise RuntimeError("the board could not be drawn")
        picture = await super().draw(session, names, look)
        meanwhile, self.meanwhile = self.meanwhile, None
        if meanwhile is not None:
            await meanwhile()
        return picture


async def test_a_picked_move_whose_board_cannot_be_drawn_is_made_and_the_board_catches_up(
    emulator: Emulator, store: Store, players: Players, game_clock: FakeClock
) -> None:
    painter = BreakablePainter()
    parts = PlayParts(dice=OPENING_31, clock=game_clock)
    client = DuelboardBot(
        store, parts=parts, painter=painter, sweep_interval=None, **CLIENT_OPTIONS
    )
    async with running(client, emulator):
        message = await start_game(emulator, store, players.alice, players.bob)
        edits = message.edits
        painter.broken = True
        [menu] = [c for c in message.custom_ids if c.startswith("dbp:1:")]
        handle = await emulator.select(players.alice, message, menu, ["8/5 6/5"])
        reply = await handle.response(timeout=WAIT)
        assert reply.ephemeral and NOTHING_CHANGED not in reply.content
        assert reply.content.startswith("Done: ") and reply.content.endswith("\n" + CATCHING_UP)
        assert "8/5 6/5" in reply.content
        assert (await game_row(store)).to_move_id == players.bob.id  # the move stands
        assert message.edits == edits and await stale(store, game_clock) == [1]
        painter.broken = False
        await emulator.wait_for_edit(message, edits, waits_for_bobs_roll, timeout=30)
        await until_none_stale(store, game_clock)


async def test_a_challenge_whose_message_discord_refuses_stands_and_is_posted_by_itself(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    async with start_bot(OPENING_31):
        # Send Messages taken away: the challenge's message cannot be posted.
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_MESSAGES)
        handle = await emulator.slash(players.alice, "backgammon", {"opponent": players.bob})
        reply = await handle.original(timeout=WAIT)
        assert reply.ephemeral and NOTHING_CHANGED not in reply.content
        assert reply.content.endswith("\n" + CATCHING_UP)
        row = await game_row(store)
        assert row.opponent_id == players.bob.id and row.message_id is None  # it stands, unseen
        assert emulator.channel_messages(emulator.general) == []
        await emulator.set_bot_permissions(BOT_PERMISSIONS)
        message = await game_message(emulator, store)  # posted by itself, once allowed
        assert "db:1:accept" in message.custom_ids
        await click(emulator, store, players.bob, "accept")
        await until_none_stale(store, game_clock)


async def test_a_stale_game_message_a_moderator_deleted_is_posted_anew(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~ATTACH_FILES)
        handle = await emulator.slash(players.alice, "move", {"play": "8/5 6/5"})
        assert (await handle.original(timeout=WAIT)).content.endswith(CATCHING_UP)
        await emulator.delete_message(message)
        await emulator.set_bot_permissions(BOT_PERMISSIONS)
        await until_none_stale(store, game_clock)
        row = await game_row(store)
        assert row.message_id is not None and row.message_id != message.id
        posted = emulator.state.messages[row.message_id]
        assert waits_for_bobs_roll(posted) and board_image(posted) != board_image(message)


async def test_a_game_that_moves_on_while_its_stale_message_is_shown_is_shown_as_it_stands(
    emulator: Emulator, store: Store, players: Players, game_clock: FakeClock
) -> None:
    painter = BreakablePainter()
    parts = PlayParts(dice=OPENING_31, clock=game_clock)
    client = DuelboardBot(
        store, parts=parts, painter=painter, sweep_interval=None, **CLIENT_OPTIONS
    )
    async with running(client, emulator) as bot:
        message = await start_game(emulator, store, players.alice, players.bob)
        painter.broken = True
        [menu] = [c for c in message.custom_ids if c.startswith("dbp:1:")]
        handle = await emulator.select(players.alice, message, menu, ["8/5 6/5"])
        assert (await handle.response(timeout=WAIT)).content.endswith(CATCHING_UP)
        # While the catch-up draws Bob on roll, Bob rolls (his own edit lands first).
        painter.meanwhile = lambda: bot.games.act(1, players.bob.id, Roll())
        painter.broken = False
        await until_none_stale(store, game_clock)
        row = await game_row(store)
        assert row.to_move_id == players.bob.id and row.version == 3
        shown = await emulator.wait_for_edit(message, 0, waits_for_bobs_move, timeout=30)
        assert "db:1:roll" not in shown.custom_ids
