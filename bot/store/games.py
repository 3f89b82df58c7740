"""The store's games: opening one, moving it on with its event log, reading it back."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, insert, or_, select
from sqlalchemy.exc import IntegrityError

from bot.settings import ONE_SHARD, Shards
from bot.store import checks
from bot.store.database import Database
from bot.store.errors import ChannelBusyError, ConflictError, PairingTakenError
from bot.store.queries import (
    APPEND_EVENT,
    EVENT_PARAMETERS,
    OPEN,
    OPEN_GAME_IN_CHANNEL,
    UPDATE_GAME,
    claim_pairing,
    game_from_row,
    game_from_values,
    moved_and_appended,
    raise_conflict,
    read_events,
    read_game,
    read_last_event,
    require_players,
)
from bot.store.rows import (
    KEEP,
    FirstEvent,
    GameEvent,
    GameKind,
    GamePlace,
    GameRow,
    GameStatus,
    JsonValue,
    Keep,
    Reducer,
)
from bot.store.schema import games
from bot.store.sharding import of_shards, shard_key
from bot.store.tournament_rows import PairingClaim


class GameStore:
    """Games and their event logs; part of `Store`, each method one transaction."""

    _db: Database

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        kind: GameKind,
        variant: str,
        state: str,
        challenger_id: int,
        now: datetime,
        opponent_id: int | None = None,
        status: GameStatus = GameStatus.PENDING,
        options: Mapping[str, JsonValue] | None = None,
        to_move_id: int | None = None,
        turn_deadline: datetime | None = None,
        reminder_at: datetime | None = None,
        dice_commitment: str | None = None,
        dice_secret: str | None = None,
        first_event: FirstEvent | None = None,
        claim: PairingClaim | None = None,
        place: GamePlace = GamePlace.SERVER,
    ) -> GameRow:
        """Open a game at version 0 with `state` as its start; one open game per channel.

        `place` says where the game lives (a server that added the bot by default).

        With `first_event` the game is opened at version 1 instead: the event is logged as seq 1
        and the game holds the event's state, both in the one transaction.
        With `claim` the game is a tournament pairing's, made only if the pairing still waits
        for it (`PairingTakenError` otherwise), in the same transaction: one game per pairing.
        Raises `ChannelBusyError` when the channel already has a pending or active game, and
        `PlayerNotFoundError` when a player was never upserted.
        """
        values: dict[str, Any] = {
            "guild_id": checks.optional_snowflake("guild_id", guild_id),
            "shard_key": shard_key(guild_id),
            "channel_id": checks.snowflake("channel_id", channel_id),
            "kind": checks.game_kind(kind).value,
            "variant": checks.label("variant", variant),
            "options": checks.json_object("options", {} if options is None else options),
            "status": checks.game_status(status).value,
            "challenger_id": checks.snowflake("challenger_id", challenger_id),
            "opponent_id": checks.optional_snowflake("opponent_id", opponent_id),
            "to_move_id": checks.optional_snowflake("to_move_id", to_move_id),
            "initial_state": checks.text("state", state),
            "state": state,
            "version": 0,
            "turn_deadline": checks.optional_moment("turn_deadline", turn_deadline),
            "reminder_at": checks.optional_moment("reminder_at", reminder_at),
            "dice_commitment": checks.optional_text("dice_commitment", dice_commitment),
            "dice_secret": checks.optional_text("dice_secret", dice_secret),
            "place": GamePlace(place).value,
            "created_at": checks.moment("now", now),
            "updated_at": now,
        }
        event: dict[str, Any] | None = None
        if first_event is not None:
            event = {
                "seq": 1,
                "kind": checks.label("first_event.kind", first_event.kind),
                "payload": checks.json_object("first_event.payload", first_event.payload),
                "actor_id": checks.optional_snowflake("first_event.actor_id", first_event.actor_id),
                "created_at": now,
            }
            values.update(state=checks.text("first_event.state", first_event.state), version=1)
        statement = insert(games).values(values).returning(*games.c)

        def create(connection: Connection) -> GameRow:
            require_players(connection, [challenger_id, opponent_id, to_move_id])
            row = connection.execute(statement).one()
            if event is not None:
                connection.execute(APPEND_EVENT, {**event, "game_id": row.id})
            if claim is not None:
                claimed = connection.execute(claim_pairing(claim, row.id, now))
                if claimed.rowcount != 1:
                    raise PairingTakenError(claim.tournament_id, claim.round, claim.number)
            return game_from_row(row)

        try:
            return await self._db.write(create)
        except IntegrityError as error:
            await self._raise_if_channel_busy(channel_id, error)
            raise

    async def get_game(self, game_id: int) -> GameRow:
        """The game with this id; raises `GameNotFoundError` if there is none."""
        checks.snowflake("game_id", game_id)
        return await self._db.read(lambda connection: read_game(connection, game_id), single=True)

    async def active_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The pending or active game in a channel (or thread), if any."""
        checks.snowflake("channel_id", channel_id)
        parameters = {"channel_key": channel_id}
        if self._db.dialect == "postgresql":
            # Read before every move: asyncpg's one round trip without SQLAlchemy's work.
            values = await self._db.one(OPEN_GAME_IN_CHANNEL, parameters, write=False)
            return None if values is None else game_from_values(values)

        def read(connection: Connection) -> GameRow | None:
            row = connection.execute(OPEN_GAME_IN_CHANNEL, parameters).first()
            return None if row is None else game_from_row(row)

        return await self._db.read(read, single=True)

    async def open_games_for_player(self, user_id: int) -> list[GameRow]:
        """Every pending or active game a player sits at, oldest first."""
        checks.snowflake("user_id", user_id)
        seat = or_(games.c.challenger_id == user_id, games.c.opponent_id == user_id)
        query = select(games).where(seat, OPEN).order_by(games.c.id)

        def read(connection: Connection) -> list[GameRow]:
            return [game_from_row(row) for row in connection.execute(query)]

        return await self._db.read(read, single=True)

    async def commit(
        self,
        game_id: int,
        expected_version: int,
        event_kind: str,
        payload: Mapping[str, JsonValue],
        new_state: str,
        *,
        now: datetime,
        actor_id: int | None = None,
        status: GameStatus | Keep = KEEP,
        opponent_id: int | Keep | None = KEEP,
        to_move_id: int | Keep | None = KEEP,
        winner_id: int | Keep | None = KEEP,
        result: Mapping[str, JsonValue] | Keep | None = KEEP,
        turn_deadline: datetime | Keep | None = KEEP,
        reminder_at: datetime | Keep | None = KEEP,
    ) -> GameRow:
        """Append one event and move the game from `expected_version` to the next, atomically.

        The event gets `seq = expected_version + 1`. Columns passed as keywords change with it;
        those left at KEEP stay as they are. If the game is no longer at `expected_version`
        nothing is written and `ConflictError` ("that move was already made") is raised.
        """
        checks.snowflake("game_id", game_id)
        checks.version("expected_version", expected_version)
        event = {
            "game_id": game_id,
            "seq": expected_version + 1,
            "kind": checks.label("event_kind", event_kind),
            "payload": checks.json_object("payload", payload),
            "actor_id": checks.optional_snowflake("actor_id", actor_id),
            "created_at": checks.moment("now", now),
        }
        changes: dict[str, Any] = {
            "state": checks.text("new_state", new_state),
            "version": expected_version + 1,
            "updated_at": now,
        }
        changes.update(
            checks.commit_changes(
                status=status,
                opponent_id=opponent_id,
                to_move_id=to_move_id,
                winner_id=winner_id,
                result=result,
                turn_deadline=turn_deadline,
                reminder_at=reminder_at,
            )
        )
        parameters = {"game_key": game_id, "expected_version": expected_version, **changes}

        def write(connection: Connection) -> GameRow:
            # The version check comes first: a second writer for the same version waits on the
            # row (PostgreSQL) or the write lock (SQLite), then matches no row. Unknown players
            # are refused by the foreign keys, and named once that has failed.
            row = connection.execute(UPDATE_GAME, parameters).first()
            if row is None:
                raise_conflict(connection, game_id, expected_version)
            connection.execute(APPEND_EVENT, event)
            return game_from_row(row)

        # PostgreSQL: both in one statement, a move's one round trip; the conflict's reason is
        # read afterwards (the game moved on, or is gone), as nothing was written.
        statement = moved_and_appended(tuple(changes))
        both = {**parameters, **{EVENT_PARAMETERS[name]: event[name] for name in EVENT_PARAMETERS}}

        try:
            if self._db.dialect == "sqlite":
                return await self._db.write(write)
            moved = await self._db.one(statement, both, write=True)
            if moved is None:
                return await self._db.read(lambda c: raise_conflict(c, game_id, expected_version))
            return game_from_values(moved)
        except IntegrityError as error:
            named = [changes.get(name) for name in ("opponent_id", "to_move_id", "winner_id")]
            await self._explain_integrity_error(game_id, expected_version, error, named)
            raise

    async def due_deadlines(
        self,
        now: datetime,
        *,
        after: tuple[datetime, int] | None = None,
        limit: int = 100,
        shards: Shards = ONE_SHARD,
    ) -> list[GameRow]:
        """Open games whose turn deadline is at or before `now`, most overdue first (then by id).

        A page of at most `limit`; `after` is the (deadline, id) of the previous page's last game,
        so that paging reaches every due game however many there are. Only the games of servers
        on `shards` (games outside a server are on shard 0); every game by default.
        """
        return await self._due(games.c.turn_deadline, now, after, limit, shards)

    async def due_reminders(
        self,
        now: datetime,
        *,
        after: tuple[datetime, int] | None = None,
        limit: int = 100,
        shards: Shards = ONE_SHARD,
    ) -> list[GameRow]:
        """Open games whose reminder time is at or before `now`, most overdue first (then by id).

        Paged and picked by shard as `due_deadlines`, with `after` the (reminder time, id) of the
        previous page's last.
        """
        return await self._due(games.c.reminder_at, now, after, limit, shards)

    async def last_event(self, game_id: int) -> GameEvent | None:
        """A game's latest event, or None while its log is empty (or there is no such game)."""
        checks.snowflake("game_id", game_id)
        return await self._db.read(lambda c: read_last_event(c, game_id), single=True)

    async def events_for(self, game_id: int) -> list[GameEvent]:
        """A game's event log in order (seq 1, 2, …); raises `GameNotFoundError` if no game."""
        checks.snowflake("game_id", game_id)

        def read(connection: Connection) -> list[GameEvent]:
            read_game(connection, game_id)
            return read_events(connection, game_id)

        return await self._db.read(read)

    async def replay(
        self, game_id: int, reducer: Reducer, *, initial_state: str | None = None
    ) -> str:
        """Fold the event log through `reducer` from the game's initial state (or the one given).

        The result is the state at the game's version when it was read, so for a game nobody is
        writing to it must equal the stored `state`.
        """
        checks.snowflake("game_id", game_id)
        start = checks.optional_text("initial_state", initial_state)

        def read(connection: Connection) -> tuple[GameRow, list[GameEvent]]:
            game = read_game(connection, game_id)
            # Only the events up to the version just read: a move committed in between (visible
            # under PostgreSQL's READ COMMITTED) must not leak into this snapshot.
            return game, read_events(connection, game_id, up_to=game.version)

        game, events = await self._db.read(read)
        state = game.initial_state if start is None else start
        for event in events:
            state = reducer(state, event)
        return state

    # Helpers

    async def _due(
        self,
        column: Any,
        now: datetime,
        after: tuple[datetime, int] | None,
        limit: int,
        shards: Shards,
    ) -> list[GameRow]:
        checks.moment("now", now)
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a positive integer, not {limit!r}")
        # Only where the bot can post: elsewhere the players settle what is due (a win claimed
        # on time, or the game's next interaction), since nobody could be told.
        query = select(games).where(
            OPEN,
            column.is_not(None),
            column <= now,
            of_shards(shards),
            games.c.place == GamePlace.SERVER.value,
        )
        if after is not None:
            # Keyset paging: what sorts after the previous page's last (time, id), in index order.
            moment, game_id = checks.keyset("after", after)
            query = query.where(or_(column > moment, and_(column == moment, games.c.id > game_id)))
        query = query.order_by(column, games.c.id).limit(limit)

        def read(connection: Connection) -> list[GameRow]:
            return [game_from_row(row) for row in connection.execute(query)]

        return await self._db.read(read, single=True)

    async def _raise_if_channel_busy(self, channel_id: int, error: IntegrityError) -> None:
        # The partial unique index refused the row; name the game that holds the channel.
        holder = await self.active_game_in_channel(channel_id)
        if holder is not None:
            raise ChannelBusyError(channel_id, holder.id) from error

    async def _explain_integrity_error(
        self,
        game_id: int,
        expected_version: int,
        error: IntegrityError,
        player_ids: list[int | None],
    ) -> None:
        game = await self.get_game(game_id)
        if game.version != expected_version:
            raise ConflictError(game_id, expected_version, game.version) from error
        await self._db.read(lambda c: require_players(c, player_ids), single=True)
        await self._raise_if_channel_busy(game.channel_id, error)
