"""Knockout rounds: a seeded bracket, byes to the top seeds (the rules are in `pairing`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.service.tournaments.model import Entrant, Pairing, PairingResult, by_seed, played


def pair(
    entrants: Sequence[Entrant], results: Sequence[PairingResult], round_number: int
) -> list[Pairing]:
    """Round `round_number`'s games in bracket order, replaying the bracket from round 1."""
    seeds = by_seed(entrants)
    seed = {e.id: n for n, e in enumerate(seeds)}
    size = 1 << (len(seeds) - 1).bit_length()
    # The bracket's places in order; a place past the last seed is a bye for its neighbour.
    places = [seeds[s - 1].id if s <= len(seeds) else None for s in bracket(size)]
    for number in range(1, round_number):
        pairings = _round(places, results, number, seed)
        places = []
        for result in played(pairings, results, number):
            if result.second is None:
                places.append(result.first)
            elif result.winner is None:
                raise ValueError(
                    f"round {number}: {result.first} against {result.second} was drawn;"
                    " a knockout game needs a winner"
                )
            else:
                places.append(result.winner)
    return _round(places, results, round_number, seed)


def bracket(size: int) -> list[int]:
    """Seeds 1…size in bracket order, size a power of two: 1 v size first, and each game beside
    the one whose winner it meets next, so that seeds 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for top in order for s in (top, total - top)]
    return order


def _round(
    places: Sequence[int | None],
    results: Sequence[PairingResult],
    number: int,
    seed: dict[int, int],
) -> list[Pairing]:
    """Neighbouring places meet; the player who has played first fewer times plays first, then
    the higher seed."""
    firsts = Counter(r.first for r in results if r.second is not None and r.round < number)
    pairings = []
    for a, b in zip(places[::2], places[1::2], strict=True):
        if a is None or b is None:
            present = a if b is None else b
            assert present is not None, "two byes never meet: byes are only for the top seeds"
            pairings.append(Pairing(present, None))
            continue
        higher, lower = (a, b) if seed[a] < seed[b] else (b, a)
        if firsts[lower] < firsts[higher]:
            higher, lower = lower, higher
        pairings.append(Pairing(higher, lower))
    return pairings
