"""Two `python -m bot` processes, shards 0 and 1 of 2, on one PostgreSQL, against the emulator.

Games in a server of each shard are played to the end; a deadline in each shard is handled
exactly once; the process of shard 1 is killed with SIGKILL mid-game and started again: its
games go on from where they were, and shard 0's games never pause meanwhile.
"""

from __future__ import annotations

import asyncio
import os
import signal
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text, update
from sqlalchemy.ext.asyncio import create_async_engine

from bot.service.checkers import CheckersSession
from bot.service.views import load_session
from bot.store import GameRow, GameStatus, Store
from bot.store.connect import normalize_url
from bot.store.schema import games
from emulator import Channel, Emulator, Guild, Message, User
from emulator.point import spawn

POSTGRES_ENV = "DUELBOARD_TEST_POSTGRES_URL"
pytestmark = [
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.skipif(
        not os.environ.get(POSTGRES_ENV),
        reason=f"{POSTGRES_ENV} is not set, so the sharded processes' test is skipped",
    ),
]
# A process starts its computer's worker before it connects: seconds on a busy machine.
START_WAIT = 90.0
WAIT = 30.0  # for one move's round trip while two bots, PostgreSQL and the test share 2 cores
# The unsharded sweeper looks every 30 s: a deadline is handled within that.
SWEEP_WAIT = 75.0


@dataclass
class Duel:
    """Two players of one server and the channels of their two games (one played to the end,
    one left to run out of time)."""

    guild: Guild
    white: User
    black: User
    game: Channel  # played to the end
    late: Channel  # left to run out of time


@pytest.fixture
async def database_url() -> AsyncIterator[str]:
    """A PostgreSQL database of the test's own (the bot takes its duels from DATABASE_URL)."""
    admin_url = normalize_url(os.environ[POSTGRES_ENV])
    name = f"test_shards_{uuid.uuid4().hex[:12]}"
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
async def lenient_emulator() -> AsyncIterator[Emulator]:
    """The emulator, with a reply window long enough for two bots starting on two cores."""
    emulator = Emulator(reply_window=15.0)
    await emulator.start()
    yield emulator
    await emulator.stop()
    emulator.check()


@pytest.fixture
def logs(tmp_path: Path) -> Iterator[Path]:
    """The processes' output, shown if the test fails."""
    folder = tmp_path / "logs"
    folder.mkdir()
    yield folder


class Bots:
    """The bot's processes, one per shard, started and stopped as an operator would."""

    def __init__(self, emulator: Emulator, database_url: str, folder: Path) -> None:
        self.emulator = emulator
        self.database_url = database_url
        self.folder = folder
        self.processes: dict[int, asyncio.subprocess.Process] = {}
        self.starts = 0

    async def start(self, shard_id: int) -> None:
        """`python -m bot` with SHARD_COUNT=2 and SHARD_IDS=shard_id; waits for its session."""
        self.starts += 1
        env = {
            "DISCORD_TOKEN": self.emulator.token,
            "DATABASE_URL": self.database_url,
            "SHARD_COUNT": "2",
            "SHARD_IDS": str(shard_id),
            "LOG_LEVEL": "WARNING",
            # Whatever this test process was given: the bot syncs to no test server of its own.
            "DEV_GUILD_ID": "",
            "LOG_LEVEL_LIBRARIES": "WARNING",
        }
        with open(self.folder / f"shard{shard_id}-{self.starts}.log", "wb") as output:
            self.processes[shard_id] = await spawn(
                self.emulator.origin, "bot", env=env, cwd=self.folder, output=output
            )

        def connected() -> bool | None:
            shards = [session.shard for session in self.emulator.gateway.sessions]
            return True if (shard_id, 2) in shards else None

        await self.emulator.wait_until(connected, f"shard {shard_id}'s session", START_WAIT)

    async def kill(self, shard_id: int) -> None:
        """SIGKILL the process and its worker, as a crash or an OOM kill would."""
        process = self.processes.pop(shard_id)
        os.killpg(process.pid, signal.SIGKILL)
        await process.wait()

    async def stop(self) -> list[int]:
        """SIGTERM every process; their exit codes."""
        codes = []
        for process in self.processes.values():
            process.send_signal(signal.SIGTERM)
            codes.append(await asyncio.wait_for(process.wait(), START_WAIT))
        self.processes.clear()
        return codes

    def output(self) -> str:
        """Everything the processes wrote."""
        return "\n".join(path.read_text() for path in sorted(self.folder.glob("*.log")))

    def kill_all(self) -> None:
        """After a failure: leave nothing running."""
        for process in self.processes.values():
            if process.returncode is None:
                os.killpg(process.pid, signal.SIGKILL)


def _duel(emulator: Emulator, shard_id: int) -> Duel:
    guild = emulator.add_guild(f"Server on shard {shard_id}", shard=(shard_id, 2))
    return Duel(
        guild,
        emulator.add_member(f"white{shard_id}", guild=guild),
        emulator.add_member(f"black{shard_id}", guild=guild),
        emulator.add_channel("game", guild=guild),
        emulator.add_channel("late", guild=guild),
    )


async def _challenge(emulator: Emulator, store: Store, duel: Duel, channel: Channel) -> GameRow:
    """White challenges black to English checkers, white first; black accepts."""
    options = {"opponent": duel.black, "variant": "english", "first": "challenger"}
    handle = await emulator.slash(duel.white, "checkers", options, channel=channel)
    await handle.original(timeout=WAIT)
    row = await store.active_game_in_channel(channel.id)
    assert row is not None and row.message_id is not None
    challenge = emulator.state.messages[row.message_id]
    accept = await emulator.click(duel.black, challenge, f"db:{row.id}:accept")
    await accept.acknowledged(WAIT)
    await emulator.wait_until(
        lambda: True if challenge.attachments else None, "the first board", WAIT
    )
    return await store.get_game(row.id)


