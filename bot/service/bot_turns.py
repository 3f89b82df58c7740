"""The bot's turns in a game: it plays while the game waits for it.

A computer that fails (its process died, a bug) is asked again later and later; each failure in
a row is logged as a stepless event that counts them, so the count survives a restart. After
`MAX_BOT_FAILURES` the service calls the game off: no result, no rating, an apology, the seed
revealed. A bot turn taken first elsewhere (the sweeper, another process) is not an error: play
carries on from the game as it now stands.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from bot.service.committer import BOT_GRACE, Committer, EventKind
from bot.service.dice import DiceSource, roller
from bot.service.errors import ConflictError
from bot.service.opponent import Opponent
from bot.service.session import Context, Run, call_off_run
from bot.service.views import ActionOutcomes, GameView, load_session
from bot.store import GameEvent, GameRow

MAX_BOT_TURNS = 400  # a bot never needs more in a row; the bound keeps a bug from spinning
MAX_BOT_FAILURES = 6  # the retries between take 2 + 4 + 8 + 16 + 32 minutes: about an hour

log = logging.getLogger("duelboard.service")


def retry_delay(failures: int) -> timedelta:
    """How long the bot's turn waits after its `failures`-th failure in a row (doubling)."""
    return BOT_GRACE * int(2**failures)


def failures_before(last: GameEvent | None) -> int:
    """How many times in a row the bot has failed, read from the game's last event."""
    if last is None or last.kind != EventKind.BOT_FAILED:
        return 0
    count = last.payload.get("failures")
    return count if isinstance(count, int) else 0


class BotTurns:
    """Plays the bot's turns of any game, through the service's committer."""

    def __init__(
        self, committer: Committer, dice: DiceSource, opponent_for: Callable[[str | None], Opponent]
    ) -> None:
        """Commit through `committer`, roll with `dice`, think with `opponent_for(level)`."""
        self.committer = committer
        self.store = committer.store
        self.dice = dice
        self.opponent_for = opponent_for

    async def play(self, result: ActionOutcomes) -> ActionOutcomes:
        """`result` followed by the bot's actions, for as long as the game waits for it."""
        outcomes = list(result.outcomes)
        view = result.game
        bot_id = self.committer.bot_id
        for _ in range(MAX_BOT_TURNS):
            if view.to_move_id != bot_id or view.session.actor() is None:
                break
            row = await self.store.get_game(view.id)
            # A strong player thinks for up to a second (and is built on first use): in a
            # worker thread, so every other game in the process keeps moving meanwhile.
            try:
                run = await asyncio.to_thread(self._turn, row, view.options.level)
            except Exception:
                # The action before stands and is answered; the bot's turn is asked again later.
                log.exception("the bot could not act in game #%s", view.id)
                failed = await self._failed(row)
                outcomes.extend(failed.outcomes)
                view = failed.game
                break
            if not run.steps:
                break  # nothing the bot can do here; never write an empty turn
            try:
                step_result = await self.committer.commit(row, run, EventKind.BOT, bot_id)
            except ConflictError:
                # This turn was taken first elsewhere: go on from the game as it now stands.
                view = GameView.of(await self.store.get_game(view.id))
                continue
            outcomes.extend(step_result.outcomes)
            view = step_result.game
        return ActionOutcomes(view, tuple(outcomes))

    def _turn(self, row: GameRow, level: str | None) -> Run[Any]:
        session = load_session(row.state)
        return session.bot_turn(
            self.opponent_for(level), roller(self.dice, row.dice_secret), Context.of(row)
        )

    async def _failed(self, row: GameRow) -> ActionOutcomes:
        """Put the bot's turn off once more, or call the game off after too many failures."""
        failures = failures_before(await self.store.last_event(row.id)) + 1
        try:
            if failures >= MAX_BOT_FAILURES:
                log.error("the bot failed %s times in game #%s: called off", failures, row.id)
                run = call_off_run(load_session(row.state), Context.of(row))
                return await self.committer.commit(row, run, EventKind.CALLED_OFF, None)
            now = self.committer.clock.now()
            stored = await self.store.commit(
                row.id,
                row.version,
                EventKind.BOT_FAILED,
                {"steps": [], "failures": failures},
                row.state,
                now=now,
                turn_deadline=now + retry_delay(failures),
            )
        except ConflictError:
            stored = await self.store.get_game(row.id)  # the game moved on meanwhile
        return ActionOutcomes(GameView.of(stored), ())
