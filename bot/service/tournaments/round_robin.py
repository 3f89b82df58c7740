"""Round-robin rounds by the circle method (the rules are in `pairing`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.tournaments.model import Entrant, Pairing, PairingResult, by_seed, played


def pair(
    entrants: Sequence[Entrant], results: Sequence[PairingResult], round_number: int
) -> list[Pairing]:
    """Round `round_number`'s games, once every game of the rounds before has a result."""
    for number in range(1, round_number):
        played(_schedule(entrants, number), results, number)
    return _schedule(entrants, round_number)


def _schedule(entrants: Sequence[Entrant], round_number: int) -> list[Pairing]:
    """The circle method: seeds sit at seats 0…m-1 around the table (m odd) and one in the middle
    (the bye, for an odd field). In round r (from 0) seat r meets the middle and seat r+i meets
    seat r-i. Seat r+i plays first when i is odd: a seat then plays first in (m-1)/2 of its
    games around the table, and second in as many; the middle plays first in the even rounds."""
    seats: list[int | None] = [e.id for e in by_seed(entrants)]
    if len(seats) % 2:
        seats.append(None)
    middle = seats.pop()
    around = len(seats)
    r = round_number - 1
    games = [(middle, seats[r]) if r % 2 == 0 else (seats[r], middle)]
    for i in range(1, (around + 1) // 2):
        ahead, behind = seats[(r + i) % around], seats[(r - i) % around]
        games.append((ahead, behind) if i % 2 else (behind, ahead))
    # The bye (the middle seat's game in an odd field) is listed last, as in a Swiss.
    return sorted((_seated(a, b) for a, b in games), key=lambda p: p.second is None)


def _seated(first: int | None, second: int | None) -> Pairing:
    """The pairing of two seats, one of which may be the empty middle seat: a bye."""
    if first is None:
        assert second is not None, "only the middle seat is ever empty"
        return Pairing(second, None)
    return Pairing(first, second)
