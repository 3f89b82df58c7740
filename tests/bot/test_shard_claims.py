"""A second `python -m bot` started for shards a live process runs refuses to start, in one
line, on SQLite (a lock beside the database file) and on PostgreSQL (advisory locks); a process
killed outright (SIGKILL) leaves nothing that blocks its restart."""

from __future__ import annotations

import asyncio
import os
import signal
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.connect import normalize_url
from emulator import Emulator
from emulator.point import spawn

POSTGRES_ENV = "DUELBOARD_TEST_POSTGRES_URL"
pytestmark = pytest.mark.slow
# A process starts its computer's worker before it connects: seconds on a busy machine.
START_WAIT = 90.0
BACKENDS = [
    "sqlite",
    pytest.param(
        "postgres",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(
                not os.environ.get(POSTGRES_ENV), reason=f"{POSTGRES_ENV} is not set"
            ),
        ],
    ),
]


@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database of the test's own: a SQLite file, or a PostgreSQL database made for it."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'bot.sqlite3'}"
        return
    admin_url = normalize_url(os.environ[POSTGRES_ENV])
    name = f"test_claims_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f"CREATE DATABASE {name}"))
        yield admin_url.set(database=name).render_as_string(hide_password=False)
        async with admin.connect() as connection:
            await connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        await admin.dispose()


@pytest.fixture
def logs(tmp_path: Path) -> Iterator[Path]:
    """The processes' output."""
    folder = tmp_path / "logs"
    folder.mkdir()
    yield folder


class Starts:
    """`python -m bot` processes on one database, each started with the same shards."""

    def __init__(self, emulator: Emulator, database_url: str, folder: Path) -> None:
        self.emulator = emulator
        self.database_url = database_url
        self.folder = folder
        self.processes: list[asyncio.subprocess.Process] = []

    async def start(self, shard_ids: str) -> tuple[asyncio.subprocess.Process, Path]:
        """A process for shards `shard_ids` of 2; it and where its output goes."""
        env = {
            "DISCORD_TOKEN": self.emulator.token,
            "DATABASE_URL": self.database_url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": shard_ids,
            "LOG_LEVEL": "WARNING",
            "LOG_LEVEL_LIBRARIES": "WARNING",
            "DEV_GUILD_ID": "",
        }
        log = self.folder / f"start{len(self.processes)}.log"
        with open(log, "wb") as output:
            process = await spawn(
                self.emulator.origin, "bot", env=env, cwd=self.folder, output=output
            )
        self.processes.append(process)
        return process, log

    async def sessions_on(self, shard_id: int, count: int) -> None:
        """Wait until exactly `count` gateway sessions run shard `shard_id` of 2."""

        def probe() -> bool | None:
            shards = [session.shard for session in self.emulator.gateway.sessions]
            return True if shards.count((shard_id, 2)) == count else None

        await self.emulator.wait_until(probe, f"{count} session(s) on shard {shard_id}", START_WAIT)

    def kill_all(self) -> None:
        """Leave nothing running."""
        for process in self.processes:
            if process.returncode is None:
                os.killpg(process.pid, signal.SIGKILL)


async def test_a_second_process_for_a_running_shard_refuses_to_start_and_a_killed_one_restarts(
    database_url: str, logs: Path
) -> None:
    emulator = Emulator(reply_window=15.0)
    await emulator.start()
    starts = Starts(emulator, database_url, logs)
    try:
        first, _ = await starts.start("0")
        await starts.sessions_on(0, 1)
        second, said = await starts.start("0-1")  # shard 1 is free, shard 0 is not
        assert await asyncio.wait_for(second.wait(), START_WAIT) == 2
        assert said.read_text().splitlines() == [
            "duelboard: Shard 0 of 2 is already run by another process: both would answer the "
            "same servers. Stop that process first, or give this one other SHARD_IDS."
        ]
        assert first.returncode is None
        await starts.sessions_on(0, 1)
        # Killed outright, as a crash or the OOM killer would: its claim goes with it.
        os.killpg(first.pid, signal.SIGKILL)
        await first.wait()
        await starts.sessions_on(0, 0)
        again, _ = await starts.start("0")
        await starts.sessions_on(0, 1)
        assert again.returncode is None
        again.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(again.wait(), START_WAIT) == 0
    finally:
        starts.kill_all()
        await emulator.stop()
