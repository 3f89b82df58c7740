"""PostgreSQL connections are kept once made: a busy moment that needed many does not close
them again, so the next one opens none (each opening is a TLS handshake and a login)."""

from __future__ import annotations

import pytest

from bot.store import Store
from bot.store.connect import POOL_SIZE
from tests.bot.store.conftest import Backend
from tests.bot.store.test_dropped_connections import pooled_backends


@pytest.fixture(autouse=True)
def postgres_only(backend: Backend) -> None:
    """SQLite opens a file, not a connection to a server."""
    if backend.name != "postgres":
        pytest.skip("only PostgreSQL's connections are kept in a pool of this size")


async def test_connections_made_in_a_busy_moment_are_kept(seated: Store) -> None:
    """The pool's whole size held at once, twice: the second time, on the same server
    processes (none was closed and opened again)."""
    first = await pooled_backends(seated, POOL_SIZE)
    second = await pooled_backends(seated, POOL_SIZE)
    assert len(set(first)) == POOL_SIZE
    assert set(second) == set(first)
