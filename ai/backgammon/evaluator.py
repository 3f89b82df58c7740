"""The evaluator interface, and the built-in one: pubeval for plays, Keith's count for the cube."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ai.backgammon import pubeval
from ai.backgammon.context import CubeContext
from engine.backgammon import Play, Position, Side


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """A legal play and its value for the mover (equity, or pubeval's score)."""

    play: Play
    value: float
    cubeless: float | None = None  # cubeless equity, when the evaluator knows it


@dataclass(frozen=True, slots=True)
class CubeAdvice:
    """Whether the side on roll should double, and whether the other side should take."""

    double: bool
    take: bool
    # Cubeful equities for the side on roll (per unit of the current cube), when known.
    no_double: float | None = None
    double_take: float | None = None
    double_pass: float | None = None


class Evaluator(Protocol):
    """Ranks the engine's legal plays and advises on the cube."""

    name: str
    has_equity: bool  # values are equities (comparable across positions), not just an order

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        """`plays` (all the legal plays of `dice`) best first, valued for the side to move.

        `focus`, when given, is a play that must be valued at the evaluator's full depth even if
        a cheaper first pass would have set it aside (analysis judges the play actually made).
        """
        ...

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """Advice for the side on roll of `position` before it rolls, `context` as it sees it."""
        ...


class Pubeval:
    """The built-in evaluator: Tesauro's pubeval, optionally with noise for a weaker player."""

    has_equity = False

    def __init__(self, noise: float = 0.0, rng: random.Random | None = None) -> None:
        if noise < 0:
            raise ValueError(f"noise is a standard deviation, not {noise}")
        if noise and rng is None:
            raise ValueError("a noisy player needs a random.Random to draw its noise from")
        self.noise = noise
        self.rng = rng
        self.name = "built-in (pubeval)" + (" with noise" if noise else "")

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        """Pubeval's order of the plays; noise, if any, is drawn once per play from `rng`.

        Pubeval is a single pass, so `focus` changes nothing.
        """
        own, opp = position.boards()
        race = pubeval.is_race(own, opp)
        ranked = []
        for play in plays:
            after = position.apply(play)
            # `after` has the opponent to move; its boards() are from the opponent's side.
            after_opp, after_own = after.boards()
            value = pubeval.score(after_own, after_opp, race)
            if self.noise and self.rng is not None:
                value += self.rng.gauss(0.0, self.noise)
            ranked.append(RankedPlay(play, value))
        ranked.sort(key=lambda item: -item.value)
        return ranked

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """The Keith count in a race; in contact the built-in player neither doubles nor passes
        unless the pip counts make the game clear."""
        return keith_advice(position, context)


class Noisy:
    """Another evaluator whose play values get Gaussian noise: a player that misjudges close plays
    now and then, as gnubg's weaker levels do. Cube advice is the evaluator's own."""

    def __init__(self, evaluator: Evaluator, noise: float, rng: random.Random) -> None:
        if noise <= 0:
            raise ValueError(f"noise is a positive standard deviation, not {noise}")
        self.evaluator = evaluator
        self.noise = noise
        self.rng = rng
        self.name = f"{evaluator.name} with noise {noise}"
        self.has_equity = evaluator.has_equity

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        """The evaluator's values, each moved by one draw of noise, best first."""
        ranked = [
            RankedPlay(item.play, item.value + self.rng.gauss(0.0, self.noise), item.cubeless)
            for item in self.evaluator.rank(position, dice, plays, context, focus)
        ]
        ranked.sort(key=lambda item: -item.value)
        return ranked

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """The evaluator's cube advice, without noise."""
        return self.evaluator.cube(position, context)


def keith_count(position: Position, side: Side) -> int:
    """Pip count plus Keith's wastage adjustments for `side` (a racing measure)."""
    points = position.points[side]
    count = position.pip_count(side)
    count += 2 * max(points[0] - 1, 0)  # crowded 1-point
    count += max(points[1] - 1, 0)  # crowded 2-point
    count += max(points[2] - 3, 0)  # crowded 3-point
    count += sum(1 for p in (3, 4, 5) if points[p] == 0)  # gaps on the 4, 5 and 6 points
    return count


def keith_advice(position: Position, context: CubeContext) -> CubeAdvice:
    """Keith's race rules: double when the roller's count (plus a seventh) exceeds the opponent's
    by at most 4 (3 to redouble); take when it exceeds it by at least 2."""
    roller = position.turn
    own, opp = position.boards()
    if not pubeval.is_race(own, opp):
        return _contact_advice(position)
    mine = keith_count(position, roller)
    mine += (mine + 6) // 7
    theirs = keith_count(position, roller.opponent)
    excess = mine - theirs  # how far the roller is behind; negative when ahead
    limit = 4 if context.owner == "centered" else 3
    return CubeAdvice(double=excess <= limit, take=excess >= 2)


def _contact_advice(position: Position) -> CubeAdvice:
    """A cautious rule for contact positions: double and pass only when far ahead in the race."""
    roller = position.turn
    lead = position.pip_count(roller.opponent) - position.pip_count(roller)
    clear = lead >= 60 or (lead >= 40 and position.bar[roller.opponent] > 0)
    return CubeAdvice(double=clear, take=not clear)
