"""One test per movement rule (BG-2..BG-12), positions worked out by hand from RULES.md.

Boards are drawn from White's side (White to move, own numbering); Black's point q is White's
point 25 - q, so `black p18` stands on White's 7-point.
"""

from __future__ import annotations

from engine.backgammon import (
    BADGAMMON,
    FIVE_LIMIT,
    STANDARD,
    VARIANTS,
    OpeningRoll,
    Play,
    Position,
    Side,
    parse_play,
)
from tests.engine.backgammon.boards import notations, row

# Black out of the way: 15 on its own 6-point (White's 19-point).
FAR = row(p6=15)


def lone_13(black: tuple[int, ...] = FAR) -> Position:
    """White: one checker on its 13-point, fourteen on its 1-point (not all home)."""
    return Position((row(p13=1, p1=14), black))


def test_bg2_variants_are_data() -> None:
    assert set(VARIANTS) == {"standard", "five_limit", "badgammon", "nackgammon", "hypergammon"}
    assert VARIANTS["five_limit"].point_limit == 5
    assert STANDARD.point_limit is None and BADGAMMON.point_limit is None
    assert STANDARD.opening_roll is OpeningRoll.ONE_DIE_EACH
    assert BADGAMMON.opening_roll is OpeningRoll.STARTER_ROLLS_BOTH


def test_bg2_badgammon_moves_like_standard() -> None:
    position = Position.initial()
    for dice in [(a, b) for a in range(1, 7) for b in range(a, 7)]:
        assert position.legal_plays(dice, BADGAMMON) == position.legal_plays(dice, STANDARD)


def test_bg3_checkers_move_forward_only() -> None:
    # 13: X   1: X(14). With 2-1 only the 13 can move, to lower points; nothing goes back.
    plays = lone_13().legal_plays((2, 1))
    assert [p.notation() for p in plays] == ["13/10"]
    assert all(m.target < m.source for p in plays for m in p.moves)


def test_bg4_a_point_held_by_two_opponents_is_closed() -> None:
    # Black holds White's 11 (its 14-point): 13/11 is closed, 13/12/10 is open.
    black = row(p14=2, p6=13)
    assert notations(lone_13(black), (2, 1)) == {"13/10"}
    play = lone_13(black).legal_plays((2, 1))[0]
    assert [(m.source, m.target) for m in play.moves] == [(13, 12), (12, 10)]


def test_bg4_five_limit_closes_a_point_with_five_of_your_own() -> None:
    # White: 13: X  8: XXXXX  1: X(9). Black holds White's 12, 7 and 3.
    # Standard 5-1: 13/8 (the 1 cannot be played). Five-limit: the 8-point is full, so no play.
    black = row(p13=2, p18=2, p22=2, p6=9)
    position = Position((row(p13=1, p8=5, p1=9), black))
    assert notations(position, (5, 1)) == {"13/8"}
    assert position.legal_plays((5, 1), FIVE_LIMIT) == (Play(),)


def test_bg4_five_limit_point_reopens_once_a_checker_leaves() -> None:
    # White: 13: X  8: XXXXX  1: X(9); Black holds White's 12 and 3 only.
    # Five-limit 5-1: 8/7 first empties the 8 to four, then 13/8 is allowed (13/7 overall).
    black = row(p13=2, p22=2, p6=11)
    position = Position((row(p13=1, p8=5, p1=9), black))
    assert "13/7" in notations(position, (5, 1), FIVE_LIMIT)
    assert notations(position, (5, 1), FIVE_LIMIT) == notations(position, (5, 1))


def test_bg5_one_checker_needs_an_open_intermediate_point() -> None:
    # Black holds White's 12 and 11: 13/10 would have to touch down on one of them.
    black = row(p13=2, p14=2, p6=11)
    assert lone_13(black).legal_plays((2, 1)) == (Play(),)


def test_bg6_doubles_are_played_four_times() -> None:
    plays = lone_13().legal_plays((2, 2))
    assert [p.notation() for p in plays] == ["13/5"]
    assert len(plays[0].moves) == 4


def test_bg7_both_dice_when_possible() -> None:
    assert notations(lone_13(), (6, 5)) == {"13/2"}


def test_bg7_larger_die_when_only_one_playable() -> None:
    # Black holds White's 2: 13/7 or 13/8 alone, never both. The 6 must be played.
    black = row(p23=2, p6=13)
    assert notations(lone_13(black), (6, 5)) == {"13/7"}
    assert notations(lone_13(black), (5, 6)) == {"13/7"}


def test_bg7_the_only_playable_die_even_if_smaller() -> None:
    # Black holds White's 7 and 2: only 13/8 can be played.
    black = row(p18=2, p23=2, p6=11)
    assert notations(lone_13(black), (6, 5)) == {"13/8"}


def test_bg7_doubles_play_as_many_as_possible() -> None:
    # Black holds White's 4: 13/10/7 and then stuck.
    black = row(p21=2, p6=13)
    plays = lone_13(black).legal_plays((3, 3))
    assert [p.notation() for p in plays] == ["13/7"]
    assert len(plays[0].moves) == 2


