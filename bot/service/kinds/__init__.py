"""Every game the service plays, each with its `GameRules`: the one place a game is registered."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Unpack

from bot.service.errors import OptionError
from bot.service.kinds.backgammon import BackgammonRules
from bot.service.kinds.checkers import CheckersRules
from bot.service.kinds.rules import GameRules
from bot.service.options import Choices, GameOptions
from bot.store import GameKind

KINDS: Mapping[GameKind, GameRules] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonRules(), GameKind.CHECKERS: CheckersRules()}
)


def rules_for(kind: str) -> GameRules:
    """The rules of `kind` (a `GameKind` or its text); an unknown game is refused by name."""
    if kind not in KINDS:
        raise OptionError("svc.option.unknown_game", kind=repr(kind), choices=", ".join(KINDS))
    return KINDS[GameKind(kind)]


def options_for(kind: str, variant: str | None = None, **choices: Unpack[Choices]) -> GameOptions:
    """Checked options for a challenge to `kind` (see `GameOptions.create`)."""
    return GameOptions.create(rules_for(kind), variant, **choices)


class SimplePlayer:
    """The bot's player when no computer is given: each kind's `simple_player`, which picks the
    first legal choice; `players` puts other players in for some kinds (tests do)."""

    notice: str | None = None

    def __init__(self, players: Mapping[GameKind, object] | None = None) -> None:
        self.players = dict(players or {})

    def for_kind(self, kind: GameKind) -> Any:
        """The player of `kind`: the one put in for it, else its rules' simple player."""
        chosen = self.players.get(kind)
        return chosen if chosen is not None else rules_for(kind).simple_player
