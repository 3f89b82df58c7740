"""Duelboard at scale: real `python -m bot` processes, measured alone, against the emulator.

The Discord emulator and the players' driver run in this process; the bot runs in processes of
its own (`python -m emulator.point <emulator> bot`, configured by its environment as an operator
configures it), so the CPU and memory read from /proc are the bot's alone. Games are backgammon
money games without the cube, each in a channel of its own, spread over several servers; every
`/move` is a whole turn (the next roll is automatic). Three set-ups:

- one process on SQLite, one process on PostgreSQL, and two processes on PostgreSQL with
  SHARD_COUNT=2 (shards 0 and 1: the servers alternate between them);

and in each, after two unmeasured moves in every game (what a bot does once after it starts:
loading fonts, a language's formats, the first pictures of each name, filling its caches), three
runs on the same duels:

- 20 and 100 games at once, players looking at the board about `--think` seconds (1 s) before
  each move: p50/p99 per `/move`, from the interaction to the edited game message;
- saturation: 100 games, every player moving as soon as the board shows: moves per second.

CPU ms per move is the bot processes' user + system time over a run (with their live child
processes: the drawing process and the computer's worker; `children` is those processes' share),
divided by its moves (`emulator ms` is this process's own, the emulator's and the players', for
comparison). `cores` is how busy the machine was: the bot processes', this process's and the
PostgreSQL server's CPU over the run's wall time (at 2 on a 2-core machine, the machine is the
limit, not the bot); peak RSS is the largest resident size a bot process reached (VmHWM), alone
and with its child processes' (each one's largest, added up). The last line is one JSON object;
its `one_process` and `two_processes` figures are PostgreSQL's (null without it), the SQLite ones
are under `one_process_sqlite`.

Run: .venv/bin/python -m benchmarks.scale [--quick] [--postgres-url URL]
PostgreSQL (`--postgres-url`, default DUELBOARD_TEST_POSTGRES_URL) needs a role that may create
databases: each set-up gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import signal
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from benchmarks.e2e_latency import percentile
from benchmarks.turns import Turns
from bot.store import Store
from bot.store.connect import normalize_url
from emulator import Channel, Emulator, User
from emulator.point import spawn

SERVERS = 10
START_WAIT = 120.0
WAIT = 120.0  # one move's round trip, however saturated
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Run:
    """One run on the set-up's duels: how many games at once, moves each, think time."""

    name: str
    games: int
    moves: int
    think: float


# Unmeasured, before the runs: two quick moves in every game.
WARM_UP = Run("warm_up", 100, 2, 0.2)


@dataclass
class Duel:
    """A game's channel, its two players and, once accepted, its id and message."""

    channel: Channel
    white: User
    black: User
    game_id: int = 0
    message_id: int = 0


@dataclass
class Measured:
    """What one run measured."""

    latencies_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # the bot processes with their child processes
    children_cpu_seconds: float = 0.0  # of which the child processes' (drawing, the computer)
    driver_cpu_seconds: float = 0.0  # this process: the emulator and the players
    server_cpu_seconds: float = 0.0  # the PostgreSQL server's processes (0 on SQLite)

    @property
    def moves(self) -> int:
        """Moves played."""
        return len(self.latencies_ms)

    def row(self, run: Run) -> dict[str, float]:
        """The run's figures."""
        ms = self.latencies_ms
        return {
            "games": run.games,
            "moves": self.moves,
            "p50_ms": round(statistics.median(ms), 1),
            "p99_ms": round(percentile(ms, 0.99), 1),
            "moves_per_s": round(self.moves / self.seconds, 1),
            "cpu_ms_per_move": round(self.cpu_seconds * 1000 / self.moves, 2),
            "children_cpu_ms_per_move": round(self.children_cpu_seconds * 1000 / self.moves, 2),
            "emulator_cpu_ms_per_move": round(self.driver_cpu_seconds * 1000 / self.moves, 2),
            "cores": round(
                (self.cpu_seconds + self.driver_cpu_seconds + self.server_cpu_seconds)
                / self.seconds,
                2,
            ),
        }


