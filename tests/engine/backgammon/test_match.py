"""BG-16 match play: score to N, points capped, the Crawford game, money play."""

from __future__ import annotations

from typing import TypedDict

import pytest

from engine.backgammon.cube import Cube
from engine.backgammon.game import Game, GameActionError, MatchOptions, Phase
from engine.backgammon.match import Match
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import BADGAMMON


class CrawfordFlags(TypedDict, total=False):
    """Where a match at a given score stands on the Crawford rule (`_at`'s keywords)."""

    crawford: bool
    post_crawford: bool


def _row(**counts: int) -> tuple[int, ...]:
    """24 point counts from keywords p1..p24 (own numbering)."""
    return tuple(counts.get(f"p{i}", 0) for i in range(1, 25))


# White to roll with its last checker on its 1-point; Black has none off and all 15 at home:
# bearing that checker off wins a gammon (BG-13).
GAMMON_END = Position((_row(p1=1), _row(p6=15)), off=(14, 0), turn=Side.WHITE)


def _at(
    options: MatchOptions,
    score: tuple[int, int],
    *,
    position: Position | None = None,
    cube: Cube | None = None,
    crawford: bool = False,
    post_crawford: bool = False,
) -> Match:
    """A match at `score` with White to roll in a game already under way."""
    game = Game(
        options,
        position or Position.initial(Side.WHITE),
        cube or Cube(),
        Phase.ROLLING,
        crawford=crawford,
    )
    return Match(options, game, score, 3, post_crawford)


def _white_gammons(match: Match) -> Match:
    """White rolls 2-1 and bears off its last checker for a gammon."""
    rolled = match.roll((2, 1))
    (play,) = rolled.game.legal_plays()
    return rolled.move(play)


def test_bg16_match_ends_when_a_side_reaches_n() -> None:
    options = MatchOptions(match_length=3)
    match = _white_gammons(_at(options, (1, 0), position=GAMMON_END, post_crawford=False))
    assert match.score == (3, 0)
    assert match.winner is Side.WHITE
    with pytest.raises(GameActionError, match="the match is over: WHITE has won"):
        match.next_game()


def test_bg16_no_side_gains_more_points_than_it_needs() -> None:
    """White needs 1 point at 4-2 of a 5-point match; a gammon on a 4-cube still gives 1."""
    options = MatchOptions(match_length=5)
    start = _at(options, (4, 2), position=GAMMON_END, post_crawford=True, cube=Cube(4, Side.WHITE))
    match = _white_gammons(start)
    result = match.game.result
    assert result is not None and result.points == 8
    assert match.score == (5, 2)


def test_bg16_winner_short_of_n_gets_full_points() -> None:
    options = MatchOptions(match_length=11)
    match = _white_gammons(_at(options, (2, 5), position=GAMMON_END, cube=Cube(2, Side.BLACK)))
    assert match.score == (6, 5)
    assert match.winner is None


def test_bg16_crawford_game_follows_reaching_n_minus_1() -> None:
    options = MatchOptions(match_length=5)
    match = _white_gammons(_at(options, (2, 1), position=GAMMON_END))
    assert match.score == (4, 1)
    crawford = match.next_game()
    assert crawford.game.crawford and not crawford.post_crawford
    assert crawford.game_number == 4
    assert not crawford.game.cube_in_play
    with pytest.raises(GameActionError, match="no doubling in the Crawford game"):
        _at(options, (4, 1), crawford=True).double()
    black_wins = _at(options, (4, 1), crawford=True).offer_resignation(1, Side.WHITE)
    after = black_wins.accept_resignation()
    assert after.score == (4, 2)
    post = after.next_game()
    assert post.post_crawford and not post.game.crawford
    assert post.opening_roll(5, 2).game.phase is Phase.MOVING
    doubling = _at(options, (4, 2), post_crawford=True).double()
    assert doubling.game.phase is Phase.DOUBLED


