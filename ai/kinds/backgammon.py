"""Backgammon for the computer: its player (`ai.backgammon.player`) and its coach."""

from __future__ import annotations

import threading

from ai.advice import Advice, Suggestion
from ai.backgammon.player import BackgammonPlayer, make_evaluator
from ai.backgammon.sage import sage_missing
from ai.kinds.base import KindAI
from ai.levels import Level
from engine.backgammon.matchplay import Match


class BackgammonCoach:
    """Ranks plays as `player` would: Open Sage's equities, or without it the built-in level's
    order, whose scores are not equities (`notice` says why; the advice's unit is then "rank")."""

    def __init__(self, player: BackgammonPlayer) -> None:
        self.player = player
        # One evaluator serves every game; a hint at a time keeps it from being entered twice.
        self._lock = threading.Lock()

    @property
    def notice(self) -> str | None:
        """Why backgammon hints come from the built-in level, if they do."""
        return self.player.notice

    def advice(self, match: Match, count: int) -> Advice:
        """The top `count` of `match.game.legal_plays()`, with equities when Open Sage ranks."""
        with self._lock:
            hints = self.player.hints(match, count)
        if any(hint.equity is None for hint in hints):
            return Advice(tuple(Suggestion(hint.notation) for hint in hints), "rank")
        return Advice(
            tuple(Suggestion(hint.notation, hint.equity, hint.loss) for hint in hints),
            "equity",
        )


def level_notice(level: Level) -> str | None:
    """What `BackgammonPlayer(level).notice` says, found without loading a network."""
    if sage_missing() is None:
        return None
    return make_evaluator(level)[1]  # without Open Sage this builds only pubeval


BACKGAMMON = KindAI[BackgammonPlayer](
    player=lambda level, rng, threads, seconds: BackgammonPlayer(
        level, rng, threads=threads, seconds=seconds
    ),
    coach=BackgammonCoach,
    notice=level_notice,
)
