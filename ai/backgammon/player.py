"""The backgammon computer at a level: plays, cube actions, resignations and hints.

`beginner` is pubeval with noise; `intermediate` is Open Sage's network (1 ply) with noise on its
play values, `expert` Open Sage at 2 plies and `world_class` Open Sage at 3 plies within a time
budget per decision (`ai.backgammon.world_class`), when the `ai` extra is installed, and the
built-in pubeval player otherwise (`notice` says so).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import CubeAdvice, Evaluator, Noisy, Pubeval, RankedPlay
from ai.backgammon.sage import Sage, SageUnavailableError
from ai.backgammon.world_class import WorldClass
from ai.budget import WORLD_CLASS_SECONDS
from ai.levels import DEFAULT_LEVEL, Level
from engine.backgammon import Play
from engine.backgammon.matchplay import Match, Phase

# Standard deviation of the beginner's noise, in pubeval score units: enough to miss good plays
# now and then, not so much that it plays like a random mover.
BEGINNER_NOISE = 0.35
# Stronger levels search deeper. Depth alone does not separate the levels: 2 plies against
# the bare network measured 41-56% over 100-game samples (benchmarks/ai_strength.py), and 3 plies
# cost seconds a move here. So the intermediate also misjudges: noise on each play's equity, as
# gnubg's "intermediate" level does (it uses 0.04); ours is a little larger so that the ladder
# is clear in a few hundred games.
SAGE_PLIES = {Level.INTERMEDIATE: 1, Level.EXPERT: 2}
SAGE_NOISE = {Level.INTERMEDIATE: 0.06}


@dataclass(frozen=True, slots=True)
class Hint:
    """One candidate play: its notation, its value for the mover and how far below the best."""

    play: Play
    notation: str
    equity: float | None  # None at the built-in level, whose scores are not equities
    loss: float | None


def make_evaluator(
    level: Level,
    rng: random.Random | None = None,
    threads: int = 1,
    seconds: float | None = WORLD_CLASS_SECONDS,
) -> tuple[Evaluator, str | None]:
    """The evaluator for `level`, and a notice when it had to fall back to the built-in level.

    `seconds` is the world-class level's budget per decision (None: no limit).
    """
    if level is Level.BEGINNER:
        return Pubeval(BEGINNER_NOISE, rng or random.Random()), None
    try:
        if level is Level.WORLD_CLASS:
            return WorldClass(seconds, threads), None
        sage = Sage(SAGE_PLIES[level], threads)
    except SageUnavailableError as error:
        # The error says what is missing and how to install it: said once.
        notice = f"The computer plays {level.value} at the built-in level (pubeval): {error}"
        return Pubeval(), notice
    noise = SAGE_NOISE.get(level)
    if noise is None:
        return sage, None
    return Noisy(sage, noise, rng or random.Random()), None


class BackgammonPlayer:
    """Backgammon decisions for the computer's chair; every play is one of the engine's own."""

    def __init__(
        self,
        level: Level = DEFAULT_LEVEL,
        rng: random.Random | None = None,
        *,
        evaluator: Evaluator | None = None,
        threads: int = 1,
        seconds: float | None = WORLD_CLASS_SECONDS,
    ) -> None:
        self.level = level
        if evaluator is None:
            evaluator, self.notice = make_evaluator(level, rng, threads, seconds)
        else:
            self.notice = None
        self.evaluator: Evaluator = evaluator
        # Hints are given without the level's noise: they are advice, not the level's own play.
        self.judge: Evaluator = evaluator.evaluator if isinstance(evaluator, Noisy) else evaluator

    def ranked_plays(self, match: Match, evaluator: Evaluator | None = None) -> list[RankedPlay]:
        """Every legal play for the dice rolled, best first (empty before the roll), as
        `evaluator` (the level's own by default) ranks them."""
        game = match.game
        plays = game.legal_plays()
        if not plays or game.dice is None:
            return []
        context = CubeContext.of(match, game.position.turn)
        return (evaluator or self.evaluator).rank(game.position, game.dice, plays, context)

    def choose_play(self, match: Match) -> Play:
        """The computer's play: always one of `match.game.legal_plays()`."""
        plays = match.game.legal_plays()
        if not plays:
            raise ValueError(f"nothing to play: the game is in the {match.game.phase.value} phase")
        if len(plays) == 1:
            return plays[0]
        best = self.ranked_plays(match)[0].play
        if best not in plays:
            raise AssertionError(f"the evaluator chose {best.notation()}, which is not legal")
        return best

    def cube_advice(self, match: Match) -> CubeAdvice:
        """The evaluator's cube advice for the position before the side on roll rolls."""
        game = match.game
        if game.phase not in (Phase.ROLLING, Phase.DOUBLED):
            raise ValueError(
                f"cube decisions come before the roll, not in the {game.phase.value} phase"
            )
        roller = game.position.turn
        return self.evaluator.cube(game.position, CubeContext.of(match, roller))

    def wants_to_double(self, match: Match) -> bool:
        """Whether the computer, on roll, offers a double now (never when the rules forbid it)."""
        game = match.game
        if not game.can_double:
            return False
        if not match.options.money:
            length = match.options.match_length
            roller = game.position.turn
            # The cube is dead once it already covers what the roller needs to win the match.
            if game.cube.value >= length - match.score[roller]:
                return False
        return self.cube_advice(match).double

    def takes_double(self, match: Match) -> bool:
        """Whether the computer takes the double on offer (match score aware)."""
        game = match.game
        if game.phase is not Phase.DOUBLED:
            raise ValueError("there is no double to answer")
        if not match.options.money:
            taker = game.position.turn.opponent
            doubler_needs = match.options.match_length - match.score[taker.opponent]
            # Passing gives away the match anyway: taking costs nothing.
            if game.cube.value >= doubler_needs:
                return True
        return self.cube_advice(match).take

    def accepts_resignation(self, match: Match) -> bool:
        """Accept a resignation worth at least what the computer expects to win from here."""
        game = match.game
        if game.phase is not Phase.RESIGNING or game.resigned_by is None:
            raise ValueError("there is no resignation to answer")
        if not self.evaluator.has_equity:
            # The built-in level cannot weigh gammons; it takes what it is offered.
            return True
        me = game.resigned_by.opponent
        advice = self.evaluator.cube(game.position, CubeContext.of(match, game.position.turn))
        expected = advice.no_double if advice.no_double is not None else 0.0
        mine = expected if game.position.turn == me else -expected
        # What the resignation is worth per unit of cube (Jacoby may count a gammon as single).
        offered = game.cube.points(game.resignation, jacoby=match.options.jacoby_applies)
        return offered / game.cube.value >= mine

    def hints(self, match: Match, count: int = 3) -> list[Hint]:
        """The top `count` plays for the side on roll, with equities when the evaluator has them."""
        if count < 1:
            raise ValueError(f"ask for at least one hint, not {count}")
        ranked = self.ranked_plays(match, self.judge)
        if not ranked:
            raise ValueError("a hint needs rolled dice: roll first")
        best = ranked[0].value
        equity = self.judge.has_equity
        return [
            Hint(
                item.play,
                item.play.notation(),
                item.value if equity else None,
                best - item.value if equity else None,
            )
            for item in ranked[:count]
        ]
