"""The service: one verb for play (`Games.act`), the bot's turns, clocks and dice, over the store.

Every operation on a game under way is: load the game, check who may act, let the session
(engine state machine) make the transition, then `store.commit(...)` against the version that
was loaded, so two clicks never both land (the second gets the store's "that move was already
made"). Nothing is kept in memory between calls: a restart loses nothing, and several processes
may share one database. How a game comes to be (challenges, rematches, tournament pairings) is
`bot.service.challenges`.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from datetime import datetime, timedelta

from bot.service import dice as dice_module
from bot.service.bot_turns import BotTurns
from bot.service.challenges import Challenges
from bot.service.clock import CHALLENGE_LIFETIME, Clock, SystemClock
from bot.service.coach import HINT_COUNT, Coach, Hint
from bot.service.committer import Committer, EventKind
from bot.service.dice import CryptoDice, DiceSource, VerifyReport, roller
from bot.service.errors import (
    ActionNotAllowedError,
    ConflictError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.hints import advice_for
from bot.service.kinds import SimplePlayer, rules_for
from bot.service.limits import MAX_TEXT_LENGTH
from bot.service.operations import (
    Abort,
    AcceptChallenge,
    Claim,
    DeclineChallenge,
    Operation,
    Rematch,
    Seated,
    WithdrawChallenge,
)
from bot.service.opponent import Opponent, Opponents
from bot.service.options import DEFAULT_LEVEL
from bot.service.session import Context, Op
from bot.service.sweeper import Sweeper
from bot.service.views import ActionOutcomes, GameView, Player, load_session, reduce_event, steps_of
from bot.settings import ONE_SHARD, Shards
from bot.store import GameRow, GameStatus, JsonValue, Store


class Games:
    """The service every game is played through; one per process, shared by all channels."""

    def __init__(
        self,
        store: Store,
        *,
        bot: Player,
        dice: DiceSource | None = None,
        clock: Clock | None = None,
        opponent: Opponent | None = None,
        opponents: Opponents | None = None,
        coach: Coach | None = None,
        challenge_lifetime: timedelta = CHALLENGE_LIFETIME,
    ) -> None:
        """Play on `store`; `bot` is the bot's own user.

        The bot's player is `opponents(level)` for a game at that level, or `opponent` at every
        level; `coach` gives hints (none: hints are refused).
        """
        if opponent is not None and opponents is not None:
            raise ValueError("give the service one opponent or a factory of them, not both")
        self.store = store
        self.bot = replace(bot, is_bot=True)
        self.dice = dice if dice is not None else CryptoDice()
        self.clock = clock if clock is not None else SystemClock()
        self.opponent = opponent if opponent is not None else SimplePlayer()
        self.opponents = opponents
        self.coach = coach
        self._committer = Committer(store, self.clock, self.bot.id)
        self._bot = BotTurns(self._committer, self.dice, self.opponent_for)
        self._sweeper = Sweeper(self._committer, self._bot)
        self.challenges = Challenges(
            store,
            bot=self.bot,
            dice=self.dice,
            clock=self.clock,
            committer=self._committer,
            bot_turns=self._bot,
            sweeper=self._sweeper,
            lifetime=challenge_lifetime,
        )
        """Posting and answering challenges, rematches, seating tournament pairings."""

    async def act(
        self, game_id: int, user_id: int, operation: Operation, *, loaded: GameRow | None = None
    ) -> ActionOutcomes:
        """Carry out `operation` on game `game_id` for the user `user_id`; forced plays and the
        bot's turns follow.

        `loaded` is the game's row when the caller has just read it (it is not read again).
        """
        match operation:
            case AcceptChallenge(name, is_bot):
                return await self.challenges.accept(game_id, Player(user_id, name, is_bot))
            case DeclineChallenge():
                return await self.challenges.decline(game_id, user_id)
            case WithdrawChallenge():
                return await self.challenges.withdraw(game_id, user_id)
            case Rematch():
                return await self.challenges.rematch(game_id, user_id)
            case Claim():
                row = await self.store.get_game(game_id)
                return await self._sweeper.claim(row, user_id, self.clock.now())
            case Abort():
                row = await self.store.get_game(game_id)
                if row.status is GameStatus.PENDING:
                    # A challenge is called off by its challenger withdrawing it, or else by
                    # the member it names declining it.
                    if user_id == row.challenger_id:
                        return await self.challenges.withdraw(game_id, user_id)
                    return await self.challenges.decline(game_id, user_id)
                return await self._seated(game_id, user_id, operation, row)
        return await self._seated(game_id, user_id, operation, loaded)

    async def view(self, game_id: int) -> GameView:
        """The game as it stands."""
        return GameView.of(await self.store.get_game(game_id))

    # Hints

    async def hint(self, game_id: int, user_id: int, count: int = HINT_COUNT) -> Hint:
        """The best plays for `user_id`, who is to move (against the bot, or hints on).

        The coach thinks in a worker thread; the hint is then logged as an event without steps
        (so the log shows who asked), unless the game moved on meanwhile or the last event
        is already this player's hint (the same position: asking again adds nothing).
        """
        if self.coach is None:
            raise ActionNotAllowedError("svc.hint.unavailable")
        row = await self.store.get_game(game_id)
        view = GameView.of(row)
        advise = advice_for(view, user_id, self.bot.id, self.coach, count)
        advice = await asyncio.to_thread(advise)
        plays: list[JsonValue] = [s.notation for s in advice.suggestions]
        last = await self.store.last_event(row.id)
        if last is None or last.kind != EventKind.HINT or last.actor_id != user_id:
            with contextlib.suppress(ConflictError):  # a hint stands even if it is not logged
                await self.store.commit(
                    row.id,
                    row.version,
                    EventKind.HINT,
                    {"steps": [], "plays": plays},
                    row.state,
                    now=self.clock.now(),
                    actor_id=user_id,
                )
        return Hint(game_id, view.kind, user_id, view.session.dice(), advice)

    # Clocks

    async def sweep(
        self, now: datetime | None = None, shards: Shards = ONE_SHARD
    ) -> list[ActionOutcomes]:
        """Handle what is due in the servers on `shards` (every server by default): expired
        challenges, the bot's put-off turns, wins on time, reminders; a result for each game
        whose players have news."""
        return await self._sweeper.sweep(self.clock.now() if now is None else now, shards)

    async def overdue(self, game_id: int, user_id: int) -> ActionOutcomes | None:
        """Settle the game's deadline if it passed unseen (where no sweeper looks: the bot
        cannot post there), on an interaction of `user_id`: anyone's for a challenge, which
        nobody may accept once expired, the players' own for a game under way. None when
        nothing was due."""
        row = await self.store.get_game(game_id)
        if row.status is GameStatus.ACTIVE and user_id not in (row.challenger_id, row.opponent_id):
            return None
        try:
            return await self._sweeper.overdue(row, self.clock.now())
        except ConflictError:
            return None  # settled meanwhile by another interaction

    # Dice and replay

    async def verify(self, game_id: int) -> VerifyReport:
        """Recompute every roll of a closed game from its revealed seed and the event log."""
        row = await self.store.get_game(game_id)
        if row.status.is_open:
            raise ActionNotAllowedError("svc.verify.open", game=game_id)
        rolls: dict[int, tuple[int, int]] = {}
        for event in await self.store.events_for(game_id):
            for step in steps_of(event):
                found = step.get("lot") if step.get("op") == "seat" else step
                if isinstance(found, dict) and "dice" in found:
                    rolls[int(found["number"])] = (int(found["dice"][0]), int(found["dice"][1]))
        return dice_module.verify(row.dice_secret or "", row.dice_commitment or "", rolls)

    async def replay(self, game_id: int) -> str:
        """The state text rebuilt from the event log (equal to the stored state)."""
        return await self.store.replay(game_id, reduce_event)

    # Helpers

    async def _seated(
        self, game_id: int, user_id: int, operation: Seated, loaded: GameRow | None
    ) -> ActionOutcomes:
        """A seated player's operation on a game under way, through the session."""
        op, argument = operation.op, operation.argument
        if isinstance(argument, str) and len(argument) > MAX_TEXT_LENGTH:
            # Refused before anything is read or parsed: no text can keep the event loop busy.
            if op is Op.MOVE:
                raise ActionNotAllowedError("svc.move.too_long", most=MAX_TEXT_LENGTH)
            raise ActionNotAllowedError("svc.resign.too_long", most=MAX_TEXT_LENGTH)
        row = await self._row(game_id, loaded)
        if row.status is GameStatus.PENDING:
            raise ActionNotAllowedError("svc.not_started", game=game_id)
        if not row.status.is_open:
            raise GameOverError(game_id, row.status.value)
        session = load_session(row.state)
        seats = session.seats
        if seats is None or user_id not in seats:
            raise NotAPlayerError(game_id, user_id)
        seat = seats.index(user_id)
        ctx = Context.of(row)
        if op is Op.ABORT:
            if session.options.tournament is not None:
                raise ActionNotAllowedError(
                    "svc.abort_tournament", tournament=session.options.tournament
                )
            if not session.can_abort():
                raise ActionNotAllowedError("svc.abort_too_late")
            run = session.abort(ctx, seat)
        else:
            session.check_action(op)
            if session.actor() != seat and not session.out_of_turn(op):
                raise NotYourTurnError(game_id, session.awaiting())
            run = session.act(seat, op, argument, roller(self.dice, row.dice_secret), ctx)
        result = await self._committer.commit(row, run, op, user_id)
        return await self._bot.play(result)

    async def _row(self, game_id: int, loaded: GameRow | None) -> GameRow:
        """The game's row: `loaded` when it is that game's, else read now.

        A row read a moment ago is as good as a new read: the versioned commit refuses it
        ("that move was already made") if anything moved the game in between.
        """
        if loaded is not None and loaded.id == game_id:
            return loaded
        return await self.store.get_game(game_id)

    def opponent_for(self, level: str | None) -> Opponent:
        """The bot's player at `level` (the default level for games stored without one)."""
        if self.opponents is None:
            return self.opponent
        return self.opponents(level or DEFAULT_LEVEL)

    def notice_for(self, view: GameView) -> str | None:
        """Why the bot plays this game below its level, if it does (else None): only in a game
        whose rules say the bot's notice concerns it."""
        if not rules_for(view.kind).opponent_notice:
            return None
        if view.seats is None or self.bot.id not in view.seats:
            return None
        return self.opponent_for(view.options.level).notice
