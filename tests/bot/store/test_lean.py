"""PostgreSQL's lean path (`bot.store.lean`): a move's read of its channel's game and its ping's
write straight on asyncpg, with the same rows as the ordinary path, and the ordinary path
taking over whenever the lean one fails."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import text

from bot.store import GameNotFoundError, GameStatus, Store
from bot.store.connect import create_engine, normalize_url
from bot.store.lean import application_name
from tests.bot.store.conftest import BACKENDS, BOB, CHANNEL, NOW, Backend, later, new_game

# The lean path is PostgreSQL's: only that backend (skipped, as everywhere, when it is not set).
pytestmark = pytest.mark.parametrize(
    "backend", [param for param in BACKENDS if param.id == "postgres"], indirect=True
)


async def _lean_queries(backend: Backend) -> list[str]:
    """The last statement of each of this test's store's lean connections, as PostgreSQL reports
    it (the server may be shared: other runs' connections are not counted)."""
    admin = create_engine(normalize_url(backend.url), schema=None, busy_timeout_ms=1000)
    try:
        async with admin.connect() as connection:
            rows = await connection.execute(
                text("SELECT query FROM pg_stat_activity WHERE application_name = :name"),
                {"name": application_name(backend.schema)},
            )
            return [row.query for row in rows]
    finally:
        await admin.dispose()


async def _drop_lean_connections(backend: Backend) -> int:
    """Terminate this test's store's lean connections (and no one else's); how many there were."""
    admin = create_engine(normalize_url(backend.url), schema=None, busy_timeout_ms=1000)
    try:
        async with admin.connect() as connection:
            ended = await connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": application_name(backend.schema)},
            )
            return len(ended.all())
    finally:
        await admin.dispose()


async def test_a_move_reads_its_game_and_writes_its_ping_on_the_lean_path(
    backend: Backend, seated: Store
) -> None:
    game = await new_game(seated)
    assert await seated.active_game_in_channel(CHANNEL) is not None
    queries = await _lean_queries(backend)
    assert len(queries) == 1 and queries[0].startswith("SELECT games.id")
    await seated.attach_ping(game.id, 555)
    assert (await _lean_queries(backend))[0].startswith("UPDATE games SET ping_message_id")
    assert (await seated.get_game(game.id)).ping_message_id == 555


async def test_the_lean_read_gives_the_row_the_ordinary_path_gives(
    backend: Backend, seated: Store
) -> None:
    # JSON options, aware datetimes, the enums, nulls: every kind of column the row holds.
    game = await new_game(seated, options={"match": 5, "cube": True, "clock": [1, "h"]})
    moved = await seated.commit(
        game.id,
        game.version,
        "accepted",
        {"by": BOB},
        "started",
        now=later(3),
        actor_id=BOB,
        status=GameStatus.ACTIVE,
        to_move_id=BOB,
        turn_deadline=NOW + timedelta(hours=24),
    )
    lean = await seated.active_game_in_channel(CHANNEL)
    assert lean == moved == await seated.get_game(game.id)
    assert lean is not None and lean.options == {"match": 5, "cube": True, "clock": [1, "h"]}
    assert lean.turn_deadline == NOW + timedelta(hours=24)
    assert lean.turn_deadline is not None and lean.turn_deadline.utcoffset() == timedelta(0)
    assert (await _lean_queries(backend))[0].startswith("SELECT games.id")


async def test_when_the_lean_connections_drop_the_ordinary_path_answers_and_then_it_reopens(
    backend: Backend, seated: Store
) -> None:
    game = await new_game(seated)
    assert await seated.active_game_in_channel(CHANNEL) == game
    assert await _drop_lean_connections(backend) == 1
    # The pool's connection is gone: the read and the write fail there and are run again on
    # the ordinary path, with the same answers.
    assert await seated.active_game_in_channel(CHANNEL) == game
    await seated.attach_ping(game.id, 777)
    assert (await seated.get_game(game.id)).ping_message_id == 777
    # The pool let its broken connection go and opens a new one for the next statement.
    assert await seated.active_game_in_channel(CHANNEL) == await seated.get_game(game.id)
    assert len(await _lean_queries(backend)) == 1


async def test_a_ping_for_a_game_that_does_not_exist_is_refused_on_the_lean_path(
    backend: Backend, seated: Store
) -> None:
    game = await new_game(seated)
    with pytest.raises(GameNotFoundError):
        await seated.attach_ping(game.id + 1, 555)
    assert (await seated.get_game(game.id)).ping_message_id is None
    assert await seated.active_game_in_channel(CHANNEL + 1) is None
