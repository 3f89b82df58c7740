"""The checkers board of a game: the side that moves first at the bottom (a private board: the
reader's side), the last move, the clock and a draw on offer."""

from __future__ import annotations

import engine.checkers as ck
from bot.pictures.look import Look, stopped_caption
from bot.service.checkers import CheckersSession
from bot.service.session import Session
from engine.checkers import Color
from render import CheckersScene

COLOUR_OF_SEAT = (Color.WHITE, Color.BLACK)  # seat 0 plays White (the session's seats)


class CheckersPictures:
    """Checkers' board."""

    def scene(self, session: Session, names: tuple[str, str], look: Look) -> CheckersScene | None:
        """The board with the last move, the clock and a draw on offer."""
        assert isinstance(session, CheckersSession)
        return _scene(session, names, look)

    def sample(self) -> CheckersScene:
        """The starting position of the default rules."""
        return CheckersScene(ck.Game.new().position)


def _scene(session: CheckersSession, names: tuple[str, str], look: Look) -> CheckersScene | None:
    game = session.game
    if game is None:
        return None
    actor = session.actor()
    reader = None if look.reader is None else COLOUR_OF_SEAT[look.reader]
    offerer = session.draw_offered_by
    return CheckersScene(
        game.position,
        names=names,
        last_move=session.last_move,
        viewer=game.position.variant.first_to_move if reader is None else None,
        reader=reader,
        result=game.result(),
        caption=stopped_caption(session, names, look),
        clock=None
        if actor is None or look.time_left is None
        else (
            COLOUR_OF_SEAT[actor],
            look.time_left,
        ),
        draw_offered_by=None if offerer is None or session.over else COLOUR_OF_SEAT[offerer],
        words=look.words,
    )
