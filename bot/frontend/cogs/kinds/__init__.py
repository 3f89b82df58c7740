"""Every game kind's challenge command, one module per kind, and the one place each is
registered (`CHALLENGES`); with the game and variant choices the other commands offer
(/tournament, /settings, /rules), derived from the service's `KINDS`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.frontend.cogs.challenges import ChallengeCog
from bot.frontend.cogs.kinds.backgammon import BackgammonChallenge
from bot.frontend.cogs.kinds.checkers import CheckersChallenge
from bot.frontend.translator import named_choices
from bot.service.kinds import KINDS
from bot.store import GameKind

CHALLENGES: Mapping[GameKind, type[ChallengeCog]] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonChallenge, GameKind.CHECKERS: CheckersChallenge}
)

GAMES = named_choices(KINDS)
"""One choice per game kind, in the registry's order."""

VARIANTS = named_choices(
    dict.fromkeys(variant for rules in KINDS.values() for variant in rules.variants)
)
"""Every kind's variants, kind by kind (a tournament's `variant` option)."""
