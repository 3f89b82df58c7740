"""The local Discord, the real bot connected to it, and the web page, served together
(`serve`; `python -m tryout` runs it until stopped).

The bot is given what `python -m bot` gives it (`bot.launch.computer`: the computer's worker
process, coach and reviewer), on its own SQLite file, and signs in to the emulator instead of
discord.com (`emulator.harness.running` points discord.py there). Nothing else is opened.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from aiohttp import web

from bot.frontend.client import DuelboardBot, PlayParts
from bot.store import Store
from emulator import Emulator
from emulator.harness import CLIENT_OPTIONS, running
from tryout.guard import Guard, new_token
from tryout.page import Page
from tryout.world import World, populate

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
            guard = Guard(new_token(), host, port)
            runner = web.AppRunner(Page(emulator, world, guard).app(), access_log=None)
            await runner.setup()
            try:
                # The port first: one already taken stops the command before the bot and its
                # computer start (and nobody can reach the page before its address is shown).
                site = web.TCPSite(runner, host, port)
                await site.start()
                guard.port = runner.addresses[0][1]
                # The options of a bot on the emulator: its servers arrive all at once, so
                # discord.py need not wait its usual two seconds for more before it is ready.
                client = DuelboardBot(store, parts=parts, **CLIENT_OPTIONS)
                async with running(client, emulator, timeout=60.0):
                    shown_host = f"[{host}]" if ":" in host else host
                    url = f"http://{shown_host}:{guard.port}"
                    yield Local(url, guard.token, emulator, world, client)
            finally:
                await runner.cleanup()
    finally:
        await store.close()
