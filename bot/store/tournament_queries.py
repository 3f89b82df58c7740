"""SQL pieces the tournament store's transactions are built from: conditions, versioned
updates, row mapping."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, Row, and_, insert, select, true, update

from bot.settings import Shards
from bot.store import checks
from bot.store.errors import TournamentNotFoundError
from bot.store.rows import GameKind
from bot.store.schema import tournament_entrants, tournament_pairings, tournaments
from bot.store.tournament_rows import NewPairing, PairingRow, TournamentRow, TournamentStatus


def of_shards(shards: Shards) -> ColumnElement[bool]:
    if shards.count == 1:
        return true()
    return (tournaments.c.shard_key % shards.count).in_(shards.ids)


def pairing_key(pairing: PairingRow) -> ColumnElement[bool]:
    columns = tournament_pairings.c
    return and_(
        columns.tournament_id == pairing.tournament_id,
        columns.round == pairing.round,
        columns.number == pairing.number,
    )


def read_tournament(connection: Connection, tournament_id: int) -> TournamentRow:
    query = select(tournaments).where(tournaments.c.id == tournament_id)
    row = connection.execute(query).first()
    if row is None:
        raise TournamentNotFoundError(tournament_id)
    return tournament_from_row(row)


def entrant_ids(connection: Connection, tournament_id: int) -> set[int]:
    query = select(tournament_entrants.c.user_id).where(
        tournament_entrants.c.tournament_id == tournament_id
    )
    return set(connection.scalars(query).all())


def entrant_key(tournament_id: int, user_id: int) -> ColumnElement[bool]:
    return and_(
        tournament_entrants.c.tournament_id == tournament_id,
        tournament_entrants.c.user_id == checks.snowflake("user_id", user_id),
    )


def bump_version(
    connection: Connection, tournament_id: int, now: datetime, status: TournamentStatus
) -> TournamentRow | None:
    """Move the version on if the tournament is in `status`; None if not (or no tournament)."""
    statement = (
        update(tournaments)
        .where(tournaments.c.id == tournament_id, tournaments.c.status == status.value)
        .values(version=tournaments.c.version + 1, updated_at=checks.moment("now", now))
        .returning(*tournaments.c)
    )
    row = connection.execute(statement).first()
    return None if row is None else tournament_from_row(row)


def versioned_update(
    connection: Connection,
    tournament_id: int,
    expected_version: int,
    now: datetime,
    columns: Mapping[str, Any],
    status: TournamentStatus | None = None,
) -> TournamentRow | None:
    checks.version("expected_version", expected_version)
    conditions = [tournaments.c.id == tournament_id, tournaments.c.version == expected_version]
    if status is not None:
        conditions.append(tournaments.c.status == status.value)
    statement = (
        update(tournaments)
        .where(*conditions)
        .values(**columns, version=expected_version + 1, updated_at=checks.moment("now", now))
        .returning(*tournaments.c)
    )
    row = connection.execute(statement).first()
    return None if row is None else tournament_from_row(row)


def insert_pairings(
    connection: Connection,
    tournament_id: int,
    round_number: int,
    pairings: Sequence[NewPairing],
    now: datetime,
) -> None:
    rows = [
        {
            "tournament_id": tournament_id,
            "round": round_number,
            "number": pairing.number,
            "first_id": pairing.first_id,
            "second_id": pairing.second_id,
            "game_id": None,
            "games": 0,
            "done": pairing.second_id is None,
            "winner_id": pairing.first_id if pairing.second_id is None else None,
            "updated_at": now,
        }
        for pairing in pairings
    ]
    if rows:
        connection.execute(insert(tournament_pairings), rows)


def tournament_from_row(row: Row[Any]) -> TournamentRow:
    values = dict(row._mapping)
    values["kind"] = GameKind(values["kind"])
    values["status"] = TournamentStatus(values["status"])
    return TournamentRow(**values)
