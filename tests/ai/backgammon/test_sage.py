"""Open Sage levels: only our legal plays, clear cube actions, hints, resignations."""

from __future__ import annotations

import pytest

from ai.backgammon.context import CubeContext, board_for
from ai.backgammon.player import BackgammonPlayer
from ai.backgammon.sage import Sage
from ai.levels import Level
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Cube, Game, Match, MatchOptions, Phase

from .positions import before_roll, position, random_matches
from .test_player import EVEN_RACE, FAR_AHEAD

bgsage = pytest.importorskip("bgsage", reason="Open Sage is the optional `ai` extra")

LEVELS = (Level.INTERMEDIATE, Level.EXPERT)


@pytest.fixture(scope="module", params=LEVELS, ids=[level.value for level in LEVELS])
def player(request: pytest.FixtureRequest) -> BackgammonPlayer:
    """One player per Open Sage level, shared by the tests of this module."""
    made = BackgammonPlayer(request.param)
    assert made.notice is None
    return made


@pytest.mark.slow
def test_sage_only_plays_legal_plays() -> None:
    """Random positions: the intermediate level's play is always one of the engine's."""
    player = BackgammonPlayer(Level.INTERMEDIATE)
    for match in random_matches(600, seed=21):
        assert player.choose_play(match) in match.game.legal_plays()


@pytest.mark.slow
def test_expert_only_plays_legal_plays() -> None:
    """The same at the expert level, on fewer positions (it looks two plies ahead)."""
    player = BackgammonPlayer(Level.EXPERT)
    for match in random_matches(40, seed=22):
        assert player.choose_play(match) in match.game.legal_plays()


def test_ranking_covers_exactly_our_legal_plays() -> None:
    """Every legal play gets an equity and nothing else is ranked."""
    sage = Sage(1)
    for match in random_matches(200, seed=23):
        game = match.game
        assert game.dice is not None
        plays = game.legal_plays()
        ranked = sage.rank(game.position, game.dice, plays, CubeContext.of(match, Side.WHITE))
        assert sorted(r.play.notation() for r in ranked) == sorted(p.notation() for p in plays)


def test_bgsage_bear_off_corner_is_not_trusted() -> None:
    """BG-7/BG-12: the last checker on the 2-point with 2-1 and a blot on the 1-point must play
    2/1*/off; bgsage's own list also offers 2/off, which leaves the blot standing."""
    #   White: one checker on its 2-point, 14 off.   Black: a blot on White's 1-point.
    where = position({2: 1}, {24: 1, 6: 14})
    ours = where.legal_plays((2, 1))
    assert [play.notation() for play in ours] == ["2/1*/off"]
    theirs = bgsage.possible_moves(list(board_for(where, Side.WHITE)), 2, 1)
    assert len(theirs) == 2
    ranked = Sage(2).rank(where, (2, 1), ours, CubeContext())
    assert [r.play for r in ranked] == list(ours)


def test_no_double_in_the_opening_position(player: BackgammonPlayer) -> None:
    """BG-14: nobody doubles at the start."""
    assert not player.wants_to_double(before_roll(Position.initial()))


def test_double_and_pass_far_ahead_in_a_short_race(player: BackgammonPlayer) -> None:
    """18 pips against 33 at the end of a race: double, and the other side passes."""
    assert player.wants_to_double(before_roll(FAR_AHEAD))
    assert not player.takes_double(before_roll(FAR_AHEAD, doubled=True))


def test_take_at_the_start_of_an_even_race(player: BackgammonPlayer) -> None:
    """99 pips each: no double yet, and a double would be a take."""
    assert not player.wants_to_double(before_roll(EVEN_RACE))
    assert player.takes_double(before_roll(EVEN_RACE, doubled=True))


def test_match_score_decides_a_take(player: BackgammonPlayer) -> None:
    """BG-16: with the doubler needing as many points as the cube, a money pass becomes a take."""

    money = before_roll(FAR_AHEAD, doubled=True)
    assert not player.takes_double(money)
    match = before_roll(FAR_AHEAD, length=5, score=(3, 1), cube=Cube(2, Side.WHITE), doubled=True)
    assert player.takes_double(match)


def test_hints_list_the_best_plays_with_equity(player: BackgammonPlayer) -> None:
    """A hint for the opening 3-1 puts 8/5 6/5 first, with equities best first."""
    options = MatchOptions()
    match = Match(options, Game(options, Position.initial(), phase=Phase.MOVING, dice=(3, 1)))
    hints = player.hints(match, 3)
    assert hints[0].notation == "8/5 6/5"
    assert hints[0].loss == 0.0
    equities = [hint.equity for hint in hints]
    assert all(e is not None for e in equities)
    assert equities == sorted(equities, key=lambda e: -(e or 0.0))


