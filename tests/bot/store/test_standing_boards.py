"""Standing leaderboards in the store: an edit is due once the ratings moved and a minute has
passed since the last, and exactly one of several processes claims it."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.settings import Shards
from bot.store import Store
from bot.store.ladder import LadderStore
from tests.bot.store.conftest import NOW, Backend

EVEN_GUILD = (1_000_000 << 22) | 12345  # shard 0 of 2
ODD_GUILD = (1_000_001 << 22) | 999  # shard 1 of 2
MINUTE = timedelta(minutes=1)
LADDER = "checkers:box"


async def test_a_board_is_due_after_ratings_move_and_a_minute_after_its_last_edit(
    store: Store,
) -> None:
    boards = LadderStore(store)
    assert await boards.claim(EVEN_GUILD, NOW, MINUTE) is None  # no board kept
    await boards.keep(EVEN_GUILD, 7, LADDER, NOW)
    claimed = await boards.claim(EVEN_GUILD, NOW, MINUTE)  # a new board is posted at once
    assert claimed is not None and claimed.message_id is None and claimed.dirty_since is None
    await boards.posted(EVEN_GUILD, 7, 99)
    assert await boards.claim(EVEN_GUILD, NOW, MINUTE) is None  # nothing moved since
    await boards.touch(EVEN_GUILD, NOW + MINUTE / 2)
    assert await boards.due(NOW + MINUTE / 2, MINUTE) == []  # edited half a minute ago
    assert await boards.claim(EVEN_GUILD, NOW + MINUTE / 2, MINUTE) is None
    assert await boards.due(NOW + MINUTE, MINUTE) == [EVEN_GUILD]
    again = await boards.claim(EVEN_GUILD, NOW + MINUTE, MINUTE)
    assert again is not None and again.message_id == 99 and again.channel_id == 7
    assert await boards.due(NOW + 10 * MINUTE, MINUTE) == []


async def test_boards_are_swept_by_shard(store: Store) -> None:
    boards = LadderStore(store)
    await boards.keep(EVEN_GUILD, 1, LADDER, NOW)
    await boards.keep(ODD_GUILD, 2, LADDER, NOW - MINUTE)
    assert await boards.due(NOW, MINUTE) == [ODD_GUILD, EVEN_GUILD]  # longest waiting first
    assert await boards.due(NOW, MINUTE, Shards(2, (0,))) == [EVEN_GUILD]
    assert await boards.due(NOW, MINUTE, Shards(2, (1,))) == [ODD_GUILD]
    assert (await boards.drop(ODD_GUILD)) is not None
    assert await boards.due(NOW, MINUTE) == [EVEN_GUILD]


async def test_two_processes_claiming_one_edit_get_it_once(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        await LadderStore(first).keep(EVEN_GUILD, 1, LADDER, NOW)
        claims = await asyncio.gather(
            *(LadderStore(s).claim(EVEN_GUILD, NOW, MINUTE) for s in (first, second, first))
        )
    finally:
        await first.close()
        await second.close()
    assert sum(claim is not None for claim in claims) == 1
