"""Leaderboard, rank, stats and history query times on 10,000 players and 100,000 finished games,
and the leaderboard and rating chart pictures (their queries and drawing) on the same data.

Run: .venv/bin/python -m benchmarks.leaderboard [--players 10000] [--games 100000] [--repeat 50]
     [--postgres-url URL] [--skip-sqlite]
PostgreSQL is measured when --postgres-url, DUELBOARD_BENCH_POSTGRES_URL or
DUELBOARD_TEST_POSTGRES_URL is set (in a private schema, dropped afterwards). The target is
under 50 ms per query; the figures are p50 and max over `--repeat` runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, insert, text

from benchmarks.bench_stores import postgres_store, sqlite_store
from bot.pictures import Picture
from bot.pictures.chart import rating_chart
from bot.pictures.ladder import leaderboard_picture
from bot.service.clock import FakeClock
from bot.service.glicko2 import RatedGame, Rating, update
from bot.service.ladder import Ladder
from bot.service.results import Results
from bot.store import Store
from bot.store.schema import GLOBAL_SCOPE, games, players, rating_changes, ratings, results

START = datetime(2026, 1, 1, tzinfo=UTC)
GUILDS = (9001, 9002, 9003, 9004, 9005)
LADDERS = ("backgammon", "checkers:box", "checkers:russian")
CHUNK = 5000
TARGET_MS = 50.0


Rows = dict[str, list[dict[str, Any]]]


def build_rows(player_count: int, game_count: int, seed: int = 6) -> Rows:
    """Players, finished games, results, ratings and rating changes as Glicko-2 leaves them."""
    rng = random.Random(seed)
    user_ids = [10_000 + n for n in range(player_count)]
    rows: Rows = {name: [] for name in ("players", "games")}
    rows.update(results=[], ratings=[], rating_changes=[])
    for user in user_ids:
        rows["players"].append(
            {
                "user_id": user,
                "display_name": f"Player {user}",
                "is_bot": False,
                "created_at": START,
                "updated_at": START,
            }
        )
    standing: dict[tuple[int, str, int], Rating] = {}
    counters: dict[tuple[int, str, int], list[int]] = {}
    for game_id in range(1, game_count + 1):
        white, black = rng.sample(user_ids, 2)
        guild = rng.choice(GUILDS)
        ladder = rng.choice(LADDERS)
        kind, _, variant = ladder.partition(":")
        winner = white if rng.random() < 0.5 else black
        at = START + timedelta(minutes=game_id)
        rows["games"].append(
            {
                "id": game_id,
                "guild_id": guild,
                "channel_id": 1_000_000 + game_id % 500,
                "kind": kind,
                "variant": variant or "standard",
                "options": {},
                "status": "finished",
                "challenger_id": white,
                "opponent_id": black,
                "to_move_id": None,
                "winner_id": winner,
                "result": {"reason": "played"},
                "initial_state": "{}",
                "state": "{}",
                "version": 10,
                "message_id": 5_000_000 + game_id,
                "created_at": at,
                "updated_at": at,
            }
        )
        for user, opponent in ((white, black), (black, white)):
            won = user == winner
            rows["results"].append(
                {
                    "game_id": game_id,
                    "user_id": user,
                    "opponent_id": opponent,
                    "ladder": ladder,
                    "outcome": "win" if won else "loss",
                    "points": int(won),
                    "gammons_won": int(won and game_id % 7 == 0),
                    "backgammons_won": int(won and game_id % 31 == 0),
                    "gammons_lost": int(not won and game_id % 7 == 0),
                    "backgammons_lost": int(not won and game_id % 31 == 0),
                    "rated": True,
                    "finished_at": at,
                }
            )
        for scope in (guild, GLOBAL_SCOPE):
            keys = {user: (scope, ladder, user) for user in (white, black)}
            old = {user: standing.get(key, Rating()) for user, key in keys.items()}
            for user, opponent in ((white, black), (black, white)):
                new = update(old[user], [RatedGame(old[opponent], float(user == winner))])
                standing[keys[user]] = new
                tally = counters.setdefault(keys[user], [0, 0, 0])
                tally[0] += 1
                tally[1 if user == winner else 2] += 1
                rows["rating_changes"].append(
                    {
                        "game_id": game_id,
                        "user_id": user,
                        "scope": scope,
                        "ladder": ladder,
                        "rating_before": old[user].rating,
                        "rating_after": new.rating,
                        "deviation_after": new.deviation,
                        "changed_at": at,
                    }
                )
    for (scope, ladder, user), rating in standing.items():
        played, wins, losses = counters[(scope, ladder, user)]
        rows["ratings"].append(
            {
                "scope": scope,
                "ladder": ladder,
                "user_id": user,
                "rating": rating.rating,
                "deviation": rating.deviation,
                "volatility": rating.volatility,
                "games": played,
                "wins": wins,
                "losses": losses,
                "draws": 0,
                "updated_at": START,
            }
        )
    return rows


async def load(store: Store, rows: Rows) -> None:
    """Bulk-insert the rows (the benchmark's own loading, not the bot's write path)."""
    tables = {
        "players": players,
        "games": games,
        "results": results,
        "ratings": ratings,
        "rating_changes": rating_changes,
    }
    for name, table in tables.items():
        for start in range(0, len(rows[name]), CHUNK):
            await store.database.write(_inserting(table, rows[name][start : start + CHUNK]))
    # Planner statistics and (PostgreSQL) the visibility map that index-only scans rely on, as
    # autovacuum keeps them on a database that has been running a while. VACUUM runs outside a
    # transaction: PostgreSQL's one-statement write sends no BEGIN.
    statement = "VACUUM ANALYZE" if store.dialect == "postgresql" else "ANALYZE"
    await store.database.write(lambda c: c.execute(text(statement)), single=True)


def _inserting(table: Table, chunk: list[dict[str, Any]]) -> Callable[[Connection], object]:
    return lambda connection: connection.execute(insert(table), chunk)


async def timed(repeat: int, query: Callable[[int], Awaitable[object]]) -> tuple[float, float]:
    """p50 and max milliseconds of `query(i)` over `repeat` runs (after one warm-up)."""
    await query(0)
    times = []
    for index in range(repeat):
        began = time.perf_counter()
        await query(index)
        times.append((time.perf_counter() - began) * 1000.0)
    return statistics.median(times), max(times)


async def measure(store: Store, name: str, player_count: int, game_count: int, repeat: int) -> None:
    """Time each read `/leaderboard`, `/stats` and `/history` make, and their pictures."""
    service = Results(store)
    # The week ends with the data: its last games moved ratings within it.
    ladder_service = Ladder(store, FakeClock(START + timedelta(minutes=game_count)))
    rng = random.Random(7)
    users = [10_000 + rng.randrange(player_count) for _ in range(repeat + 1)]
    guild, ladder = GUILDS[0], LADDERS[0]
    size = await service.leaderboards.size(GLOBAL_SCOPE, ladder)
    last_page = max(1, -(-size // 10))
    cases: dict[str, Callable[[int], Awaitable[object]]] = {
        "leaderboard global p1 + own rank": lambda i: service.leaderboard(
            GLOBAL_SCOPE, ladder, page=1, reader_id=users[i]
        ),
        "leaderboard global last page": lambda i: service.leaderboard(
            GLOBAL_SCOPE, ladder, page=last_page, reader_id=users[i]
        ),
        "leaderboard server p1 + own rank": lambda i: service.leaderboard(
            guild, ladder, page=1, reader_id=users[i]
        ),
        "stats (all ladders)": lambda i: service.stats(users[i], GLOBAL_SCOPE),
        "stats (one ladder)": lambda i: service.stats(users[i], guild, ladder),
        "history page 1": lambda i: service.history(users[i]),
        "leaderboard picture (data + drawing)": lambda i: _board_picture(
            ladder_service, GLOBAL_SCOPE, ladder, 1 + i % last_page
        ),
        "rating chart (data + drawing)": lambda i: _chart_picture(
            ladder_service, users[i], guild, ladder
        ),
    }
    print(f"\n{name}: {size} players on the global {ladder} ladder ({last_page} pages)")
    for label, query in cases.items():
        p50, worst = await timed(repeat, query)
        verdict = "ok" if p50 < TARGET_MS else "OVER TARGET"
        print(f"  {label:36s} p50 {p50:7.2f} ms   max {worst:7.2f} ms   {verdict}")


async def _board_picture(ladder: Ladder, scope: int, name: str, page: int) -> Picture:
    """What `/leaderboard share` and a standing leaderboard's edit do: the page, each rating a
    week ago, and the picture."""
    board = await ladder.board(scope, name, page=page)
    return leaderboard_picture(board, name, "en")


async def _chart_picture(ladder: Ladder, user_id: int, scope: int, name: str) -> Picture | None:
    """What `/stats` adds: the player's last rated games and their chart."""
    played = await ladder.chart(user_id, scope, name)
    return rating_chart(played, "Player", name, "en") if played else None


