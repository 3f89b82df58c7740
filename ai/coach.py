"""Hints for the player to move, behind the service's `Coach` interface: `for_kind` hands out
the kind's own coach (as `ai.kinds` registers it), built from the expert's player."""

from __future__ import annotations

from typing import Any

from ai.advice import Advice, Suggestion
from ai.kinds import AIS, ai_for
from ai.levels import Level
from ai.player import ComputerPlayer


class ComputerCoach:
    """Ranks plays as the computer at `level` (the expert by default) would, for every kind.

    `players` gives the players whose engines the coaches share (the worker's expert player);
    without it the level's own are built. `notice` says why a kind's hints come from below the
    level (backgammon without Open Sage: its advice's unit is then "rank", not equities).
    """

    def __init__(
        self, level: Level = Level.EXPERT, *, players: ComputerPlayer | None = None
    ) -> None:
        players = players if players is not None else ComputerPlayer(level)
        self.level = players.level
        self.notice = players.notice
        self.coaches = {kind: ai.coach(players.for_kind(kind)) for kind, ai in AIS.items()}

    def for_kind(self, kind: str) -> Any:
        """The coach of `kind` (a `GameKind` or its name): its `advice(…, count)`."""
        ai_for(kind)
        return self.coaches[kind]


__all__ = ["Advice", "ComputerCoach", "Suggestion"]
