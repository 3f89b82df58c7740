"""Impossible input is refused with a message that says what is wrong."""

from __future__ import annotations

import math

import pytest

from bot.service.tournaments.pairing import (
    Entrant,
    Format,
    PairingResult,
    pair_round,
    rounds,
    standings,
)

FOUR = [Entrant(i, 1500) for i in (1, 2, 3, 4)]


@pytest.mark.parametrize("format", list(Format))
@pytest.mark.parametrize("players", [0, 1])
def test_fewer_than_two_players(format: Format, players: int) -> None:
    entrants = FOUR[:players]
    message = f"a tournament needs at least 2 players, not {players}"
    with pytest.raises(ValueError, match=message):
        rounds(format, players, 1)
    with pytest.raises(ValueError, match=message):
        pair_round(format, entrants, [], 1)
    with pytest.raises(ValueError, match=message):
        standings(format, entrants, [])


@pytest.mark.parametrize(
    ("players", "wanted", "message"),
    [
        (8, None, "a Swiss needs its number of rounds"),
        (8, 0, "a Swiss of 8 players has 1 to 7 rounds, not 0"),
        (8, 8, "a Swiss of 8 players has 1 to 7 rounds, not 8"),
        (7, 8, "a Swiss of 7 players has 1 to 7 rounds, not 8"),
    ],
)
def test_swiss_rounds_out_of_range(players: int, wanted: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rounds(Format.SWISS, players, wanted)


def test_swiss_rounds_in_range() -> None:
    assert rounds(Format.SWISS, 8, 3) == 3
    assert rounds(Format.SWISS, 7, 7) == 7  # as many as a round robin: one bye each


def test_an_unknown_format() -> None:
    with pytest.raises(ValueError, match="'ladder' is not a valid Format"):
        rounds(Format("ladder"), 4)


@pytest.mark.parametrize("format", list(Format))
def test_round_zero(format: Format) -> None:
    with pytest.raises(ValueError, match="rounds are numbered from 1, not 0"):
        pair_round(format, FOUR, [], 0)


@pytest.mark.parametrize("format", list(Format))
def test_a_player_entered_twice(format: Format) -> None:
    entrants = [*FOUR, Entrant(3, 1600)]
    with pytest.raises(ValueError, match="player 3 is entered twice"):
        pair_round(format, entrants, [], 1)
    with pytest.raises(ValueError, match="player 3 is entered twice"):
        standings(format, entrants, [])


@pytest.mark.parametrize("rating", [math.nan, math.inf])
def test_a_rating_that_cannot_be_ordered(rating: float) -> None:
    with pytest.raises(ValueError, match="player 9 has no usable rating"):
        pair_round(Format.KNOCKOUT, [*FOUR, Entrant(9, rating)], [], 1)


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (PairingResult(0, 1, 2, 1), "rounds are numbered from 1, not 0"),
        (PairingResult(1, 1, 1, 1), "player 1 cannot play itself"),
        (PairingResult(1, 1, 2, 3), "player 3 won a game it did not play"),
        (PairingResult(1, 1, None, 2), "player 2 won a game it did not play"),
    ],
)
@pytest.mark.parametrize("format", list(Format))
def test_a_result_that_cannot_be(result: PairingResult, message: str, format: Format) -> None:
    with pytest.raises(ValueError, match=message):
        standings(format, FOUR, [result])
    with pytest.raises(ValueError, match=message):
        pair_round(format, FOUR, [result], 2)


@pytest.mark.parametrize("format", list(Format))
def test_two_results_for_one_player_in_a_round(format: Format) -> None:
    results = [PairingResult(1, 1, 2, 1), PairingResult(1, 3, 1, 3)]
    with pytest.raises(ValueError, match="player 1 has two results in round 1"):
        standings(format, FOUR, results)


@pytest.mark.parametrize("format", list(Format))
def test_a_later_round_is_not_paired_before_an_earlier_one(format: Format) -> None:
    with pytest.raises(ValueError, match="round 1 is not finished"):
        pair_round(format, FOUR, [], 2)
