"""The store's record of the Discord messages that show a game: its game message and its last
"your turn" ping; none of them a game event, so no version changes."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Connection

from bot.store import checks
from bot.store.database import Database
from bot.store.errors import GameNotFoundError
from bot.store.queries import SET_GAME, SET_GAME_ID, SET_GAME_RETURNING, game_from_row
from bot.store.rows import GameRow


class GameMessageStore:
    """Which messages show each game; part of `Store`, each method one transaction."""

    _db: Database

    async def attach_message(self, game_id: int, message_id: int | None) -> GameRow:
        """Remember which Discord message shows the game; not a game event, no version change."""
        checks.snowflake("game_id", game_id)
        checks.optional_snowflake("message_id", message_id)
        parameters = {"game_key": game_id, "message_id": message_id}

        def attach(connection: Connection) -> GameRow:
            row = connection.execute(SET_GAME_RETURNING, parameters).first()
            if row is None:
                raise GameNotFoundError(game_id)
            return game_from_row(row)

        return await self._db.write(attach)

    async def attach_reply(
        self, game_id: int, message_id: int, token: str, expires: datetime, *, original: bool
    ) -> None:
        """Remember the game's message where only interactions reach it, with the interaction
        token that can edit it until `expires` (as its `@original`, or as one of its follow-ups);
        not a game event, no version change."""
        checks.snowflake("game_id", game_id)
        parameters = {
            "game_key": game_id,
            "message_id": checks.snowflake("message_id", message_id),
            "reply_token": checks.text("token", token),
            "reply_original": checks.flag("original", original),
            "reply_expires": checks.moment("expires", expires),
        }

        def attach(connection: Connection) -> None:
            if connection.execute(SET_GAME, parameters).rowcount != 1:
                raise GameNotFoundError(game_id)

        await self._db.write(attach)

    async def attach_reply_ping(
        self, game_id: int, message_id: int | None, token: str | None
    ) -> None:
        """Remember the game's last ping where only interactions reach it, with the token that
        can delete it (None, None: no ping left); not a game event, no version change."""
        checks.snowflake("game_id", game_id)
        parameters = {
            "game_key": game_id,
            "ping_message_id": checks.optional_snowflake("message_id", message_id),
            "ping_token": checks.optional_text("token", token),
        }

        def attach(connection: Connection) -> None:
            if connection.execute(SET_GAME, parameters).rowcount != 1:
                raise GameNotFoundError(game_id)

        await self._db.write(attach)

    async def attach_ping(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's last "your turn" ping (None: no ping left to delete); not a game
        event, no version change."""
        await self.attach_pings({game_id: message_id})

    async def attach_pings(self, pings: Mapping[int, int | None]) -> None:
        """`attach_ping` for several games in one transaction, by game id; a game that does not
        exist is refused and none is written."""
        checked = {
            checks.snowflake("game_id", game_id): checks.optional_snowflake("message_id", ping_id)
            for game_id, ping_id in pings.items()
        }

        if len(checked) == 1 and self._db.dialect == "postgresql":
            # A move's own ping: asyncpg's one round trip, without BEGIN or SQLAlchemy's work.
            [(game_id, ping_id)] = checked.items()
            parameters = {"game_key": game_id, "ping_message_id": ping_id}
            if await self._db.one(SET_GAME_ID, parameters, write=True) is None:
                raise GameNotFoundError(game_id)
            return

        def attach(connection: Connection) -> None:
            for game_id, ping_id in checked.items():
                found = connection.execute(
                    SET_GAME, {"game_key": game_id, "ping_message_id": ping_id}
                )
                if found.rowcount == 0:
                    raise GameNotFoundError(game_id)

        await self._db.write(attach)
