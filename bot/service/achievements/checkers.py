"""Checkers' achievements read from a game's record: three pieces taken in one move, a king
made in one's first ten moves, a game played out without losing a piece."""

from __future__ import annotations

from collections import defaultdict
from typing import cast

import engine.checkers as ck
from bot.service.checkers import CheckersSession
from bot.service.log import GameLog
from bot.service.outcomes import Finish, GameEnded, Moved

TRIPLE = 3
EARLY_MOVES = 10


def checkers_earned(log: GameLog) -> dict[int, set[str]]:
    """Each player's checkers achievements in this game's record."""
    earned: dict[int, set[str]] = defaultdict(set)
    moves: dict[int, int] = defaultdict(int)
    before = cast(CheckersSession, log.start)
    pieces_at_start: dict[int, int] = {}
    for logged in log.steps:
        after = cast(CheckersSession, logged.session)
        if after.game is not None and after.seats is not None and not pieces_at_start:
            pieces_at_start = _pieces(after)
        for outcome in logged.outcomes:
            if isinstance(outcome, Moved) and logged.step.get("op") == "move":
                _moved(earned[outcome.player_id], before, after, moves, outcome.player_id)
            elif isinstance(outcome, GameEnded) and outcome.winner_id is not None:
                winner = outcome.winner_id
                played_out = outcome.finish not in (Finish.RESIGNED, Finish.TIME)
                if played_out and _pieces(after).get(winner) == pieces_at_start.get(winner):
                    earned[winner].add("flawless")
        before = after
    return earned


def _moved(
    mine: set[str],
    before: CheckersSession,
    after: CheckersSession,
    moves: dict[int, int],
    player: int,
) -> None:
    moves[player] += 1
    move = after.last_move
    if move is None or before.game is None or after.game is None:
        return
    if len(move.captures) >= TRIPLE:
        mine.add("triple_capture")
    was = before.game.position.piece_at(move.start)
    now = after.game.position.piece_at(move.end)
    crowned = was is not None and not was.king and now is not None and now.king
    if crowned and moves[player] <= EARLY_MOVES:
        mine.add("early_king")


def _pieces(session: CheckersSession) -> dict[int, int]:
    """How many pieces each seated player has on the board."""
    assert session.game is not None
    counts = {session.id_of(0): 0, session.id_of(1): 0}
    for _, piece in session.game.position.pieces():
        counts[session.id_of(0 if piece.color is ck.Color.WHITE else 1)] += 1
    return counts
