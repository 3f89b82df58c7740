"""Round robin: the circle method, everyone meets everyone once, the first move balanced."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments.pairing import (
    Entrant,
    Format,
    Pairing,
    PairingResult,
    pair_round,
    rounds,
)
from tests.bot.service.tournaments.fields import field
from tests.bot.service.tournaments.oracle import play

RR = Format.ROUND_ROBIN


def schedule(count: int) -> list[list[Pairing]]:
    """Every round, each fed with a result (the first player wins) for every game before."""
    entrants = field(count)
    results: list[PairingResult] = []
    table: list[list[Pairing]] = []
    for number in range(1, rounds(RR, count) + 1):
        pairings = pair_round(RR, entrants, results, number)
        table.append(pairings)
        results += [PairingResult(number, p.first, p.second, p.first) for p in pairings]
    return table


def test_four_players() -> None:
    # Seeds 1, 2, 3 around the table, 4 in the middle. Round r (from 0): seat r meets the
    # middle (the middle first in even rounds) and seat r+1 meets seat r-1 (r+1 first).
    assert schedule(4) == [
        [Pairing(4, 1), Pairing(2, 3)],
        [Pairing(2, 4), Pairing(3, 1)],
        [Pairing(4, 3), Pairing(1, 2)],
    ]


def test_five_players() -> None:
    # Seeds 1…5 around the table, the bye in the middle: seat r has the bye in round r; seat
    # r+1 meets r-1 (r+1 first), seat r+2 meets r-2 (r-2 first).
    assert schedule(5) == [
        [Pairing(2, 5), Pairing(4, 3), Pairing(1, None)],
        [Pairing(3, 1), Pairing(5, 4), Pairing(2, None)],
        [Pairing(4, 2), Pairing(1, 5), Pairing(3, None)],
        [Pairing(5, 3), Pairing(2, 1), Pairing(4, None)],
        [Pairing(1, 4), Pairing(3, 2), Pairing(5, None)],
    ]


@pytest.mark.parametrize(("players", "expected"), [(2, 1), (3, 3), (4, 3), (5, 5), (10, 9)])
def test_rounds(players: int, expected: int) -> None:
    assert rounds(RR, players) == expected


def test_an_unfinished_round_is_refused() -> None:
    results = [PairingResult(1, 4, 1, 4)]
    with pytest.raises(ValueError, match="round 1 is not finished: no result for 2 against 3"):
        pair_round(RR, field(4), results, 2)


def test_a_result_for_a_game_not_scheduled_is_refused() -> None:
    results = [PairingResult(1, 4, 1, 4), PairingResult(1, 2, 3, 2), PairingResult(1, 5, 6, 5)]
    with pytest.raises(ValueError, match="a result for a pairing it did not have: 5 against 6"):
        pair_round(RR, field(4), results, 2)


def test_a_round_past_the_last_is_refused() -> None:
    with pytest.raises(ValueError, match="a round robin of 5 players has 5 rounds, not 6"):
        pair_round(RR, field(5), [], 6)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 40), st.randoms(use_true_random=False))
def test_everyone_meets_everyone_once_and_plays_first_half_the_time(
    players: int, rng: random.Random
) -> None:
    entrants = [Entrant(500 + n, rng.randrange(1000, 2000)) for n in range(players)]
    ids = [e.id for e in entrants]
    met: Counter[frozenset[int]] = Counter()
    firsts: Counter[int] = Counter()
    seconds: Counter[int] = Counter()
    byes: Counter[int] = Counter()
    for _, pairings in play(RR, entrants, rounds(RR, players), rng, draws=0.2):
        named = [p for pairing in pairings for p in (pairing.first, pairing.second) if p]
        assert sorted(named) == sorted(ids), "everyone plays, or has the bye, once a round"
        for p in pairings:
            if p.second is None:
                byes[p.first] += 1
                continue
            met[frozenset((p.first, p.second))] += 1
            firsts[p.first] += 1
            seconds[p.second] += 1
    assert set(met) == {frozenset(pair) for pair in combinations(ids, 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(ids) if players % 2 else Counter())
    # n-1 games: an odd count for an even field (one more one way), even for an odd one.
    assert {abs(firsts[i] - seconds[i]) for i in ids} == {1 if players % 2 == 0 else 0}
