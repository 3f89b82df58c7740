"""Run a real discord.py client against an emulator, and turn its logged errors into failures."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket

from emulator.driver import Emulator
from emulator.server import API

ClientT = TypeVar("ClientT", bound=discord.Client)

# discord.py logs exceptions from commands, views and events instead of raising them (contract 5);
# the bot's own logger is watched too, so its error handler cannot hide a crash either.
WATCHED_LOGGERS = ("discord", "duelboard")

# Pass these to the Client/Bot constructor in tests: the default waits 2 s for guilds (contract 6).
CLIENT_OPTIONS: dict[str, Any] = {"guild_ready_timeout": 0.05}


class ErrorCapture(logging.Handler):
    """Collects ERROR records from the `discord` loggers and fails the emulator's waits at once."""

    def __init__(self, emulator: Emulator | None = None) -> None:
        super().__init__(level=logging.ERROR)
        self.emulator = emulator
        self.records: list[logging.LogRecord] = []
        self.expected: list[logging.LogRecord] = []
        self._patterns: list[re.Pattern[str]] = []

    def expect(self, pattern: str) -> None:
        """The next error matching `pattern` is what the test wants: keep it in `expected`."""
        self._patterns.append(re.compile(pattern))

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record, and wake any test waiting on the emulator with the reason."""
        text = self.describe(record)
        for pattern in self._patterns:
            if pattern.search(text):
                self._patterns.remove(pattern)
                self.expected.append(record)
                if self.emulator is not None:
                    self.emulator.state.signal.fire()
                return
        self.records.append(record)
        if self.emulator is not None:
            self.emulator.state.signal.fail(
                f"{record.name.split('.')[0]} logged: {self.describe(record)}"
            )

    @staticmethod
    def describe(record: logging.LogRecord) -> str:
        """The message and, if any, the exception of a record."""
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" ({type(error).__name__}: {error})"
        return text


def point_at(origin: str) -> None:
    """Point this process's discord.py at the emulator serving on `origin` (http://host:port)."""
    discord.http.Route.BASE = f"{origin}{API}"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(origin.replace("http", "ws", 1) + "/gateway")


@contextlib.contextmanager
def pointed_at(emulator: Emulator) -> Iterator[None]:
    """Point discord.py's REST base and gateway at the emulator; restore them afterwards."""
    old_base, old_gateway = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    point_at(emulator.origin)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


@contextlib.asynccontextmanager
async def running(
    client: ClientT, emulator: Emulator, timeout: float = 5.0, token: str | None = None
) -> AsyncIterator[ClientT]:
    """Log `client` in, connect it (without reconnecting), wait until ready, close it after.

    A connection that ends with anything but a normal close raises here, after the test body.
    """
    with pointed_at(emulator):
        connection: asyncio.Task[None] | None = None
        ready = asyncio.create_task(client.wait_until_ready())
        try:
            await client.login(token or emulator.token)
            connection = asyncio.create_task(client.connect(reconnect=False))
            done, _ = await asyncio.wait(
                {connection, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                if connection in done:
                    connection.result()
                raise TimeoutError(f"the client was not ready within {timeout} s")
            yield client
        finally:
            ready.cancel()
            await client.close()
            if connection is not None and not connection.cancelled():
                await connection
