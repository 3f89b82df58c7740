"""Swiss pairing time on a 256-player field, round by round, against the 1 s target.

Run: .venv/bin/python -m benchmarks.tournament_pairing [--players 256] [--rounds 12]
     [--tournaments 5] [--draws 0.1] [--seed 18]

Each tournament is a Swiss played to the end with random results (`--draws` of the games drawn);
every round is paired by `pair_round`, validation of the results included, and timed. Printed:
the median and worst time of each round over the tournaments, then the worst late round (the second
half of the tournament, where score groups are many and small and players have met the most
opponents). Late rounds are timed a second time with every score group's floaters settled by the
weighted matching instead of the first candidates (`swiss._QUICK_TRIES = 0`): the slowest path
the pairing can take.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from bot.service.tournaments import swiss
from bot.service.tournaments.pairing import (
    Entrant,
    Format,
    Pairing,
    PairingResult,
    pair_round,
    rounds,
)

TARGET_S = 1.0


def result(number: int, pairing: Pairing, rng: random.Random, draws: float) -> PairingResult:
    if pairing.second is None:
        return PairingResult(number, pairing.first, None, pairing.first)
    if rng.random() < draws:
        return PairingResult(number, pairing.first, pairing.second, None)
    return PairingResult(
        number, pairing.first, pairing.second, rng.choice((pairing.first, pairing.second))
    )


def timed(entrants: Sequence[Entrant], results: Sequence[PairingResult], number: int) -> float:
    start = time.perf_counter()
    pair_round(Format.SWISS, entrants, results, number)
    return time.perf_counter() - start


def tournament(
    players: int, total: int, draws: float, seed: int
) -> tuple[list[float], list[float]]:
    """One event: the seconds to pair each round, and each late round again on the slow path."""
    rng = random.Random(seed)
    entrants = [Entrant(10_000 + n, rng.uniform(1000, 2200)) for n in range(players)]
    results: list[PairingResult] = []
    usual, slow = [], []
    for number in range(1, total + 1):
        usual.append(timed(entrants, results, number))
        if number > total // 2:
            quick, swiss._QUICK_TRIES = swiss._QUICK_TRIES, 0
            try:
                slow.append(timed(entrants, results, number))
            finally:
                swiss._QUICK_TRIES = quick
        pairings = pair_round(Format.SWISS, entrants, results, number)
        results += [result(number, p, rng, draws) for p in pairings]
    return usual, slow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--tournaments", type=int, default=5)
    parser.add_argument("--draws", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    total = rounds(Format.SWISS, args.players, args.rounds)
    runs = [
        tournament(args.players, total, args.draws, args.seed + n) for n in range(args.tournaments)
    ]
    print(
        f"Swiss, {args.players} players, {total} rounds, {args.tournaments} tournaments, "
        f"{args.draws:.0%} draws: seconds to pair each round (median / worst)"
    )
    for number in range(1, total + 1):
        times = [usual[number - 1] for usual, _ in runs]
        print(f"  round {number:>3}: {statistics.median(times):.3f} / {max(times):.3f}")
    late = [t for usual, _ in runs for t in usual[total // 2 :]]
    slow = [t for _, slow in runs for t in slow]
    verdict = "under" if max(late) < TARGET_S else "OVER"
    print(f"worst late round: {max(late):.3f} s ({verdict} the {TARGET_S:.0f} s target)")
    print(f"worst late round, floaters by weighted matching only: {max(slow):.3f} s")


if __name__ == "__main__":
    main()
