"""The players' side of benchmarks/scale.py: whose turn it is, and a legal play, from the database.

Every move the players read their game as the bot stored it, so they only ever play legal moves
of the real position and dice. They read it cheaply, since this process's CPU is measured
beside the bot's: one connection of the database's own driver held for the whole run (asyncpg,
or sqlite3 on the loop; a read costs a third of one through the store's pool and SQLAlchemy),
only the columns they need, and on PostgreSQL one query for every game that asked while the
previous query was running. Of the state they parse only the match, and of the legal plays
they build only the one they make.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg

from bot.store.connect import SQLITE_DRIVER, normalize_url
from bot.store.rows import GameStatus
from engine.backgammon import movegen
from engine.backgammon.game import Phase
from engine.backgammon.match import Match
from engine.backgammon.play import Move, Play

_COLUMNS = "SELECT id, status, to_move_id, state FROM games"


@dataclass(frozen=True)
class Turn:
    """A game as stored: open or not, who is to move, and its state text."""

    is_open: bool
    to_move_id: int | None
    state: str

    def play(self, choice: int) -> str:
        """The notation of legal play number `choice` (modulo their count) of the dice rolled.

        Of the stored session only its match is read (the engine's text form of it, which the
        session's JSON holds under `match`): building the session around it as well, as
        `load_session` does, cost two thirds more. The plays are generated in the engine's order, as
        `Game.legal_plays()` lists them, but only the chosen one becomes a `Play`: a double
        can have hundreds.
        """
        game = Match.from_text(json.loads(self.state)["match"]).game
        assert game.phase is Phase.MOVING and game.dice is not None, "the bot rolls for them"
        own, opp = game.position.boards()
        found = movegen.plays(own, opp, *game.dice, game.options.variant.point_limit)
        steps = found[choice % len(found)]
        return Play(tuple(Move(*step) for step in steps)).notation()


class _Reader(Protocol):
    async def rows(self, game_ids: list[int]) -> Sequence[Sequence[Any]]:
        """(id, status, to_move_id, state) of each of these games that exists."""

    async def close(self) -> None:
        """Give back the connection."""


class _Postgres:
    def __init__(self, connection: Any) -> None:
        self._connection = connection

    async def rows(self, game_ids: list[int]) -> Sequence[Sequence[Any]]:
        rows: Sequence[Sequence[Any]] = await self._connection.fetch(
            f"{_COLUMNS} WHERE id = ANY($1::bigint[])", game_ids
        )
        return rows

    async def close(self) -> None:
        await self._connection.close()


class _SQLite:
    """Reads on the loop itself: a read of the file in WAL mode takes microseconds and never
    waits for the bot's writes."""

    def __init__(self, path: str) -> None:
        self._connection = sqlite3.connect(path, isolation_level=None)

    async def rows(self, game_ids: list[int]) -> Sequence[Sequence[Any]]:
        marks = ",".join("?" * len(game_ids))
        return self._connection.execute(f"{_COLUMNS} WHERE id IN ({marks})", game_ids).fetchall()

    async def close(self) -> None:
        self._connection.close()


class Turns:
    """Reads games for the players; concurrent reads share one query."""

    def __init__(self, reader: _Reader) -> None:
        self._reader = reader
        self._wanted: dict[int, asyncio.Future[Turn]] = {}
        self._reading: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, database_url: str) -> Turns:
        """Reads of the database at `database_url` (the bot's, migrated)."""
        url = normalize_url(database_url)
        if url.drivername == SQLITE_DRIVER:
            return cls(_SQLite(url.database or ""))
        dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        return cls(_Postgres(await asyncpg.connect(dsn)))

    async def close(self) -> None:
        """Give back the connection."""
        await self._reader.close()

    async def read(self, game_id: int) -> Turn:
        """The game as stored now (at the latest, as the next query finds it)."""
        future = self._wanted.get(game_id)
        if future is None:
            future = self._wanted[game_id] = asyncio.get_running_loop().create_future()
        if self._reading is None:
            self._reading = asyncio.create_task(self._read_wanted())
        return await future

    async def _read_wanted(self) -> None:
        try:
            while self._wanted:
                batch, self._wanted = self._wanted, {}
                try:
                    rows = await self._reader.rows(list(batch))
                except Exception as error:
                    for future in batch.values():
                        _settle(future, error)
                    continue
                for game_id, status, to_move_id, state in rows:
                    turn = Turn(GameStatus(status).is_open, to_move_id, state)
                    _settle(batch.pop(game_id), turn)
                for game_id, future in batch.items():
                    _settle(future, LookupError(f"no game {game_id}"))
        finally:
            self._reading = None


def _settle(future: asyncio.Future[Turn], outcome: Turn | Exception) -> None:
    """Answer a reader, unless it stopped waiting."""
    if future.done():
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)
