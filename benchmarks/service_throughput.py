"""Service throughput: moves per second and p50/p99 latency per move through the service.

Plays backgammon money games (real crypto dice, cube on) with 1, 10 and 100 games at once, each
game in its own channel, every action going through `Games` (load, check, engine, commit). One
"move" is one `Games.act` call with a `Move`: read the game, parse and apply the play, auto-roll
for the next player when nothing is to decide, write the event and the new state.

    .venv/bin/python -m benchmarks.service_throughput [--moves 30] [--sqlite-dir DIR]
        [--postgres-url postgresql://postgres@127.0.0.1:5432/test]

PostgreSQL runs when `--postgres-url` or DUELBOARD_TEST_POSTGRES_URL is given; it works in a
private schema that is dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service.backgammon import BackgammonSession
from bot.service.games import Games
from bot.service.operations import AcceptChallenge, Move, Roll, Take
from bot.service.views import ActionOutcomes, Player
from bot.store import GameKind, Store
from bot.store.connect import normalize_url
from engine.backgammon.matchplay import Phase

BOT = Player(1, "Duelboard", is_bot=True)


async def play_game(service: Games, index: int, moves: int, latencies: list[float]) -> int:
    """Start one game and make up to `moves` moves in it; returns the moves made."""
    white, black = Player(10_000 + 2 * index, "w"), Player(10_001 + 2 * index, "b")
    posted = await service.challenges.post(
        channel_id=500_000 + index, challenger=white, opponent=black, kind=GameKind.BACKGAMMON
    )
    result: ActionOutcomes = await service.act(posted.game.id, black.id, AcceptChallenge.of(black))
    made = 0
    while made < moves and result.game.status.is_open:
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        actor = result.game.to_move_id
        assert actor is not None
        game = session.match.game
        if game.phase is Phase.MOVING:
            play = game.legal_plays()[made % len(game.legal_plays())].notation()
            started = time.perf_counter()
            result = await service.act(result.game.id, actor, Move(play))
            latencies.append(time.perf_counter() - started)
            made += 1
        elif game.phase is Phase.ROLLING:
            result = await service.act(result.game.id, actor, Roll())
        else:
            result = await service.act(result.game.id, actor, Take())
    return made


async def run(url: str, schema: str | None, games: int, moves: int) -> tuple[float, float, float]:
    """Moves per second, p50 and p99 latency (ms) for `games` concurrent games."""
    store = await Store.open(url, schema=schema)
    try:
        service = Games(store, bot=BOT)
        latencies: list[float] = []
        started = time.perf_counter()
        made = await asyncio.gather(
            *(play_game(service, i, moves, latencies) for i in range(games))
        )
        elapsed = time.perf_counter() - started
    finally:
        await store.close()
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return sum(made) / elapsed, statistics.median(ordered) * 1000, p99 * 1000


async def admin(url: str, statement: str) -> None:
    """Run one statement outside a transaction."""
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


async def main() -> None:
    """Run every backend at every concurrency and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="moves per game (default 30)")
    parser.add_argument("--sqlite-dir", type=Path, default=None, help="where the SQLite files go")
    parser.add_argument(
        "--postgres-url", default=os.environ.get("DUELBOARD_TEST_POSTGRES_URL"), help="PostgreSQL"
    )
    parser.add_argument(
        "--concurrency", default="1,10,100", help="concurrent games (default 1,10,100)"
    )
    args = parser.parse_args()
    concurrency = [int(count) for count in args.concurrency.split(",")]
    print(f"{'backend':<10} {'games':>5} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    folder = Path(tempfile.mkdtemp(dir=args.sqlite_dir))
    for games in concurrency:
        url = f"sqlite:///{folder / f'bench_{games}.sqlite3'}"
        rate, p50, p99 = await run(url, None, games, args.moves)
        print(f"{'sqlite':<10} {games:>5} {rate:>9.1f} {p50:>8.1f} {p99:>8.1f}")
    if not args.postgres_url:
        print("postgresql: skipped (no --postgres-url and DUELBOARD_TEST_POSTGRES_URL unset)")
        return
    url = normalize_url(args.postgres_url).render_as_string(hide_password=False)
    for games in concurrency:
        schema = f"bench_service_{uuid.uuid4().hex[:12]}"
        await admin(url, f"CREATE SCHEMA {schema}")
        try:
            rate, p50, p99 = await run(url, schema, games, args.moves)
        finally:
            await admin(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        print(f"{'postgresql':<10} {games:>5} {rate:>9.1f} {p50:>8.1f} {p99:>8.1f}")


if __name__ == "__main__":
    asyncio.run(main())
