"""The service: challenges, turns, the bot, clocks and dice, over the store.

Every action is: load the game, check who may act, let the session (engine state machine) make
the transition, then `store.commit(...)` against the version that was loaded, so two clicks never
both land (the second gets the store's "that move was already made"). Nothing is kept in memory
between calls: a restart loses nothing, and several processes may share one database.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from bot.service import dice as dice_module
from bot.service.bot_turns import BotTurns
from bot.service.clock import CHALLENGE_LIFETIME, Clock, SystemClock
from bot.service.coach import HINT_COUNT, Coach, Hint
from bot.service.committer import Committer, EventKind
from bot.service.dice import CryptoDice, DiceSource, VerifyReport, roller
from bot.service.errors import (
    ActionNotAllowedError,
    ChallengeError,
    ChannelBusyError,
    ConflictError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.hints import advice_for
from bot.service.kinds import SimplePlayer, options_for, rules_for
from bot.service.limits import MAX_TEXT_LENGTH
from bot.service.opponent import Opponent, Opponents
from bot.service.options import DEFAULT_LEVEL, GameOptions
from bot.service.outcomes import (
    ChallengeAccepted,
    ChallengeDeclined,
    ChallengePosted,
    ChallengeWithdrawn,
)
from bot.service.session import Context, Op, Run
from bot.service.sweeper import Sweeper
from bot.service.views import (
    ActionResult,
    GameView,
    Player,
    load_session,
    pending_session,
    reduce_event,
    steps_of,
)
from bot.settings import ONE_SHARD, Shards
from bot.store import FirstEvent, GamePlace, GameRow, GameStatus, JsonValue, Store
from bot.store.tournament_rows import PairingClaim


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
        self.challenge_lifetime = challenge_lifetime
        self._committer = Committer(store, self.clock, self.bot.id)
        self._bot = BotTurns(self._committer, self.dice, self.opponent_for)
        self._sweeper = Sweeper(self._committer, self._bot)

    # Challenges

    async def challenge(
        self,
        *,
        channel_id: int,
        challenger: Player,
        kind: str,
        variant: str | None = None,
        opponent: Player | None = None,
        against_bot: bool = False,
        guild_id: int | None = None,
        place: GamePlace = GamePlace.SERVER,
        **choices: Any,
    ) -> ActionResult:
        """Post a challenge: to `opponent`, to anyone (no opponent), or to the bot (played at once).

        `place` says where the game lives: where the bot cannot post, the players' own
        interactions settle what falls due (`claim_win`, `overdue`).

        `kind` is a `GameKind` (or its text: an unknown game is refused). `choices` are the
        game options (`GameOptions.create`): match_length, cube, jacoby,
        crawford, time_limit (a timedelta), rated, starter, challenger_colour, level (the
        computer's, kept only against the bot), hints.
        """
        if against_bot or (opponent is not None and opponent.id == self.bot.id):
            choices["rated"] = False  # never rated, so hints on is no contradiction here
        options = options_for(kind, variant, **choices)
        where = (channel_id, guild_id, GamePlace(place))
        return await self._post(options, where, challenger, opponent, against_bot)

    async def _post(
        self,
        options: GameOptions,
        where: tuple[int, int | None, GamePlace],
        challenger: Player,
        opponent: Player | None,
        against_bot: bool,
        rematch_of: int | None = None,
    ) -> ActionResult:
        channel_id, guild_id, place = where
        if against_bot:
            if opponent is not None and opponent.id != self.bot.id:
                raise ChallengeError("svc.challenge.person_or_bot")
            opponent = self.bot
        if opponent is not None and opponent.id == challenger.id:
            raise ChallengeError("svc.challenge.yourself")
        if challenger.id == self.bot.id:
            raise ChallengeError("svc.challenge.by_the_bot")
        if opponent is not None and opponent.is_bot and opponent.id != self.bot.id:
            raise ChallengeError("svc.challenge.other_bot", name=opponent.name)
        if opponent is not None and opponent.id == self.bot.id:
            # The bot's games never move ratings, and always say how strongly it plays.
            options = replace(options, rated=False, level=options.level or DEFAULT_LEVEL)
        else:
            options = replace(options, level=None)  # people play at their own level
        holder = await self.store.active_game_in_channel(channel_id)
        if holder is not None and not place.bot_posts:
            # Nothing swept it: a deadline that passed settles now (an expired challenge, a
            # game lost on time), so a channel is not held by a game nobody plays.
            with contextlib.suppress(ConflictError):
                await self._sweeper.overdue(holder, self.clock.now())
            holder = await self.store.active_game_in_channel(channel_id)
        if holder is not None:
            raise ChannelBusyError(channel_id, holder.id)
        now = self.clock.now()
        for player in (challenger, opponent):
            if player is not None:
                await self.store.upsert_player(
                    player.id, player.name, now=now, is_bot=player.is_bot
                )
        seed = self.dice.new_seed()
        expires = now + self.challenge_lifetime
        if opponent is not None and opponent.id == self.bot.id:
            return await self._start_against_bot(options, where, challenger.id, seed, rematch_of)
        row = await self.store.create_game(
            place=place,
            guild_id=guild_id,
            channel_id=channel_id,
            kind=options.kind,
            variant=options.variant,
            state=pending_session(options).to_text(),
            challenger_id=challenger.id,
            now=now,
            opponent_id=None if opponent is None else opponent.id,
            options=options.to_json(),
            to_move_id=None if opponent is None else opponent.id,
            turn_deadline=expires,
            dice_commitment=dice_module.commitment(seed),
            dice_secret=seed,
        )
        return ActionResult(GameView.of(row), (_posted(row, expires, rematch_of),))

    async def _start_against_bot(
        self,
        options: GameOptions,
        where: tuple[int, int | None, GamePlace],
        challenger_id: int,
        seed: str,
        rematch_of: int | None,
    ) -> ActionResult:
        """Create the game and accept it for the bot in one transaction; then the bot's turn.

        One transaction, so that no crash can leave a challenge only the bot could accept.
        """
        seats = (challenger_id, self.bot.id)
        channel_id, guild_id, place = where
        row, started = await self._open_started(
            options,
            channel_id,
            guild_id,
            seats,
            seed,
            EventKind.CHALLENGE_ACCEPTED,
            self.bot.id,
            place=place,
        )
        posted = _posted(row, row.created_at + self.challenge_lifetime, rematch_of)
        outcomes = (posted, ChallengeAccepted(row.id, self.bot.id), *started.outcomes)
        return await self._bot.play(ActionResult(GameView.of(row, started.session), outcomes))

    async def start_pairing(
        self,
        *,
        channel_id: int,
        guild_id: int,
        first: Player,
        second: Player,
        options: GameOptions,
        claim: PairingClaim,
    ) -> ActionResult:
        """Start a tournament's pairing as a game of its own, already under way: `first` takes
        the first seat (White) and moves first where who starts is chosen (checkers,
        Bad'Gammon). The game is made only if the pairing still waits for it, in the same
        transaction (`PairingTakenError` otherwise): one game per pairing.
        """
        now = self.clock.now()
        for person in (first, second):
            await self.store.upsert_player(person.id, person.name, now=now, is_bot=person.is_bot)
        seated = replace(options, challenger_colour="white", starter="challenger", level=None)
        row, started = await self._open_started(
            seated,
            channel_id,
            guild_id,
            (first.id, second.id),
            self.dice.new_seed(),
            EventKind.PAIRED,
            None,
            claim,
        )
        return ActionResult(GameView.of(row, started.session), tuple(started.outcomes))

    async def _open_started(
        self,
        options: GameOptions,
        channel_id: int,
        guild_id: int | None,
        seats: tuple[int, int],
        seed: str,
        kind: EventKind,
        actor_id: int | None,
        claim: PairingClaim | None = None,
        place: GamePlace = GamePlace.SERVER,
    ) -> tuple[GameRow, Run[Any]]:
        """Create a game already played from its first steps (`seats`: the challenger's side
        first), logged as one `kind` event; the run holds their outcomes under its number.

        The steps do not depend on the game's number, which the insert gives: their outcomes
        are made again under it.
        """
        now = self.clock.now()
        pending = pending_session(options)
        commitment = dice_module.commitment(seed)
        dice = roller(self.dice, seed)
        start = pending.start(seats[0], seats[1], dice, Context(0, commitment))
        steps = list[JsonValue](start.steps)
        row = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            kind=options.kind,
            variant=options.variant,
            state=pending.to_text(),
            challenger_id=seats[0],
            now=now,
            opponent_id=seats[1],
            status=GameStatus.ACTIVE,
            options=options.to_json(),
            dice_commitment=commitment,
            dice_secret=seed,
            first_event=FirstEvent(kind, {"steps": steps}, start.session.to_text(), actor_id),
            claim=claim,
            place=place,
            **self._committer.turn(start.session, now),
        )
        started: Run[Any] = Run(pending, Context.of(row))
        for step in start.steps:
            started.do(step)
        return row, started

    async def accept_challenge(self, game_id: int, user: Player) -> ActionResult:
        """Accept a challenge (the named opponent, or anyone for an open one); play begins."""
        row = await self._pending(game_id)
        if user.is_bot or user.id == self.bot.id:
            # The bot plays only the games it is challenged to (never rated); other bots never.
            raise ChallengeError("svc.challenge.bot_accepts")
        if user.id == row.challenger_id:
            raise ChallengeError("svc.challenge.own")
        if row.opponent_id is not None and user.id != row.opponent_id:
            raise ChallengeError("svc.challenge.for_someone_else", game=game_id)
        now = self.clock.now()
        await self.store.upsert_player(user.id, user.name, now=now, is_bot=user.is_bot)
        session = load_session(row.state)
        run = session.start(row.challenger_id, user.id, self._roller(row), Context.of(row))
        run.outcomes.insert(0, ChallengeAccepted(game_id, user.id))
        result = await self._committer.commit(
            row, run, EventKind.CHALLENGE_ACCEPTED, user.id, opponent_id=user.id
        )
        return await self._bot.play(result)

    async def decline_challenge(self, game_id: int, user_id: int) -> ActionResult:
        """The challenged person declines; the challenge closes."""
        row = await self._pending(game_id)
        if row.opponent_id is None:
            raise ChallengeError("svc.challenge.open_decline")
        if user_id != row.opponent_id:
            raise ChallengeError("svc.challenge.decline_not_yours", game=game_id)
        return await self._committer.close_challenge(
            row,
            EventKind.CHALLENGE_DECLINED,
            user_id,
            GameStatus.CANCELLED,
            ChallengeDeclined(game_id, user_id),
        )

    async def withdraw_challenge(self, game_id: int, user_id: int) -> ActionResult:
        """The challenger withdraws the challenge."""
        row = await self._pending(game_id)
        if user_id != row.challenger_id:
            raise ChallengeError("svc.challenge.cancel_not_yours", game=game_id)
        return await self._committer.close_challenge(
            row,
            EventKind.CHALLENGE_WITHDRAWN,
            user_id,
            GameStatus.CANCELLED,
            ChallengeWithdrawn(game_id, user_id),
        )

    async def rematch(self, game_id: int, user_id: int) -> ActionResult:
        """Challenge the same opponent again in the same channel, with colours swapped."""
        row = await self.store.get_game(game_id)
        session = load_session(row.state)
        if row.status is not GameStatus.FINISHED or session.seats is None:
            raise ChallengeError("svc.challenge.rematch_unfinished", game=game_id)
        if user_id not in session.seats:
            raise NotAPlayerError(game_id, user_id)
        other_id = session.seats[1] if session.seats[0] == user_id else session.seats[0]
        # The other colour (seat 1 plays Black), and whatever else the game's rules swap.
        colour = "black" if session.seats[0] == user_id else "white"
        # A rematch is a challenge of its own, whatever tournament the game was played in.
        swapped = replace(
            session.options, challenger_colour=colour, tournament=None, tournament_round=None
        )
        options = rules_for(row.kind).rematch(swapped, user_id, session.seats)
        me, them = await self._player(user_id), await self._player(other_id)
        where = (row.channel_id, row.guild_id, row.place)
        return await self._post(options, where, me, them, False, game_id)

    # Play

    async def roll(self, game_id: int, user_id: int) -> ActionResult:
        """Roll the dice instead of doubling (backgammon)."""
        return await self._act(game_id, user_id, Op.ROLL)

    async def move(
        self, game_id: int, user_id: int, text: str, *, loaded: GameRow | None = None
    ) -> ActionResult:
        """Make a play (backgammon notation) or a move (PDN); forced plays and bot turns follow.

        `loaded` is the game's row when the caller has just read it (it is not read again).
        """
        return await self._act(game_id, user_id, Op.MOVE, text, loaded)

    async def double(self, game_id: int, user_id: int) -> ActionResult:
        """Offer a double (backgammon, BG-14)."""
        return await self._act(game_id, user_id, Op.DOUBLE)

    async def take(self, game_id: int, user_id: int) -> ActionResult:
        """Take the double on offer."""
        return await self._act(game_id, user_id, Op.TAKE)

    async def pass_double(self, game_id: int, user_id: int) -> ActionResult:
        """Pass the double on offer (the game is lost at the current cube value)."""
        return await self._act(game_id, user_id, Op.PASS)

    async def resign(
        self, game_id: int, user_id: int, size: str | int | None = None
    ) -> ActionResult:
        """Backgammon: offer to resign at a size (BG-15). Checkers: resign the game.

        Either player may, also on the other's turn (backgammon: while the other rolls or moves).
        """
        return await self._act(game_id, user_id, Op.RESIGN, size)

    async def offer_draw(self, game_id: int, user_id: int) -> ActionResult:
        """Offer a draw (checkers, CK-12)."""
        return await self._act(game_id, user_id, Op.OFFER_DRAW)

    async def accept_offer(self, game_id: int, user_id: int) -> ActionResult:
        """Accept the resignation or draw on offer."""
        return await self._act(game_id, user_id, Op.ACCEPT_OFFER)

    async def decline_offer(self, game_id: int, user_id: int) -> ActionResult:
        """Decline the resignation or draw on offer; play goes on."""
        return await self._act(game_id, user_id, Op.DECLINE_OFFER)

    async def abort(self, game_id: int, user_id: int) -> ActionResult:
        """Call the game off before both sides have moved; either player may.

        A challenge not yet accepted is called off too: the challenger withdraws it, the
        challenged player declines it.
        """
        row = await self.store.get_game(game_id)
        if row.status is GameStatus.PENDING:
            if user_id == row.challenger_id:
                return await self.withdraw_challenge(game_id, user_id)
            return await self.decline_challenge(game_id, user_id)
        return await self._act(game_id, user_id, Op.ABORT, loaded=row)

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
    ) -> list[ActionResult]:
        """Handle what is due in the servers on `shards` (every server by default): expired
        challenges, the bot's put-off turns, wins on time, reminders; a result for each game
        whose players have news."""
        return await self._sweeper.sweep(self.clock.now() if now is None else now, shards)

    async def claim_win(self, game_id: int, user_id: int) -> ActionResult:
        """The waiting player claims the win on time: refused before the other's deadline (and
        to the player whose turn it is); the same rules of time as the sweeper's."""
        row = await self.store.get_game(game_id)
        return await self._sweeper.claim(row, user_id, self.clock.now())

    async def overdue(self, game_id: int, user_id: int) -> ActionResult | None:
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

    async def _act(
        self,
        game_id: int,
        user_id: int,
        op: Op,
        argument: str | int | None = None,
        loaded: GameRow | None = None,
    ) -> ActionResult:
        if isinstance(argument, str) and len(argument) > MAX_TEXT_LENGTH:
            # Refused before anything is read or parsed: no text can keep the event loop busy.
            if op is Op.MOVE:
                raise ActionNotAllowedError("svc.move.too_long", most=MAX_TEXT_LENGTH)
            raise ActionNotAllowedError("svc.resign.too_long", most=MAX_TEXT_LENGTH)
        # A row read a moment ago is as good as a new read: the versioned commit refuses it
        # ("that move was already made") if anything moved the game in between.
        row = loaded if loaded is not None and loaded.id == game_id else None
        if row is None:
            row = await self.store.get_game(game_id)
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
            run = session.act(seat, op, argument, self._roller(row), ctx)
        result = await self._committer.commit(row, run, op, user_id)
        return await self._bot.play(result)

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

    async def _pending(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row.status is GameStatus.ACTIVE:
            raise ChallengeError("svc.challenge.already_accepted", game=game_id)
        if row.status is not GameStatus.PENDING:
            raise GameOverError(game_id, row.status.value)
        return row

    async def _player(self, user_id: int) -> Player:
        player = await self.store.get_player(user_id)
        if player is None:
            return Player(user_id, str(user_id))
        return Player(player.user_id, player.display_name, player.is_bot)

    def _roller(self, row: GameRow) -> Callable[[int], tuple[int, int]]:
        return roller(self.dice, row.dice_secret)


def _posted(row: GameRow, expires: datetime, rematch_of: int | None) -> ChallengePosted:
    """The outcome of a challenge just made."""
    return ChallengePosted(
        row.id, row.kind, row.variant, row.challenger_id, row.opponent_id, expires, rematch_of
    )
