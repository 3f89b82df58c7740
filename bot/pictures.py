"""The board picture of a table: engine values from the session to a render scene and PNG."""

from __future__ import annotations

from dataclasses import dataclass

import engine.checkers as ck
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.views import AnySession
from engine.backgammon import Position
from engine.backgammon.matchplay import Phase
from render import BackgammonScene, CheckersScene, Prompt, describe, render_png

IMAGE_WIDTH = 800
FILENAME = "board.png"


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board: PNG bytes and the alt text describing the same picture."""

    png: bytes
    alt_text: str


def scene_of(session: AnySession, names: tuple[str, str]) -> BackgammonScene | CheckersScene | None:
    """The scene a session shows, or None before the game has a board."""
    if isinstance(session, CheckersSession):
        if session.game is None:
            return None
        return CheckersScene(session.game.position, names=names, outcome=session.game.outcome())
    return _backgammon_scene(session, names)


def _backgammon_scene(session: BackgammonSession, names: tuple[str, str]) -> BackgammonScene | None:
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
    )


def warm_up() -> None:
    """Draw one board of each kind, so the first game does not wait for fonts and sprites."""
    for scene in (BackgammonScene(Position.initial()), CheckersScene(ck.Game.new().position)):
        render_png(scene, width=IMAGE_WIDTH)


def draw(session: AnySession, names: tuple[str, str]) -> Picture | None:
    """Render the board (call through `asyncio.to_thread`: it takes milliseconds of CPU)."""
    scene = scene_of(session, names)
    if scene is None:
        return None
    return Picture(render_png(scene, width=IMAGE_WIDTH), describe(scene))
