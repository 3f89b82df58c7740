"""Leaderboards, stats and history on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

import pytest

from bot.service.clock import FakeClock
from bot.service.games import Games
from bot.service.ratings import Ratings
from bot.service.results import Results, message_link, streaks
from bot.store import Store
from bot.store.ratings import RatingStore, ResultEntry, Standing, WinLossDraw
from bot.store.schema import GLOBAL_SCOPE
from tests.bot.service.conftest import ALICE, BOB, CAROL, GUILD, NOW
from tests.bot.service.play import challenge, checkers_draw, checkers_win

LADDER = "checkers:box"


async def _seed_board(store: Store, standings: Mapping[int, Standing]) -> None:
    """Players 1001… with exactly these standings (one counted result each)."""
    ratings = RatingStore(store)
    for number, (user_id, standing) in enumerate(standings.items(), start=1):
        await store.upsert_player(user_id, f"P{user_id}", now=NOW)
        outcome: WinLossDraw = "win" if number % 2 else "loss"
        entry = ResultEntry(number, user_id, 1, LADDER, outcome, 1, 0, 0, 0, 0, True, NOW)

        def fixed(_scope: int, current: Mapping[int, Standing]) -> dict[int, Standing]:
            return {user: standing for user in current}  # noqa: B023 - used at once

        await ratings.count_result([entry], scopes=[GUILD], rate=fixed, now=NOW)


async def test_leaderboard_pages_rank_best_first_and_show_the_reader_off_page(
    store: Store,
) -> None:
    # 25 players rated 1010 … 1250; 1013 and 1014 tie at 1130 (higher id ranks first).
    standings = {1000 + i: (1000.0 + 10 * i, 100.0, 0.06) for i in range(1, 26)}
    standings[1013] = standings[1014] = (1130.0, 100.0, 0.06)
    standings[1025] = (1250.0, 120.0, 0.06)  # the leader is still provisional
    await _seed_board(store, standings)
    results = Results(store)
    first = await results.leaderboard(GUILD, LADDER, page=1, reader_id=1001)
    assert first.pages == 3
    assert [line.rank for line in first.lines] == list(range(1, 11))
    assert [line.user_id for line in first.lines][:3] == [1025, 1024, 1023]
    assert first.lines[0].rating_text == "1250?" and first.lines[1].rating_text == "1240"
    assert first.reader is not None and (first.reader.rank, first.reader.user_id) == (25, 1001)
    assert first.lines[0].games == 1 and first.lines[0].win_percent == 100.0
    second = await results.leaderboard(GUILD, LADDER, page=2, reader_id=1013)
    ranks = {line.user_id: line.rank for line in second.lines}
    assert ranks[1014] == 12 and ranks[1013] == 13  # 1013 and 1014 both 1130: ids decide
    assert second.reader is None  # the reader is on the page already
    tied = await results.leaderboards.rank_of(GUILD, LADDER, 1013)
    assert tied is not None and tied.rank == 13
    third = await results.leaderboard(GUILD, LADDER, page=3)
    assert [line.rank for line in third.lines] == [21, 22, 23, 24, 25]
    other_scope = await results.leaderboard(GLOBAL_SCOPE, LADDER, reader_id=1001)
    assert other_scope.lines == () and other_scope.reader is None


async def test_leaderboard_refuses_bad_pages(store: Store) -> None:
    results = Results(store)
    with pytest.raises(ValueError, match="pages are numbered from 1, not 0"):
        await results.leaderboard(GUILD, LADDER, page=0)
    with pytest.raises(ValueError, match="a page holds 1-25 lines, not 26"):
        await results.leaderboard(GUILD, LADDER, per_page=26)
    with pytest.raises(ValueError, match="a ladder is a name"):
        await results.leaderboard(GUILD, "no such ladder")


async def test_stats_totals_streaks_and_rating_history(
    games: Games, ratings: Ratings, clock: FakeClock
) -> None:
    # Alice: win, win, loss, win, win, win against Bob, then a draw with Carol.
    for winner in (ALICE, ALICE, BOB, ALICE, ALICE, ALICE):
        result = await challenge(games, "checkers", ALICE, BOB)
        await ratings.count_finished(await checkers_win(games, result, winner.id), now=NOW)
        clock.advance(timedelta(minutes=5))
    drawn = await checkers_draw(games, await challenge(games, "checkers", CAROL, ALICE))
    await ratings.count_finished(drawn, now=NOW)
    stats = await Results(games.store).stats(ALICE.id, GUILD)
    totals = stats.totals
    assert (totals.games, totals.wins, totals.losses, totals.draws) == (7, 5, 1, 1)
    assert (stats.streaks.current_outcome, stats.streaks.current_length) == ("draw", 1)
    assert stats.streaks.best_wins == 3
    assert [row.ladder for row in stats.ratings] == [LADDER]
    assert len(stats.rating_history) == 7
    assert stats.rating_history[-1].rating == pytest.approx(stats.ratings[0].rating)
    bob = await Results(games.store).stats(BOB.id, GUILD, LADDER)
    assert (bob.totals.wins, bob.totals.losses) == (1, 5)
    assert (bob.streaks.current_outcome, bob.streaks.current_length) == ("loss", 3)


async def test_history_is_newest_first_with_opponent_and_message_link(
    games: Games, ratings: Ratings, clock: FakeClock
) -> None:
    first = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    await ratings.count_finished(first, now=NOW)
    clock.advance(timedelta(minutes=5))
    second = await checkers_win(games, await challenge(games, "checkers", CAROL, ALICE), CAROL.id)
    await games.store.attach_message(second, 777_000_111)
    await ratings.count_finished(second, now=NOW)
    lines = await Results(games.store).history(ALICE.id)
    assert [line.entry.game_id for line in lines] == [second, first]
    assert [line.entry.opponent_name for line in lines] == ["Carol", "Bob"]
    assert [line.entry.outcome for line in lines] == ["loss", "win"]
    assert lines[0].link == f"https://discord.com/channels/{GUILD}/9100/777000111"
    assert lines[1].link is None
    assert [
        line.entry.game_id for line in await Results(games.store).history(ALICE.id, page=2)
    ] == []


def test_streaks_from_outcomes() -> None:
    empty = streaks([])
    assert (empty.current_outcome, empty.current_length, empty.best_wins) == (None, 0, 0)
    run = streaks(["win", "win", "win", "loss", "win", "win"])
    assert (run.current_outcome, run.current_length, run.best_wins) == ("win", 2, 3)


def test_message_links() -> None:
    assert message_link(None, 5, 6) == "https://discord.com/channels/@me/5/6"
    assert message_link(1, 5, None) is None
