"""The store's players and guild settings: who the store has seen, and each server's settings."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, select

from bot.store import checks
from bot.store.database import Database
from bot.store.queries import PLAYER_BY_ID, upsert
from bot.store.rows import JsonValue, PlayerRow
from bot.store.schema import guild_settings, players


class PlayerStore:
    """Players and guild settings; part of `Store`, each method one transaction."""

    _db: Database

    async def upsert_player(
        self, user_id: int, display_name: str, *, now: datetime, is_bot: bool = False
    ) -> PlayerRow:
        """Store a player, or refresh the name shown for one already known."""
        values = {
            "user_id": checks.snowflake("user_id", user_id),
            "display_name": checks.text("display_name", display_name),
            "is_bot": bool(is_bot),
            "created_at": checks.moment("now", now),
            "updated_at": now,
        }
        statement = (
            upsert(self._db.dialect, players, values)
            .on_conflict_do_update(
                index_elements=[players.c.user_id],
                set_={"display_name": values["display_name"], "is_bot": is_bot, "updated_at": now},
            )
            .returning(*players.c)
        )
        row = await self._db.write(lambda connection: connection.execute(statement).one())
        return PlayerRow(**row._mapping)

    async def get_player(self, user_id: int) -> PlayerRow | None:
        """The player with this Discord id, or None if the store has not seen them."""
        checks.snowflake("user_id", user_id)

        def read(connection: Connection) -> PlayerRow | None:
            row = connection.execute(PLAYER_BY_ID, {"user_key": user_id}).first()
            return None if row is None else PlayerRow(**row._mapping)

        return await self._db.read(read, single=True)

    async def guild_settings(self, guild_id: int) -> dict[str, JsonValue]:
        """Every setting stored for a guild, by key (an empty dict for a new guild)."""
        checks.snowflake("guild_id", guild_id)
        query = select(guild_settings.c.key, guild_settings.c.value).where(
            guild_settings.c.guild_id == guild_id
        )
        rows = await self._db.read(lambda connection: connection.execute(query).all(), single=True)
        return {key: value for key, value in rows}

    async def set_guild_setting(
        self, guild_id: int, key: str, value: JsonValue, *, now: datetime
    ) -> None:
        """Store one guild setting (any JSON value), replacing an earlier value."""
        values = {
            "guild_id": checks.snowflake("guild_id", guild_id),
            "key": checks.setting_key(key),
            "value": checks.json_value("value", value),
            "updated_at": checks.moment("now", now),
        }
        statement = upsert(self._db.dialect, guild_settings, values).on_conflict_do_update(
            index_elements=[guild_settings.c.guild_id, guild_settings.c.key],
            set_={"value": values["value"], "updated_at": now},
        )
        await self._db.write(lambda connection: connection.execute(statement))

    async def clear_guild_setting(self, guild_id: int, key: str) -> bool:
        """Remove one guild setting; returns whether it was set."""
        checks.snowflake("guild_id", guild_id)
        checks.setting_key(key)
        statement = guild_settings.delete().where(
            guild_settings.c.guild_id == guild_id, guild_settings.c.key == key
        )
        return await self._db.write(lambda connection: connection.execute(statement).rowcount > 0)