def _children(pid: int) -> list[int]:
    """The live processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError):  # gone meanwhile
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found


def _server_cpu_seconds() -> float:
    """CPU time of every PostgreSQL server process on this machine (none: 0)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    total += _cpu_seconds(int(entry.name))
            except OSError:  # gone meanwhile
                continue
    return total


def _total_cpu_seconds(pids: Iterable[int]) -> float:
    """The CPU time of these processes (one that ended meanwhile counts nothing)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += _cpu_seconds(pid)
    return total


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (not its children), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _peak_rss_mb(pid: int) -> float:
    """The most memory the process has held resident (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


class Setup:
    """One set-up: the emulator with its servers and duels, and the bot's processes."""

    def __init__(self, database_url: str, shard_sets: list[list[int]] | None, folder: Path):
        self.database_url = database_url
        self.shard_sets = shard_sets  # None: one unsharded process
        self.folder = folder
        self.emulator = Emulator(reply_window=WAIT)  # a latency benchmark, not a refusal test
        self.processes: list[asyncio.subprocess.Process] = []
        servers = [self.emulator.add_guild(f"server {n}") for n in range(SERVERS)]
        self.duels = [
            Duel(
                self.emulator.add_channel(f"duel-{n}", guild=servers[n % SERVERS]),
                self.emulator.add_member(f"w{n}", guild=servers[n % SERVERS]),
                self.emulator.add_member(f"b{n}", guild=servers[n % SERVERS]),
            )
            for n in range(100)
        ]

    async def start(self) -> None:
        """Serve the emulator and start the bot's processes; wait until they are connected."""
        await self.emulator.start()
        shard_sets: list[list[int] | None] = [None]
        if self.shard_sets is not None:
            shard_sets = list(self.shard_sets)
        for number, shard_ids in enumerate(shard_sets):
            env = {
                "DISCORD_TOKEN": self.emulator.token,
                "DATABASE_URL": self.database_url,
                "LOG_LEVEL": "WARNING",
            }
            if shard_ids is not None:
                env |= {"SHARD_COUNT": str(len(shard_sets)), "SHARD_IDS": str(shard_ids[0])}
            with open(self.folder / f"bot{number}.log", "ab") as output:
                process = await spawn(
                    self.emulator.origin, "bot", env=env, cwd=self.folder, output=output
                )
            self.processes.append(process)
        count = len(shard_sets)

        def connected() -> bool | None:
            synced = self.emulator.requests("/commands", "PUT")
            return True if len(self.emulator.gateway.sessions) == count and synced else None

        await self.emulator.wait_until(connected, "the bot's processes", START_WAIT)

    async def stop(self) -> None:
        """Stop the processes as an operator would (SIGTERM), then the emulator."""
        for process in self.processes:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            await asyncio.wait_for(process.wait(), START_WAIT)
        await self.emulator.stop()

    def cpu_seconds(self) -> float:
        """The bot processes' CPU time so far, their live child processes' included."""
        return _total_cpu_seconds(process.pid for process in self.processes) + (
            self.children_cpu_seconds()
        )

    def children_cpu_seconds(self) -> float:
        """The CPU time so far of the bot processes' live child processes."""
        return _total_cpu_seconds(
            child for process in self.processes for child in _children(process.pid)
        )

    def peak_rss_mb(self) -> float:
        """The largest peak resident size among the bot processes."""
        return max(_peak_rss_mb(process.pid) for process in self.processes)

    def peak_rss_with_children_mb(self) -> float:
        """The largest, among the bot processes, of its peak resident size plus its live child
        processes' (the drawing process, the computer's worker)."""
        return max(
            _peak_rss_mb(process.pid) + sum(map(_peak_rss_mb, _children(process.pid)))
            for process in self.processes
        )

    async def open_tables(self, store: Store) -> None:
        """Every duel challenged and accepted, a few at a time."""
        gate = asyncio.Semaphore(10)

        async def open_one(duel: Duel) -> None:
            async with gate:
                options = {"opponent": duel.black, "cube": False}
                handle = await self.emulator.slash(
                    duel.white, "backgammon", options, channel=duel.channel
                )
                await handle.original(timeout=WAIT)
                row = await store.active_game_in_channel(duel.channel.id)
                assert row is not None and row.message_id is not None
                duel.game_id, duel.message_id = row.id, row.message_id
                board = self.emulator.state.messages[row.message_id]
                accept = await self.emulator.click(duel.black, board, f"db:{row.id}:accept")
                await accept.acknowledged(WAIT)
                await self.emulator.wait_until(
                    lambda: True if board.attachments else None, "the first board", WAIT
                )

        await asyncio.gather(*(open_one(duel) for duel in self.duels))

    async def play(self, turns: Turns, duel: Duel, run: Run, measured: Measured) -> None:
        """`run.moves` turns of one duel by /move, each timed to the edited game message.

        Each turn is a legal play of the game as the bot stored it, read lean (`Turns`).
        """
        board = self.emulator.state.messages[duel.message_id]
        users = {duel.white.id: duel.white, duel.black.id: duel.black}
        for count in range(run.moves):
            turn = await turns.read(duel.game_id)
            if not turn.is_open or turn.to_move_id is None:
                return
            notation = turn.play(count)
            if run.think:
                # People look at the board before moving: 0.5-1.5 times the think time.
                await asyncio.sleep(run.think * (0.5 + (count * 7 + duel.game_id) % 11 / 10))
            edits = board.edits
            started = time.perf_counter()
            move = await self.emulator.slash(
                users[turn.to_move_id], "move", {"play": notation}, channel=duel.channel
            )
            await self.emulator.wait_for_edit(
                board, edits, lambda m: bool(m.attachments), timeout=WAIT
            )
            measured.latencies_ms.append((time.perf_counter() - started) * 1000)
            await move.original(timeout=WAIT)  # the mover's private "Played …" (not timed)

    async def measure(self, turns: Turns, run: Run) -> Measured:
        """Play one run on the first `run.games` duels."""
        measured = Measured()
        # The emulator keeps every message and request it saw, and the collector's full passes
        # walked them all again during a run (about 5% of this process's CPU at saturation):
        # what exists before the run is left out of them.
        gc.freeze()
        cpu, children = self.cpu_seconds(), self.children_cpu_seconds()
        own, wall = time.process_time(), time.perf_counter()
        server = _server_cpu_seconds()
        await asyncio.gather(
            *(self.play(turns, duel, run, measured) for duel in self.duels[: run.games])
        )
        measured.seconds = time.perf_counter() - wall
        measured.cpu_seconds = self.cpu_seconds() - cpu
        measured.children_cpu_seconds = self.children_cpu_seconds() - children
        measured.driver_cpu_seconds = time.process_time() - own
        if "postgresql" in self.database_url:
            measured.server_cpu_seconds = _server_cpu_seconds() - server
        return measured


@asynccontextmanager
async def postgres_database(url: str) -> AsyncIterator[str]:
    """A database of its own on the server of `url`, dropped afterwards."""
    admin_url = normalize_url(url)
    name = f"duelboard_scale_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f"CREATE DATABASE {name}"))
        try:
            yield admin_url.set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as connection:
                await connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        await admin.dispose()


async def measure_setup(
    name: str, database_url: str, shard_sets: list[list[int]] | None, runs: list[Run]
) -> dict[str, Any]:
    """Start a set-up, play its runs, print a line per run; the figures by run name."""
    with tempfile.TemporaryDirectory() as folder:
        setup = Setup(database_url, shard_sets, Path(folder))
        store = await Store.open(database_url)  # the driver finds the games, as tests do
        turns = await Turns.open(database_url)
        figures: dict[str, Any] = {}
        try:
            await setup.start()
            await setup.open_tables(store)
            await setup.measure(turns, WARM_UP)
            for run in runs:
                figures[run.name] = row = (await setup.measure(turns, run)).row(run)
                print(
                    f"{name:<24} {run.name:<12} {row['games']:>5} {row['moves']:>6} "
                    f"{row['p50_ms']:>8} {row['p99_ms']:>8} {row['moves_per_s']:>8} "
                    f"{row['cpu_ms_per_move']:>12} {row['children_cpu_ms_per_move']:>9} "
                    f"{row['emulator_cpu_ms_per_move']:>12} "
                    f"{row['cores']:>6}",
                    flush=True,
                )
            figures["peak_rss_mb"] = round(setup.peak_rss_mb(), 1)
            figures["peak_rss_with_children_mb"] = round(setup.peak_rss_with_children_mb(), 1)
            print(
                f"{name:<24} peak RSS {figures['peak_rss_mb']} MB per process, "
                f"{figures['peak_rss_with_children_mb']} MB with its child processes",
                flush=True,
            )
        except BaseException:
            for log in sorted(Path(folder).glob("bot*.log")):
                print(f"--- {log.name}\n{log.read_text()[-4000:]}")
            raise
        finally:
            await setup.stop()
            await turns.close()
            await store.close()
    return figures


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Every set-up; the JSON summary."""
    moves = (10, 6, 8) if args.quick else (20, 12, 16)
    runs = [
        Run("20_games", 20, moves[0], args.think),
        Run("100_games", 100, moves[1], args.think),
        Run("saturation", 100, moves[2], 0.0),
    ]
    print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} think={args.think}s")
    print(
        f"{'set-up':<24} {'run':<12} {'games':>5} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'moves/s':>8} {'cpu ms/move':>12} {'children':>9} {'emulator ms':>12} {'cores':>6}"
    )
    with tempfile.TemporaryDirectory() as folder:
        sqlite_url = f"sqlite+aiosqlite:///{Path(folder) / 'scale.sqlite3'}"
        sqlite = await measure_setup("1 process, SQLite", sqlite_url, None, runs)
    summary: dict[str, Any] = {
        "one_process": None,
        "two_processes": None,
        "one_process_sqlite": _summary(sqlite),
    }
    if not args.postgres_url:
        print("PostgreSQL skipped: give --postgres-url or set DUELBOARD_TEST_POSTGRES_URL")
        return summary
    async with postgres_database(args.postgres_url) as url:
        one = await measure_setup("1 process, PostgreSQL", url, None, runs)
    async with postgres_database(args.postgres_url) as url:
        two = await measure_setup("2 processes, PostgreSQL", url, [[0], [1]], runs)
    summary["one_process"] = _summary(one)
    summary["two_processes"] = _summary(two)
    speedup = two["saturation"]["moves_per_s"] / one["saturation"]["moves_per_s"]
    # Per move, one process at saturation kept `cores` busy (the bot, the emulator and its
    # players, PostgreSQL): however many processes, the machine's cores carry no more moves.
    cores = one["saturation"]["cores"]
    ceiling = (os.cpu_count() or 1) / cores
    print(
        f"two processes / one process at saturation: {speedup:.2f}x (one process kept {cores} "
        f"of {os.cpu_count()} cores busy: this machine carries at most {ceiling:.2f}x)"
    )
    return summary


def _summary(figures: dict[str, Any]) -> dict[str, float]:
    return {
        "moves_per_s": figures["saturation"]["moves_per_s"],
        "p50_ms_20_games": figures["20_games"]["p50_ms"],
        "p99_ms_20_games": figures["20_games"]["p99_ms"],
        "p50_ms_100_games": figures["100_games"]["p50_ms"],
        "p99_ms_100_games": figures["100_games"]["p99_ms"],
        "cpu_ms_per_move": figures["20_games"]["cpu_ms_per_move"],
        "cpu_ms_per_move_saturated": figures["saturation"]["cpu_ms_per_move"],
        "children_cpu_ms_per_move": figures["20_games"]["children_cpu_ms_per_move"],
        "cores_saturated": figures["saturation"]["cores"],
        "peak_rss_mb": figures["peak_rss_mb"],
        "peak_rss_with_children_mb": figures["peak_rss_with_children_mb"],
    }


def main() -> None:
    """Measure every set-up and print the summary as the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer moves: under 4 minutes")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds a player looks before moving"
    )
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("DUELBOARD_TEST_POSTGRES_URL"),
        help="PostgreSQL server to measure on (default: DUELBOARD_TEST_POSTGRES_URL)",
    )
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args))))


if __name__ == "__main__":
    main()