async def _play(emulator: Emulator, store: Store, duel: Duel, game_id: int, plies: int) -> int:
    """Play up to `plies` moves by /move, each chosen from the stored position; returns how
    many were played (fewer once the game is over)."""
    users = {duel.white.id: duel.white, duel.black.id: duel.black}
    for played in range(plies):
        row = await store.get_game(game_id)
        if not row.status.is_open:
            return played
        session = load_session(row.state)
        assert isinstance(session, CheckersSession) and session.game is not None
        assert row.to_move_id is not None and row.message_id is not None
        moves = session.game.position.legal_moves()
        play = moves[(row.version * 3) % len(moves)].pdn()
        board = emulator.state.messages[row.message_id]
        edits = board.edits
        handle = await emulator.slash(
            users[row.to_move_id], "move", {"play": play}, channel=duel.game
        )
        reply = await handle.original(timeout=WAIT)
        assert reply.ephemeral and play in reply.content, reply.content
        await emulator.wait_for_edit(board, edits, timeout=WAIT)
    return plies


async def _to_the_end(emulator: Emulator, store: Store, duel: Duel, game_id: int) -> None:
    await _play(emulator, store, duel, game_id, 300)
    assert (await store.get_game(game_id)).status is GameStatus.FINISHED


async def _run_out_of_time(database_url: str, row: GameRow) -> None:
    """Put the duel's deadline in the past, as if its player had left it for a day (the
    shortest time limit is 5 minutes, and the bots' clock is the system's)."""
    engine = create_async_engine(normalize_url(database_url))
    past = datetime.now(UTC) - timedelta(minutes=1)
    try:
        async with engine.begin() as connection:
            change = update(games).where(games.c.id == row.id)
            await connection.execute(change.values(turn_deadline=past, reminder_at=None))
    finally:
        await engine.dispose()


async def _finished(store: Store, game_id: int, timeout: float) -> GameRow:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        row = await store.get_game(game_id)
        if not row.status.is_open:
            return row
        assert asyncio.get_running_loop().time() < deadline, f"duel {game_id} is still open"
        await asyncio.sleep(0.2)


async def _shows_the_end(emulator: Emulator, row: GameRow) -> None:
    message = emulator.state.messages[row.message_id or 0]
    ended = [f"db:{row.id}:rematch"]
    await emulator.wait_until(
        lambda: True if message.custom_ids == ended else None, "the end on the board", WAIT
    )


def _recaps(emulator: Emulator, channel: Channel) -> list[Message]:
    return [
        m
        for m in emulator.channel_messages(channel)
        if any(a.filename == "replay.gif" for a in m.attachments)
    ]


async def test_two_processes_share_the_tables_and_survive_a_kill(
    lenient_emulator: Emulator, database_url: str, logs: Path
) -> None:
    emulator = lenient_emulator
    duels = {shard_id: _duel(emulator, shard_id) for shard_id in (0, 1)}
    store = await Store.open(database_url)  # migrates the new database before the bots start
    bots = Bots(emulator, database_url, logs)
    try:
        await asyncio.gather(bots.start(0), bots.start(1))
        await emulator.wait_until(
            lambda: True if emulator.requests("/commands", "PUT") else None,
            "shard 0's process to sync the commands",
            WAIT,
        )
        played = {s: await _challenge(emulator, store, t, t.game) for s, t in duels.items()}
        late = {s: await _challenge(emulator, store, t, t.late) for s, t in duels.items()}
        await asyncio.gather(*(_play(emulator, store, duels[s], played[s].id, 6) for s in duels))
        before_kill = await store.get_game(played[1].id)

        # Shard 1's process dies mid-game. Both late duels run out of time meanwhile.
        await bots.kill(1)
        for row in late.values():
            await _run_out_of_time(database_url, row)
        assert await _play(emulator, store, duels[0], played[0].id, 6) == 6  # never paused
        swept = await _finished(store, late[0].id, SWEEP_WAIT)
        # A sweep shows what it handled once it has handled all it found: when the duel's
        # message shows the end, shard 0's sweep has come and gone, and left shard 1's duel.
        await _shows_the_end(emulator, swept)
        assert (await store.get_game(late[1].id)).status is GameStatus.ACTIVE
        assert (await store.get_game(played[1].id)).version == before_kill.version

        # Back again, shard 1 sweeps its duel at once and its game goes on where it was.
        await bots.start(1)
        late_swept = {0: swept, 1: await _finished(store, late[1].id, SWEEP_WAIT)}
        after = await store.get_game(played[1].id)
        assert (after.version, after.message_id) == (before_kill.version, before_kill.message_id)
        await asyncio.gather(*(_to_the_end(emulator, store, duels[s], played[s].id) for s in duels))
        assert await bots.stop() == [0, 0]
        output = bots.output()
        assert "Traceback" not in output and "ERROR" not in output, output

        for shard_id, duel in duels.items():
            row = await store.get_game(played[shard_id].id)
            events = await store.events_for(row.id)
            assert [event.seq for event in events] == list(range(1, row.version + 1))
            assert row.status is GameStatus.FINISHED and row.winner_id is not None
            assert len(_recaps(emulator, duel.game)) == 1
            timed_out = late_swept[shard_id]
            assert timed_out.winner_id == duel.black.id  # white, to move, ran out of time
            kinds = [event.kind for event in await store.events_for(timed_out.id)]
            assert kinds.count("timeout") == 1
    finally:
        bots.kill_all()
        await store.close()
    assert emulator.unanswered() == []  # every interaction answered...
    assert emulator.refusals() == []  # ...once: a second answer would be refused (40060)