def test_bg16_crawford_game_comes_once_only() -> None:
    options = MatchOptions(match_length=5)
    after = _at(options, (4, 2), post_crawford=True).offer_resignation(1, Side.WHITE)
    nxt = after.accept_resignation().next_game()
    assert nxt.score == (4, 3)
    assert not nxt.game.crawford and nxt.post_crawford


def test_bg16_a_resigned_game_counts_as_played_for_crawford() -> None:
    options = MatchOptions(match_length=7)
    resigned = _at(options, (4, 1)).offer_resignation(2, Side.BLACK).accept_resignation()
    assert resigned.score == (6, 1)
    assert resigned.next_game().game.crawford


def test_bg16_a_dropped_cube_counts_and_is_capped() -> None:
    options = MatchOptions(match_length=3)
    match = _at(options, (1, 2), cube=Cube(2, Side.WHITE), post_crawford=True)
    passed = match.double().pass_double()
    assert passed.score == (3, 2)  # the 2-cube passed gives White the 2 it needs
    assert passed.winner is Side.WHITE


def test_bg16_crawford_off_means_no_crawford_game() -> None:
    options = MatchOptions(match_length=5, crawford=False)
    match = _at(options, (3, 0)).offer_resignation(1, Side.BLACK).accept_resignation()
    nxt = match.next_game()
    assert match.score == (4, 0)
    assert not nxt.game.crawford and nxt.game.cube_in_play


def test_bg16_money_play_never_ends_and_scores_add_up() -> None:
    options = MatchOptions()
    match = Match.start(options)
    for winner_points in range(3):
        match = _at(options, match.score).offer_resignation(1, Side.BLACK)
        match = match.accept_resignation()
        assert match.winner is None
        assert match.next_game().game.phase is Phase.OPENING
        assert match.score == (winner_points + 1, 0)


def test_bg16_jacoby_money_gammon_with_centred_cube_counts_one() -> None:
    match = _white_gammons(_at(MatchOptions(), (0, 0), position=GAMMON_END))
    assert match.score == (1, 0)


def test_bg16_next_game_waits_for_the_current_one() -> None:
    with pytest.raises(GameActionError, match="when this one is over"):
        Match.start(MatchOptions(match_length=3)).next_game()


def test_bg2_badgammon_match_names_a_starter_for_every_game() -> None:
    options = MatchOptions(match_length=3, variant=BADGAMMON)
    match = Match.start(options, starter=Side.BLACK)
    assert match.game.phase is Phase.ROLLING and match.game.to_act is Side.BLACK
    over = match.offer_resignation(1, Side.BLACK).accept_resignation()
    with pytest.raises(GameActionError, match="needs the starting side"):
        over.next_game()
    assert over.next_game(starter=Side.WHITE).game.to_act is Side.WHITE


@pytest.mark.parametrize(
    ("score", "kwargs", "reason"),
    [
        ((5, 5), {}, "does not fit"),
        ((6, 0), {}, "does not fit"),
        ((5, 0), {}, "after the match was won"),
        ((2, 1), {"crawford": True}, "no side has reached 4"),
        ((4, 1), {}, "the next game is the Crawford game"),
        ((4, 1), {"crawford": True, "post_crawford": True}, "only once"),
    ],
)
def test_bg16_impossible_scores_are_refused(
    score: tuple[int, int], kwargs: CrawfordFlags, reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        _at(MatchOptions(match_length=5), score, **kwargs)


def test_bg16_one_point_match_has_no_crawford_game() -> None:
    """At 0-0 of a 1-point match nobody has *reached* N-1, so the first game is not Crawford."""
    match = Match.start(MatchOptions(match_length=1))
    assert not match.game.crawford
    assert Match.from_text(match.to_text()) == match
    won = match.opening_roll(6, 1).offer_resignation(3, Side.BLACK).accept_resignation()
    assert won.score == (1, 0) and won.winner is Side.WHITE
