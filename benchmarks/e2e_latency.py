"""Latency of a move through Discord: from a `/move` interaction to the edited game message.

The real Duelboard bot (discord.py client, SQLite store, renderer) runs against the local Discord
emulator in this process. Each game is a backgammon money game without the cube, in its own
channel, so every `/move` is a whole turn (the next roll is automatic). All games play at once:
each fires its next `/move` as soon as its game message shows the last one (`--think S` makes
players look at the board for about S seconds first, as people do). Measured per move: from
dispatching the interaction until the game message has been edited with its new image (the
bot's ping to the next player comes before that edit, so it is included).

Run: .venv/bin/python -m benchmarks.e2e_latency [--games 1 20 100] [--moves 12] [--think S]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import tempfile
import time

from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.backgammon import BackgammonSession
from bot.service.dice import SeededDice
from bot.service.views import load_session
from bot.store import Store
from emulator import Channel, Emulator, User
from emulator.harness import CLIENT_OPTIONS, ErrorCapture, running

SEEDS = [f"{n:064x}" for n in range(1, 1000)]


async def _game(
    emulator: Emulator,
    store: Store,
    channel: Channel,
    white: User,
    black: User,
    moves: int,
    think: float,
    latencies: list[float],
) -> None:
    handle = await emulator.slash(
        white, "backgammon", {"opponent": black, "cube": False}, channel=channel
    )
    await handle.original(timeout=60)
    row = await store.active_game_in_channel(channel.id)
    assert row is not None and row.message_id is not None
    message = emulator.state.messages[row.message_id]
    accepting = await emulator.click(black, message, f"db:{row.id}:accept")
    await accepting.acknowledged(60)
    users = {white.id: white, black.id: black}
    for count in range(moves):
        await emulator.wait_until(
            lambda: True if message.attachments else None, "the game message", 60
        )
        row = await store.get_game(row.id)
        if not row.status.is_open or row.to_move_id is None:
            return
        session = load_session(row.state)
        assert isinstance(session, BackgammonSession) and session.match is not None
        plays = session.match.game.legal_plays()
        text = plays[count % len(plays)].notation()
        if think:
            # Players look at the board before moving: 0.5-1.5 times the think time.
            await asyncio.sleep(think * (0.5 + (count * 7 + channel.id) % 11 / 10))
        edits = message.edits
        started = time.perf_counter()
        move = await emulator.slash(users[row.to_move_id], "move", {"play": text}, channel=channel)

        def edited(before: int = edits) -> bool | None:
            return True if message.edits > before and message.attachments else None

        await emulator.wait_until(edited, "the edit", 60)
        latencies.append(time.perf_counter() - started)
        await move.original(timeout=60)  # the mover's private "Played …" (not timed)


async def measure(games: int, moves: int, think: float) -> list[float]:
    """Play `games` games at once for `moves` moves each; the latency of every move."""
    emulator = Emulator(reply_window=60.0)
    channels = [emulator.add_channel(f"game-{n}") for n in range(games)]
    players = [(emulator.add_member(f"w{n}"), emulator.add_member(f"b{n}")) for n in range(games)]
    await emulator.start()
    capture = ErrorCapture(emulator)
    logging.getLogger("discord").addHandler(capture)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(f"sqlite+aiosqlite:///{os.path.join(folder, 'bench.sqlite3')}")
        parts = PlayParts(dice=SeededDice(SEEDS))
        client = DuelboardBot(
            store, parts=parts, sweep_interval=None, settle=True, **CLIENT_OPTIONS
        )
        try:
            async with running(client, emulator, timeout=30):
                await asyncio.gather(
                    *(
                        _game(emulator, store, channel, white, black, moves, think, latencies)
                        for channel, (white, black) in zip(channels, players, strict=True)
                    )
                )
        finally:
            await store.close()
            await emulator.stop()
            logging.getLogger("discord").removeHandler(capture)
    if capture.records:
        raise SystemExit(f"the bot logged errors: {ErrorCapture.describe(capture.records[0])}")
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def main() -> None:
    """Print p50/p99 per number of simultaneous games."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1, 20, 100])
    parser.add_argument("--moves", type=int, default=12, help="moves per game")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a player looks before moving (0: none)"
    )
    args = parser.parse_args()
    print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} think={args.think}s")
    header = f"{'games':>6} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    print(f"{header} {'moves/s':>8} {'cpu ms/move':>12}")
    for games in args.games:
        cpu, wall = time.process_time(), time.perf_counter()
        latencies = asyncio.run(measure(games, args.moves, args.think))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        ms = [value * 1000 for value in latencies]
        print(
            f"{games:>6} {len(ms):>6} {statistics.median(ms):>8.1f} "
            f"{percentile(ms, 0.99):>8.1f} {max(ms):>8.1f} {len(ms) / wall:>8.1f} "
            f"{cpu * 1000 / len(ms):>12.1f}"
        )


if __name__ == "__main__":
    main()
