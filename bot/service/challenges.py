"""How a game comes to be: a challenge posted, accepted, declined or withdrawn, a rematch, and a
tournament's pairing seated as a game already under way.

`Challenges` belongs to `Games`, which builds it over its own committer, bot turns and sweeper:
a challenge to the bot is played at once, and a deadline that passed unseen is settled before a
channel is called busy.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, Unpack

from bot.service import dice as dice_module
from bot.service.bot_turns import BotTurns
from bot.service.clock import Clock
from bot.service.committer import Committer, EventKind
from bot.service.dice import DiceSource, roller
from bot.service.errors import (
    ChallengeError,
    ChannelBusyError,
    ConflictError,
    GameOverError,
    NotAPlayerError,
)
from bot.service.kinds import options_for, rules_for
from bot.service.options import DEFAULT_LEVEL, Choices, GameOptions
from bot.service.outcomes import (
    ChallengeAccepted,
    ChallengeDeclined,
    ChallengePosted,
    ChallengeWithdrawn,
)
from bot.service.session import Context, Run
from bot.service.sweeper import Sweeper
from bot.service.views import ActionOutcomes, GameView, Player, load_session, pending_session
from bot.store import FirstEvent, GameKind, GamePlace, GameRow, GameStatus, JsonValue, Store
from bot.store.tournament_rows import PairingClaim

Where = tuple[int, int | None, GamePlace]
"""A game's channel, its server (None outside one) and its place."""


class Challenges:
    """Posting and answering challenges, rematches, and seating tournament pairings."""

    def __init__(
        self,
        store: Store,
        *,
        bot: Player,
        dice: DiceSource,
        clock: Clock,
        committer: Committer,
        bot_turns: BotTurns,
        sweeper: Sweeper,
        lifetime: timedelta,
    ) -> None:
        """Post on `store` for the bot `bot`; a challenge expires `lifetime` after it is posted."""
        self.store = store
        self.bot = bot
        self.dice = dice
        self.clock = clock
        self.lifetime = lifetime
        self._committer = committer
        self._bot = bot_turns
        self._sweeper = sweeper

    async def post(
        self,
        *,
        channel_id: int,
        challenger: Player,
        kind: GameKind,
        variant: str | None = None,
        opponent: Player | None = None,
        against_bot: bool = False,
        guild_id: int | None = None,
        place: GamePlace = GamePlace.SERVER,
        **choices: Unpack[Choices],
    ) -> ActionOutcomes:
        """Post a challenge: to `opponent`, to anyone (no opponent), or to the bot (played at once).

        `place` says where the game lives: where the bot cannot post, the players' own
        interactions settle what falls due (`Claim`, `Games.overdue`).

        `kind` is a `GameKind` (its text is refused by name when no game has it). `choices` are
        the game's options, each by its name (`Choices`; checked by `GameOptions.create`):
        match_length, cube, jacoby, crawford, time_limit, rated, starter, challenger_colour,
        level (the computer's, kept only against the bot), hints.
        """
        if against_bot or (opponent is not None and opponent.id == self.bot.id):
            choices["rated"] = False  # never rated, so hints on is no contradiction here
        options = options_for(kind, variant, **choices)
        where = (channel_id, guild_id, GamePlace(place))
        return await self._post(options, where, challenger, opponent, against_bot)

    async def _post(
        self,
        options: GameOptions,
        where: Where,
        challenger: Player,
        opponent: Player | None,
        against_bot: bool,
        rematch_of: int | None = None,
    ) -> ActionOutcomes:
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
        expires = now + self.lifetime
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
        return ActionOutcomes(GameView.of(row), (_posted(row, expires, rematch_of),))

    async def _start_against_bot(
        self,
        options: GameOptions,
        where: Where,
        challenger_id: int,
        seed: str,
        rematch_of: int | None,
    ) -> ActionOutcomes:
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
        posted = _posted(row, row.created_at + self.lifetime, rematch_of)
        outcomes = (posted, ChallengeAccepted(row.id, self.bot.id), *started.outcomes)
        return await self._bot.play(ActionOutcomes(GameView.of(row, started.session), outcomes))

    async def start_pairing(
        self,
        *,
        channel_id: int,
        guild_id: int,
        first: Player,
        second: Player,
        options: GameOptions,
        claim: PairingClaim,
    ) -> ActionOutcomes:
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
        return ActionOutcomes(GameView.of(row, started.session), tuple(started.outcomes))

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

    async def accept(self, game_id: int, user: Player) -> ActionOutcomes:
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
        run = session.start(
            row.challenger_id, user.id, roller(self.dice, row.dice_secret), Context.of(row)
        )
        run.outcomes.insert(0, ChallengeAccepted(game_id, user.id))
        result = await self._committer.commit(
            row, run, EventKind.CHALLENGE_ACCEPTED, user.id, opponent_id=user.id
        )
        return await self._bot.play(result)

    async def decline(self, game_id: int, user_id: int) -> ActionOutcomes:
        """The challenged member declines; the challenge closes."""
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

    async def withdraw(self, game_id: int, user_id: int) -> ActionOutcomes:
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

    async def rematch(self, game_id: int, user_id: int) -> ActionOutcomes:
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


def _posted(row: GameRow, expires: datetime, rematch_of: int | None) -> ChallengePosted:
    """The outcome of a challenge just made."""
    return ChallengePosted(
        row.id, row.kind, row.variant, row.challenger_id, row.opponent_id, expires, rematch_of
    )
