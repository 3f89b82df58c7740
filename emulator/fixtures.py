"""pytest fixtures: a running Discord emulator and discord.py clients on it.

A test tree gets them by importing them into its conftest.py (and listing them in `__all__`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager

import discord
import pytest

from emulator.driver import Emulator
from emulator.harness import WATCHED_LOGGERS, ErrorCapture, running
from emulator.state import ManualClock

StartClient = Callable[[discord.Client], AbstractAsyncContextManager[discord.Client]]


@pytest.fixture
def clock() -> ManualClock:
    """Discord's reply window and token lifetime run on this: real time, plus what tests add."""
    return ManualClock()


@pytest.fixture
async def emulator(clock: ManualClock) -> AsyncIterator[Emulator]:
    """A local Discord on 127.0.0.1 (random port); unknown routes fail the test at teardown."""
    emu = Emulator(clock=clock)
    await emu.start()
    yield emu
    await emu.stop()
    emu.check()


@pytest.fixture
def discord_errors(emulator: Emulator) -> Iterator[ErrorCapture]:
    """ERROR records from the `discord` and `duelboard` loggers fail the test (`expect()` one)."""
    capture = ErrorCapture(emulator)
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).addHandler(capture)
    yield capture
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).removeHandler(capture)
    if capture.records:
        described = "\n".join(ErrorCapture.describe(record) for record in capture.records)
        pytest.fail(f"discord logged errors:\n{described}")


@pytest.fixture
def start_client(emulator: Emulator, discord_errors: ErrorCapture) -> StartClient:
    """`async with start_client(bot):` runs a real discord.py client against the emulator."""

    def start(client: discord.Client) -> AbstractAsyncContextManager[discord.Client]:
        return running(client, emulator)

    return start
