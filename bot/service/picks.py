"""The builder's picks, whatever the game: the code they travel as, the menus they are offered
in, and a build as it stands; each game's builder (`GameRules.builder`) reads them."""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Protocol

from bot.service.session import Session

DIGITS = string.digits + string.ascii_lowercase  # one character per number up to 35
MAX_PICKS = 24  # more than any legal move has squares; a longer code is forged


@dataclass(frozen=True, slots=True)
class Choice:
    """One pick offered: its code (appended to the build's) and what the player reads."""

    code: str
    label: str


@dataclass(frozen=True, slots=True)
class Group:
    """Picks offered together, in one menu: backgammon's for one die (`die`), checkers' all
    (`die` None)."""

    die: int | None
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Stage:
    """A build as it stands: the picks' code, the partial play as the player reads it (empty
    before the first pick), what may come next, and the whole play once it is one."""

    code: str
    shown: str
    groups: tuple[Group, ...]
    play: str | None


class Builder(Protocol):
    """One game's builder: how wide a pick's code is, a build's stage, and its stale refusal."""

    @property
    def width(self) -> int:
        """Characters per pick in the code."""
        ...

    def stage(self, session: Session, code: str) -> Stage:
        """The build `code` on the game as it stands (`stale()` raised when it leads nowhere)."""
        ...

    def stale(self) -> Exception:
        """The refusal of a build that leads nowhere (the engine's `*.build.stale`)."""
        ...


def digits(code: str, width: int, builder: Builder) -> list[int]:
    """The numbers a code holds, `width` characters each; a malformed code is stale."""
    if len(code) % width or len(code) > MAX_PICKS * width or any(c not in DIGITS for c in code):
        raise builder.stale()
    return [DIGITS.index(c) for c in code]
