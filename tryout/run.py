"""`python -m bot local`: the local Discord, the real bot connected to it, and the web page.

The bot is built exactly as `python -m bot` builds it (`bot.__main__.parts`: the computer's
worker process, coach and reviewer), on its own SQLite file, and signs in to the emulator instead
of discord.com (`emulator.harness.running` points discord.py there). Nothing else is opened.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import logging
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
from aiohttp import web

from bot import logs
from bot.__main__ import computer, warm_up
from bot.frontend.client import DuelboardBot, PlayParts
from bot.store import Store, StoreError
from emulator import Emulator
from emulator.harness import running
from tryout.guard import Guard, new_token
from tryout.page import Page
from tryout.world import World, populate

log = logging.getLogger("duelboard.local")
DEFAULT_PORT = 8765
DEFAULT_DATABASE = "duelboard-local.sqlite3"


@dataclass(frozen=True)
class Local:
    """A running local server: where the page is, its secret, and what it is made of."""

    url: str
    token: str
    emulator: Emulator
    world: World
    client: DuelboardBot

    @property
    def address(self) -> str:
        """The address to open: the page, with the run's secret."""
        return f"{self.url}/?token={self.token}"


@contextlib.asynccontextmanager
async def serve(
    database_url: str, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT, parts: PlayParts
) -> AsyncIterator[Local]:
    """Run the emulator, the bot on `database_url` and the page on `host:port` (0: any free
    port) until the block ends."""
    store = await Store.open(database_url)
    try:
        async with Emulator() as emulator:
            world = populate(emulator)
            client = DuelboardBot(store, parts=parts)
            async with running(client, emulator, timeout=60.0):
                guard = Guard(new_token(), host, port)
                runner = web.AppRunner(Page(emulator, world, guard).app(), access_log=None)
                await runner.setup()
                try:
                    site = web.TCPSite(runner, host, port)
                    await site.start()
                    guard.port = runner.addresses[0][1]
                    shown_host = f"[{host}]" if ":" in host else host
                    url = f"http://{shown_host}:{guard.port}"
                    yield Local(url, guard.token, emulator, world, client)
                finally:
                    await runner.cleanup()
    finally:
        await store.close()


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot local",
        description="Play Duelboard in your browser on a local Discord: no account, no token.",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the page's port")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: this machine only)",
    )
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"the SQLite file of the local games (default: {DEFAULT_DATABASE})",
    )
    arguments = parser.parse_args(argv)
    if not 0 < arguments.port < 65536:
        parser.error(f"--port must be 1 to 65535, not {arguments.port}")
    return arguments


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def _run(arguments: argparse.Namespace) -> None:
    parts, worker = computer()
    await warm_up(worker)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    url = f"sqlite+aiosqlite:///{arguments.database}"
    try:
        async with serve(url, host=arguments.host, port=arguments.port, parts=parts) as local:
            print(f"Duelboard is running locally: open {local.address}", flush=True)
            await stop.wait()
    finally:
        await asyncio.to_thread(worker.close)


def main(argv: list[str]) -> int:
    """Entry point of `python -m bot local`; returns the process exit code."""
    arguments = _arguments(argv)
    logs.configure(logging.INFO, logging.WARNING)
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # as `python -m bot`
    if not _loopback(arguments.host):
        log.warning(
            "the page listens on %s: anyone who can reach it with the printed address (its secret)"
            " can play as any member",
            arguments.host,
        )
    try:
        asyncio.run(_run(arguments))
    except OSError as error:
        where = f"{arguments.host}:{arguments.port}"
        print(f"duelboard local: cannot listen on {where} ({error.strerror}).", file=sys.stderr)
        return 2
    except StoreError as error:
        print(f"duelboard local: {error}", file=sys.stderr)
        return 2
    return 0
