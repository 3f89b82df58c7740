"""The backgammon board of a game: the match as it stands, seen from White's side with the
points numbered for the player on roll (a private board: from the reader's side)."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.pictures.look import Look, stopped_caption
from bot.service.backgammon import BackgammonSession
from bot.service.session import Session
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Ending, Phase
from render import BackgammonScene, Prompt


class BackgammonPictures:
    """Backgammon's board."""

    def scene(self, session: Session, names: tuple[str, str], look: Look) -> BackgammonScene | None:
        """The board with the dice, the cube, the score and the prompt of the moment."""
        assert isinstance(session, BackgammonSession)
        return _scene(session, names, look)

    def sample(self) -> BackgammonScene:
        """The starting position."""
        return BackgammonScene(Position.initial())


def _scene(
    session: BackgammonSession, names: tuple[str, str], look: Look
) -> BackgammonScene | None:
    match = session.match
    if match is None:
        return None
    game = match.game
    prompt = {
        Phase.ROLLING: Prompt.ROLL,
        Phase.MOVING: Prompt.MOVE,
        Phase.DOUBLED: Prompt.TAKE_OR_PASS,
        Phase.RESIGNING: Prompt.ANSWER_RESIGNATION,
        Phase.OVER: Prompt.GAME_OVER,
    }.get(game.phase)
    if session.over:
        prompt = Prompt.GAME_OVER
    resigner = game.resigned_by if prompt is Prompt.ANSWER_RESIGNATION else None
    # A resignation offered after the roll keeps the dice on the board: play resumes with them.
    rolled = game.phase in (Phase.MOVING, Phase.RESIGNING)
    dice = game.dice if rolled and not session.over else None
    actor = session.actor()
    last = session.last_play
    public = look.reader is None
    return BackgammonScene(
        game.position,
        names=names,
        dice=dice,
        prompt=prompt if prompt is not Prompt.MOVE or dice is not None else None,
        resignation=None if resigner is None else (resigner, game.resignation),
        cube=game.cube.value,
        cube_owner=game.cube.owner,
        cube_in_play=game.cube_in_play,
        match_length=session.options.match_length,
        score=match.score,
        crawford=game.crawford,
        last_play=last if last is not None and last.moves else None,
        viewer=Side.WHITE if public else None,
        numbered_for=game.position.turn if public else None,
        reader=None if look.reader is None else Side(look.reader),
        caption=stopped_caption(session, names, look) or _ending_caption(session, names, look),
        clock=None if actor is None or look.time_left is None else (Side(actor), look.time_left),
        words=look.words,
    )


def _ending_caption(session: BackgammonSession, names: tuple[str, str], look: Look) -> str | None:
    """How the last backgammon game ended when no checker race decided it: resigned or a
    double passed (a game borne off says who won by itself)."""
    if session.match is None or not session.over:
        return None
    result = session.match.game.result
    if result is None or result.ending is Ending.PLAYED:
        return None
    t = Localizer(look.locale)
    winner = int(result.winner)
    players = {"winner": names[winner], "loser": names[1 - winner]}
    if result.ending is Ending.PASSED:
        return t("board.end.passed", **players)
    return t(f"board.end.resigned_bg.{result.size}", **players)
