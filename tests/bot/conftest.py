"""Fixtures shared by the bot tests: the emulator's (a running Discord, clients on it), and
logging put back for tests that set it up as `main()` does."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.logs import PINNED_LIBRARY_LOGGERS
from emulator.fixtures import clock, discord_errors, emulator, start_client

__all__ = ["clock", "discord_errors", "emulator", "logging_restored", "start_client"]


@pytest.fixture
def logging_restored() -> Iterator[None]:
    """For tests that set up logging as `main()` does: handlers and levels put back after."""
    root = logging.getLogger()
    handlers = list(root.handlers)
    loggers = [root, *map(logging.getLogger, ("duelboard", *PINNED_LIBRARY_LOGGERS))]
    levels = [logger.level for logger in loggers]
    yield
    root.handlers[:] = handlers
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)
