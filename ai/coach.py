"""Hints for the player to move, at the expert level, behind the service's `Coach` interface."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import engine.checkers as ck
from ai.backgammon.player import BackgammonPlayer
from ai.budget import Budget
from ai.checkers import STRENGTHS, search
from ai.checkers.search import WON
from ai.levels import Level
from engine.backgammon.matchplay import Match

HUNDREDTHS = 100.0  # the checkers search scores in hundredths of a man


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One candidate: notation, value for the mover and loss against the best (see `Advice`).

    `forced` is "win" or "loss" when the checkers search proved the result (then no value).
    """

    notation: str
    value: float | None = None
    loss: float | None = None
    forced: str | None = None


@dataclass(frozen=True, slots=True)
class Advice:
    """The best candidates first; `unit` is "equity", "rank" (no values) or "men" (checkers)."""

    suggestions: tuple[Suggestion, ...]
    unit: str


class ComputerCoach:
    """Ranks plays as the expert computer would: Open Sage for backgammon, our search for checkers.

    Without Open Sage the backgammon ranking is the built-in level's, whose scores are not
    equities (`notice` says why; the advice's unit is then `RANK`).
    """

    def __init__(
        self, level: Level = Level.EXPERT, *, backgammon: BackgammonPlayer | None = None
    ) -> None:
        """Coach at `level`; `backgammon` replaces the level's own backgammon player."""
        self.level = level
        self.backgammon = backgammon if backgammon is not None else BackgammonPlayer(level)
        # One evaluator serves every game; a hint at a time keeps it from being entered twice.
        self._lock = threading.Lock()

    @property
    def notice(self) -> str | None:
        """Why backgammon hints come from the built-in level, if they do."""
        return self.backgammon.notice

    def backgammon_advice(self, match: Match, count: int) -> Advice:
        """The top `count` of `match.game.legal_plays()`, with equities when Open Sage ranks."""
        with self._lock:
            hints = self.backgammon.hints(match, count)
        if any(hint.equity is None for hint in hints):
            return Advice(tuple(Suggestion(hint.notation) for hint in hints), "rank")
        return Advice(
            tuple(Suggestion(hint.notation, hint.equity, hint.loss) for hint in hints),
            "equity",
        )

    def checkers_advice(self, game: ck.Game, count: int) -> Advice:
        """The top `count` of `game.position.legal_moves()`, scored in men by our search.

        Every root move gets an exact score (not just the best), so the losses are true ones.
        """
        if count < 1:
            raise ValueError(f"ask for at least one hint, not {count}")
        strength = STRENGTHS[self.level]
        result = search(game, Budget(strength.seconds), strength.max_depth, exact_root=True)
        best = result.scores[0][1]
        suggestions = []
        for move, score in result.scores[:count]:
            if abs(score) >= WON:
                forced = "win" if score > 0 else "loss"
                suggestions.append(Suggestion(move.pdn(), forced=forced))
                continue
            loss = None if abs(best) >= WON else (best - score) / HUNDREDTHS
            suggestions.append(Suggestion(move.pdn(), score / HUNDREDTHS, loss))
        return Advice(tuple(suggestions), "men")
