"""The values a tournament's pairing and standings speak in (re-exported by `pairing`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Format(StrEnum):
    """How the rounds are paired."""

    KNOCKOUT = "knockout"
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the tournament: `rating` seeds a knockout and ranks inside a Swiss score
    group."""

    id: int
    rating: float


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: `first` plays first (white in checkers, the first seat in
    backgammon); `second` None is a bye, a win for `first`."""

    first: int
    second: int | None


@dataclass(frozen=True, slots=True)
class PairingResult:
    """How a pairing ended: `winner` None is a draw; for a bye, `winner` is `first` (or None)."""

    round: int
    first: int
    second: int | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's place: `rank` is 1-based and shared by players tied on everything."""

    id: int
    points: float
    buchholz: float
    sonneborn_berger: float
    rank: int


def by_seed(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Highest rating first; equal ratings by the lower user id."""
    return sorted(entrants, key=lambda e: (-e.rating, e.id))


def played(
    pairings: Sequence[Pairing], results: Sequence[PairingResult], number: int
) -> list[PairingResult]:
    """The results of round `number`'s pairings, in pairing order; ValueError if one is missing
    or the round has a result for a pairing it did not have."""
    by_players = {
        frozenset(p for p in (r.first, r.second) if p is not None): r
        for r in results
        if r.round == number
    }
    found = []
    for p in pairings:
        result = by_players.pop(frozenset(x for x in (p.first, p.second) if x is not None), None)
        if result is None:
            game = f"the bye of {p.first}" if p.second is None else f"{p.first} against {p.second}"
            raise ValueError(f"round {number} is not finished: no result for {game}")
        found.append(result)
    if by_players:
        stray = next(iter(by_players.values()))
        raise ValueError(
            f"round {number} has a result for a pairing it did not have:"
            f" {stray.first} against {stray.second}"
        )
    return found
