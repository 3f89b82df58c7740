"""Every game kind's own commands (its challenge, and the moves only it has), one module per
kind, and the one place each is registered (`COMMANDS`); with the game and variant choices the
other commands offer (/tournament, /settings, /rules), derived from the service's `KINDS`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.frontend.cogs.challenges import ChallengeCog
from bot.frontend.cogs.kinds.backgammon import BackgammonCommands
from bot.frontend.cogs.kinds.checkers import CheckersCommands
from bot.frontend.translator import named_choices
from bot.service.kinds import KINDS
from bot.store import GameKind

COMMANDS: Mapping[GameKind, type[ChallengeCog]] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonCommands, GameKind.CHECKERS: CheckersCommands}
)

GAMES = named_choices(KINDS)
"""One choice per game kind, in the registry's order."""

VARIANTS = named_choices(
    dict.fromkeys(variant for rules in KINDS.values() for variant in rules.variants)
)
"""Every kind's variants, kind by kind (a tournament's `variant` option)."""
