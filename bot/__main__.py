"""`python -m bot` / `duelboard`: read settings, open the store, run the bot, stop on SIGTERM.

`python -m bot local` plays on a local Discord in the browser instead (see `tryout/`).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord

from ai.worker import AIWorker
from bot import logs
from bot.frontend.client import DuelboardBot, PlayParts, ShardedDuelboardBot
from bot.pictures.painter import Painter
from bot.settings import ONE_SHARD, TOKEN_HELP, Settings, SettingsError, Shards
from bot.store import Store, StoreError

log = logging.getLogger("duelboard")
NETWORK_HELP = (
    "Check this machine's network connection, its DNS, and any firewall or proxy between it and "
    "discord.com, then start the bot again."
)


LOCAL_HELP = "To try Duelboard without Discord first, run: python -m bot local"
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
    help_text = GATEWAY_REFUSALS.get(error.code)
    return None if help_text is None else f"duelboard: {help_text}"


def computer() -> tuple[PlayParts, AIWorker]:
    """What the bot plays with: the computer's players, coach and reviewer. They think in one
    worker process, so that Open Sage (which keeps the GIL while it evaluates) never stalls this
    process's event loop; close the worker when done."""
    worker = AIWorker()
    coach = worker.coach()
    if coach.notice:
        log.warning("%s", coach.notice)  # e.g. Open Sage missing: built-in backgammon level
    parts = PlayParts(
        opponents=worker.opponents(),
        coach=coach,
        reviewer=worker.reviewer(),
        checkers_reviewer=worker.checkers_reviewer(),
    )
    return parts, worker


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
            # Signing in first: a refused token or no network is reported at once, before the
            # worker process is started for nothing.
            await client.login(settings.discord_token)
            await warm_up(worker)
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


async def warm_up(worker: AIWorker) -> None:
    """Start the worker before the first game needs it; a failure here is retried then."""
    try:
        await asyncio.to_thread(worker.warm_up)
    except Exception:
        log.exception("the computer's worker process did not start; the first game retries")


def _local(argv: list[str]) -> int:
    """`local`: the try-out package beside the bot in its checkout. It is looked up by name at
    run time, so the bot imports nothing of it and its wheel does not hold it."""
    checkout = str(Path(__file__).resolve().parent.parent)
    if checkout not in sys.path:
        sys.path.append(checkout)  # `duelboard local` from another directory
    try:
        tryout = importlib.import_module("tryout.run")
    except ModuleNotFoundError:
        print(
            "duelboard: `local` runs from a checkout of the repository (the local Discord and "
            "its page are not part of the installed bot): clone it, then run "
            "`python -m bot local` in it.",
            file=sys.stderr,
        )
        return 2
    code: int = tryout.main(argv)
    return code


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
        return _local(arguments[1:])
    if arguments:
        print(f"duelboard: unknown argument {arguments[0][:40]!r}. {LOCAL_HELP}", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        missing = "DISCORD_TOKEN is not set" in str(error)
        print(f"duelboard: {error}" + (f" {LOCAL_HELP}" if missing else ""), file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.library_log_level, secrets=[settings.discord_token])
    # Duelboard never joins a voice channel: discord.py's warnings that its voice libraries are
    # missing would be two lines of noise on every start.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(_run(settings))
    except discord.LoginFailure:
        print(f"duelboard: Discord refused the token. {TOKEN_HELP}", file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as error:
        # Only signing in can raise this: once connected, discord.py reconnects by itself.
        reason = " ".join(str(error).split())
        print(f"duelboard: Discord cannot be reached ({reason}). {NETWORK_HELP}", file=sys.stderr)
        return 2
    except StoreError as error:
        print(f"duelboard: {error}", file=sys.stderr)
        return 2
    except discord.ConnectionClosed as error:
        line = gateway_refusal(error)
        if line is None:
            raise
        print(line, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
