"""Ratings test fixtures: the store's backends with the rating tables emptied too, and a table."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.ratings import Ratings
from bot.service.table import Table
from bot.store import Store
from tests.bot.service.conftest import BOT, NOW, clock, fixed_seeds, store, tmp_path
from tests.bot.store.conftest import (
    BACKENDS,
    Backend,
    _admin,
    _new_schema_name,
    _Templates,
    postgres_url,
    templates,
)
from tests.engine.checkers.conftest import pydraughts_dir

__all__ = ["NOW", "clock", "pydraughts_dir", "store", "templates", "tmp_path"]

TABLES = "game_events, games, players, guild_settings, ratings, results, rating_changes"


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path, templates: _Templates) -> Backend:
    """A migrated, empty database (as the store's fixture), rating tables included."""
    if request.param == "sqlite":
        template = templates.folder / "ratings_template.sqlite3"
        if not template.exists():
            opened = await Store.open(f"sqlite:///{template}")
            await opened.close()
        copy = tmp_path / "store.sqlite3"
        shutil.copyfile(template, copy)
        return Backend("sqlite", f"sqlite:///{copy}", None)
    url = postgres_url()
    if templates.postgres_schema is None:
        schema = _new_schema_name()
        await _admin(url, f"CREATE SCHEMA {schema}")
        templates.postgres_schema = schema
        opened = await Store.open(url, schema=schema)
        await opened.close()
    schema = templates.postgres_schema
    truncate = ", ".join(f"{schema}.{name.strip()}" for name in TABLES.split(","))
    await _admin(url, f"TRUNCATE {truncate} RESTART IDENTITY")
    return Backend("postgres", url, schema)


@pytest.fixture
def table(store: Store, clock: FakeClock) -> Table:
    """A table with seeded dice on the test's store."""
    return Table(store, bot=BOT, dice=SeededDice(fixed_seeds(tag="ratings")), clock=clock)


@pytest.fixture
def ratings(store: Store) -> Ratings:
    """Ratings kept beside the test's store."""
    return Ratings(store, bot_id=BOT.id)
