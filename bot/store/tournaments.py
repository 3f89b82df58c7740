"""SQL for tournaments: sign-ups, the start, each round's pairings and their results.

Every change of a tournament's own row is versioned like a game's: it names the version it was
computed from, and a write against an older one changes nothing (the method returns None). So a
round is paired once even when two results that complete it arrive at once, or two processes
sweep: the second writer finds the version moved on. A pairing's result is written only while
the pairing waits for exactly that game, so a result seen twice counts once.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Executable,
    Row,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from bot.settings import Shards
from bot.store import checks
from bot.store.errors import TournamentNotFoundError
from bot.store.queries import require_players
from bot.store.rows import OPEN_STATUSES, GameKind, GameStatus, JsonValue
from bot.store.schema import (
    OPEN_TOURNAMENT_SQL,
    games,
    players,
    tournament_entrants,
    tournament_pairings,
    tournaments,
)
from bot.store.sharding import shard_key
from bot.store.store import Store
from bot.store.tournament_queries import (
    bump_version,
    entrant_ids,
    entrant_key,
    insert_pairings,
    of_shards,
    pairing_key,
    read_tournament,
    tournament_from_row,
    versioned_update,
)
from bot.store.tournament_rows import (
    EntrantRow,
    NewPairing,
    PairingRow,
    TournamentRow,
    TournamentStatus,
)

OPEN_TOURNAMENT = text(OPEN_TOURNAMENT_SQL)


class Joined(enum.Enum):
    """What a sign-up did."""

    JOINED = "joined"
    ALREADY = "already"  # entered before: nothing changed
    FULL = "full"  # the player limit is reached
    CLOSED = "closed"  # no longer taking sign-ups


class _Undone(Exception):
    """Raised inside a write to roll it back; carries what the method answers."""


class TournamentStore:
    """Tournaments, their entrants and pairings, kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database (one pool, the SQLite write gate included)."""
        self._db = store.database

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organizer_id: int,
        kind: GameKind,
        variant: str,
        format: str,
        options: Mapping[str, JsonValue],
        swiss_rounds: int | None,
        player_limit: int,
        starts_at: datetime | None,
        now: datetime,
    ) -> TournamentRow | None:
        """Open a tournament for sign-ups; None when the channel already has an open one."""
        values: dict[str, Any] = {
            "guild_id": checks.snowflake("guild_id", guild_id),
            "shard_key": shard_key(guild_id),
            "channel_id": checks.snowflake("channel_id", channel_id),
            "organizer_id": checks.snowflake("organizer_id", organizer_id),
            "kind": checks.game_kind(kind).value,
            "variant": checks.label("variant", variant),
            "format": checks.label("format", format),
            "options": checks.json_object("options", options),
            "swiss_rounds": swiss_rounds,
            "player_limit": player_limit,
            "starts_at": checks.optional_moment("starts_at", starts_at),
            "status": TournamentStatus.SIGNUP.value,
            "paused": False,
            "round": 0,
            "version": 0,
            "created_at": checks.moment("now", now),
            "updated_at": now,
        }
        statement = insert(tournaments).values(values).returning(*tournaments.c)

        def create(connection: Connection) -> Row[Any]:
            require_players(connection, [organizer_id])
            return connection.execute(statement).one()

        try:
            row = await self._db.write(create)
        except IntegrityError:
            if await self.open_in_channel(channel_id) is not None:
                return None
            raise
        return tournament_from_row(row)

    async def get(self, tournament_id: int) -> TournamentRow:
        """The tournament with this id; raises `TournamentNotFoundError` if there is none."""
        checks.snowflake("tournament_id", tournament_id)
        return await self._db.read(lambda c: read_tournament(c, tournament_id), single=True)

    async def open_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The tournament taking sign-ups or running in a channel, if any."""
        query = select(tournaments).where(
            tournaments.c.channel_id == checks.snowflake("channel_id", channel_id), OPEN_TOURNAMENT
        )
        row = await self._db.read(lambda c: c.execute(query).first(), single=True)
        return None if row is None else tournament_from_row(row)

    async def latest_in_channel(self, channel_id: int) -> TournamentRow | None:
        """The channel's newest tournament, open or not."""
        query = (
            select(tournaments)
            .where(tournaments.c.channel_id == checks.snowflake("channel_id", channel_id))
            .order_by(tournaments.c.id.desc())
            .limit(1)
        )
        row = await self._db.read(lambda c: c.execute(query).first(), single=True)
        return None if row is None else tournament_from_row(row)

    async def player_name(self, user_id: int) -> str | None:
        """A player's display name as last seen (None for someone never seen)."""
        query = select(players.c.display_name).where(
            players.c.user_id == checks.snowflake("user_id", user_id)
        )
        name: str | None = await self._db.read(
            lambda c: c.execute(query).scalar_one_or_none(), single=True
        )
        return name

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """Who entered, in the order they joined."""
        query = (
            select(tournament_entrants, players.c.display_name.label("name"))
            .join(players, players.c.user_id == tournament_entrants.c.user_id)
            .where(tournament_entrants.c.tournament_id == tournament_id)
            .order_by(tournament_entrants.c.joined_at, tournament_entrants.c.user_id)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [EntrantRow(**row._mapping) for row in rows]

    async def pairings(self, tournament_id: int) -> list[PairingRow]:
        """Every pairing so far, by round and number."""
        query = (
            select(tournament_pairings)
            .where(tournament_pairings.c.tournament_id == tournament_id)
            .order_by(tournament_pairings.c.round, tournament_pairings.c.number)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [PairingRow(**row._mapping) for row in rows]

    async def pairing_of_game(self, game_id: int) -> PairingRow | None:
        """The pairing whose latest game this is, if the game is a tournament's."""
        query = select(tournament_pairings).where(
            tournament_pairings.c.game_id == checks.snowflake("game_id", game_id)
        )
        row = await self._db.read(lambda c: c.execute(query).first(), single=True)
        return None if row is None else PairingRow(**row._mapping)

    async def join(self, tournament_id: int, user_id: int, *, now: datetime) -> Joined:
        """Enter a player, while sign-ups are open and there is room."""
        checks.snowflake("user_id", user_id)
        values = {
            "tournament_id": tournament_id,
            "user_id": user_id,
            "withdrawn": False,
            "joined_at": checks.moment("now", now),
        }

        def join(connection: Connection) -> Joined:
            # Moving the version first takes the row (PostgreSQL) or the write lock (SQLite):
            # two sign-ups for the last place are counted one after the other.
            moved = bump_version(connection, tournament_id, now, TournamentStatus.SIGNUP)
            if moved is None:
                return Joined.CLOSED
            entered = entrant_ids(connection, tournament_id)
            if user_id in entered:
                raise _Undone(Joined.ALREADY)
            if len(entered) >= moved.player_limit:
                raise _Undone(Joined.FULL)
            require_players(connection, [user_id])
            connection.execute(insert(tournament_entrants).values(values))
            return Joined.JOINED

        try:
            return await self._db.write(join)
        except _Undone as undone:
            return Joined(undone.args[0])

    async def leave(self, tournament_id: int, user_id: int, *, now: datetime) -> bool:
        """Take a player off the list while sign-ups are open; False if they were not on it."""
        key = entrant_key(tournament_id, user_id)
        return await self._entrant_change(
            tournament_id, TournamentStatus.SIGNUP, tournament_entrants.delete().where(key), now
        )

    async def withdraw(self, tournament_id: int, user_id: int, *, now: datetime) -> bool:
        """Mark a player of a running tournament as paired no more; False if not entered (or
        already withdrawn) or the tournament is not running."""
        still_in = tournament_entrants.c.withdrawn == false()
        statement = (
            update(tournament_entrants)
            .where(entrant_key(tournament_id, user_id), still_in)
            .values(withdrawn=True)
        )
        return await self._entrant_change(tournament_id, TournamentStatus.RUNNING, statement, now)

    async def _entrant_change(
        self, tournament_id: int, status: TournamentStatus, statement: Executable, now: datetime
    ) -> bool:
        """Run `statement` on one entrant while the tournament is in `status`, moving its
        version; False (nothing changed) if it is not, or the statement found no entrant."""

        def change(connection: Connection) -> bool:
            if bump_version(connection, tournament_id, now, status) is None:
                return False
            if connection.execute(statement).rowcount != 1:
                raise _Undone(False)
            return True

        try:
            return await self._db.write(change)
        except _Undone:
            return False

    async def change(
        self, tournament_id: int, expected_version: int, *, now: datetime, **columns: Any
    ) -> TournamentRow | None:
        """Set some columns (status, paused, winner…) against `expected_version`; None if the
        tournament moved on since it was read."""
        return await self._db.write(
            lambda c: versioned_update(c, tournament_id, expected_version, now, columns)
        )

    async def start(
        self,
        tournament_id: int,
        expected_version: int,
        *,
        ratings: Mapping[int, float],
        rounds: int,
        pairings: Sequence[NewPairing],
        now: datetime,
    ) -> TournamentRow | None:
        """Start: keep each entrant's seeding rating and store round 1, in one transaction;
        None if the tournament moved on since it was read."""

        def start(connection: Connection) -> TournamentRow | None:
            row = versioned_update(
                connection,
                tournament_id,
                expected_version,
                now,
                {"status": TournamentStatus.RUNNING.value, "round": 1, "rounds": rounds},
                status=TournamentStatus.SIGNUP,
            )
            if row is None:
                return None
            for user_id, rating in ratings.items():
                connection.execute(
                    update(tournament_entrants)
                    .where(
                        tournament_entrants.c.tournament_id == tournament_id,
                        tournament_entrants.c.user_id == user_id,
                    )
                    .values(rating=rating)
                )
            insert_pairings(connection, tournament_id, 1, pairings, now)
            return row

        return await self._db.write(start)

    async def pair_round(
        self,
        tournament_id: int,
        expected_version: int,
        round_number: int,
        pairings: Sequence[NewPairing],
        *,
        now: datetime,
    ) -> TournamentRow | None:
        """Store the pairings of the next round and move the tournament to it, in one
        transaction; None if another writer paired it first (or anything else moved)."""

        def pair(connection: Connection) -> TournamentRow | None:
            row = versioned_update(
                connection,
                tournament_id,
                expected_version,
                now,
                {"round": round_number},
                status=TournamentStatus.RUNNING,
            )
            if row is not None:
                insert_pairings(connection, tournament_id, round_number, pairings, now)
            return row

        try:
            return await self._db.write(pair)
        except IntegrityError:
            return None  # the round's pairings exist: stored by another writer

    async def settle(
        self, pairing: PairingRow, game_id: int, winner_id: int | None, *, now: datetime
    ) -> bool:
        """Give a pairing its result from its game `game_id`; False if it had one already or
        its game is another (a replay was made)."""
        statement = (
            update(tournament_pairings)
            .where(
                pairing_key(pairing),
                tournament_pairings.c.game_id == game_id,
                tournament_pairings.c.done == false(),
            )
            .values(done=True, winner_id=winner_id, updated_at=checks.moment("now", now))
        )
        return await self._db.write(lambda c: c.execute(statement).rowcount == 1, single=True)

    async def walk_over(self, pairing: PairingRow, winner_id: int, *, now: datetime) -> bool:
        """Decide a pairing without a game (a withdrawn player's); False if it had a result."""
        statement = (
            update(tournament_pairings)
            .where(pairing_key(pairing), tournament_pairings.c.done == false())
            .values(done=True, winner_id=winner_id, updated_at=checks.moment("now", now))
        )
        return await self._db.write(lambda c: c.execute(statement).rowcount == 1, single=True)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up message; not a change of the tournament, no version."""
        await self._set(tournament_id, message_id=checks.snowflake("message_id", message_id))

    async def set_event(self, tournament_id: int, event_id: int) -> None:
        """Remember Discord's scheduled event; no version change."""
        await self._set(tournament_id, event_id=checks.snowflake("event_id", event_id))

    async def _set(self, tournament_id: int, **values: int) -> None:
        statement = update(tournaments).where(tournaments.c.id == tournament_id).values(values)

        def set_values(connection: Connection) -> None:
            if connection.execute(statement).rowcount != 1:
                raise TournamentNotFoundError(tournament_id)

        await self._db.write(set_values, single=True)

    async def open_ones(self, shards: Shards) -> list[TournamentRow]:
        """Every tournament taking sign-ups or running in the servers on `shards`."""
        query = (
            select(tournaments).where(OPEN_TOURNAMENT, of_shards(shards)).order_by(tournaments.c.id)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [tournament_from_row(row) for row in rows]

    async def closed_games(
        self, game_ids: Sequence[int]
    ) -> dict[int, tuple[GameStatus, int | None]]:
        """Of these games, those closed: their status and winner (None: a draw, or no result)."""
        if not game_ids:
            return {}
        query = select(games.c.id, games.c.status, games.c.winner_id).where(
            games.c.id.in_(list(game_ids)),
            games.c.status.not_in([status.value for status in OPEN_STATUSES]),
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return {row.id: (GameStatus(row.status), row.winner_id) for row in rows}
