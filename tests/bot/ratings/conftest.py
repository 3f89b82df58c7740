"""Ratings test fixtures: the store's backends (every table emptied), a table and ratings."""

from __future__ import annotations

import pytest

from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.ratings import Ratings
from bot.store import Store
from tests.bot.service.conftest import BOT, NOW, clock, fixed_seeds, store, tmp_path
from tests.bot.store.conftest import backend, templates
from tests.engine.checkers.conftest import pydraughts_dir

__all__ = ["NOW", "backend", "clock", "pydraughts_dir", "store", "templates", "tmp_path"]


@pytest.fixture
def table(store: Store, clock: FakeClock) -> Games:
    """A table with seeded dice on the test's store."""
    return Games(store, bot=BOT, dice=SeededDice(fixed_seeds(tag="ratings")), clock=clock)


@pytest.fixture
def ratings(store: Store) -> Ratings:
    """Ratings kept beside the test's store."""
    return Ratings(store, bot_id=BOT.id)
