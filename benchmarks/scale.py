"""Duelboard at scale: real `python -m bot` processes, measured alone, against the emulator.

The Discord emulator and the players' driver run in this process; the bot runs in processes of
its own (`python -m emulator.point <emulator> bot`, configured by its environment as an operator
configures it), so the CPU and memory read from /proc are the bot's alone. Games are backgammon
money games without the cube, each in a channel of its own, spread over several servers; every
`/move` is a whole turn (the next roll is automatic). The set-ups (`--setups`, all by default):

- `floor`: the bare bot (`benchmarks/floor.py`: the same stack doing only what any bot does for
  a move) driven the same way, the floor Duelboard's CPU per move is measured against;
- `sqlite`, `postgres`, `two`: one process on SQLite, one on PostgreSQL, and two processes on
  PostgreSQL with SHARD_COUNT=2 (shards 0 and 1: the servers alternate between them);
- `servers`: one process with 5 shards in 10,000 servers, 20 games in servers it caches first
  (shard 0's first) and 20 in servers it caches last (shard 4's last): the same CPU per move in
  both says no move walks the list of servers;
- `capped` (with `--cap CPU`): one, two and three processes (on as many shards), each capped with
  its child processes at CPU of one core's time by cgroups, at saturation: how the moves per
  second grow with processes when each has the same CPU, whatever else the machine runs.

In each, after two unmeasured moves in every game (what a bot does once after it starts:
loading fonts, a language's formats, the first pictures of each name, filling its caches), three
runs on the same duels (the capped ones: the last only):

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
are under `one_process_sqlite`; `floor` has the bare bot's CPU per move and Duelboard's as a
multiple of it (`ratio`, 20 games, PostgreSQL's where measured), `servers` the CPU per move
cached first and last, `capped` the moves per second of one, two and three capped processes
(null without `--cap`, or where the system offers no cap: the reason is printed).

Run: .venv/bin/python -m benchmarks.scale [--quick] [--postgres-url URL] [--cap CPU]
                                          [--setups floor,sqlite,postgres,two,servers,capped]
PostgreSQL (`--postgres-url`, default DUELBOARD_TEST_POSTGRES_URL) needs a role that may create
databases: each set-up gets a database of its own, dropped afterwards. The capped set-ups run on
PostgreSQL where given, else on one SQLite file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from benchmarks.processes import CapUnavailableError, CpuCap
from benchmarks.scale_setup import Plan, Run, Setup
from benchmarks.turns import Turns
from bot.pictures import IMAGE_WIDTH, PICTURES
from bot.store import GameKind, Store
from bot.store.connect import normalize_url
from emulator import Guild
from render import render_png

# Unmeasured, before the runs: two quick moves in every game.
WARM_UP = Run("warm_up", 100, 2, 0.2)
SETUPS = ("floor", "sqlite", "postgres", "two", "servers", "capped")
MANY_SERVERS, MANY_SHARDS, AT_EACH_END = 10_000, 5, 20  # 2,000 servers a shard


def at_both_ends(servers: list[Guild]) -> list[Guild]:
    """The duels' servers: the first of shard 0's (cached first) and the last of the last
    shard's (cached last)."""
    first = [g for g in servers if (g.id >> 22) % MANY_SHARDS == 0][:AT_EACH_END]
    last = [g for g in servers if (g.id >> 22) % MANY_SHARDS == MANY_SHARDS - 1]
    return first + last[-AT_EACH_END:]


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


@asynccontextmanager
async def database(url: str | None) -> AsyncIterator[str]:
    """A PostgreSQL database of its own on the server of `url`, or an SQLite file of its own."""
    if url:
        async with postgres_database(url) as made:
            yield made
        return
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite+aiosqlite:///{Path(folder) / 'scale.sqlite3'}"


def print_row(name: str, run: Run, row: dict[str, float]) -> None:
    """One run's figures under the header."""
    print(
        f"{name:<24} {run.name:<12} {row['games']:>5} {row['moves']:>6} "
        f"{row['p50_ms']:>8} {row['p99_ms']:>8} {row['moves_per_s']:>8} "
        f"{row['cpu_ms_per_move']:>12} {row['children_cpu_ms_per_move']:>9} "
        f"{row['emulator_cpu_ms_per_move']:>12} {row['cores']:>6}",
        flush=True,
    )


