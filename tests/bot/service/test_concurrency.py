"""Fifty simultaneous presses of the same button land once; the rest get a clear refusal. A bot
turn taken first elsewhere does not turn the person's move into a refusal."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.clock import FakeClock
from bot.service.committer import BOT_GRACE
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.errors import ConflictError, NotYourTurnError
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.operations import Double, Move, Take
from bot.service.views import ActionOutcomes
from bot.store import GameKind, Store
from tests.bot.service.conftest import ALICE, BOT, CHANNEL, fixed_seeds
from tests.bot.service.drive import start_game

ATTEMPTS = 50


async def press_together(
    games: Games, game_id: int, press: Callable[[], Awaitable[ActionOutcomes]]
) -> tuple[list[ActionOutcomes], list[BaseException]]:
    """Run `press` ATTEMPTS times at once; the applied results and the refusals."""
    # The store's connections opened first, as a running bot has them: the presses then read
    # the game at once, instead of the first landing while the others still connect.
    await asyncio.gather(*(games.view(game_id) for _ in range(ATTEMPTS)))
    before = await games.view(game_id)
    outcomes = await asyncio.gather(*(press() for _ in range(ATTEMPTS)), return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, ActionOutcomes)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    after = await games.view(game_id)
    assert after.version == before.version + 1
    assert len(await games.store.events_for(game_id)) == after.version
    return applied, refused


def assert_clear_refusals(refused: list[BaseException]) -> None:
    """Every refusal is "already made" (stale version) or "not your turn" (read after it)."""
    assert any(isinstance(error, ConflictError) for error in refused)
    for error in refused:
        assert isinstance(error, ConflictError | NotYourTurnError), repr(error)
        if isinstance(error, ConflictError):
            assert "already made" in str(error)


async def test_fifty_identical_moves_apply_once(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    game_id = result.game.id
    applied, refused = await press_together(
        games, game_id, lambda: games.act(game_id, ALICE.id, Move("22-18"))
    )
    assert len(applied) == 1 and len(refused) == ATTEMPTS - 1
    assert applied[0].outcomes[0] == out.Moved(game_id, ALICE.id, "22-18")
    assert_clear_refusals(refused)


async def test_fifty_takes_apply_once(games: Games) -> None:
    result = await start_game(games, "backgammon")
    game_id = result.game.id
    session = result.game.session
    # Play first-listed plays until the side on roll may double.
    while not (isinstance(session, BackgammonSession) and session.may_double()):
        assert isinstance(session, BackgammonSession) and session.match is not None
        play = session.match.game.legal_plays()[0].notation()
        result = await games.act(game_id, result.game.to_move_id or 0, Move(play))
        session = result.game.session
    offered = await games.act(game_id, result.game.to_move_id or 0, Double())
    taker = offered.game.to_move_id or 0
    applied, refused = await press_together(
        games, game_id, lambda: games.act(game_id, taker, Take())
    )
    assert len(applied) == 1 and len(refused) == ATTEMPTS - 1
    assert applied[0].outcomes[0] == out.DoubleTaken(game_id, taker, 2)
    assert_clear_refusals(refused)
    session = (await games.view(game_id)).session
    assert isinstance(session, BackgammonSession) and session.match is not None
    assert session.match.game.cube.value == 2


class HeldComputer(SimpleCheckersPlayer):
    """A computer that, once asked to move, thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.answer = threading.Event()

    def choose_move(self, game: ck.Game) -> ck.Move:
        """The first legal move, once released."""
        self.thinking.set()
        if not self.answer.wait(timeout=WAIT_SECONDS):
            raise AssertionError("the test never let the computer answer")
        return super().choose_move(game)


WAIT_SECONDS = 120  # a bound for a stuck test, never a pace: each wait ends on its event


async def test_a_persons_move_is_answered_when_the_sweeper_made_the_bots_reply_first(
    store: Store, clock: FakeClock
) -> None:
    held = HeldComputer()
    games = Games(
        store,
        bot=BOT,
        dice=SeededDice(fixed_seeds()),
        clock=clock,
        opponent=SimplePlayer({GameKind.CHECKERS: held}),
    )
    made = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.CHECKERS,
        starter="challenger",
    )
    game_id = made.game.id
    moving = asyncio.create_task(games.act(game_id, ALICE.id, Move("22-18")))
    try:
        assert await asyncio.to_thread(held.thinking.wait, WAIT_SECONDS)
        # Meanwhile the bot's grace is over for another process, whose sweeper plays it first.
        later = FakeClock(clock.now() + BOT_GRACE)
        sweeper = Games(store, bot=BOT, dice=SeededDice([]), clock=later)
        [swept] = await sweeper.sweep()
        assert any(isinstance(o, out.Moved) and o.player_id == BOT.id for o in swept.outcomes)
    finally:
        held.answer.set()

    answered = await moving

    assert answered.outcomes[0] == out.Moved(game_id, ALICE.id, "22-18")
    now = await store.get_game(game_id)
    assert (answered.game.version, answered.game.to_move_id) == (now.version, ALICE.id)
    assert now.version == swept.game.version  # the held turn was not written as well
    assert await games.replay(game_id) == now.state
