"""Independent answers for the pairing tests: brute force over every pairing of a small field,
points and ranks counted afresh from the results, and the size of a maximum matching from the
rank of a Tutte matrix (Lovász), which shares nothing with the blossom code under test."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bot.service.tournaments.pairing import Entrant, Format, Pairing, PairingResult, pair_round

MayMeet = Callable[[int, int], bool]


def every_pairing(players: Sequence[int], may_meet: MayMeet) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair all of `players` (an even number) using only pairs that may meet."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for n, other in enumerate(rest):
        if may_meet(first, other):
            for more in every_pairing([*rest[:n], *rest[n + 1 :]], may_meet):
                yield [(first, other), *more]


def matching_size(players: Sequence[int], may_meet: MayMeet, seed: int = 18) -> int:
    """The size of a maximum matching: half the rank, modulo a large prime, of the Tutte matrix
    with random entries (wrong with probability below n / 2**61; the seed is fixed)."""
    prime = (1 << 61) - 1
    rng = random.Random(seed)
    size = len(players)
    rows = [[0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            if may_meet(players[i], players[j]):
                x = rng.randrange(1, prime)
                rows[i][j], rows[j][i] = x, prime - x
    rank = 0
    for column in range(size):
        pivot = next((r for r in range(rank, size) if rows[r][column]), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][column], prime - 2, prime)
        for r in range(rank + 1, size):
            factor = rows[r][column] * inverse % prime
            if factor:
                rows[r] = [
                    (a - factor * b) % prime for a, b in zip(rows[r], rows[rank], strict=True)
                ]
        rank += 1
    return rank // 2


@dataclass
class History:
    """What the results so far say, counted here without the module's help."""

    points: dict[int, float]
    met: dict[int, set[int]]
    byes: Counter[int]
    rank: list[int]  # Swiss order: points, then rating, then id

    def position(self, player: int) -> int:
        return self.rank.index(player)


def history(entrants: Sequence[Entrant], results: Sequence[PairingResult]) -> History:
    points: dict[int, float] = defaultdict(float)
    met: dict[int, set[int]] = defaultdict(set)
    byes: Counter[int] = Counter()
    for r in results:
        if r.second is None:
            points[r.first] += 1
            byes[r.first] += 1
            continue
        met[r.first].add(r.second)
        met[r.second].add(r.first)
        if r.winner is None:
            points[r.first] += 0.5
            points[r.second] += 0.5
        else:
            points[r.winner] += 1
    rating = {e.id: e.rating for e in entrants}
    rank = sorted(rating, key=lambda i: (-points[i], -rating[i], i))
    return History(points, met, byes, rank)


def random_results(
    round_number: int, pairings: Sequence[Pairing], rng: random.Random, draws: float
) -> list[PairingResult]:
    """A result for every pairing: a bye is won, a game drawn with probability `draws`."""
    results = []
    for p in pairings:
        if p.second is None:
            results.append(PairingResult(round_number, p.first, None, p.first))
        else:
            roll = rng.random()
            winner = None if roll < draws else rng.choice((p.first, p.second))
            results.append(PairingResult(round_number, p.first, p.second, winner))
    return results


def play(
    format: Format, entrants: Sequence[Entrant], rounds: int, rng: random.Random, draws: float = 0.0
) -> Iterator[tuple[list[PairingResult], list[Pairing]]]:
    """Each round's (results before it, pairings), with random results fed back."""
    results: list[PairingResult] = []
    for number in range(1, rounds + 1):
        pairings = pair_round(format, entrants, results, number)
        yield list(results), pairings
        results += random_results(number, pairings, rng, draws)
