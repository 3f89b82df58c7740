"""What the computer brings to one game kind: its player at a level, its coach, its notice."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ai.levels import Level


class KindPlayer(Protocol):
    """A kind's player: the decisions are the kind's own; every player says if it plays weak."""

    @property
    def notice(self) -> str | None:
        """Set when it plays below the level asked for (e.g. an engine is not installed)."""
        ...


P = TypeVar("P", bound=KindPlayer)


@dataclass(frozen=True)
class KindAI(Generic[P]):
    """One game kind's computer, registered in `ai.kinds.AIS` under the kind's stored name.

    `player` makes its player at a level (`rng` feeds the noise, `threads` an engine's threads,
    the seconds the world-class level's budget per decision);
    `coach` makes its hint-giver from the expert's player (sharing what that player loaded);
    `notice` is what `player(level).notice` would say, found without building the player.
    """

    player: Callable[[Level, random.Random, int, float], P]
    coach: Callable[[P], object]
    notice: Callable[[Level], str | None]
