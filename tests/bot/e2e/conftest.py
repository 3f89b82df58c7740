"""Fixtures for end-to-end tests: the real Duelboard bot on a SQLite file, against the emulator."""

from __future__ import annotations

import logging
import shutil
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import DiceSource, SeededDice
from bot.store import Store
from emulator import Emulator, Message, User
from emulator.harness import CLIENT_OPTIONS, running

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
SEEDS = [f"{n:064x}" for n in range(1, 200)]  # fixed seeds: the same dice on every run


@dataclass
class Players:
    """The members who play in the tests."""

    alice: User
    bob: User
    carol: User


class AppErrors(logging.Handler):
    """ERROR records from Duelboard's own loggers (unexpected errors in handlers)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep it; the fixture fails the test at teardown."""
        self.records.append(record)


@pytest.fixture(autouse=True)
def app_errors() -> Iterator[AppErrors]:
    """Unexpected errors the bot logged fail the test (they would be a silent apology)."""
    handler = AppErrors()
    logger = logging.getLogger("duelboard")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)
    if handler.records:
        lines = [
            f"{r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
            for r in handler.records
        ]
        pytest.fail("duelboard logged errors:\n" + "\n".join(lines))


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the run's migrated, empty SQLite file goes, made by the first test that needs it:
    migrating a new file takes a fifth of a second, copying one a millisecond."""
    return tmp_path_factory.mktemp("migrated") / "duelboard.sqlite3"


@pytest.fixture
async def store(tmp_path: Path, migrated: Path) -> AsyncIterator[Store]:
    """A migrated SQLite file of its own (a copy of the run's freshly migrated one)."""
    if not migrated.exists():
        made = await Store.open(f"sqlite+aiosqlite:///{migrated}")
        await made.close()
    path = tmp_path / "duelboard.sqlite3"
    shutil.copyfile(migrated, path)
    opened = await Store.open(f"sqlite+aiosqlite:///{path}")
    yield opened
    await opened.close()


@pytest.fixture
def game_clock() -> FakeClock:
    """The service's clock (deadlines, reminders, challenge expiry); tests move it by hand."""
    return FakeClock(START)


@pytest.fixture
def players(emulator: Emulator) -> Players:
    """Three members, joined before any client connects."""
    return Players(
        emulator.add_member("alice"),
        emulator.add_member("bob", locale="fr"),
        emulator.add_member("carol"),
    )


StartBot = Callable[..., AbstractAsyncContextManager[DuelboardBot]]


@pytest.fixture
def start_bot(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> StartBot:
    """`async with start_bot() as bot:` runs Duelboard against the emulator on the test's store."""

    def start(dice: DiceSource | None = None) -> AbstractAsyncContextManager[DuelboardBot]:
        parts = PlayParts(dice=dice or SeededDice(SEEDS), clock=game_clock)
        client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
        return running(client, emulator)

    return start


def board_image(message: Message) -> bytes:
    """The PNG attached to a game message."""
    [attachment] = message.attachments
    assert attachment.filename == "board.png"
    assert attachment.data.startswith(b"\x89PNG")
    return attachment.data
