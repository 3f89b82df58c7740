"""Recaps against other games' moves: does drawing a finished game's replay slow the games going on?

A real `python -m bot` process against the emulator (as `benchmarks.scale` runs it): 20 games
with players looking about `--think` seconds (1 s) before each move, timed per `/move` as there;
and 20 more games played 40 quick turns each beforehand, unmeasured, to be finished later: each
is resigned (`/resign level:1`, the opponent accepts), which posts its recap, the animated replay
of its last moves. Runs alternate, with recaps (5 games resigned one after another during the
run, a replay of about 40 frames each) and without, so that the machine's load drifts alike on
both; the 20 games' p50/p99 per `/move` of each kind of run are printed side by side, with how
long each recap took from the acceptance to the posted replay and its GIF's size.

Run: .venv/bin/python -m benchmarks.recaps [--postgres-url URL] [--rounds N] [--moves N]
The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.e2e_latency import percentile
from benchmarks.scale import WARM_UP, database
from benchmarks.scale_setup import WAIT, Duel, Plan, Run, Setup
from benchmarks.turns import Turns
from bot.store import Store

TIMED, ENDING = 20, 20
PREPARE = Run("prepare", ENDING, 40, 0.0, first=TIMED)
RECAPS_PER_RUN = 5
MAX_TIMED_TURNS = 40


async def resign(setup: Setup, turns: Turns, duel: Duel) -> tuple[float, int] | None:
    """End a duel by resignation; seconds from the acceptance to the posted replay, and the
    GIF's size (None if the game had ended already)."""
    turn = await turns.read(duel.game_id)
    if not turn.is_open or turn.to_move_id is None:
        return None
    resigner, taker = (
        (duel.white, duel.black) if turn.to_move_id == duel.white.id else (duel.black, duel.white)
    )
    emulator = setup.emulator
    board = emulator.state.messages[duel.message_id]
    edits = board.edits
    offer = await emulator.slash(resigner, "resign", {"level": "1"}, channel=duel.channel)
    await offer.original(timeout=WAIT)
    await emulator.wait_for_edit(
        board, edits, lambda m: f"db:{duel.game_id}:yes" in m.custom_ids, timeout=WAIT
    )
    newest = max(emulator.state.messages)
    started = time.perf_counter()
    await emulator.click(taker, board, f"db:{duel.game_id}:yes")
    while True:
        for message in reversed(emulator.state.messages.values()):
            if message.id <= newest:
                break
            gif = next((a for a in message.attachments if a.filename == "replay.gif"), None)
            if message.channel_id == duel.channel.id and gif is not None:
                return time.perf_counter() - started, len(gif.data)
        if time.perf_counter() - started > WAIT:
            raise TimeoutError(f"no recap for game #{duel.game_id}")
        await asyncio.sleep(0.02)


async def run_with_recaps(
    setup: Setup, turns: Turns, timed: Run, ending: list[Duel]
) -> tuple[list[float], list[tuple[float, int]]]:
    """The timed run, with the `ending` duels resigned one after another meanwhile."""
    recaps: list[tuple[float, int]] = []

    async def end_them() -> None:
        await asyncio.sleep(1.0)
        for duel in ending:
            made = await resign(setup, turns, duel)
            if made is not None:
                recaps.append(made)
            await asyncio.sleep(1.0)

    measured, _ = await asyncio.gather(setup.measure(turns, timed), end_them())
    return measured.latencies_ms, recaps


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Alternate runs with and without recaps; the JSON summary."""
    print(f"cpus={os.cpu_count()} load={os.getloadavg()[0]:.2f} think={args.think}s")
    with_recaps: list[float] = []
    without: list[float] = []
    recaps: list[tuple[float, int]] = []
    async with database(args.postgres_url) as url:
        with tempfile.TemporaryDirectory() as folder:
            setup = Setup(Plan(url), Path(folder))
            store, turns = await Store.open(url), await Turns.open(url)
            try:
                await setup.start()
                await setup.open_tables(store)
                await setup.measure(turns, WARM_UP)
                await setup.measure(turns, PREPARE)
                ending = iter(setup.duels[TIMED : TIMED + ENDING])
                timed = Run("timed", TIMED, args.moves, args.think)
                for number in range(args.rounds):
                    batch = [next(ending) for _ in range(RECAPS_PER_RUN)]
                    latencies, made = await run_with_recaps(setup, turns, timed, batch)
                    with_recaps += latencies
                    recaps += made
                    print(f"round {number + 1} with recaps:    {_line(latencies)}", flush=True)
                    latencies = (await setup.measure(turns, timed)).latencies_ms
                    without += latencies
                    print(f"round {number + 1} without recaps: {_line(latencies)}", flush=True)
            finally:
                await setup.stop()
                await turns.close()
                await store.close()
    seconds = [made[0] for made in recaps]
    sizes = [made[1] for made in recaps]
    summary = {
        "with_recaps": _figures(with_recaps),
        "without_recaps": _figures(without),
        "recaps": len(recaps),
        "recap_s_p50": round(statistics.median(seconds), 3),
        "recap_s_max": round(max(seconds), 3),
        "gif_kb_min": round(min(sizes) / 1024),
        "gif_kb_max": round(max(sizes) / 1024),
    }
    print(
        f"all rounds: with recaps {_line(with_recaps)}; without {_line(without)}; "
        f"{len(recaps)} recaps, {summary['recap_s_p50']} s each (p50, max "
        f"{summary['recap_s_max']} s), GIFs {summary['gif_kb_min']}-{summary['gif_kb_max']} KB"
    )
    return summary


def _figures(latencies: list[float]) -> dict[str, float]:
    return {
        "moves": len(latencies),
        "p50_ms": round(statistics.median(latencies), 1),
        "p99_ms": round(percentile(latencies, 0.99), 1),
    }


def _line(latencies: list[float]) -> str:
    figures = _figures(latencies)
    return f"{figures['moves']} moves, p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms"


def main() -> None:
    """Measure and print the summary as the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each move")
    parser.add_argument("--moves", type=int, default=6, help="moves per game in each run")
    parser.add_argument("--rounds", type=int, default=3, help="runs with recaps (and without)")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("DUELBOARD_TEST_POSTGRES_URL"),
        help="PostgreSQL server to measure on (default: SQLite)",
    )
    args = parser.parse_args()
    if args.rounds * RECAPS_PER_RUN > ENDING:
        parser.error(f"at most {ENDING // RECAPS_PER_RUN} rounds: {ENDING} games to end")
    if args.rounds * 2 * args.moves > MAX_TIMED_TURNS:
        # A game played longer may end by itself: the later runs would time fewer moves.
        parser.error(f"rounds x 2 x moves is at most {MAX_TIMED_TURNS}: games end by themselves")
    print(json.dumps(asyncio.run(main_async(args))))


if __name__ == "__main__":
    main()
