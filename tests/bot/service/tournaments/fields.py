"""Hand-made fields and results shared by the tests."""

from __future__ import annotations

from bot.service.tournaments.pairing import Entrant, PairingResult


def field(count: int) -> list[Entrant]:
    """Players 1…count, player 1 with the highest rating, so that seeds and ranks on equal
    points follow the ids."""
    return [Entrant(i, 2000 - 100 * i) for i in range(1, count + 1)]


def games(round_number: int, *played: tuple[int, int | None, int | None]) -> list[PairingResult]:
    """A round's results as (first, second, winner); second None is a bye, winner None a draw."""
    return [PairingResult(round_number, first, second, winner) for first, second, winner in played]


# An 8-player Swiss (test_swiss pairs it, test_standings ranks it).
EIGHT_ONE = games(1, (1, 5, 1), (2, 6, 6), (3, 7, None), (4, 8, 4))
EIGHT_TWO = games(2, (1, 4, 1), (6, 3, None), (7, 5, 5), (8, 2, 8))
EIGHT_THREE = games(3, (6, 1, 1), (3, 8, 3), (5, 4, None), (2, 7, 7))
