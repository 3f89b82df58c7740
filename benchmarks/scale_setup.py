"""One set-up of benchmarks/scale.py: the emulator with its servers and duels, the bot's processes
(Duelboard's, or the bare bot's of benchmarks/floor.py), and the players who time their moves."""

from __future__ import annotations

import asyncio
import gc
import signal
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import processes as proc
from benchmarks.e2e_latency import percentile
from benchmarks.processes import CpuCap
from benchmarks.turns import Turns
from bot.store import Store
from emulator import Channel, Emulator, Guild, User
from emulator.point import spawn

DUELS = 100
START_WAIT = 180.0  # many shards connect 5 s apart
WAIT = 120.0  # one move's round trip, however saturated
FLOOR_PLAY = "8/5 6/5"  # what the bare bot's players send: it reads no rules


@dataclass(frozen=True)
class Run:
    """One run on the set-up's duels: how many games at once (from duel `first` on), moves
    each, think time."""

    name: str
    games: int
    moves: int
    think: float
    first: int = 0


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


def spread(servers: list[Guild]) -> list[Guild]:
    """Each duel's server: the duels dealt round the servers."""
    return [servers[n % len(servers)] for n in range(DUELS)]


@dataclass(frozen=True)
class Plan:
    """What a set-up runs: which program on which database (None: the bare bot, which keeps
    none), in how many processes over how many shards, capped or not, in how many servers."""

    database_url: str | None
    module: str = "bot"
    processes: int = 1
    shard_count: int | None = None  # None: unsharded
    cap: float | None = None  # each process's CPU share (with its children), None: uncapped
    servers: int = 10
    placement: Callable[[list[Guild]], list[Guild]] = spread
    env: tuple[tuple[str, str], ...] = ()


