"""`python -m bot`: clear messages instead of tracebacks, and a clean stop on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from bot import __main__ as entry
from bot.emulator import Emulator
from bot.emulator.harness import pointed_at
from bot.settings import Settings

GOOD_TOKEN = "MTIz.NDU2.Nzg5"

# `main()` sets up logging for the whole process: each test leaves it as it found it.
pytestmark = pytest.mark.usefixtures("logging_restored")


def test_missing_token_is_one_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert entry.main() == 2
    error = capsys.readouterr().err
    assert error.startswith("duelboard: DISCORD_TOKEN is not set.")
    assert "developers/applications" in error and "Traceback" not in error


def test_unusable_database_is_one_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", "mysql://nowhere/duelboard")
    assert entry.main() == 2
    error = capsys.readouterr().err
    assert error.startswith("duelboard: ") and "Traceback" not in error


async def test_sigterm_stops_the_bot_cleanly(emulator: Emulator, tmp_path: Path) -> None:
    """The real entry coroutine, connected to the emulator, returns when SIGTERM arrives."""
    settings = Settings(
        discord_token=emulator.token,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
    )
    with pointed_at(emulator):
        running = asyncio.create_task(entry._run(settings))
        await emulator.wait_for_clients(1, timeout=10)
        assert emulator.command("backgammon")  # the commands were synced
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(running, timeout=10)
    assert running.exception() is None
