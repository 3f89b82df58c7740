"""Typed settings, read once at start from the environment and an optional `.env` file."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///duelboard.sqlite3"
TOKEN_HELP = (
    "Create an application at https://discord.com/developers/applications, open its Bot page, "
    "press Reset Token and put the token in .env as DISCORD_TOKEN=... (see .env.example)."
)


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


def database_url_from_env(env_file: Path | None = Path(".env")) -> str:
    """DATABASE_URL from the environment (after loading `env_file` if it exists), or the default.

    Tools that need only the database (`python -m bot.store upgrade`) use this without a token.
    """
    if env_file is not None and env_file.is_file():
        load_dotenv(env_file, override=False)
    return os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot reads from its environment."""

    discord_token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: int = logging.INFO  # Duelboard's own loggers (`duelboard.*`)
    library_log_level: int = logging.WARNING  # everyone else's: discord.py, SQLAlchemy, ...

    @classmethod
    def from_env(cls, env_file: Path | None = Path(".env")) -> Settings:
        """Read settings from the process environment, after loading `env_file` if it exists."""
        if env_file is not None and env_file.is_file():
            load_dotenv(env_file, override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError(f"DISCORD_TOKEN is not set. {TOKEN_HELP}")
        if token.count(".") != 2 or any(not part for part in token.split(".")):
            raise SettingsError(
                f"DISCORD_TOKEN does not look like a bot token (three dot-separated parts). "
                f"{TOKEN_HELP}"
            )
        guild_text = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild_text and not guild_text.isdigit():
            raise SettingsError(
                f"DEV_GUILD_ID must be a server id (digits only), not {guild_text!r}."
            )
        return cls(
            discord_token=token,
            database_url=database_url_from_env(env_file=None),
            dev_guild_id=int(guild_text) if guild_text else None,
            log_level=_level_from_env("LOG_LEVEL", "INFO"),
            library_log_level=_level_from_env("LOG_LEVEL_LIBRARIES", "WARNING"),
        )


def _level_from_env(name: str, default: str) -> int:
    """The logging level named by the variable `name` (any case), or `default`."""
    level_name = os.environ.get(name, default).strip().upper() or default
    level = logging.getLevelNamesMapping().get(level_name)
    if level is None:
        raise SettingsError(f"{name} must be DEBUG, INFO, WARNING or ERROR, not {level_name!r}.")
    return level
