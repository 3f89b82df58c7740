"""Knockout: seeding by rating, byes to the top seeds, the bracket replayed round by round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments.pairing import (
    Entrant,
    Format,
    Pairing,
    PairingResult,
    Standing,
    pair_round,
    rounds,
    standings,
)
from tests.bot.service.tournaments.fields import field, games

KO = Format.KNOCKOUT


def test_eight_players_standard_bracket() -> None:
    # 1 v 8 and 4 v 5 make one half, 2 v 7 and 3 v 6 the other: 1 and 2 meet only in a final.
    assert pair_round(KO, field(8), [], 1) == [
        Pairing(1, 8),
        Pairing(4, 5),
        Pairing(2, 7),
        Pairing(3, 6),
    ]


def test_seeds_follow_rating_not_the_order_given() -> None:
    entrants = [Entrant(30, 1500), Entrant(10, 1700), Entrant(40, 1400), Entrant(20, 1600)]
    # Seeds: 10 (1700), 20 (1600), 30 (1500), 40 (1400): 1 v 4, 2 v 3.
    assert pair_round(KO, entrants, [], 1) == [Pairing(10, 40), Pairing(20, 30)]


def test_equal_ratings_seed_the_lower_id_first() -> None:
    entrants = [Entrant(7, 1500), Entrant(3, 1500), Entrant(5, 1500), Entrant(9, 1500)]
    assert pair_round(KO, entrants, [], 1) == [Pairing(3, 9), Pairing(5, 7)]


def test_five_players_three_byes_to_the_top_seeds() -> None:
    # A bracket of 8: seeds 6, 7 and 8 are missing, so 3, 2 and 1 have byes; 4 v 5 is played.
    assert pair_round(KO, field(5), [], 1) == [
        Pairing(1, None),
        Pairing(4, 5),
        Pairing(2, None),
        Pairing(3, None),
    ]


def test_six_players_two_byes_to_the_top_seeds() -> None:
    assert pair_round(KO, field(6), [], 1) == [
        Pairing(1, None),
        Pairing(4, 5),
        Pairing(2, None),
        Pairing(3, 6),
    ]


def test_eight_players_to_the_final() -> None:
    entrants = field(8)
    first = games(1, (1, 8, 1), (4, 5, 5), (2, 7, 2), (3, 6, 3))
    # Winners in bracket order: 1, 5 | 2, 3. Player 5 played second in round 1 and 1 played
    # first, so 5 plays first; 2 and 3 both played first once: the higher seed, 2, goes first.
    assert pair_round(KO, entrants, first, 2) == [Pairing(5, 1), Pairing(2, 3)]
    second = games(2, (5, 1, 1), (2, 3, 3))
    # 1 and 3 have each played first once: the higher seed, 1, plays first.
    assert pair_round(KO, entrants, first + second, 3) == [Pairing(1, 3)]


def test_five_players_byes_advance() -> None:
    entrants = field(5)
    first = games(1, (1, None, 1), (4, 5, 5), (2, None, 2), (3, None, 3))
    # A bye is not a game: 1 has played first no more than 5 has, so the higher seed goes first.
    assert pair_round(KO, entrants, first, 2) == [Pairing(1, 5), Pairing(2, 3)]
    second = games(2, (1, 5, 5), (2, 3, 2))
    # 5 has never played first, 2 has once.
    assert pair_round(KO, entrants, first + second, 3) == [Pairing(5, 2)]


def test_a_bye_result_may_leave_the_winner_empty() -> None:
    first = games(1, (1, None, None), (4, 5, 4), (2, None, None), (3, None, None))
    assert pair_round(KO, field(5), first, 2) == [Pairing(1, 4), Pairing(2, 3)]


def test_knockout_standings_by_round_reached_then_seed() -> None:
    entrants = field(5)
    results = [
        *games(1, (1, None, 1), (4, 5, 5), (2, None, 2), (3, None, 3)),
        *games(2, (1, 5, 5), (2, 3, 2)),
        *games(3, (5, 2, 2)),
    ]
    # Rounds won (a bye counts): 2 won three, 5 two, 1 and 3 one each (their byes), 4 none.
    # Points: 1: 1, 2: 3, 3: 1, 4: 0, 5: 2.
    # Buchholz: 1 met 5 (2); 2 met 3 and 5 (1 + 2); 3 met 2 (3); 4 met 5 (2); 5 met 4, 1, 2
    # (0 + 1 + 3). Sonneborn-Berger: 2 beat 3 and 5 (1 + 2); 5 beat 4 and 1 (0 + 1).
    assert standings(KO, entrants, results) == [
        Standing(2, 3, 3, 3, 1),
        Standing(5, 2, 4, 1, 2),
        Standing(1, 1, 2, 0, 3),
        Standing(3, 1, 3, 0, 3),
        Standing(4, 0, 2, 0, 5),
    ]


def test_knockout_standings_mid_event_share_ranks() -> None:
    results = games(1, (1, 8, 1), (4, 5, 5), (2, 7, 2), (3, 6, 3))
    table = standings(KO, field(8), results)
    assert [(s.id, s.rank) for s in table] == [
        (1, 1), (2, 1), (3, 1), (5, 1), (4, 5), (6, 5), (7, 5), (8, 5)
    ]  # fmt: skip


def test_a_drawn_game_is_refused() -> None:
    first = games(1, (1, 4, None), (2, 3, 2))
    with pytest.raises(ValueError, match="round 1: 1 against 4 was drawn"):
        pair_round(KO, field(4), first, 2)


def test_an_unfinished_round_is_refused() -> None:
    first = games(1, (1, 4, 1))
    with pytest.raises(ValueError, match="round 1 is not finished: no result for 2 against 3"):
        pair_round(KO, field(4), first, 2)


def test_a_missing_bye_result_is_refused() -> None:
    first = games(1, (4, 5, 4), (2, None, 2), (3, None, 3))
    with pytest.raises(ValueError, match="no result for the bye of 1"):
        pair_round(KO, field(5), first, 2)


def test_a_result_for_a_game_not_paired_is_refused() -> None:
    first = games(1, (1, 3, 1), (2, 4, 2))
    with pytest.raises(ValueError, match="round 1 is not finished: no result for 1 against 4"):
        pair_round(KO, field(4), first, 2)


def test_a_round_past_the_final_is_refused() -> None:
    with pytest.raises(ValueError, match="a knockout of 8 players has 3 rounds, not 4"):
        pair_round(KO, field(8), [], 4)


@pytest.mark.parametrize(("players", "expected"), [(2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4)])
def test_rounds(players: int, expected: int) -> None:
    assert rounds(KO, players) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 256), st.randoms(use_true_random=False))
def test_any_field_to_one_winner(players: int, rng: random.Random) -> None:
    entrants = [Entrant(1000 + n, rng.choice((1200, 1500, 1800)) + n % 7) for n in range(players)]
    size = 1 << (players - 1).bit_length()
    alive = {e.id for e in entrants}
    results: list[PairingResult] = []
    for number in range(1, rounds(KO, players) + 1):
        pairings = pair_round(KO, entrants, results, number)
        named = [p for pairing in pairings for p in (pairing.first, pairing.second) if p]
        assert sorted(named) == sorted(alive), "every player still in meets exactly once"
        byes = [p.first for p in pairings if p.second is None]
        assert len(byes) == (size - players if number == 1 else 0)
        for p in pairings:
            winner = p.first if p.second is None else rng.choice((p.first, p.second))
            results.append(PairingResult(number, p.first, p.second, winner))
            alive -= {p.first, p.second} - {winner}
    assert len(alive) == 1
    assert sum(1 for r in results if r.second is not None) == players - 1


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 256))
def test_when_the_favourite_always_wins_seed_s_meets_the_mirror_seed(players: int) -> None:
    entrants = field(players)
    size = 1 << (players - 1).bit_length()
    results: list[PairingResult] = []
    for number in range(1, rounds(KO, players) + 1):
        pairings = pair_round(KO, entrants, results, number)
        mirror = size // (1 << (number - 1)) + 1  # seeds s and mirror - s meet
        for p in pairings:
            # A bye is a top seed whose mirror seed is not in the field.
            other = p.second if p.second is not None else mirror - p.first
            assert p.first + other == mirror
            assert p.second is not None or other > players
            results.append(PairingResult(number, p.first, p.second, min(p.first, other)))
    assert len(pairings) == 1
    assert {pairings[0].first, pairings[0].second} == {1, 2}
