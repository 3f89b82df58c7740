"""SQL pieces the store's transactions are built from: reads, checks, upserts, row mapping.

Each piece is a plain function of a connection inside a transaction (see `Database`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any, NoReturn

from sqlalchemy import (
    Connection,
    Row,
    Select,
    Table,
    Update,
    bindparam,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite

from bot.store.errors import ConflictError, GameNotFoundError, PlayerNotFoundError
from bot.store.rows import GameEvent, GameKind, GamePlace, GameRow, GameStatus
from bot.store.schema import OPEN_STATUS_SQL, game_events, games, players, tournament_pairings
from bot.store.tournament_rows import PairingClaim

# Spelled exactly as the partial indexes' predicate: with bound parameters instead, neither
# SQLite nor a generic PostgreSQL plan could prove the query matches those indexes.
OPEN = text(OPEN_STATUS_SQL)

# The statements of every move, built once: SQLAlchemy then reuses their cache keys and compiled
# forms instead of building and hashing a new statement per call.
GAME_BY_ID = select(games).where(games.c.id == bindparam("game_key"))
OPEN_GAME_IN_CHANNEL = select(games).where(games.c.channel_id == bindparam("channel_key"), OPEN)
PLAYER_BY_ID = select(players).where(players.c.user_id == bindparam("user_key"))
# The columns to SET are the keys of the parameters given with it (besides the two below).
UPDATE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_key"), games.c.version == bindparam("expected_version"))
    .returning(*games.c)
)
APPEND_EVENT = insert(game_events)
# The event's columns as `moved_and_appended` binds them (apart from games' own column names).
EVENT_PARAMETERS = {
    "seq": "event_seq",
    "kind": "event_kind",
    "payload": "event_payload",
    "actor_id": "event_actor_id",
    "created_at": "event_created_at",
}
# A change outside the event log (which Discord messages show the game); SET as UPDATE_GAME's.
SET_GAME = update(games).where(games.c.id == bindparam("game_key"))
SET_GAME_RETURNING = SET_GAME.returning(*games.c)
# SET_GAME that names the game it changed (none: no such game), for `Database.one`.
SET_GAME_ID = SET_GAME.returning(games.c.id)
GAME_VERSION = select(games.c.version).where(games.c.id == bindparam("game_key"))
LAST_EVENT = (
    select(game_events)
    .where(game_events.c.game_id == bindparam("game_key"))
    .order_by(game_events.c.seq.desc())
    .limit(1)
)


@lru_cache(maxsize=64)
def moved_and_appended(columns: tuple[str, ...]) -> Select[Any]:
    """PostgreSQL: UPDATE_GAME setting `columns` and APPEND_EVENT for the game it moved, as one
    statement (a data-modifying WITH), which PostgreSQL runs atomically in one round trip.

    Its parameters: UPDATE_GAME's, and the event's under the names of `EVENT_PARAMETERS` (its
    game id is the moved game's). A game not at the expected version moves no row, and then no
    event is added and no row returned. SQLite has no data-modifying WITH: there the two
    statements run in one transaction.
    """
    setting = {name: bindparam(name, type_=games.c[name].type) for name in columns}
    moved = UPDATE_GAME.values(setting).cte("moved")
    event = [
        bindparam(parameter, type_=game_events.c[column].type)
        for column, parameter in EVENT_PARAMETERS.items()
    ]
    appended = (
        insert(game_events)
        .from_select(["game_id", *EVENT_PARAMETERS], select(moved.c.id, *event))
        .cte("appended")
    )
    return select(moved).add_cte(appended)


def upsert(
    dialect: str, table: Table, values: Mapping[str, Any]
) -> postgresql.Insert | sqlite.Insert:
    """An INSERT that can take ON CONFLICT DO UPDATE, in the backend's own dialect."""
    if dialect == "postgresql":
        return postgresql.insert(table).values(values)
    return sqlite.insert(table).values(values)


def require_players(connection: Connection, user_ids: Iterable[int | None]) -> None:
    """Raise `PlayerNotFoundError` for the first id (None aside) with no players row."""
    wanted = {user_id for user_id in user_ids if user_id is not None}
    if not wanted:
        return
    query = select(players.c.user_id).where(players.c.user_id.in_(wanted))
    known = set(connection.scalars(query).all())
    for user_id in sorted(wanted - known):
        raise PlayerNotFoundError(user_id)


def raise_conflict(connection: Connection, game_id: int, expected: int) -> NoReturn:
    """Explain why a versioned UPDATE matched no row: no such game, or another version."""
    actual = connection.scalar(GAME_VERSION, {"game_key": game_id})
    if actual is None:
        raise GameNotFoundError(game_id)
    raise ConflictError(game_id, expected, actual)


def read_game(connection: Connection, game_id: int) -> GameRow:
    """The game with this id, or `GameNotFoundError`."""
    row = connection.execute(GAME_BY_ID, {"game_key": game_id}).first()
    if row is None:
        raise GameNotFoundError(game_id)
    return game_from_row(row)


def read_events(connection: Connection, game_id: int, up_to: int | None = None) -> list[GameEvent]:
    """A game's events in order, optionally only those with `seq <= up_to`."""
    query = select(game_events).where(game_events.c.game_id == game_id)
    if up_to is not None:
        query = query.where(game_events.c.seq <= up_to)
    query = query.order_by(game_events.c.seq)
    rows = connection.execute(query).all()
    return [GameEvent(**row._mapping) for row in rows]


def read_last_event(connection: Connection, game_id: int) -> GameEvent | None:
    """A game's event with the highest seq, or None if it has none."""
    row = connection.execute(LAST_EVENT, {"game_key": game_id}).first()
    return None if row is None else GameEvent(**row._mapping)


def game_from_row(row: Row[Any]) -> GameRow:
    """A `games` row as a GameRow."""
    return game_from_values(dict(row._mapping))


def game_from_values(values: dict[str, Any]) -> GameRow:
    """A `games` row read by column name (as `Database.one` reads it) as a GameRow."""
    values["kind"] = GameKind(values["kind"])
    values["status"] = GameStatus(values["status"])
    values["place"] = GamePlace(values["place"])
    return GameRow(**values)


def claim_pairing(claim: PairingClaim, game_id: int, now: datetime) -> Update:
    """Make `game_id` the game of the claimed pairing, if it still waits for exactly that: no
    result yet, and no game (or the game being replayed)."""
    pairing = tournament_pairings.c
    waiting = (
        pairing.game_id.is_(None) if claim.replaces is None else (pairing.game_id == claim.replaces)
    )
    return (
        update(tournament_pairings)
        .where(
            pairing.tournament_id == claim.tournament_id,
            pairing.round == claim.round,
            pairing.number == claim.number,
            pairing.done == false(),
            waiting,
        )
        .values(game_id=game_id, games=pairing.games + 1, updated_at=now)
    )