def test_bg8_one_play_per_resulting_position() -> None:
    # 13/12/10 and 13/11/10 reach the same position: one play.
    assert len(lone_13().legal_plays((2, 1))) == 1
    position = Position.initial()
    results = [position.apply(p) for p in position.legal_plays((3, 1))]
    assert len(results) == len(set(results)) == 16


def test_bg9_a_blot_landed_on_goes_to_the_bar() -> None:
    # Black blot on White's 7 (its 18). 6-1: 13/7*/6 hits on the way, 13/12/6 does not.
    black = row(p18=1, p6=14)
    position = lone_13(black)
    assert notations(position, (6, 1)) == {"13/7*/6", "13/6"}
    hit = next(p for p in position.legal_plays((6, 1)) if p.notation() == "13/7*/6")
    after = position.apply(hit)
    assert after.bar == (0, 1)
    assert after.count(Side.BLACK, 18) == 0


def test_bg10_dance_when_no_entry_point_is_open() -> None:
    # Black holds White's 19-24 (its 1-6): a White checker on the bar cannot enter.
    black = row(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    position = Position((row(p13=1, p1=13), black), bar=(1, 0))
    assert position.legal_plays((6, 5)) == (Play(),)


def test_bg10_enter_first_then_play_the_rest() -> None:
    # Black holds White's 19 (its 6-point): a 6 cannot enter, the 5 enters on White's 20.
    black = row(p6=15)
    position = Position((row(p13=1, p1=13), black), bar=(1, 0))
    assert notations(position, (6, 5)) == {"bar/14", "bar/20 13/7"}


def test_bg10_partial_entry_loses_the_rest_of_the_roll() -> None:
    # Two on the bar, only the 5 enters: one checker in, the 6 is lost, the 13 may not move.
    black = row(p6=15)
    position = Position((row(p13=1, p1=12), black), bar=(2, 0))
    assert notations(position, (6, 5)) == {"bar/20"}


def test_bg11_no_bearing_off_while_a_checker_is_outside() -> None:
    # 13: X   1: X(14). 1-1 moves only the 13; the 1-point checkers cannot bear off.
    assert notations(lone_13(), (1, 1)) == {"13/9"}


def test_bg11_a_hit_checker_must_come_home_before_bearing_off() -> None:
    # White, bearing off, was hit: with 6-1 it enters and moves on; nothing bears off.
    black = row(p13=15)
    position = Position((row(p1=14), black), bar=(1, 0))
    assert notations(position, (6, 1)) == {"bar/18"}


def test_bg11_bear_off_once_the_last_checker_comes_home() -> None:
    # 7: X  1: X(14). 6-1: 7/1/off or 7/6/off, one resulting position.
    position = Position((row(p7=1, p1=14), FAR))
    assert notations(position, (6, 1)) == {"7/off"}


def test_bg12_exact_and_from_the_highest_point() -> None:
    # 6: X  5: X  1: X(13). 6-5: both off, or 6/1 and then the 6 bears off the 5 (highest).
    position = Position((row(p6=1, p5=1, p1=13), FAR))
    assert notations(position, (6, 5)) == {"6/off 5/off", "6/1 5/off"}


def test_bg12_must_move_inside_when_a_higher_checker_exists() -> None:
    # 5: X  2: X(14). A 4 cannot bear off from the 2 while the 5 is occupied: it moves 5/1.
    position = Position((row(p5=1, p2=14), FAR))
    assert notations(position, (4, 1)) == {"5/off", "5/1 2/1"}


def test_bg12_overshoot_bears_off_from_the_highest_point() -> None:
    position = Position((row(p3=2, p1=13), FAR))
    assert notations(position, (6, 5)) == {"3/off(2)"}


def test_bg12_bearing_off_is_not_forced() -> None:
    # 6: XX  1: X(13). 6-1: the 1 may move 6/5 instead of bearing off from the 1.
    position = Position((row(p6=2, p1=13), FAR))
    assert notations(position, (6, 1)) == {"6/5 6/off", "6/off 1/off"}


def test_bg12_hit_then_bear_off_the_last_checker_uses_both_dice() -> None:
    # White's last checker is on its 2; a Black blot on White's 1 (its 24). 2-1:
    # 2/off alone uses one die, 2/1* 1/off uses both, so BG-7 demands the latter.
    black = row(p24=1, p6=14)
    position = Position((row(p2=1), black), off=(14, 0))
    plays = position.legal_plays((2, 1))
    assert [p.notation() for p in plays] == ["2/1*/off"]
    assert parse_play(position, (2, 1), "2/1* 1/off") == plays[0]
    # Typed without the stop, the only legal play taking that checker off is the one meant.
    assert parse_play(position, (2, 1), "2/off") == plays[0]
    after = position.apply(plays[0])
    assert after.winner() is Side.WHITE
    assert after.game_value(Side.WHITE) == 3
