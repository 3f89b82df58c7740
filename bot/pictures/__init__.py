"""The board picture of a game: engine values from the session to a render scene and PNG.

The public board holds still for a whole game: backgammon is seen from White's side (White's
home board bottom right) with the points numbered for the player on roll; checkers keeps the
side that moves first at the bottom (both as the recap's replay). It shows the last play or
move, the clock of the player to act, and after the end how the game ended; its alt text speaks
of both players in the third person. A private board (`/board private`) is drawn from the
reader's own side and speaks to them as "you".

The words in the picture and its alt text are in the language of the message it goes in:
`words_for` builds the renderer's `Words` from the catalog once per language. Each game's
scene is its `KindPictures`, registered in `PICTURES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Protocol

from bot.pictures.backgammon import BackgammonPictures
from bot.pictures.checkers import CheckersPictures
from bot.pictures.look import Look, words_for
from bot.service.session import Session
from bot.store import GameKind
from render import Scene, describe, render_png

__all__ = [
    "FILENAME",
    "IMAGE_WIDTH",
    "PICTURES",
    "THEME_SETTING",
    "KindPictures",
    "Look",
    "Picture",
    "draw",
    "scene_of",
    "time_left",
    "warm_up",
    "words_for",
]

IMAGE_WIDTH = 800
FILENAME = "board.png"
THEME_SETTING = "theme"  # the server setting (/settings theme) naming a `render.THEMES` entry
PUBLIC = Look()  # the public board, in English


class KindPictures(Protocol):
    """How one game's board is drawn."""

    def scene(self, session: Session, names: tuple[str, str], look: Look) -> Scene | None:
        """The scene the session shows, or None before there is a board."""
        ...

    def sample(self) -> Scene:
        """A board of this game, for warming up the renderer."""
        ...


PICTURES: Mapping[GameKind, KindPictures] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonPictures(), GameKind.CHECKERS: CheckersPictures()}
)


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board: PNG bytes and the alt text describing the same picture."""

    png: bytes
    alt_text: str


def time_left(deadline: datetime | None, now: datetime) -> int:
    """Whole seconds from `now` to the turn's `deadline` (0 once it has passed)."""
    if deadline is None:
        return 0
    return max(0, int((deadline - now).total_seconds()))


def scene_of(session: Session, names: tuple[str, str], look: Look = PUBLIC) -> Scene | None:
    """The scene a session shows (the public board unless `look` has a reader), or None before
    a board."""
    return PICTURES[session.options.kind].scene(session, names, look)


def warm_up() -> None:
    """Draw one board of each kind, so the first game does not wait for fonts and sprites."""
    for pictures in PICTURES.values():
        render_png(pictures.sample(), width=IMAGE_WIDTH)


def draw(session: Session, names: tuple[str, str], look: Look = PUBLIC) -> Picture | None:
    """Render the board (off the event loop, `Painter.draw`: it takes milliseconds of CPU).

    `names` are White's and Black's; `look` says in which words and theme, with which clock,
    and for whom (the public board by default, in English).
    """
    scene = scene_of(session, names, look)
    if scene is None:
        return None
    return Picture(render_png(scene, theme=look.theme, width=IMAGE_WIDTH), describe(scene))
