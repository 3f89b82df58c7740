"""Typed settings, read once at start from the environment and an optional `.env` file."""

from __future__ import annotations

import itertools
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


@dataclass(frozen=True, slots=True)
class Shards:
    """The gateway shards one process runs: `ids` out of `count` across every process.

    Discord sends a server's events to shard `(guild_id >> 22) % count`, and everything outside
    a server (direct messages) to shard 0.
    """

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        """Refuse a set no gateway would accept."""
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if not self.ids or sorted(set(self.ids)) != list(self.ids):
            raise ValueError(f"shard ids are distinct and in order, not {self.ids}")
        if not 0 <= self.ids[0] <= self.ids[-1] < self.count:
            raise ValueError(f"shard ids go from 0 to {self.count - 1}, not {self.ids}")

    def __str__(self) -> str:
        """As an operator writes them: `0-3 of 8`, `0,2 of 4`."""
        ids = self.ids
        if len(ids) > 2 and ids[-1] - ids[0] == len(ids) - 1:
            return f"{ids[0]}-{ids[-1]} of {self.count}"
        return f"{','.join(map(str, ids))} of {self.count}"


ONE_SHARD = Shards(1, (0,))
"""An unsharded bot: one shard, every server and every direct message."""


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
    shards: Shards | None = None  # None: one process, one unsharded gateway connection
    render_processes: int = 1  # processes drawing the boards; 0: threads of the bot's process

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
            shards=_shards_from_env(),
            render_processes=_render_processes_from_env(),
        )


def _level_from_env(name: str, default: str) -> int:
    """The logging level named by the variable `name` (any case), or `default`."""
    level_name = os.environ.get(name, default).strip().upper() or default
    level = logging.getLevelNamesMapping().get(level_name)
    if level is None:
        raise SettingsError(f"{name} must be DEBUG, INFO, WARNING or ERROR, not {level_name!r}.")
    return level


# More drawing processes than this would each wait for a core on any machine a bot runs on.
MAX_RENDER_PROCESSES = 64


def _render_processes_from_env() -> int:
    """RENDER_PROCESSES: how many processes draw the boards (1 when unset)."""
    text = os.environ.get("RENDER_PROCESSES", "").strip()
    if not text:
        return 1
    if not text.isdigit() or int(text) > MAX_RENDER_PROCESSES:
        raise SettingsError(
            f"RENDER_PROCESSES must be a whole number from 0 (draw in the bot's own process) to "
            f"{MAX_RENDER_PROCESSES}, not {text!r}."
        )
    return int(text)


# Far beyond any bot's need (Discord asks for one shard per 2,500 servers) and small enough to
# list every shard of one process.
MAX_SHARDS = 65536
SHARD_IDS_FORM = "shard numbers separated by commas, ranges such as 0-3, or both (0-3,8)"


def _shards_from_env() -> Shards | None:
    """SHARD_COUNT and SHARD_IDS; None when both are unset (one unsharded process)."""
    count_text = os.environ.get("SHARD_COUNT", "").strip()
    ids_text = os.environ.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError(
                "SHARD_IDS needs SHARD_COUNT too: the number of shards across every process."
            )
        return None
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        raise SettingsError(
            f"SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return Shards(count, tuple(range(count)))  # this one process runs them all
    ids: list[int] = []
    for part in ids_text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise SettingsError(f"SHARD_IDS must be {SHARD_IDS_FORM}, not {ids_text!r}.")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise SettingsError(f"SHARD_IDS has the range {part.strip()!r}, which runs backwards.")
        if last >= count:
            raise SettingsError(
                f"SHARD_IDS names shard {last}, but with SHARD_COUNT={count} shard ids go "
                f"from 0 to {count - 1}."
            )
        ids.extend(range(first, last + 1))
    ordered = sorted(ids)
    twice = next((a for a, b in itertools.pairwise(ordered) if a == b), None)
    if twice is not None:
        raise SettingsError(f"SHARD_IDS names shard {twice} more than once.")
    return Shards(count, tuple(ordered))
