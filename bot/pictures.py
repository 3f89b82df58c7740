"""The board picture of a table: engine values from the session to a render scene and PNG.

The words in the picture and its alt text are in the language of the message it goes in:
`words_for` builds the renderer's `Words` from the catalog once per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

import engine.checkers as ck
from bot.i18n import CATALOGS, Localizer, language_of
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.views import AnySession
from engine.backgammon import Position
from engine.backgammon.matchplay import Phase
from engine.checkers import VARIANTS, EndReason
from render import (
    ENGLISH,
    TEMPLATE_FIELDS,
    BackgammonScene,
    CheckersScene,
    Prompt,
    Words,
    describe,
    render_png,
)

IMAGE_WIDTH = 800
FILENAME = "board.png"


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board: PNG bytes and the alt text describing the same picture."""

    png: bytes
    alt_text: str


def words_for(locale: object) -> Words:
    """The picture words for a Discord locale (a language without a catalog gets English)."""
    return _words(language_of(locale))


@cache
def _words(language: str) -> Words:
    """Built once per language: pictures are drawn on every turn."""
    catalog = CATALOGS[language]
    t = Localizer(language)
    templates = {name: catalog[f"picture.{name}"] for name in TEMPLATE_FIELDS}
    endings = {reason.name.lower(): t(f"ending.{reason.name.lower()}") for reason in EndReason}
    titles = {name: t(f"variant.title.{name}") for name in VARIANTS}
    return Words(
        **templates,
        win_kinds=(t("level.1"), t("level.2"), t("level.3")),
        endings=MappingProxyType(endings),
        titles=MappingProxyType(titles),
    )


def scene_of(
    session: AnySession, names: tuple[str, str], words: Words = ENGLISH
) -> BackgammonScene | CheckersScene | None:
    """The scene a session shows (English unless `words` are given), or None before a board."""
    if isinstance(session, CheckersSession):
        if session.game is None:
            return None
        return CheckersScene(
            session.game.position, names=names, outcome=session.game.outcome(), words=words
        )
    return _backgammon_scene(session, names, words)


def _backgammon_scene(
    session: BackgammonSession, names: tuple[str, str], words: Words
) -> BackgammonScene | None:
    match = session.match
    if match is None:
        return None
    game = match.game
    prompt = {
        Phase.ROLLING: Prompt.ROLL,
        Phase.MOVING: Prompt.MOVE,
        Phase.DOUBLED: Prompt.TAKE_OR_PASS,
        Phase.OVER: Prompt.GAME_OVER,
    }.get(game.phase)
    if session.over:
        prompt = Prompt.GAME_OVER
    dice = game.dice if game.phase is Phase.MOVING else None
    return BackgammonScene(
        game.position,
        names=names,
        dice=dice,
        prompt=prompt if prompt is not Prompt.MOVE or dice is not None else None,
        cube=game.cube.value,
        cube_owner=game.cube.owner,
        cube_in_play=game.cube_in_play,
        match_length=session.options.match_length,
        score=match.score,
        crawford=game.crawford,
        words=words,
    )


def warm_up() -> None:
    """Draw one board of each kind, so the first game does not wait for fonts and sprites."""
    for scene in (BackgammonScene(Position.initial()), CheckersScene(ck.Game.new().position)):
        render_png(scene, width=IMAGE_WIDTH)


def draw(session: AnySession, names: tuple[str, str], words: Words = ENGLISH) -> Picture | None:
    """Render the board (call through `asyncio.to_thread`: it takes milliseconds of CPU).

    `words` are the picture's words (`words_for` the message's locale; English by default).
    """
    scene = scene_of(session, names, words)
    if scene is None:
        return None
    return Picture(render_png(scene, width=IMAGE_WIDTH), describe(scene))
