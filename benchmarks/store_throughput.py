"""Store throughput: appends per second and p50/p99 latency of commit() with 1/10/100 busy games.

Run: .venv/bin/python -m benchmarks.store_throughput [--total 2000] [--postgres-url URL]
PostgreSQL is measured when --postgres-url, DUELBOARD_BENCH_POSTGRES_URL or
DUELBOARD_TEST_POSTGRES_URL is set (in a private schema, dropped afterwards).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.bench_stores import postgres_store, sqlite_store
from bot.store import GameKind, GameStatus, Store

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PLAYERS = (1, 2)


async def play_one_game(store: Store, game_id: int, appends: int) -> list[float]:
    """Append `appends` moves to one game, one after the other; returns each latency (s)."""
    latencies = []
    version = 0
    state = "start"
    for step in range(appends):
        state = f"{state[-40:]}/{step}"
        began = time.perf_counter()
        row = await store.commit(
            game_id, version, "move", {"step": step, "dice": [3, 5]}, state, now=NOW, actor_id=1
        )
        latencies.append(time.perf_counter() - began)
        version = row.version
    return latencies


async def measure(store: Store, games: int, total: int) -> tuple[float, float, float]:
    """Run `games` games concurrently, `total` appends in all; (appends/s, p50 ms, p99 ms)."""
    for user_id in PLAYERS:
        await store.upsert_player(user_id, f"player{user_id}", now=NOW)
    rows = [
        await store.create_game(
            guild_id=1,
            channel_id=1000 + number,
            kind=GameKind.BACKGAMMON,
            variant="standard",
            state="start",
            challenger_id=PLAYERS[0],
            opponent_id=PLAYERS[1],
            status=GameStatus.ACTIVE,
            now=NOW,
        )
        for number in range(games)
    ]
    appends = max(1, total // games)
    began = time.perf_counter()
    results = await asyncio.gather(*(play_one_game(store, row.id, appends) for row in rows))
    elapsed = time.perf_counter() - began
    latencies = sorted(latency for game in results for latency in game)
    p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) > 1 else latencies[0]
    return len(latencies) / elapsed, statistics.median(latencies) * 1000, p99 * 1000


def report(backend: str, games: int, total: int, rate: float, p50: float, p99: float) -> None:
    """Print one result line under the header."""
    print(f"{backend:<10} {games:>5} {total:>7} {rate:>10.0f} {p50:>8.2f} {p99:>8.2f}")


async def main() -> None:
    """Measure each backend at each concurrency and print one line per run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--total", type=int, default=2000, help="appends per run")
    parser.add_argument("--games", default="1,10,100", help="comma-separated concurrent games")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("DUELBOARD_BENCH_POSTGRES_URL")
        or os.environ.get("DUELBOARD_TEST_POSTGRES_URL"),
    )
    arguments = parser.parse_args()
    counts = [int(part) for part in arguments.games.split(",")]
    print(
        f"{'backend':<10} {'games':>5} {'appends':>7} {'appends/s':>10} {'p50 ms':>8} {'p99 ms':>8}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for games in counts:
            async with sqlite_store(Path(folder) / f"bench{games}.sqlite3") as store:
                rate, p50, p99 = await measure(store, games, arguments.total)
            report("sqlite", games, arguments.total, rate, p50, p99)
    if not arguments.postgres_url:
        print("postgresql: skipped (set DUELBOARD_BENCH_POSTGRES_URL or pass --postgres-url)")
        return
    for games in counts:
        async with postgres_store(arguments.postgres_url, "bench_store") as store:
            rate, p50, p99 = await measure(store, games, arguments.total)
        report("postgresql", games, arguments.total, rate, p50, p99)


if __name__ == "__main__":
    asyncio.run(main())
