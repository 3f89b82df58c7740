"""The computer behind the service's `Opponent` interface, for both games."""

from __future__ import annotations

import random

import engine.checkers as ck
from ai.levels import Level
from ai.player import ComputerPlayer
from bot.service.opponent import Opponent
from bot.store import GameKind
from engine.backgammon.matchplay import Match, MatchOptions


def test_computer_player_is_an_opponent() -> None:
    """The service can seat it wherever it seats an `Opponent`."""
    player: Opponent = ComputerPlayer(Level.BEGINNER, random.Random(1))
    match = Match.start(MatchOptions()).opening_roll(3, 1)
    assert player.for_kind(GameKind.BACKGAMMON).choose_play(match) in match.game.legal_plays()
    game = ck.Game.new("english")
    assert player.for_kind(GameKind.CHECKERS).choose_move(game) in game.position.legal_moves()


def test_draw_declined_only_when_clearly_ahead() -> None:
    """CK-12: the computer agrees to a draw in a level game or a worse one, never when it is
    clearly better; its colour, not the side to move, decides which."""
    player = ComputerPlayer(Level.BEGINNER, random.Random(1)).for_kind(GameKind.CHECKERS)
    white, black = ck.Color.WHITE, ck.Color.BLACK
    level = ck.Game.new("english", "W:WK19:BK10")  # one king each
    assert player.accepts_draw(level, white) and player.accepts_draw(level, black)
    white_ahead = ck.Game.new("english", "W:WK19,K22:BK10")  # two kings against one
    assert not player.accepts_draw(white_ahead, white)
    assert player.accepts_draw(white_ahead, black)
    black_ahead = ck.Game.new("english", "W:WK19:BK10,K12")  # one king against two
    assert not player.accepts_draw(black_ahead, black)
    assert player.accepts_draw(black_ahead, white)
