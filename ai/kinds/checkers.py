"""Checkers for the computer: its player (search at a level, draw offers) and its coach."""

from __future__ import annotations

import random
from dataclasses import replace

import engine.checkers as ck
from ai.advice import Advice, Suggestion
from ai.budget import WORLD_CLASS_SECONDS, Budget
from ai.checkers import STRENGTHS, choose_move, search, think
from ai.checkers.search import WON
from ai.kinds.base import KindAI
from ai.levels import Level

# A draw is agreed unless the search sees the computer ahead by more than this many hundredths
# of a man: it never gives away a clearly better game.
DRAW_MARGIN = 30
HUNDREDTHS = 100.0  # the checkers search scores in hundredths of a man


class CheckersPlayer:
    """The computer's checkers moves and draw answers at one level (the search needs nothing
    installed, so it never plays below the level asked for). `seconds` is the world-class
    level's budget per move."""

    notice: str | None = None

    def __init__(
        self,
        level: Level,
        rng: random.Random | None = None,
        seconds: float = WORLD_CLASS_SECONDS,
    ) -> None:
        self.level = level
        self.rng = rng or random.Random()
        self.strength = STRENGTHS[level]
        if level is Level.WORLD_CLASS:
            self.strength = replace(self.strength, seconds=seconds)

    def choose_move(self, game: ck.Game) -> ck.Move:
        """One of `game.position.legal_moves()`."""
        if self.strength != STRENGTHS[self.level]:
            return think(game, self.strength).move  # the world-class level's own budget
        return choose_move(game, self.level, self.rng)

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Agree to a draw unless the computer, playing `colour`, is clearly better: a level game
        or a worse one is worth a draw, a clearly better one is played on."""
        result = think(game, STRENGTHS[Level.INTERMEDIATE])
        mine = result.score if game.position.turn is colour else -result.score
        return mine <= DRAW_MARGIN


class CheckersCoach:
    """Ranks checkers moves with our search at the player's level."""

    def __init__(self, player: CheckersPlayer) -> None:
        self.level = player.level

    def advice(self, game: ck.Game, count: int) -> Advice:
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


CHECKERS = KindAI[CheckersPlayer](
    player=lambda level, rng, threads, seconds: CheckersPlayer(level, rng, seconds),
    coach=CheckersCoach,
    notice=lambda level: None,
)
