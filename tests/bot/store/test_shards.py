"""Tables by shard: the stored shard key, due queries by shard, the sweep lease, the migration."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text

from bot.settings import Shards
from bot.store import Store
from bot.store.connect import create_engine, normalize_url
from bot.store.queries import OPEN
from tests.bot.store.conftest import ALICE, BACKENDS, BOB, NOW, Backend, later, new_game

REPO = Path(__file__).resolve().parents[3]

# Server ids built as Discord builds them: the server's creation time in milliseconds sits above
# bit 22, and Discord's shard formula reads only that part: (id >> 22) % shard_count.
EVEN_GUILD = (1_000_000 << 22) | 12345  # shard 0 of 2, 0 of 4
ODD_GUILD = (1_000_001 << 22) | 999  # shard 1 of 2, 1 of 4
THIRD_GUILD = (1_000_003 << 22) | 7  # shard 1 of 2, 3 of 4


async def _games_by_guild(store: Store, guild_ids: list[int | None]) -> dict[int | None, int]:
    made = {}
    for channel, guild_id in enumerate(guild_ids, start=1):
        row = await new_game(store, channel_id=channel, guild_id=guild_id, turn_deadline=later(1))
        made[guild_id] = row.id
    return made


async def test_the_shard_key_is_the_servers_part_of_its_id(seated: Store) -> None:
    game = await new_game(seated, guild_id=ODD_GUILD)
    outside = await new_game(seated, channel_id=2, guild_id=None)
    assert (await seated.get_game(game.id)).shard_key == 1_000_001
    assert (await seated.get_game(outside.id)).shard_key == 0


async def test_due_games_are_picked_by_shard(seated: Store) -> None:
    made = await _games_by_guild(seated, [EVEN_GUILD, ODD_GUILD, THIRD_GUILD, None])

    async def due(shards: Shards) -> list[int]:
        return [row.id for row in await seated.due_deadlines(later(5), shards=shards)]

    # Outside a server is shard 0, as Discord sends direct messages to shard 0.
    assert await due(Shards(2, (0,))) == [made[EVEN_GUILD], made[None]]
    assert await due(Shards(2, (1,))) == [made[ODD_GUILD], made[THIRD_GUILD]]
    assert await due(Shards(4, (1, 3))) == [made[ODD_GUILD], made[THIRD_GUILD]]
    assert await due(Shards(4, (2,))) == []
    assert await due(Shards(2, (0, 1))) == sorted(made.values())
    assert [row.id for row in await seated.due_deadlines(later(5))] == sorted(made.values())


async def test_due_reminders_are_picked_by_shard(seated: Store) -> None:
    even = await new_game(seated, channel_id=1, guild_id=EVEN_GUILD, reminder_at=later(1))
    odd = await new_game(seated, channel_id=2, guild_id=ODD_GUILD, reminder_at=later(1))
    assert [r.id for r in await seated.due_reminders(later(2), shards=Shards(2, (1,)))] == [odd.id]
    assert [r.id for r in await seated.due_reminders(later(2), shards=Shards(2, (0,)))] == [even.id]


async def test_a_sharded_due_query_uses_the_clock_index(backend: Backend, store: Store) -> None:
    engine = create_engine(normalize_url(backend.url), schema=backend.schema, busy_timeout_ms=1000)
    query = (
        f"SELECT * FROM games WHERE {OPEN.text} AND turn_deadline IS NOT NULL "
        "AND turn_deadline <= :now AND shard_key % 2 IN (1)"
    )
    explain = "EXPLAIN QUERY PLAN " if backend.name == "sqlite" else "EXPLAIN "
    try:
        async with engine.connect() as connection:
            if backend.name == "postgres":
                await connection.execute(text("SET enable_seqscan = off"))
            plan = (await connection.execute(text(explain + query), {"now": NOW})).all()
    finally:
        await engine.dispose()
    assert "ix_games_turn_deadline_shard_key" in str(plan)


async def test_sqlite_leases_every_shard_asked(tmp_path: Path) -> None:
    """One machine's processes share SQLite without a lease: the version check is enough."""
    first = await Store.open(f"sqlite:///{tmp_path / 'one.sqlite3'}")
    second = await Store.open(f"sqlite:///{tmp_path / 'one.sqlite3'}")
    try:
        async with (
            first.sweep_lease(Shards(2, (0, 1))) as held,
            second.sweep_lease(Shards(2, (0, 1))) as also,
        ):
            assert held == also == Shards(2, (0, 1))
    finally:
        await first.close()
        await second.close()


