"""Every game kind's own buttons, each with its `KindControls`: the one place a kind's controls
are registered in the front end."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.frontend.kinds.backgammon import BackgammonControls
from bot.frontend.kinds.base import KindControls
from bot.frontend.kinds.checkers import CheckersControls
from bot.store import GameKind

CONTROLS: Mapping[GameKind, KindControls] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonControls(), GameKind.CHECKERS: CheckersControls()}
)


__all__ = ["CONTROLS", "BackgammonControls", "CheckersControls", "KindControls"]
