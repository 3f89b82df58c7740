"""Helpers that play games through the service as two people would, for the service tests."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.games import Games
from bot.service.operations import AcceptChallenge, AcceptOffer, Move, Roll, Take
from bot.service.views import ActionOutcomes
from bot.store import GameKind
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Match, Phase
from tests.bot.service.conftest import ALICE, BOB, CHANNEL

Policy = Callable[[Games, ActionOutcomes], Awaitable[ActionOutcomes] | None]
MAX_ACTIONS = 5000


def match_of(result: ActionOutcomes) -> Match:
    """The backgammon match of the game in `result`."""
    session = result.game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    return session.match


def bg13_size(position: Position, winner: Side) -> int:
    """BG-13 read straight off the board: 1 single, 2 gammon, 3 backgammon."""
    loser = winner.opponent
    if position.off[loser]:
        return 1
    # The winner's home board is the loser's own points 19-24.
    in_winners_home = any(position.points[loser][18:24])
    return 3 if position.bar[loser] or in_winners_home else 2


async def play_backgammon(
    games: Games, result: ActionOutcomes, policy: Policy | None = None
) -> list[ActionOutcomes]:
    """Act for whoever is to act until the game closes; `policy` may override a decision.

    Plays are typed as text (the notation of the legal play picked by the action count), so the
    reader is exercised; doubles are taken; resignations accepted.
    """
    history = [result]
    for count in range(MAX_ACTIONS):
        view = result.game
        if not view.status.is_open:
            return history
        session = view.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        actor = view.to_move_id
        assert actor is not None
        override = policy(games, result) if policy is not None else None
        if override is not None:
            result = await override
        else:
            game = session.match.game
            if game.phase is Phase.MOVING:
                plays = game.legal_plays()
                text = plays[(count * 7) % len(plays)].notation()
                result = await games.act(view.id, actor, Move(text))
            elif game.phase is Phase.ROLLING:
                result = await games.act(view.id, actor, Roll())
            elif game.phase is Phase.DOUBLED:
                result = await games.act(view.id, actor, Take())
            elif game.phase is Phase.RESIGNING:
                result = await games.act(view.id, actor, AcceptOffer())
            else:
                raise AssertionError(f"the game waits in phase {game.phase}")
        history.append(result)
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


async def play_checkers(games: Games, result: ActionOutcomes) -> list[ActionOutcomes]:
    """Move for whoever is to move (a legal move picked by the ply count) until the game ends."""
    history = [result]
    for count in range(MAX_ACTIONS):
        view = result.game
        if not view.status.is_open:
            return history
        session = view.session
        assert isinstance(session, CheckersSession) and session.game is not None
        position = session.game.position
        moves = position.legal_moves()
        # Men first: their moves cannot be undone, so games reach an end sooner.
        men = [m for m in moves if not getattr(position.piece_at(m.start), "king", False)]
        choices = men or moves
        move = choices[(count * 5) % len(choices)]
        assert view.to_move_id is not None
        result = await games.act(view.id, view.to_move_id, Move(move.pdn()))
        history.append(result)
    raise AssertionError(f"no end after {MAX_ACTIONS} actions")


async def start_game(
    games: Games, kind: str, variant: str | None = None, **choices: Any
) -> ActionOutcomes:
    """Alice challenges Bob, Bob accepts."""
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind(kind),
        variant=variant,
        **choices,
    )
    return await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
