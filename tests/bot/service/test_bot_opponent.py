"""The bot as a player: it may double (BG-14), and it thinks without stopping the event loop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from bot.service import outcomes as out
from bot.service.computer.backgammon import SimpleBackgammonPlayer
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.operations import Move, Roll
from bot.service.views import ActionOutcomes
from bot.store import GameKind
from engine.backgammon import Play
from engine.backgammon.matchplay import Match, Phase
from tests.bot.service.conftest import ALICE, BOT, CHANNEL
from tests.bot.service.drive import match_of

THINKING_SECONDS = 0.3


class DoublingPlayer(SimpleBackgammonPlayer):
    """Doubles whenever the rules let it."""

    def wants_to_double(self, match: Match) -> bool:
        return True


class SlowPlayer(SimpleBackgammonPlayer):
    """Blocks its thread while it thinks, as a deep search does."""

    def choose_play(self, match: Match) -> Play:
        time.sleep(THINKING_SECONDS)
        return super().choose_play(match)


def games_with(make_games: Callable[..., Games], opponent: SimpleBackgammonPlayer) -> Games:
    games = make_games()
    games.opponent = SimplePlayer({GameKind.BACKGAMMON: opponent})
    return games


async def until_alice_moves(games: Games) -> ActionOutcomes:
    """A money game against the bot, up to Alice's first decision with dice in hand."""
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.BACKGAMMON,
        match_length=0,
    )
    for _ in range(20):
        if result.game.to_move_id == ALICE.id and match_of(result).game.phase is Phase.MOVING:
            return result
        result = await games.act(result.game.id, ALICE.id, Roll())
    raise AssertionError("Alice never got dice to play")


async def test_bg14_the_bot_doubles_before_rolling_when_its_player_wants_to(
    make_games: Callable[..., Games],
) -> None:
    games = games_with(make_games, DoublingPlayer())
    result = await until_alice_moves(games)
    play = match_of(result).game.legal_plays()[0]
    after = await games.act(result.game.id, ALICE.id, Move(play.notation()))
    offers = [o for o in after.outcomes if isinstance(o, out.DoubleOffered)]
    assert [(o.player_id, o.cube_value) for o in offers] == [(BOT.id, 2)]
    assert after.game.to_move_id == ALICE.id  # Alice must now take or pass
    assert match_of(after).game.phase is Phase.DOUBLED


async def test_the_bot_thinks_off_the_event_loop(make_games: Callable[..., Games]) -> None:
    games = games_with(make_games, SlowPlayer())
    result = await until_alice_moves(games)
    play = match_of(result).game.legal_plays()[0]
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    try:
        after = await games.act(result.game.id, ALICE.id, Move(play.notation()))
    finally:
        task.cancel()
    assert any(isinstance(o, out.Moved) and o.player_id == BOT.id for o in after.outcomes)
    # Blocking the loop for the bot's 0.3 s of thought would leave the ticker at most a tick
    # or two; thinking in a worker thread leaves it free to run through the wait.
    assert ticks >= 5
