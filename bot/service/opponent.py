"""The bot as a player: an `Opponent` hands each game kind its own player.

Each kind declares what it asks of its player (`bot.service.computer.<kind>`); the `ai`
package registers one per kind, and the service's `SimplePlayer` (`bot.service.kinds`) picks
the first legal choice of every kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bot.store import GameKind


class Opponent(Protocol):
    """Decisions the bot makes when it is seated, kind by kind."""

    @property
    def notice(self) -> str | None:
        """Set when it plays below the level asked for (e.g. an engine is not installed)."""
        ...

    def for_kind(self, kind: GameKind) -> Any:
        """The player of `kind`: the interface its session declares (`BackgammonOpponent`,
        `CheckersOpponent` in `bot.service.computer`)."""
        ...


Opponents = Callable[[str], Opponent]
"""The bot's player for a level name (`options.LEVELS`); asked once per bot turn."""