class Setup:
    """One set-up: the emulator with its servers and duels, and the bot's processes."""

    def __init__(self, plan: Plan, folder: Path) -> None:
        """Build the emulator's servers and duels as `plan` says; nothing starts yet."""
        self.plan = plan
        self.folder = folder
        self.emulator = Emulator(reply_window=WAIT)  # a latency benchmark, not a refusal test
        self.processes: list[asyncio.subprocess.Process] = []
        self.caps: list[CpuCap] = []
        self.start_seconds = 0.0  # from the first process started to every shard connected
        count = plan.shard_count
        servers = [
            self.emulator.add_guild(
                f"server {n}", shard=None if count is None else (n % count, count)
            )
            for n in range(plan.servers)
        ]
        self.duels = [
            Duel(
                self.emulator.add_channel(f"duel-{n}", guild=server),
                self.emulator.add_member(f"w{n}", guild=server),
                self.emulator.add_member(f"b{n}", guild=server),
            )
            for n, server in enumerate(plan.placement(servers))
        ]

    async def start(self) -> None:
        """Serve the emulator and start the bot's processes; wait until they are connected."""
        await self.emulator.start()
        started = time.perf_counter()
        plan = self.plan
        for number in range(plan.processes):
            env = {"DISCORD_TOKEN": self.emulator.token, "LOG_LEVEL": "WARNING", **dict(plan.env)}
            if plan.database_url is not None:
                env["DATABASE_URL"] = plan.database_url
            if plan.shard_count is not None:
                env["SHARD_COUNT"] = str(plan.shard_count)
                if plan.processes > 1:
                    env["SHARD_IDS"] = str(number)
            join = None
            if plan.cap is not None:
                self.caps.append(cap := CpuCap.make(plan.cap))
                join = cap.join
            with open(self.folder / f"bot{number}.log", "ab") as output:
                process = await spawn(
                    self.emulator.origin,
                    plan.module,
                    env=env,
                    cwd=self.folder,
                    output=output,
                    before_exec=join,
                )
            self.processes.append(process)
        sessions = plan.shard_count or 1

        def connected() -> bool | None:
            synced = self.emulator.requests("/commands", "PUT")
            return True if len(self.emulator.gateway.sessions) == sessions and synced else None

        await self.emulator.wait_until(connected, "the bot's processes", START_WAIT)
        self.start_seconds = time.perf_counter() - started

    async def stop(self) -> None:
        """Stop the processes as an operator would (SIGTERM), then the emulator."""
        for process in self.processes:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            await asyncio.wait_for(process.wait(), START_WAIT)
        for cap in self.caps:
            await cap.remove()
        await self.emulator.stop()

    def cpu_seconds(self) -> float:
        """The bot processes' CPU time so far, their live child processes' included."""
        own = proc.total_cpu_seconds(process.pid for process in self.processes)
        return own + self.children_cpu_seconds()

    def children_cpu_seconds(self) -> float:
        """The CPU time so far of the bot processes' live child processes."""
        return proc.total_cpu_seconds(
            child for process in self.processes for child in proc.children(process.pid)
        )

    def peak_rss_mb(self) -> float:
        """The largest peak resident size among the bot processes."""
        return max(proc.peak_rss_mb(process.pid) for process in self.processes)

    def peak_rss_with_children_mb(self) -> float:
        """The largest, among the bot processes, of its peak resident size plus its live child
        processes' (the drawing process, the computer's worker)."""
        return max(
            proc.peak_rss_mb(process.pid) + sum(map(proc.peak_rss_mb, proc.children(process.pid)))
            for process in self.processes
        )

    async def open_tables(self, store: Store | None) -> None:
        """Every duel challenged and accepted (by the bare bot: its message posted), a few at
        a time."""
        gate = asyncio.Semaphore(10)

        async def open_one(duel: Duel) -> None:
            async with gate:
                options = {"opponent": duel.black, "cube": False}
                handle = await self.emulator.slash(
                    duel.white, "backgammon", options, channel=duel.channel
                )
                await handle.original(timeout=WAIT)
                if store is None:
                    [posted] = self.emulator.channel_messages(duel.channel)
                    # No game ids: the duel's number spreads the players' think times instead.
                    duel.game_id, duel.message_id = self.duels.index(duel) + 1, posted.id
                    return
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

    async def play(self, turns: Turns | None, duel: Duel, run: Run, measured: Measured) -> None:
        """`run.moves` turns of one duel by /move, each timed to the edited game message.

        Each turn is a legal play of the game as the bot stored it, read lean (`Turns`); the
        bare bot (no `turns`) reads no rules: its players take turns sending the same play.
        """
        board = self.emulator.state.messages[duel.message_id]
        for count in range(run.moves):
            if turns is None:
                mover, notation = (duel.white, duel.black)[count % 2], FLOOR_PLAY
            else:
                turn = await turns.read(duel.game_id)
                if not turn.is_open or turn.to_move_id is None:
                    return
                mover = duel.white if turn.to_move_id == duel.white.id else duel.black
                notation = turn.play(count)
            if run.think:
                # People look at the board before moving: 0.5-1.5 times the think time.
                await asyncio.sleep(run.think * (0.5 + (count * 7 + duel.game_id) % 11 / 10))
            edits = board.edits
            started = time.perf_counter()
            move = await self.emulator.slash(
                mover, "move", {"play": notation}, channel=duel.channel
            )
            await self.emulator.wait_for_edit(
                board, edits, lambda m: bool(m.attachments), timeout=WAIT
            )
            measured.latencies_ms.append((time.perf_counter() - started) * 1000)
            await move.original(timeout=WAIT)  # the mover's private "Played …" (not timed)

    async def measure(self, turns: Turns | None, run: Run) -> Measured:
        """Play one run on `run.games` duels from duel `run.first` on."""
        measured = Measured()
        # The emulator keeps every message and request it saw, and the collector's full passes
        # walked them all again during a run (about 5% of this process's CPU at saturation):
        # what exists before the run is left out of them.
        gc.freeze()
        cpu, children = self.cpu_seconds(), self.children_cpu_seconds()
        own, wall = time.process_time(), time.perf_counter()
        server = proc.server_cpu_seconds()
        duels = self.duels[run.first : run.first + run.games]
        await asyncio.gather(*(self.play(turns, duel, run, measured) for duel in duels))
        measured.seconds = time.perf_counter() - wall
        measured.cpu_seconds = self.cpu_seconds() - cpu
        measured.children_cpu_seconds = self.children_cpu_seconds() - children
        measured.driver_cpu_seconds = time.process_time() - own
        if self.plan.database_url is not None and "postgresql" in self.plan.database_url:
            measured.server_cpu_seconds = proc.server_cpu_seconds() - server
        return measured
