"""The computer behind the service's `Opponent` interface, for both games."""

from __future__ import annotations

import random

import engine.checkers as ck
from ai.levels import Level
from ai.player import ComputerPlayer
from bot.service.opponent import Opponent
from engine.backgammon.matchplay import Match, MatchOptions


def test_computer_player_is_an_opponent() -> None:
    """The service can seat it wherever it seats an `Opponent`."""
    player: Opponent = ComputerPlayer(Level.BEGINNER, random.Random(1))
    match = Match.start(MatchOptions()).opening_roll(3, 1)
    assert player.choose_play(match) in match.game.legal_plays()
    game = ck.Game.new("english")
    assert player.choose_move(game) in game.position.legal_moves()


def test_draw_declined_when_clearly_ahead_or_behind() -> None:
    """CK-12: a draw is agreed only in a level position."""
    player = ComputerPlayer(Level.BEGINNER, random.Random(1))
    assert player.accepts_draw(ck.Game.new("english", "W:WK19:BK10"))  # one king each
    assert not player.accepts_draw(ck.Game.new("english", "W:WK19,K22:BK10"))  # two against one
    assert not player.accepts_draw(ck.Game.new("english", "W:WK19:BK10,K12"))  # one against two
