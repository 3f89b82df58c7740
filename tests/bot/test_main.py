"""`python -m bot`: clear messages instead of tracebacks, and a clean stop on SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import sys
from pathlib import Path

import discord
import pytest

from ai.worker import AIWorker
from bot import __main__ as entry
from bot import launch
from bot.settings import Settings, Shards
from emulator import Emulator
from emulator.harness import CLIENT_OPTIONS, pointed_at, running
from emulator.point import spawn
from tests.processes import children

GOOD_TOKEN = "MTIz.NDU2.Nzg5"
NOWHERE = "http://127.0.0.1:1/api/v10"  # port 1: nothing listens, the connection is refused
# Starting means opening the store, connecting and starting the drawing process (a fresh
# interpreter drawing a first board): seconds on a busy machine, so the waits are long.
START_WAIT = 60.0

# `main()` sets up logging for the whole process: each test leaves it as it found it.
pytestmark = pytest.mark.usefixtures("logging_restored")


def test_missing_token_is_one_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert entry.main([]) == 2
    error = capsys.readouterr().err
    assert error.startswith("duelboard: DISCORD_TOKEN is not set.")
    assert "developers/applications" in error and "Traceback" not in error
    assert (
        "python -m tryout" in error and error.count("\n") == 1
    )  # one line, with the way to try it


def test_an_unknown_argument_is_named_and_nothing_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert entry.main(["lokal"]) == 2
    error = capsys.readouterr().err
    assert error == "duelboard: unknown argument 'lokal'. " + entry.LOCAL_HELP + "\n"


def test_local_says_where_the_try_out_went_and_loads_none_of_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Any import of the try-out would fail: the bot must not load it, not even by name.
    monkeypatch.setitem(sys.modules, "tryout", None)
    monkeypatch.setitem(sys.modules, "tryout.run", None)
    assert entry.main(["local", "--port", "8000"]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("duelboard: ") and "`python -m tryout`" in line
    assert "checkout of the repository" in line


def test_unusable_database_is_one_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", "mysql://nowhere/duelboard")
    assert entry.main([]) == 2
    error = capsys.readouterr().err
    assert error.startswith("duelboard: ") and "Traceback" not in error


def test_no_network_is_one_clear_line_and_the_worker_is_closed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A well-formed token but Discord out of reach: one line on stderr, exit code 2."""
    closed: list[AIWorker] = []

    class Worker(AIWorker):
        def close(self) -> None:
            closed.append(self)
            super().close()

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}")
    # ERROR: the Open Sage notice, a warning, depends on the installation; errors still show.
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    monkeypatch.setattr(launch, "AIWorker", Worker)
    monkeypatch.setattr(discord.http.Route, "BASE", NOWHERE)
    # As in a fresh process, where discord.py has not yet warned that voice is unsupported.
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    assert entry.main([]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("duelboard: Discord cannot be reached (Cannot connect to host")
    assert "127.0.0.1:1" in line and "network" in line and "proxy" in line
    assert len(closed) == 1 and multiprocessing.active_children() == []


async def test_sigterm_stops_the_bot_cleanly(emulator: Emulator, tmp_path: Path) -> None:
    """The real entry coroutine, connected to the emulator, returns when SIGTERM arrives."""
    settings = Settings(
        discord_token=emulator.token,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
    )
    with pointed_at(emulator):
        running = asyncio.create_task(entry._run(settings))
        await emulator.wait_for_clients(1, timeout=START_WAIT)
        assert emulator.command("backgammon")  # the commands were synced
        # The drawing process starts before the first board; the computer's worker only when
        # first asked (nobody here plays the computer).
        assert multiprocessing.active_children() == []
        assert len(children(os.getpid(), running="bot.pictures.worker")) == 1
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(running, timeout=START_WAIT)
    assert running.exception() is None
    # Both stopped with the bot.
    assert multiprocessing.active_children() == []
    assert children(os.getpid(), running="bot.pictures.worker") == []


async def test_without_open_sage_the_operator_is_told_how_to_install_it_once(
    emulator: Emulator,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The install instructions are the operator's: logged once at start (games say only that
    the computer plays at its built-in level)."""

    def no_sage(name: str) -> object:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.setattr("ai.backgammon.sage.import_module", no_sage)
    settings = Settings(
        discord_token=emulator.token,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
    )
    with caplog.at_level(logging.WARNING, logger="duelboard"), pointed_at(emulator):
        running = asyncio.create_task(entry._run(settings))
        await emulator.wait_for_clients(1, timeout=START_WAIT)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(running, timeout=START_WAIT)
    told = [
        r.getMessage() for r in caplog.records if "pip install 'duelboard[ai]'" in r.getMessage()
    ]
    assert len(told) == 1, told
    assert "built-in level" in told[0]


async def test_a_sharded_start_runs_its_shards_and_says_what_sqlite_supports(
    emulator: Emulator,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """SHARD_COUNT and SHARD_IDS start discord.py's AutoShardedBot on exactly those shards."""
    settings = Settings(
        discord_token=emulator.token,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        shards=Shards(3, (1,)),
    )
    with caplog.at_level(logging.INFO, logger="duelboard"), pointed_at(emulator):
        running = asyncio.create_task(entry._run(settings))
        await emulator.wait_for_clients(1, timeout=START_WAIT)
        assert [session.shard for session in emulator.gateway.sessions] == [(1, 3)]
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(running, timeout=START_WAIT)
    told = [r.getMessage() for r in caplog.records if "shards" in r.getMessage()]
    assert told == [
        "running shards 1 of 3 on SQLite: every process of the bot must run on this machine and "
        "share this database file; several machines need PostgreSQL (DATABASE_URL)"
    ]
    assert emulator.requests("/commands", "PUT") == []  # shard 0's process syncs the commands


SHARDING_REQUIRED = (
    "duelboard: Discord requires sharding (gateway close 4011): the bot is in more servers than "
    "one gateway connection may serve (2,500). Set SHARD_COUNT (about one shard per 1,000 "
    "servers; a larger one if it is set already) and start again."
)
INVALID_SHARD = (
    "duelboard: Discord refused this process's shard (gateway close 4010, invalid shard): "
    "SHARD_IDS must name shards below SHARD_COUNT, and every process of the bot must use the "
    "same SHARD_COUNT."
)


async def test_discord_requiring_sharding_stops_the_bot_with_one_line_on_what_to_set(
    emulator: Emulator, tmp_path: Path
) -> None:
    """`python -m bot`, unsharded, in more servers than one gateway session may serve."""
    emulator.add_guild("Second server")
    emulator.limit_guilds_per_session(1)
    env = {
        "DISCORD_TOKEN": emulator.token,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        "LOG_LEVEL": "ERROR",  # the Open Sage notice, a warning, depends on the installation
        "LOG_LEVEL_LIBRARIES": "ERROR",
        "DEV_GUILD_ID": "",
    }
    said = tmp_path / "output.log"
    with open(said, "wb") as output:
        process = await spawn(emulator.origin, "bot", env=env, cwd=tmp_path, output=output)
    assert await asyncio.wait_for(process.wait(), START_WAIT) == 2
    assert said.read_text().splitlines() == [SHARDING_REQUIRED]


async def test_an_invalid_shard_is_worded_for_the_operator(emulator: Emulator) -> None:
    """The close discord.py raises for an invalid shard becomes one line on what to set."""
    client = discord.AutoShardedClient(
        intents=discord.Intents.none(), shard_ids=[2], shard_count=2, **CLIENT_OPTIONS
    )
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(client, emulator):
            pass
    assert f"duelboard: {entry.gateway_refusal(closed.value)}" == INVALID_SHARD