ON_POSTGRES = pytest.mark.parametrize("backend", [BACKENDS[1]], indirect=True)
# A process that takes a lease and waits to be killed.
HOLDER = """
import asyncio, sys
from bot.settings import Shards
from bot.store import Store

async def main():
    store = await Store.open(sys.argv[1], schema=sys.argv[2])
    async with store.sweep_lease(Shards(2, (1,))) as held:
        print("HELD", held, flush=True)
        await asyncio.sleep(120)

asyncio.run(main())
"""


@ON_POSTGRES
async def test_postgres_lets_one_process_sweep_a_shard_at_a_time(backend: Backend) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        async with first.sweep_lease(Shards(4, (0, 1))) as held:
            assert held == Shards(4, (0, 1))
            async with second.sweep_lease(Shards(4, (1, 2))) as rest:
                assert rest == Shards(4, (2,))  # shard 1 is being swept by the first
            async with second.sweep_lease(Shards(4, (0,))) as none:
                assert none is None
            # Another count is another set of shards (a bot being resharded): no clash.
            async with second.sweep_lease(Shards(2, (0,))) as other:
                assert other == Shards(2, (0,))
        async with second.sweep_lease(Shards(4, (0, 1, 2, 3))) as after:
            assert after == Shards(4, (0, 1, 2, 3))  # let go when the block ended
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize("empty_backend", [BACKENDS[1]], indirect=True)
@ON_POSTGRES
async def test_stores_in_two_schemas_never_hold_each_others_shards(
    backend: Backend, empty_backend: Backend
) -> None:
    """Advisory locks belong to the whole database: two bots (or two test runs) in two schemas
    of one database each sweep their own shard 0."""
    first, second = await backend.open(), await empty_backend.open()
    try:
        async with (
            first.sweep_lease(Shards(2, (0,))) as held,
            second.sweep_lease(Shards(2, (0,))) as also,
        ):
            assert held == also == Shards(2, (0,))
    finally:
        await first.close()
        await second.close()


@ON_POSTGRES
async def test_a_killed_processs_shards_are_free_again(backend: Backend) -> None:
    """A process killed mid-sweep loses its connection, and with it its locks."""
    assert backend.schema is not None
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER,
        backend.url,
        backend.schema,
        cwd=REPO,
        stdout=asyncio.subprocess.PIPE,
    )
    store = await backend.open()
    try:
        assert holder.stdout is not None
        line = await asyncio.wait_for(holder.stdout.readline(), timeout=60)
        assert line.decode().strip() == "HELD 1 of 2"
        async with store.sweep_lease(Shards(2, (0, 1))) as rest:
            assert rest == Shards(2, (0,))
        holder.send_signal(signal.SIGKILL)
        await holder.wait()

        async def lease() -> Shards | None:
            async with store.sweep_lease(Shards(2, (1,))) as held:
                return held

        # The server notices the dead session within moments; nothing else must free it.
        for _ in range(200):
            if await lease() is not None:
                break
            await asyncio.sleep(0.05)
        assert await lease() == Shards(2, (1,))
    finally:
        if holder.returncode is None:
            holder.kill()
            await holder.wait()
        await store.close()


def _upgrade(connection: Connection, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", "bot.store:migrations")
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


async def test_the_migration_gives_existing_games_their_shard_key(empty_backend: Backend) -> None:
    engine = create_engine(
        normalize_url(empty_backend.url), schema=empty_backend.schema, busy_timeout_ms=1000
    )
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade, "0003")
            for user_id in (ALICE, BOB):
                await connection.execute(
                    text(
                        "INSERT INTO players (user_id, display_name, is_bot, created_at, "
                        "updated_at) VALUES (:id, 'p', false, :now, :now)"
                    ),
                    {"id": user_id, "now": NOW},
                )
            for channel, guild_id in ((1, ODD_GUILD), (2, None)):
                await connection.execute(
                    text(
                        "INSERT INTO games (guild_id, channel_id, kind, variant, options, status, "
                        "challenger_id, initial_state, state, version, created_at, updated_at) "
                        "VALUES (:guild, :channel, 'backgammon', 'standard', '{}', 'pending', "
                        ":alice, 's', 's', 0, :now, :now)"
                    ),
                    {"guild": guild_id, "channel": channel, "alice": ALICE, "now": NOW},
                )
    finally:
        await engine.dispose()
    store = await empty_backend.open()
    try:
        keys = {row.guild_id: row.shard_key for row in await store.open_games_for_player(ALICE)}
    finally:
        await store.close()
    assert keys == {ODD_GUILD: 1_000_001, None: 0}
