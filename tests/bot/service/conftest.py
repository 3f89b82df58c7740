"""Service test fixtures: the store's backends (SQLite file, PostgreSQL schema), the service and the
ratings kept beside it."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.clock import FakeClock
from bot.service.dice import DiceSource, SeededDice
from bot.service.games import Games
from bot.service.ratings import Ratings
from bot.service.views import Player
from bot.store import Store
from tests.bot.store.conftest import backend, store, templates

__all__ = ["backend", "store", "templates"]

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
BOT = Player(1, "Duelboard", is_bot=True)
ALICE, BOB, CAROL = Player(101, "Alice"), Player(202, "Bob"), Player(303, "Carol")
GUILD, CHANNEL = 9000, 9100


def fixed_seeds(count: int = 200, tag: str = "game") -> list[str]:
    """Fixed seeds, so every test game is the same on every run (and still verifiable)."""
    return [hashlib.sha256(f"{tag} {index}".encode()).hexdigest() for index in range(count)]


@pytest.fixture
def tmp_path(tmp_path: Path) -> Iterator[Path]:
    """A RAM-disk folder when there is one, so the store's SQLite copies live there.

    The service tests write thousands of events, and on a shared disk the fsync of every commit
    would take most of the CI budget; the files are still real SQLite files in WAL mode, and
    durability on disk is the store's own tests' subject.
    """
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(dir=shm, prefix="duelboard_service_"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def clock() -> FakeClock:
    """A clock standing at NOW until a test moves it."""
    return FakeClock(NOW)


@pytest.fixture
def make_games(store: Store, clock: FakeClock) -> Callable[..., Games]:
    """Build the service on the test's store; dice default to fixed, verifiable seeds."""

    def build(dice: DiceSource | None = None) -> Games:
        source = dice if dice is not None else SeededDice(fixed_seeds())
        return Games(store, bot=BOT, dice=source, clock=clock)

    return build


@pytest.fixture
def games(make_games: Callable[..., Games]) -> Games:
    """The service with seeded dice."""
    return make_games()


@pytest.fixture
def ratings(store: Store) -> Ratings:
    """Ratings kept beside the test's store."""
    return Ratings(store, bot_id=BOT.id)