async def measure_setup(name: str, plan: Plan, runs: list[Run]) -> dict[str, Any]:
    """Start a set-up, play its runs, print a line per run; the figures by run name."""
    with tempfile.TemporaryDirectory() as folder:
        setup = Setup(plan, Path(folder))
        url = plan.database_url
        # The driver finds the games, as tests do (the bare bot keeps no games to find).
        store = None if url is None else await Store.open(url)
        turns = None if url is None else await Turns.open(url)
        figures: dict[str, Any] = {}
        try:
            await setup.start()
            print(f"{name:<24} connected in {setup.start_seconds:.1f} s", flush=True)
            await setup.open_tables(store)
            await setup.measure(turns, WARM_UP)
            for run in runs:
                figures[run.name] = row = (await setup.measure(turns, run)).row(run)
                print_row(name, run, row)
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
            if turns is not None:
                await turns.close()
            if store is not None:
                await store.close()
    return figures


async def measure_floor(runs: list[Run]) -> dict[str, Any]:
    """The bare bot, showing one of Duelboard's boards (drawn here, once)."""
    with tempfile.TemporaryDirectory() as folder:
        picture = Path(folder) / "board.png"
        picture.write_bytes(render_png(PICTURES[GameKind.BACKGAMMON].sample(), width=IMAGE_WIDTH))
        print(f"the bare bot's board: {picture.stat().st_size // 1024} KB", flush=True)
        plan = Plan(None, module="benchmarks.floor", env=(("FLOOR_PNG", str(picture)),))
        return await measure_setup("bare bot (floor)", plan, runs)


