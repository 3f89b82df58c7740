"""Standings: points, Buchholz and Sonneborn-Berger worked out by hand; shared ranks."""

from __future__ import annotations

from bot.service.tournaments.pairing import Entrant, Format, PairingResult, Standing, standings
from tests.bot.service.tournaments.fields import EIGHT_ONE, EIGHT_THREE, EIGHT_TWO, field, games

SWISS = Format.SWISS


def test_eight_player_swiss_after_three_rounds() -> None:
    # Round 1: 1 beat 5, 6 beat 2, 3-7 drawn, 4 beat 8.
    # Round 2: 1 beat 4, 6-3 drawn, 5 beat 7, 8 beat 2.
    # Round 3: 1 beat 6, 3 beat 8, 5-4 drawn, 7 beat 2.
    # Points: 1: 3; 2: 0; 3: ½+½+1 = 2; 4: 1+0+½ = 1½; 5: 0+1+½ = 1½; 6: 1+½+0 = 1½;
    #         7: ½+0+1 = 1½; 8: 0+1+0 = 1.
    # Buchholz (opponents' points):
    #   1: 5, 4, 6 -> 1½ + 1½ + 1½ = 4½      2: 6, 8, 7 -> 1½ + 1 + 1½ = 4
    #   3: 7, 6, 8 -> 1½ + 1½ + 1 = 4        4: 8, 1, 5 -> 1 + 3 + 1½ = 5½
    #   5: 1, 7, 4 -> 3 + 1½ + 1½ = 6        6: 2, 3, 1 -> 0 + 2 + 3 = 5
    #   7: 3, 5, 2 -> 2 + 1½ + 0 = 3½        8: 4, 2, 3 -> 1½ + 0 + 2 = 3½
    # Sonneborn-Berger (beaten opponents' points, half of drawn ones'):
    #   1: 5, 4, 6 beaten -> 4½              2: nothing -> 0
    #   3: 7 and 6 drawn, 8 beaten -> ¾ + 1 + 1 = 2½
    #   4: 8 beaten, 5 drawn -> 1 + ¾ = 1¾   5: 7 beaten, 4 drawn -> 1½ + ¾ = 2¼
    #   6: 2 beaten, 3 drawn -> 0 + 1 = 1    7: 3 drawn, 2 beaten -> 1 + 0 = 1
    #   8: 2 beaten -> 0
    # On 1½: 5 (Buchholz 6), 4 (5½), 6 (5), 7 (3½).
    assert standings(SWISS, field(8), EIGHT_ONE + EIGHT_TWO + EIGHT_THREE) == [
        Standing(1, 3, 4.5, 4.5, 1),
        Standing(3, 2, 4, 2.5, 2),
        Standing(5, 1.5, 6, 2.25, 3),
        Standing(4, 1.5, 5.5, 1.75, 4),
        Standing(6, 1.5, 5, 1, 5),
        Standing(7, 1.5, 3.5, 1, 6),
        Standing(8, 1, 3.5, 0, 7),
        Standing(2, 0, 4, 0, 8),
    ]


def test_a_bye_is_a_point_and_adds_nothing_to_buchholz_and_ties_share_a_rank() -> None:
    results = [
        *games(1, (1, 3, 1), (2, 4, 2), (5, None, 5)),
        *games(2, (1, 2, 2), (3, 5, 5), (4, None, 4)),
        *games(3, (5, 2, None), (4, 1, 1), (3, None, 3)),
    ]
    # Points: 1: 1+0+1 = 2; 2: 1+1+½ = 2½; 3: 0+0+1 (bye) = 1; 4: 0+1 (bye)+0 = 1;
    #         5: 1 (bye)+1+½ = 2½.
    # Buchholz: 1: 3, 2, 4 -> 1 + 2½ + 1 = 4½; 2: 4, 1, 5 -> 1 + 2 + 2½ = 5½; 3: 1, 5 -> 2 + 2½
    #           = 4½; 4: 2, 1 -> 2½ + 2 = 4½; 5: 3, 2 -> 1 + 2½ = 3½.
    # Sonneborn-Berger: 1: 3, 4 beaten -> 2; 2: 4, 1 beaten, 5 drawn -> 1 + 2 + 1¼ = 4¼;
    #           3, 4: 0; 5: 3 beaten, 2 drawn -> 1 + 1¼ = 2¼.
    # 3 and 4 are level on everything: both 4th, listed by seed.
    assert standings(SWISS, field(5), results) == [
        Standing(2, 2.5, 5.5, 4.25, 1),
        Standing(5, 2.5, 3.5, 2.25, 2),
        Standing(1, 2, 4.5, 2, 3),
        Standing(3, 1, 4.5, 0, 4),
        Standing(4, 1, 4.5, 0, 4),
    ]


def test_sonneborn_berger_breaks_a_buchholz_tie_and_a_removed_player_still_counts() -> None:
    results = [
        *games(1, (5, 3, 3), (1, 6, 1), (4, 2, 2)),
        *games(2, (5, 1, 1), (3, 4, 3), (2, 6, None)),
        *games(3, (5, 2, 2), (3, 6, 6), (1, 4, None)),
    ]
    # Player 6 has left (not an entrant) but its 1½ points count for its opponents.
    # Points: 1: 1+1+½ = 2½; 2: 1+½+1 = 2½; 3: 1+1+0 = 2; 4: ½; 5: 0; (6: 0+½+1 = 1½).
    # Buchholz: 1: 6, 5, 4 -> 1½ + 0 + ½ = 2; 2: 4, 6, 5 -> ½ + 1½ + 0 = 2;
    #           3: 5, 4, 6 -> 0 + ½ + 1½ = 2; 4: 2, 3, 1 -> 2½ + 2 + 2½ = 7; 5: 3, 1, 2 -> 7.
    # Sonneborn-Berger: 1: 6, 5 beaten, 4 drawn -> 1½ + 0 + ¼ = 1¾;
    #           2: 4, 5 beaten, 6 drawn -> ½ + 0 + ¾ = 1¼; 3: 5, 4 beaten -> ½; 4: 1 drawn
    #           -> 1¼; 5: 0.
    entrants = [e for e in field(6) if e.id != 6]
    assert standings(SWISS, entrants, results) == [
        Standing(1, 2.5, 2, 1.75, 1),
        Standing(2, 2.5, 2, 1.25, 2),
        Standing(3, 2, 2, 0.5, 3),
        Standing(4, 0.5, 7, 1.25, 4),
        Standing(5, 0, 7, 0, 5),
    ]


def test_a_round_robin_of_draws_leaves_everyone_first() -> None:
    results = [
        PairingResult(1, 4, 1, None),
        PairingResult(1, 2, 3, None),
        PairingResult(2, 2, 4, None),
        PairingResult(2, 3, 1, None),
        PairingResult(3, 4, 3, None),
        PairingResult(3, 1, 2, None),
    ]
    # Each: 1½ points; Buchholz 3 × 1½ = 4½; Sonneborn-Berger 3 × ¾ = 2¼.
    assert standings(Format.ROUND_ROBIN, field(4), results) == [
        Standing(i, 1.5, 4.5, 2.25, 1) for i in (1, 2, 3, 4)
    ]


def test_before_any_result_everyone_shares_first_place_in_seed_order() -> None:
    entrants = [Entrant(3, 1500), Entrant(1, 1700), Entrant(2, 1600)]
    assert standings(SWISS, entrants, []) == [Standing(i, 0, 0, 0, 1) for i in (1, 2, 3)]
