"""Every game kind the computer plays, each with its `KindAI`: the one place a kind is
registered in `ai`, under the name the bot stores it by (`GameKind`'s value)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ai.kinds.backgammon import BACKGAMMON
from ai.kinds.base import KindAI, KindPlayer
from ai.kinds.checkers import CHECKERS

AIS: Mapping[str, KindAI[Any]] = MappingProxyType({"backgammon": BACKGAMMON, "checkers": CHECKERS})


def ai_for(kind: str) -> KindAI[Any]:
    """The computer of `kind`; an unknown kind is a clear `ValueError`."""
    if kind not in AIS:
        raise ValueError(f"the computer does not play {kind!r}; it plays {', '.join(AIS)}")
    return AIS[kind]


__all__ = ["AIS", "KindAI", "KindPlayer", "ai_for"]
