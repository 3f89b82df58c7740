"""Short whole games through the real service, ending the way a test needs (no long play-outs)."""

from __future__ import annotations

from typing import Any

from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.games import Games
from bot.service.operations import (
    AcceptChallenge,
    AcceptOffer,
    Double,
    Move,
    OfferDraw,
    Pass,
    Resign,
    Roll,
)
from bot.service.views import ActionOutcomes, Player
from bot.store import GameKind
from engine.backgammon.matchplay import Phase
from tests.bot.service.conftest import CHANNEL, GUILD

MAX_ACTIONS = 2000


async def challenge(
    games: Games,
    kind: str,
    first: Player,
    second: Player,
    *,
    variant: str | None = None,
    guild_id: int | None = GUILD,
    channel_id: int = CHANNEL,
    **choices: Any,
) -> ActionOutcomes:
    """`first` challenges `second`, who accepts."""
    posted = await games.challenges.post(
        channel_id=channel_id,
        guild_id=guild_id,
        challenger=first,
        opponent=second,
        kind=GameKind(kind),
        variant=variant,
        **choices,
    )
    return await games.act(posted.game.id, second.id, AcceptChallenge.of(second))


async def checkers_win(games: Games, result: ActionOutcomes, winner: int) -> int:
    """Play on until the loser is to move, then the loser resigns; returns the game id."""
    game_id = result.game.id
    for _ in range(MAX_ACTIONS):
        view = result.game
        if not view.status.is_open:
            return game_id
        session = view.session
        assert isinstance(session, CheckersSession) and session.game is not None
        actor = view.to_move_id
        assert actor is not None
        if actor == winner:
            move = session.game.position.legal_moves()[0]
            result = await games.act(game_id, actor, Move(move.pdn()))
        else:
            result = await games.act(game_id, actor, Resign())
    raise AssertionError("the checkers game did not end")


async def checkers_draw(games: Games, result: ActionOutcomes) -> int:
    """The player to move offers a draw and the other accepts; returns the game id."""
    game_id = result.game.id
    offerer = result.game.to_move_id
    assert offerer is not None
    offered = await games.act(game_id, offerer, OfferDraw())
    answerer = offered.game.to_move_id
    assert answerer is not None and answerer != offerer
    await games.act(game_id, answerer, AcceptOffer())
    return game_id


async def backgammon_win(
    games: Games, result: ActionOutcomes, winner: int, *, size: int = 1, double: bool = False
) -> int:
    """Play until `winner` has won the game: the loser resigns at `size` each game, or, with
    `double`, the winner doubles and the loser passes. Returns the game id."""
    game_id = result.game.id
    for _ in range(MAX_ACTIONS):
        view = result.game
        if not view.status.is_open:
            return game_id
        session = view.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        game = session.match.game
        actor = view.to_move_id
        assert actor is not None
        if game.phase is Phase.DOUBLED:
            result = await games.act(game_id, actor, Pass())
        elif game.phase is Phase.RESIGNING:
            result = await games.act(game_id, actor, AcceptOffer())
        elif actor == winner and game.phase is Phase.ROLLING:
            if double and session.may_double():
                result = await games.act(game_id, actor, Double())
            else:
                result = await games.act(game_id, actor, Roll())
        elif actor != winner and not double:
            result = await games.act(game_id, actor, Resign(size))
        elif game.phase is Phase.ROLLING:
            result = await games.act(game_id, actor, Roll())
        else:
            play = game.legal_plays()[0]
            result = await games.act(game_id, actor, Move(play.notation()))
    raise AssertionError("the backgammon game did not end")
