"""How long the bot's event loop stalls while the computer thinks: in threads vs. in the worker.

Run (about half a minute on two shared cores, with the `ai` extra installed):
    .venv/bin/python -m benchmarks.loop_stall --decisions 40 --hints 40 --seed 1

A ticker sleeps 1 ms at a time on the event loop and notes the gaps between its wake-ups,
while the computer makes `--decisions` backgammon decisions at `expert` (a checker play and a
cube decision each) and gives `--hints` hints, one after another, as the service asks for them:
first the old way (`asyncio.to_thread` on the players in this process, where Open Sage keeps
the GIL), then through the AI worker process (`ai.worker`). The worst and the 99th percentile
gap are what a game's button press can wait for while another game's computer thinks.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ai.coach import ComputerCoach
from ai.levels import Level
from ai.player import ComputerPlayer
from ai.worker import AIWorker
from bot.service.coach import Coach
from bot.service.opponent import Opponent
from bot.store import GameKind
from engine.backgammon.matchplay import Match, MatchOptions, Phase

TICK = 0.001  # the ticker's sleep, in seconds


@dataclass(frozen=True)
class Positions:
    """Matches with dice to play (plays, hints) and matches before a roll (cube decisions)."""

    to_play: list[Match]
    to_roll: list[Match]


def positions(count: int, seed: int) -> Positions:
    """`count` of each, reached by random legal plays in 7-point matches."""
    rng = random.Random(seed)

    def opening() -> Match:
        white, black = rng.sample(range(1, 7), 2)
        return Match.start(MatchOptions(match_length=7)).opening_roll(white, black)

    to_play: list[Match] = []
    to_roll: list[Match] = []
    match = opening()
    while len(to_play) < count or len(to_roll) < count:
        game = match.game
        if game.phase is Phase.ROLLING:
            if game.can_double:
                to_roll.append(match)
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase is Phase.MOVING:
            plays = game.legal_plays()
            if len(plays) > 1:
                to_play.append(match)
            match = match.move(rng.choice(plays))
        else:
            match = opening()
    return Positions(to_play[:count], to_roll[:count])


@dataclass(frozen=True)
class Stalls:
    """The ticker's gaps over one run, how long it took, and the CPU this process spent."""

    gaps: list[float]
    seconds: float
    cpu: float

    def line(self, label: str) -> str:
        """One printed line: worst and p99 gap, gaps over 10 ms, wall and CPU time."""
        worst = max(self.gaps) * 1000
        p99 = statistics.quantiles(self.gaps, n=100)[98] * 1000
        long = sum(1 for gap in self.gaps if gap > 0.010)
        return (
            f"{label:<20} worst gap {worst:6.1f} ms  p99 {p99:5.1f} ms  "
            f"{long:4d} of {len(self.gaps):5d} gaps > 10 ms  "
            f"wall {self.seconds:5.1f} s  this process's CPU {self.cpu:5.1f} s"
        )


async def measured(work: Callable[[], Awaitable[None]]) -> Stalls:
    """Run `work` on the loop while a 1 ms ticker notes the gaps between its wake-ups."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticking = asyncio.create_task(ticker())
    start, cpu = time.perf_counter(), time.process_time()
    await work()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    done.set()
    await ticking
    return Stalls(gaps, seconds, cpu)


def thinking(
    player: Opponent, coach: Coach, found: Positions, decisions: int, hints: int
) -> Callable[[], Awaitable[None]]:
    """The computer's work as the service asks for it: each call in a worker thread."""

    backgammon = player.for_kind(GameKind.BACKGAMMON)
    advice = coach.for_kind(GameKind.BACKGAMMON).advice

    async def work() -> None:
        for play, roll in zip(found.to_play[:decisions], found.to_roll[:decisions], strict=True):
            await asyncio.to_thread(backgammon.choose_play, play)
            await asyncio.to_thread(backgammon.wants_to_double, roll)
        for match in found.to_play[:hints]:
            await asyncio.to_thread(advice, match, 3)

    return work


async def run(decisions: int, hints: int, seed: int) -> None:
    """Measure both paths on the same positions and print a line for each."""
    found = positions(max(decisions, hints), seed)
    print(
        f"{decisions} expert decisions (a play and a cube decision each) and {hints} hints,"
        f" one after another; ticker sleeps {TICK * 1000:.0f} ms"
    )
    local = ComputerPlayer(Level.EXPERT)
    local_coach = ComputerCoach(players=local)
    # The networks are loaded before the clock starts.
    local.for_kind(GameKind.BACKGAMMON).choose_play(found.to_play[0])
    quiet = await measured(lambda: asyncio.sleep(1.0))
    print(quiet.line("idle loop (1 s)"))
    threads = await measured(thinking(local, local_coach, found, decisions, hints))
    print(threads.line("threads (old path)"))
    worker = AIWorker()
    try:
        await asyncio.to_thread(worker.warm_up)  # started and loaded before the clock starts
        remote = worker.opponents()("expert")
        through = await measured(thinking(remote, worker.coach(), found, decisions, hints))
        print(through.line("AI worker process"))
    finally:
        worker.close()


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40, help="expert decisions (play+cube)")
    parser.add_argument("--hints", type=int, default=40, help="hints at the expert level")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    args = parser.parse_args()
    asyncio.run(run(args.decisions, args.hints, args.seed))


if __name__ == "__main__":
    main()
