"""The checkers computer player: alpha-beta search on the engine's moves, for every variant."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.budget import WORLD_CLASS_SECONDS, Budget, Timer
from ai.checkers.search import SearchResult, pick_with_noise, search
from ai.levels import Level
from engine.checkers import Game, Move


@dataclass(frozen=True, slots=True)
class Strength:
    """How deep and how long the search may go, and how far from the best a move may stray."""

    max_depth: int
    seconds: float | None
    noise: int = 0  # a move this many hundredths of a man below the best may be chosen


STRENGTHS: dict[Level, Strength] = {
    Level.BEGINNER: Strength(max_depth=2, seconds=0.2, noise=60),
    Level.INTERMEDIATE: Strength(max_depth=6, seconds=0.4),
    Level.EXPERT: Strength(max_depth=40, seconds=0.8),
    # The deepest search the world-class level's budget allows (iterative deepening stops at
    # the budget long before the depth cap).
    Level.WORLD_CLASS: Strength(max_depth=60, seconds=WORLD_CLASS_SECONDS),
}


def think(game: Game, strength: Strength, timer: Timer | None = None) -> SearchResult:
    """Search the position on the board at `strength` (the timer is injectable for tests)."""
    budget = Budget(strength.seconds) if timer is None else Budget(strength.seconds, timer)
    return search(game, budget, strength.max_depth, exact_root=strength.noise > 0)


def choose_move(
    game: Game, level: Level, rng: random.Random | None = None, timer: Timer | None = None
) -> Move:
    """The computer's move at `level`: always one of `game.position.legal_moves()`.

    The beginner picks among near-best moves with `rng`; without one it plays the best.
    """
    strength = STRENGTHS[level]
    result = think(game, strength, timer)
    if strength.noise and rng is not None:
        return pick_with_noise(result, strength.noise, rng)
    return result.move


__all__ = ["STRENGTHS", "SearchResult", "Strength", "choose_move", "search", "think"]
