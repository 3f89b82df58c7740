"""The computer as a player: every game kind's player at one level, behind the service's
`Opponent` interface (`for_kind` hands out the kind's own player, as `ai.kinds` registers it)."""

from __future__ import annotations

import random
import threading
from typing import Any

from ai.budget import WORLD_CLASS_SECONDS
from ai.kinds import AIS, ai_for
from ai.levels import DEFAULT_LEVEL, Level


class ComputerPlayer:
    """Each kind's decisions at one level; every answer is one the engine allows.

    `rng` feeds the levels' noise (seed it for repeatable games); `notice` is set when a kind's
    player had to fall back below the level (backgammon without Open Sage). `seconds` is the
    world-class level's budget per decision in every kind.
    """

    def __init__(
        self,
        level: Level = DEFAULT_LEVEL,
        rng: random.Random | None = None,
        *,
        threads: int = 1,
        seconds: float = WORLD_CLASS_SECONDS,
    ) -> None:
        self.level = level
        self.rng = rng or random.Random()
        self.players = {
            kind: ai.player(level, self.rng, threads, seconds) for kind, ai in AIS.items()
        }

    @property
    def notice(self) -> str | None:
        """Why the computer plays a kind below the level asked for, if it does."""
        return next((p.notice for p in self.players.values() if p.notice is not None), None)

    def for_kind(self, kind: str) -> Any:
        """The player of `kind` (a `GameKind` or its name), with that kind's own decisions."""
        ai_for(kind)  # an unknown kind is refused by name
        return self.players[kind]


class Computers:
    """The computer's player for each level, built on first use and then kept (one per level).

    Called with a level name ("beginner", "intermediate", "expert", "world_class"), as the service
    asks for the player of a game; safe to call from the service's worker threads. With `seed`,
    each level's noise comes from its own generator seeded from it, so games against the computer
    repeat. `seconds` is the world-class level's budget per decision.
    """

    def __init__(
        self, *, threads: int = 1, seed: int | None = None, seconds: float = WORLD_CLASS_SECONDS
    ) -> None:
        self.threads = threads
        self.seed = seed
        self.seconds = seconds
        self._players: dict[Level, ComputerPlayer] = {}
        self._lock = threading.Lock()

    def __call__(self, level: str) -> ComputerPlayer:
        """The player at `level` (a clear `ValueError` for an unknown name)."""
        wanted = Level.parse(level)
        with self._lock:
            player = self._players.get(wanted)
            if player is None:
                rng = None if self.seed is None else random.Random(f"{self.seed}/{wanted.value}")
                player = ComputerPlayer(wanted, rng, threads=self.threads, seconds=self.seconds)
                self._players[wanted] = player
            return player
