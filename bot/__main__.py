"""`python -m bot` / `duelboard`: read settings, open the store, run the bot, stop on SIGTERM.

To try the bot without Discord, `python -m tryout` plays on a local Discord in the browser (see
`tryout/`); what both starts share is in `bot.launch`.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from bot.frontend.client import DuelboardBot, ShardedDuelboardBot
from bot.launch import EXIT_REFUSED, Wording, computer, run, set_up_process
from bot.pictures.painter import Painter
from bot.settings import ONE_SHARD, TOKEN_HELP, Settings, SettingsError, Shards
from bot.store import Store, StoreError

log = logging.getLogger("duelboard")
NETWORK_HELP = (
    "Check this machine's network connection, its DNS, and any firewall or proxy between it and "
    "discord.com, then start the bot again."
)


LOCAL_HELP = "To try Duelboard without Discord first, run: python -m tryout"
# `local` was the try-out's command; it is its own program now, which the bot never loads.
LOCAL_MOVED = (
    "`local` is no longer part of the bot: the local Discord and its page are their own "
    "command, `python -m tryout`, run from a checkout of the repository."
)
# Gateway close codes that no reconnect can cure, and what the operator should set instead.
GATEWAY_REFUSALS = {
    4010: (
        "Discord refused this process's shard (gateway close 4010, invalid shard): SHARD_IDS "
        "must name shards below SHARD_COUNT, and every process of the bot must use the same "
        "SHARD_COUNT."
    ),
    4011: (
        "Discord requires sharding (gateway close 4011): the bot is in more servers than one "
        "gateway connection may serve (2,500). Set SHARD_COUNT (about one shard per 1,000 "
        "servers; a larger one if it is set already) and start again."
    ),
}


def gateway_refusal(error: discord.ConnectionClosed) -> str | None:
    """The one line for a gateway close that no reconnect can cure; None for any other."""
    return GATEWAY_REFUSALS.get(error.code)


def _unreachable(error: aiohttp.ClientConnectionError) -> str:
    # Only signing in can raise this: once connected, discord.py reconnects by itself.
    reason = " ".join(str(error).split())
    return f"Discord cannot be reached ({reason}). {NETWORK_HELP}"


# What stops the bot with one line instead of a traceback (a gateway close that a reconnect may
# cure is no refusal: it is raised again).
REFUSALS: dict[type[BaseException], Wording] = {
    discord.LoginFailure: lambda _: f"Discord refused the token. {TOKEN_HELP}",
    aiohttp.ClientConnectionError: _unreachable,
    StoreError: str,
    discord.ConnectionClosed: gateway_refusal,
}


async def _run(settings: Settings) -> None:
    store = await Store.open(settings.database_url)
    try:
        # Refused at once when another live process runs these shards: both would answer.
        async with store.claim_shards(settings.shards or ONE_SHARD):
            await _serve(settings, store)
    finally:
        await store.close()


async def _serve(settings: Settings, store: Store) -> None:
    """Run the bot on `store` until it is stopped."""
    if settings.shards is not None:
        _tell_sharding(settings.shards, store)
    parts, worker = computer()
    painter = Painter(settings.render_processes)
    options: dict[str, Any] = {
        "parts": parts,
        "painter": painter,
        "dev_guild_id": settings.dev_guild_id,
        # One full collection after start-up, then a frozen heap: no long GC pauses.
        "settle": True,
    }
    client = (
        DuelboardBot(store, **options)
        if settings.shards is None
        else ShardedDuelboardBot(store, settings.shards, **options)
    )
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(client.close()))
    try:
        async with client:
            await client.login(settings.discord_token)
            await client.connect()
    finally:
        await asyncio.to_thread(worker.close)
        await painter.close()


def _tell_sharding(shards: Shards, store: Store) -> None:
    """One line on what this sharded start supports, for the operator."""
    if store.dialect == "sqlite":
        log.info(
            "running shards %s on SQLite: every process of the bot must run on this machine "
            "and share this database file; several machines need PostgreSQL (DATABASE_URL)",
            shards,
        )
    else:
        log.info("running shards %s on PostgreSQL, shared with the bot's other processes", shards)


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (it runs the same code with a fraction of
    asyncio's own CPU per callback and socket operation), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["local"]:
        print(f"duelboard: {LOCAL_MOVED}", file=sys.stderr)
        return EXIT_REFUSED
    if arguments:
        print(f"duelboard: unknown argument {arguments[0][:40]!r}. {LOCAL_HELP}", file=sys.stderr)
        return EXIT_REFUSED
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        missing = "DISCORD_TOKEN is not set" in str(error)
        print(f"duelboard: {error}" + (f" {LOCAL_HELP}" if missing else ""), file=sys.stderr)
        return EXIT_REFUSED
    set_up_process(settings.log_level, settings.library_log_level, [settings.discord_token])
    return run("duelboard", _run(settings), REFUSALS, loop_factory=_loop_factory())


if __name__ == "__main__":
    sys.exit(main())