def test_accepts_a_single_game_resignation_when_winning(player: BackgammonPlayer) -> None:
    """BG-15: far ahead with no gammon chances, a single game offered is accepted."""
    options = MatchOptions()
    game = Game(options, FAR_AHEAD, phase=Phase.ROLLING).offer_resignation(1, Side.BLACK)
    assert player.accepts_resignation(Match(options, game))


# White has closed points 2-6 with all 15 checkers; Black has three on the bar and none off.
GAMMONISH = position({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {24: 2, 13: 10}, bar=(0, 3))


@pytest.mark.parametrize(
    ("jacoby", "accepted"),
    [
        # BG-16: with Jacoby and a centred cube a gammon counts single, so one point is all
        # there is to win; without Jacoby the gammon is worth more than a single game.
        (True, {1: True, 2: True, 3: True}),
        (False, {1: False, 2: False, 3: True}),
    ],
)
def test_bg15_resignation_weighed_against_gammons(
    player: BackgammonPlayer, jacoby: bool, accepted: dict[int, bool]
) -> None:
    """A resignation is accepted only when worth what the position is worth to the computer."""
    options = MatchOptions(jacoby=jacoby)
    game = Game(options, GAMMONISH, phase=Phase.ROLLING)
    answers = {
        level: player.accepts_resignation(Match(options, game.offer_resignation(level, Side.BLACK)))
        for level in (1, 2, 3)
    }
    assert answers == accepted


def test_without_a_cube_plays_are_judged_by_cubeless_equity() -> None:
    """With the cube off, the play chosen is the one bgsage's own checker-play analysis rates
    best by cubeless equity (its cubeful equity assumes a cube that is not there)."""
    sage = Sage(1)
    analyzer = bgsage.BgBotAnalyzer(eval_level="1ply", parallel_threads=1)
    differs = 0
    for match in random_matches(80, seed=31):
        game = match.game
        assert game.dice is not None and not game.cube_in_play
        mover = game.position.turn
        best = sage.rank(game.position, game.dice, game.legal_plays(), CubeContext.of(match, mover))
        result = analyzer.checker_play(list(board_for(game.position, mover)), *game.dice)
        cubeless = {tuple(m.board): m.cubeless_equity for m in result.moves}
        cubeful = {tuple(m.board): m.equity for m in result.moves}
        chosen = board_for(game.position.apply(best[0].play), mover)
        assert cubeless[chosen] == pytest.approx(max(cubeless.values()), abs=1e-9)
        differs += cubeful[chosen] < max(cubeful.values())
    # The two criteria really do disagree sometimes, so the test tells them apart.
    assert differs > 0


def test_intermediate_misjudges_close_plays_but_never_badly() -> None:
    """The intermediate's noise makes it leave the network's best play now and then (else it would
    be the network itself), choosing among close plays: its average loss stays small."""
    import random

    noisy = BackgammonPlayer(Level.INTERMEDIATE, random.Random(4))
    network = Sage(1)
    differ, losses = 0, []
    for match in random_matches(120, seed=21):
        game = match.game
        if len(game.legal_plays()) < 2 or game.dice is None:
            continue
        context = CubeContext.of(match, game.position.turn)
        ranked = network.rank(game.position, game.dice, game.legal_plays(), context)
        chosen = noisy.choose_play(match)
        value = next(item.value for item in ranked if item.play == chosen)
        differ += chosen != ranked[0].play
        losses.append(ranked[0].value - value)
    assert differ >= 5
    assert sum(losses) / len(losses) < 0.05


def test_intermediate_hints_are_the_network_without_noise() -> None:
    """Advice is not the level's play: hints rank by the bare network, whatever the noise."""
    import random

    noisy = BackgammonPlayer(Level.INTERMEDIATE, random.Random(4))
    network = Sage(1)
    for match in list(random_matches(40, seed=8)):
        game = match.game
        if len(game.legal_plays()) < 2 or game.dice is None:
            continue
        context = CubeContext.of(match, game.position.turn)
        ranked = network.rank(game.position, game.dice, game.legal_plays(), context)
        assert [hint.play for hint in noisy.hints(match, 3)] == [r.play for r in ranked[:3]]