async def measure_capped(cap: float, url: str | None, saturation: Run) -> dict[str, Any] | None:
    """Moves per second at saturation of one, two and three processes, each capped at `cap`."""
    try:
        await CpuCap.make(cap).remove()
    except CapUnavailableError as error:
        print(f"capped set-ups skipped: this system cannot cap a process's CPU ({error})")
        return None
    capped: dict[str, Any] = {"cpu": cap}
    for count, key in ((1, "one"), (2, "two"), (3, "three")):
        async with database(url) as made:
            name = f"{count} capped at {cap}" + (", PostgreSQL" if url else ", SQLite")
            plan = Plan(made, processes=count, shard_count=None if count == 1 else count, cap=cap)
            figures = await measure_setup(name, plan, [saturation])
        capped[key] = per_second = figures["saturation"]["moves_per_s"]
        # At the cap, each process used its whole share; below it, the machine ran out first.
        used = per_second * figures["saturation"]["cpu_ms_per_move"] / 1000 / count
        print(f"{name}: each process used {used:.2f} of its {cap} CPU")
    print(
        f"capped at {cap} CPU each: two processes / one {capped['two'] / capped['one']:.2f}x, "
        f"three / one {capped['three'] / capped['one']:.2f}x"
    )
    return capped


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Every set-up asked for; the JSON summary."""
    moves = (10, 6, 8) if args.quick else (20, 12, 16)
    runs = [
        Run("20_games", 20, moves[0], args.think),
        Run("100_games", 100, moves[1], args.think),
        Run("saturation", 100, moves[2], 0.0),
    ]
    chosen = set(args.setups.split(","))
    if not chosen <= set(SETUPS):
        raise SystemExit(f"--setups takes some of {','.join(SETUPS)}")
    print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} think={args.think}s")
    print(
        f"{'set-up':<24} {'run':<12} {'games':>5} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'moves/s':>8} {'cpu ms/move':>12} {'children':>9} {'emulator ms':>12} {'cores':>6}"
    )
    summary: dict[str, Any] = dict.fromkeys(
        ("one_process", "two_processes", "one_process_sqlite", "floor", "servers", "capped")
    )
    floor = await measure_floor(runs) if "floor" in chosen else None
    if "sqlite" in chosen:
        async with database(None) as url:
            sqlite = await measure_setup("1 process, SQLite", Plan(url), runs)
        summary["one_process_sqlite"] = _summary(sqlite)
    if args.postgres_url and "postgres" in chosen:
        async with postgres_database(args.postgres_url) as url:
            one = await measure_setup("1 process, PostgreSQL", Plan(url), runs)
        summary["one_process"] = _summary(one)
    if args.postgres_url and "two" in chosen:
        async with postgres_database(args.postgres_url) as url:
            plan = Plan(url, processes=2, shard_count=2)
            two = await measure_setup("2 processes, PostgreSQL", plan, runs)
        summary["two_processes"] = _summary(two)
    if not args.postgres_url:
        print("PostgreSQL skipped: give --postgres-url or set DUELBOARD_TEST_POSTGRES_URL")
    if floor is not None:
        summary["floor"] = _floor_summary(floor, summary)
    if "servers" in chosen:
        summary["servers"] = await measure_servers(args, moves[0])
    if "capped" in chosen and args.cap is not None:
        summary["capped"] = await measure_capped(args.cap, args.postgres_url, runs[2])
    elif "capped" in chosen:
        print("capped set-ups skipped: give --cap CPU (a share of one core, e.g. 0.35)")
    return summary


async def measure_servers(args: argparse.Namespace, moves: int) -> dict[str, float]:
    """CPU per move of games in servers cached first and last, among 10,000 (two runs each,
    alternating, so that the machine's load drifts alike on both)."""
    runs = [
        Run(f"{name}_{half}", AT_EACH_END, moves // 2, args.think, first=first)
        for half in (1, 2)
        for name, first in (("first", 0), ("last", AT_EACH_END))
    ]
    async with database(args.postgres_url) as url:
        plan = Plan(url, shard_count=MANY_SHARDS, servers=MANY_SERVERS, placement=at_both_ends)
        name = f"{MANY_SERVERS} servers, {MANY_SHARDS} shards"
        figures = await measure_setup(name, plan, runs)
    cpu = {
        end: round(
            statistics.mean(figures[f"{end}_{half}"]["cpu_ms_per_move"] for half in (1, 2)), 2
        )
        for end in ("first", "last")
    }
    print(f"cached last / cached first, CPU per move: {cpu['last'] / cpu['first']:.2f}x")
    return {
        "cpu_ms_per_move_cached_first": cpu["first"],
        "cpu_ms_per_move_cached_last": cpu["last"],
    }


def _floor_summary(floor: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    """The bare bot's figures, and Duelboard's CPU per move (20 games) as a multiple of its."""
    own = floor["20_games"]["cpu_ms_per_move"]
    figures: dict[str, Any] = {
        "cpu_ms_per_move": own,
        "cpu_ms_per_move_saturated": floor["saturation"]["cpu_ms_per_move"],
        "p50_ms_20_games": floor["20_games"]["p50_ms"],
        "p99_ms_20_games": floor["20_games"]["p99_ms"],
        "peak_rss_mb": floor["peak_rss_mb"],
        "ratio": None,
    }
    measured = summary["one_process"] or summary["one_process_sqlite"]
    if measured is not None:
        figures["ratio"] = round(measured["cpu_ms_per_move"] / own, 2)
        print(f"Duelboard's CPU per move / the bare bot's (20 games): {figures['ratio']}x")
    return figures


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
    """Measure every set-up asked for and print the summary as the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer moves")
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds a player looks before moving"
    )
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("DUELBOARD_TEST_POSTGRES_URL"),
        help="PostgreSQL server to measure on (default: DUELBOARD_TEST_POSTGRES_URL)",
    )
    parser.add_argument(
        "--cap",
        type=float,
        help="run the capped set-ups with each bot process (and its children) at this share "
        "of one core's time, e.g. 0.35 (needs a cgroup cpu controller this process may write)",
    )
    parser.add_argument(
        "--setups", default=",".join(SETUPS), help=f"which set-ups, of {','.join(SETUPS)}"
    )
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args))))


if __name__ == "__main__":
    main()
