"""The words that differ from one game to another, one `KindWords` per game kind: the one place
a game's wording is registered."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

from bot.i18n import Localizer
from bot.service.coach import Hint
from bot.service.dice import VerifyReport
from bot.service.options import GameOptions
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameKind
from bot.wording.kinds.backgammon import BackgammonWords
from bot.wording.kinds.checkers import CheckersWords
from bot.wording.terms import Names


class KindWords(Protocol):
    """How one game's own things are worded; the game message, /verify, /hint, /rules and
    /board private put them in place."""

    def title(self, t: Localizer, variant: str) -> str:
        """The variant as the first line of the game message names it."""
        ...

    def option_parts(self, t: Localizer, options: GameOptions) -> list[str]:
        """The game's own options of a challenge, in a few words each (a match to 5 points)."""
        ...

    def stakes(self, t: Localizer, view: GameView) -> list[str]:
        """The lines under the first while playing (the match score), if any."""
        ...

    def status(self, t: Localizer, view: GameView, names: Names, who: str) -> str | None:
        """What the player to act (`who`, a mention) must do now."""
        ...

    def verify(self, t: Localizer, view: GameView, report: VerifyReport, names: Names) -> str:
        """The answer to /verify: what the game's seed decided, and whether it checks out."""
        ...

    def hint_title(self, t: Localizer, hint: Hint) -> str:
        """The first line of a /hint answer."""
        ...

    def rules(self, t: Localizer, variant: str) -> str:
        """The rules of a (known) variant in a few lines, for /rules."""
        ...

    def position(self, t: Localizer, session: Session) -> list[str]:
        """The position as text other programs read (/board private), if there is one yet."""
        ...

    def confirm_resign(self, t: Localizer) -> str:
        """The question asked before resigning."""
        ...


WORDS: Mapping[GameKind, KindWords] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonWords(), GameKind.CHECKERS: CheckersWords()}
)