async def main() -> None:
    """Build the data once, then measure on SQLite and (if configured) PostgreSQL."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--postgres-url", default=None)
    parser.add_argument("--skip-sqlite", action="store_true", help="measure PostgreSQL only")
    arguments = parser.parse_args()
    began = time.perf_counter()
    rows = build_rows(arguments.players, arguments.games)
    print(
        f"built {len(rows['games'])} games, {len(rows['results'])} results, "
        f"{len(rows['ratings'])} ratings, {len(rows['rating_changes'])} rating changes "
        f"in {time.perf_counter() - began:.1f} s"
    )
    if not arguments.skip_sqlite:
        with tempfile.TemporaryDirectory() as tmp:
            async with sqlite_store(Path(tmp) / "leaderboard.sqlite3") as store:
                began = time.perf_counter()
                await load(store, rows)
                print(f"SQLite loaded in {time.perf_counter() - began:.1f} s")
                await measure(store, "SQLite", arguments.players, arguments.games, arguments.repeat)
    url = (
        arguments.postgres_url
        or os.environ.get("DUELBOARD_BENCH_POSTGRES_URL")
        or os.environ.get("DUELBOARD_TEST_POSTGRES_URL")
    )
    if url:
        async with postgres_store(url, "bench_board") as store:
            began = time.perf_counter()
            await load(store, rows)
            print(f"PostgreSQL loaded in {time.perf_counter() - began:.1f} s")
            await measure(store, "PostgreSQL", arguments.players, arguments.games, arguments.repeat)
    else:
        print("PostgreSQL skipped: set --postgres-url or DUELBOARD_BENCH_POSTGRES_URL")


if __name__ == "__main__":
    asyncio.run(main())
