"""Puzzles and daily posts in the store: finished games only, one post and one answer per server
and day whoever claims them, servers picked by setting and shard."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.settings import Shards
from bot.store import Store
from bot.store.puzzles import PuzzleStore
from tests.bot.store.conftest import GUILD, NOW, new_game
from tests.bot.store.test_games import play

EVEN_GUILD = (1_000_000 << 22) | 12345  # shard 0 of 2
ODD_GUILD = (1_000_001 << 22) | 999  # shard 1 of 2
DAY = NOW.date().isoformat()


async def test_only_finished_backgammon_games_of_the_server_are_looked_at(seated: Store) -> None:
    puzzles = PuzzleStore(seated)
    finished = await new_game(seated, channel_id=1)
    await play(seated, finished, "end", status="finished")
    await new_game(seated, channel_id=2)  # still open
    checkers = await new_game(seated, channel_id=3, kind="checkers", variant="russian")
    await play(seated, checkers, "end", status="finished")
    elsewhere = await new_game(seated, channel_id=4, guild_id=EVEN_GUILD)
    await play(seated, elsewhere, "end", status="finished")
    assert await puzzles.finished_backgammon_games([GUILD]) == [finished.id]


async def test_a_puzzle_is_kept_once_per_source(seated: Store) -> None:
    puzzles = PuzzleStore(seated)
    first = await puzzles.keep(GUILD, "game:1:1:3", {"match": "x"}, now=NOW)
    again = await puzzles.keep(GUILD, "game:1:1:3", {"match": "y"}, now=NOW)
    looked = await puzzles.keep(GUILD, "game:2:none", {}, now=NOW)
    built_in = await puzzles.keep(None, "opening:31", {"match": "z"}, now=NOW)
    assert again == first and first.data == {"match": "x"}
    assert await puzzles.sources(GUILD) == {"game:1:1:3", "game:2:none"}
    assert await puzzles.puzzles_of([GUILD]) == [first]  # a game looked at is no puzzle
    assert await puzzles.puzzles_of([None]) == [built_in]
    assert await puzzles.puzzle(looked.id) == looked


async def test_a_day_and_its_answer_are_claimed_once(store: Store) -> None:
    puzzles = PuzzleStore(store)
    claims = await asyncio.gather(*(puzzles.claim_day(GUILD, DAY, 77, now=NOW) for _ in range(5)))
    assert sorted(claims) == [False, False, False, False, True]
    closes = NOW + timedelta(hours=23)
    await puzzles.posted(GUILD, DAY, puzzle_id=5, message_id=88, closes_at=closes)
    assert await puzzles.due_answers(closes - timedelta(seconds=1)) == []
    [post] = await puzzles.due_answers(closes)
    assert (post.channel_id, post.puzzle_id, post.message_id) == (77, 5, 88)
    answers = await asyncio.gather(*(puzzles.claim_answer(post, now=closes) for _ in range(3)))
    assert sorted(answers) == [False, False, True]
    assert await puzzles.due_answers(closes + timedelta(days=1)) == []


async def test_servers_opt_in_by_setting_and_are_picked_by_shard(store: Store) -> None:
    puzzles = PuzzleStore(store)
    await store.set_guild_setting(EVEN_GUILD, "daily", 10, now=NOW)
    await store.set_guild_setting(ODD_GUILD, "daily", 11, now=NOW)
    await store.set_guild_setting(GUILD, "theme", "dark", now=NOW)
    assert sorted(await puzzles.opted_in("daily")) == [(EVEN_GUILD, 10), (ODD_GUILD, 11)]
    assert await puzzles.opted_in("daily", Shards(2, (0,))) == [(EVEN_GUILD, 10)]
    assert await puzzles.opted_in("daily", Shards(2, (1,))) == [(ODD_GUILD, 11)]
    await puzzles.claim_day(EVEN_GUILD, DAY, 10, now=NOW)
    assert await puzzles.opted_in("daily", unclaimed=DAY) == [(ODD_GUILD, 11)]
    assert len(await puzzles.opted_in("daily", unclaimed="2026-03-02")) == 2
