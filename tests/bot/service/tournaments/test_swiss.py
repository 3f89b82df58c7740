"""Swiss pairings worked out by hand: score groups, no repeats, the bye, who plays first.

Players are numbered by rating (player 1 highest) unless said otherwise. Each round's results
are given as (first, second, winner); `-` in a comment is a draw.
"""

from __future__ import annotations

import pytest

from bot.service.tournaments.pairing import Format, Pairing, pair_round
from tests.bot.service.tournaments.fields import EIGHT_ONE, EIGHT_TWO, field, games

SWISS = Format.SWISS


def test_round_one_top_half_meets_bottom_half() -> None:
    # Everyone on 0: one score group, 1-4 against 5-8 in order; the higher-ranked goes first.
    assert pair_round(SWISS, field(8), [], 1) == [
        Pairing(1, 5),
        Pairing(2, 6),
        Pairing(3, 7),
        Pairing(4, 8),
    ]


def test_six_players_three_rounds() -> None:
    entrants = field(6)
    assert pair_round(SWISS, entrants, [], 1) == [Pairing(1, 4), Pairing(2, 5), Pairing(3, 6)]
    one = games(1, (1, 4, 1), (2, 5, 5), (3, 6, None))
    # Points: 1 and 5 on 1, 3 and 6 on ½, 2 and 4 on 0. Ranked: 1 5 | 3 6 | 2 4.
    # {1, 5} pair. {3, 6} have met: both come down to {2, 4}, giving the group 3 6 2 4. Top
    # half 3 6, bottom half 2 4: 3 (played first) prefers 4 (played second) to 2 (played
    # first), and 6 takes 2. Who goes first: whoever played second in round 1.
    assert pair_round(SWISS, entrants, one, 2) == [Pairing(5, 1), Pairing(4, 3), Pairing(6, 2)]
    two = games(2, (5, 1, 5), (4, 3, 3), (6, 2, None))
    # Points: 5 2, 3 1½, 1 1, 6 1, 2 ½, 4 0. Ranked: 5 | 3 | 1 6 | 2 | 4.
    # 5 alone comes down to 3 (not met): 5-3. 1-6 have not met: 1-6. 2 alone comes down to 4.
    # First: 3 and 5 have played first once each; 3 played second last: 3 first. Likewise
    # 1 over 6 and 2 over 4.
    assert pair_round(SWISS, entrants, one + two, 3) == [
        Pairing(3, 5),
        Pairing(1, 6),
        Pairing(2, 4),
    ]


def test_eight_players_three_rounds() -> None:
    entrants = field(8)
    # After round 1 (1 beat 5, 6 beat 2, 3-7, 4 beat 8): 1 4 6 on 1, 3 7 on ½, 2 5 8 on 0.
    # {1, 4, 6} is odd: the lowest, 6, comes down; 1-4, both played first, the higher first.
    # {6, 3, 7}: 3 and 7 have met, so 7 (the lowest who can) comes down: 6-3, 6 first (it
    # played second). {7, 2, 5, 8}: 7 (top) takes 5 from the bottom half 5 8 (neither is due
    # to play second, so the first in order); 2-8. 8 played second and 2 first: 8 first.
    assert pair_round(SWISS, entrants, EIGHT_ONE, 2) == [
        Pairing(1, 4),
        Pairing(6, 3),
        Pairing(7, 5),
        Pairing(8, 2),
    ]
    # After round 2 (1 beat 4, 6-3, 5 beat 7, 8 beat 2): 1 on 2, 6 on 1½, 3 4 5 8 on 1,
    # 7 on ½, 2 on 0. 1 comes down to 6: 1-6, 6 first (1 has played first twice). {3 4 5 8}
    # pair inside: 3 (due first) prefers 8 (due second) to 5 (due first): 3-8 and 4-5 (4 and
    # 8 have met). 7 comes down to 2. Firsts by balance, then by who was second last.
    assert pair_round(SWISS, entrants, EIGHT_ONE + EIGHT_TWO, 3) == [
        Pairing(6, 1),
        Pairing(3, 8),
        Pairing(5, 4),
        Pairing(2, 7),
    ]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    entrants = field(5)
    # Round 1: nobody has had a bye; 5 is lowest. 1-3, 2-4.
    assert pair_round(SWISS, entrants, [], 1) == [Pairing(1, 3), Pairing(2, 4), Pairing(5, None)]
    one = games(1, (1, 3, 1), (2, 4, 2), (5, None, 5))
    # Ranked 1 2 5 (on 1) 3 4 (on 0); 5 has had its bye, so 4 gets this one.
    # {1, 2, 5} is odd: 5 comes down to 3. 3 played second, 5 never played: 3 first.
    assert pair_round(SWISS, entrants, one, 2) == [Pairing(1, 2), Pairing(3, 5), Pairing(4, None)]
    two = games(2, (1, 2, 2), (3, 5, 5), (4, None, 4))
    # Ranked 2 5 (on 2) 1 4 (on 1) 3 (on 0): 3 is the only one left without a bye.
    assert pair_round(SWISS, entrants, one + two, 3) == [
        Pairing(5, 2),
        Pairing(4, 1),
        Pairing(3, None),
    ]


