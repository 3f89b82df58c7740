"""`Database.one`, the path of a move's statements on PostgreSQL around SQLAlchemy's execution:
the same values in and out as SQLAlchemy's own path, SQLAlchemy's errors, and a pool left whole
by connections the server ends and by tasks cancelled in the middle of a statement."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import Integer, Select, bindparam, func, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from bot.store import GameStatus, Store
from bot.store.connect import POOL_SIZE
from bot.store.database import PLANS_KEPT
from bot.store.queries import GAME_BY_ID, SET_GAME_ID
from tests.bot.store.conftest import ALICE, BOB, CHANNEL, NOW, Backend, new_game
from tests.bot.store.test_dropped_connections import end_backends


@pytest.fixture(autouse=True)
def postgres_only(backend: Backend) -> None:
    """`Database.one` is PostgreSQL's path only."""
    if backend.name != "postgres":
        pytest.skip("Database.one runs on PostgreSQL only")


async def test_a_move_reads_and_writes_what_sqlalchemy_reads_and_writes(seated: Store) -> None:
    options = {"level": "strong", "length": 5, "nested": {"list": [1, 2.5, None, "é"]}}
    game = await new_game(
        seated,
        options=options,
        dice_commitment="c" * 64,
        dice_secret="s" * 64,
        turn_deadline=NOW + timedelta(hours=1),
    )
    in_channel = await seated.active_game_in_channel(CHANNEL)
    assert in_channel == game == await seated.get_game(game.id)
    assert in_channel is not None and in_channel.options == options

    ends = NOW.astimezone(timezone(timedelta(hours=-5)))  # not UTC
    moved = await seated.commit(
        game.id,
        0,
        "move",
        {"steps": [{"op": "move", "play": "8/5 6/5"}], "dice": [3, 1]},
        "after",
        now=NOW,
        actor_id=ALICE,
        status=GameStatus.ACTIVE,
        to_move_id=BOB,
        turn_deadline=ends,
        reminder_at=None,
        result={"reason": "over", "points": 2},
    )
    assert moved == await seated.get_game(game.id)
    assert moved.turn_deadline == NOW and moved.turn_deadline.utcoffset() == timedelta(0)
    assert (moved.version, moved.state, moved.status) == (1, "after", GameStatus.ACTIVE)
    assert moved.result == {"reason": "over", "points": 2}
    [event] = await seated.events_for(game.id)
    assert event.payload == {"steps": [{"op": "move", "play": "8/5 6/5"}], "dice": [3, 1]}
    assert (event.seq, event.actor_id, event.created_at) == (1, ALICE, NOW)

    # None is SQL's NULL for `result` (JSON(none_as_null)), not JSON's null, as SQLAlchemy binds.
    cleared = await seated.commit(game.id, 1, "move", {"steps": []}, "again", now=NOW, result=None)
    assert cleared.result is None
    null = text("SELECT result IS NULL FROM games WHERE id = :id")
    assert await seated.database.read(lambda c: c.scalar(null, {"id": game.id})) is True


async def test_errors_are_sqlalchemys(seated: Store) -> None:
    game = await new_game(seated)
    # The foreign key on the players refuses the write: SQLAlchemy's IntegrityError.
    with pytest.raises(IntegrityError):
        await seated.database.one(SET_GAME_ID, {"game_key": game.id, "to_move_id": 404}, write=True)
    assert (
        await seated.database.one(SET_GAME_ID, {"game_key": 999, "ping_message_id": 1}, write=True)
        is None
    )
    values = await seated.database.one(GAME_BY_ID, {"game_key": game.id}, write=False)
    assert values is not None and values["to_move_id"] is None
    # A parameter left out is refused before anything is sent, as SQLAlchemy refuses it.
    with pytest.raises(ValueError, match="required for the parameter 'game_key'"):
        await seated.database.one(GAME_BY_ID, {}, write=False)


async def test_statements_built_anew_are_answered_and_their_plans_stay_bounded(
    seated: Store,
) -> None:
    database = seated.database
    for number in range(PLANS_KEPT + 10):
        # A new statement each time (its own label), as a caller building them would make.
        statement = select(bindparam("n", type_=Integer).label(f"n{number}"))
        assert await database.one(statement, {"n": number}, write=False) == {f"n{number}": number}
        assert len(database._plans) <= PLANS_KEPT


def _sleeper(marker: str) -> Select[Any]:
    # The label makes the statement's text this test's own, to find its backend on the server.
    return select(
        func.pg_backend_pid().label("pid"),
        func.pg_sleep(bindparam("seconds")).label(marker),
    )


async def _backend_running(store: Store, marker: str) -> int:
    find = text(
        "SELECT pid FROM pg_stat_activity WHERE query LIKE :marker AND pid <> pg_backend_pid()"
    )
    while True:
        pid = await store.database.read(
            lambda c: c.scalar(find, {"marker": f"%{marker}%"}), single=True
        )
        if pid is not None:
            return int(pid)
        await asyncio.sleep(0.01)


async def test_a_read_the_server_cuts_off_runs_again_a_write_does_not(seated: Store) -> None:
    marker = f"cut_{uuid.uuid4().hex[:12]}"
    statement = _sleeper(marker)
    reading = asyncio.ensure_future(seated.database.one(statement, {"seconds": 0.5}, write=False))
    first = await _backend_running(seated, marker)
    await end_backends([first])
    read = await reading
    assert read is not None and read["pid"] != first  # read again, on a new connection

    writing = asyncio.ensure_future(seated.database.one(statement, {"seconds": 30}, write=True))
    await end_backends([await _backend_running(seated, marker)])
    with pytest.raises(DBAPIError) as raised:
        await writing
    assert raised.value.connection_invalidated  # not run twice: the caller is told


async def test_a_cancelled_statement_leaves_no_busy_connection_in_the_pool(
    seated: Store,
) -> None:
    marker = f"cancel_{uuid.uuid4().hex[:12]}"
    statement = _sleeper(marker)
    sleeping = asyncio.ensure_future(seated.database.one(statement, {"seconds": 30}, write=False))
    await _backend_running(seated, marker)
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeping
    # Every pooled connection at once, the cancelled one's place among them: none is still busy
    # with the sleep (asyncpg would refuse it: "another operation is in progress").
    game = await new_game(seated)
    reads = [
        seated.database.one(GAME_BY_ID, {"game_key": game.id}, write=False)
        for _ in range(POOL_SIZE)
    ]
    assert all(read is not None for read in await asyncio.gather(*reads))
