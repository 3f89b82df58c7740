"""Stale game messages in the store: marked, tried again later and later, picked by shard, and
gone once the message is up to date."""

from __future__ import annotations

from datetime import timedelta

from bot.settings import Shards
from bot.store import Store
from bot.store.stale import StaleMessages
from tests.bot.store.conftest import NOW, new_game

EVEN_GUILD = (1_000_000 << 22) | 12345  # shard 0 of 2
ODD_GUILD = (1_000_001 << 22) | 999  # shard 1 of 2
MINUTE = timedelta(minutes=1)


async def test_a_stale_message_is_due_from_its_time_and_keeps_its_failures(seated: Store) -> None:
    stale = StaleMessages(seated)
    game = await new_game(seated)
    await stale.mark(game.id, due_at=NOW)
    assert await stale.due(NOW) == [(game.id, 0)]
    await stale.failed(game.id, failures=3, due_at=NOW + 8 * MINUTE)
    assert await stale.due(NOW + 7 * MINUTE) == []
    assert await stale.due(NOW + 8 * MINUTE) == [(game.id, 3)]
    # Marked again (another failure to show it): due at once, its count kept for the backoff.
    await stale.mark(game.id, due_at=NOW + MINUTE)
    assert await stale.due(NOW + MINUTE) == [(game.id, 3)]
    await stale.cleared(game.id)
    assert await stale.due(NOW + 60 * MINUTE) == []


async def test_stale_messages_are_picked_by_shard_most_overdue_first(seated: Store) -> None:
    stale = StaleMessages(seated)
    even = await new_game(seated, channel_id=1, guild_id=EVEN_GUILD)
    odd = await new_game(seated, channel_id=2, guild_id=ODD_GUILD)
    outside = await new_game(seated, channel_id=3, guild_id=None)  # shard 0, as DMs
    await stale.mark(outside.id, due_at=NOW)
    await stale.mark(odd.id, due_at=NOW + MINUTE)
    await stale.mark(even.id, due_at=NOW - MINUTE)
    later = NOW + 2 * MINUTE
    assert [g for g, _ in await stale.due(later, Shards(2, (0,)))] == [even.id, outside.id]
    assert [g for g, _ in await stale.due(later, Shards(2, (1,)))] == [odd.id]
    assert [g for g, _ in await stale.due(later)] == [even.id, outside.id, odd.id]