def test_the_bye_passes_over_players_whose_bye_would_force_a_repeat() -> None:
    # Six started (r=1, s=2, q=3, c=4, p=5, x=6); x left after round 3, so five remain.
    played = [
        *games(1, (5, 3, 3), (1, 6, 1), (4, 2, 2)),
        *games(2, (5, 1, 1), (3, 4, 3), (2, 6, None)),
        *games(3, (5, 2, 2), (3, 6, 6), (1, 4, None)),
    ]
    entrants = [e for e in field(6) if e.id != 6]
    # Points: 1 2½, 2 2½, 3 2, 4 ½, 5 0. Ranked 1 2 3 4 5; nobody has had a bye.
    # 5 has met 1, 2 and 3: with 5's bye, 4 would have to meet 1, 2 or 3 again (4 has met all
    # three as well). With 4's bye, 5 would. With 3's bye: 1-2 and 4-5, both new.
    # 2 (first in round 2 only) and 1 (first in rounds 1 and 3): 2 first; 4 is due first.
    assert pair_round(SWISS, entrants, played, 4) == [
        Pairing(2, 1),
        Pairing(4, 5),
        Pairing(3, None),
    ]


def test_a_repeat_only_when_every_pairing_has_one() -> None:
    # 1 2 3 have each met all of 4 5 6 and nobody else: whoever is paired, 1 2 3 cannot all
    # pair among themselves (three players), so one of them meets one of 4 5 6 again; and one
    # repeat is enough.
    played = [
        *games(1, (1, 4, None), (2, 5, None), (3, 6, None)),
        *games(2, (5, 1, None), (6, 2, None), (4, 3, None)),
        *games(3, (1, 6, None), (2, 4, None), (3, 5, None)),
    ]
    met = {frozenset((r.first, r.second)) for r in played if r.second is not None}
    pairings = pair_round(SWISS, field(6), played, 4)
    assert sorted(p for q in pairings for p in (q.first, q.second) if p) == [1, 2, 3, 4, 5, 6]
    repeats = [p for p in pairings if frozenset((p.first, p.second)) in met]
    assert len(repeats) == 1


def test_a_round_with_a_missing_result_is_refused() -> None:
    one = games(1, (1, 3, 1))
    with pytest.raises(ValueError, match="round 1 is not finished: no result for player 2"):
        pair_round(SWISS, field(4), one, 2)


def test_results_of_the_round_itself_are_refused() -> None:
    one = games(1, (1, 3, 1), (2, 4, 2))
    with pytest.raises(ValueError, match="round 1 already has results; round 1 is next"):
        pair_round(SWISS, field(4), one, 1)
