"""`python -m bot.store upgrade`: migrates the database from --url or DATABASE_URL."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, database_url_from_env
from bot.store.__main__ import main
from tests.bot.store.conftest import ALICE, HEAD, NOW, Backend

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def no_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    # Set-then-delete makes monkeypatch remember the original, so a value that load_dotenv
    # puts into os.environ during a test is removed again afterwards.
    monkeypatch.setenv("DATABASE_URL", "unset")
    monkeypatch.delenv("DATABASE_URL")


def test_database_url_defaults_to_local_sqlite(tmp_path: Path) -> None:
    assert database_url_from_env(tmp_path / "missing.env") == DEFAULT_DATABASE_URL


def test_database_url_is_read_from_env_file_without_a_token(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DATABASE_URL=postgresql://u@db/duelboard\n")
    assert database_url_from_env(env_file) == "postgresql://u@db/duelboard"


async def test_upgrade_command_migrates_the_given_database(
    empty_backend: Backend, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["upgrade", "--url", empty_backend.url]
    if empty_backend.schema is not None:
        arguments += ["--schema", empty_backend.schema]
    # main() runs its own event loop, so it goes to a worker thread off the test's loop.
    code = await asyncio.to_thread(main, arguments)
    assert code == 0
    assert f"is at revision {HEAD} (head)" in capsys.readouterr().out
    store = await empty_backend.open()
    try:
        await store.upsert_player(ALICE, "Alice", now=NOW)
    finally:
        await store.close()


def test_upgrade_command_defaults_to_database_url(tmp_path: Path) -> None:
    database = tmp_path / "from_env.sqlite3"
    completed = subprocess.run(
        [sys.executable, "-m", "bot.store", "upgrade"],
        cwd=REPO,
        env={"DATABASE_URL": f"sqlite:///{database}", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr
    assert f"{database} is at revision {HEAD} (head)" in completed.stdout
    assert database.is_file()


def test_upgrade_command_explains_a_bad_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["upgrade", "--url", "mysql://u@db/x"]) == 2
    assert "backend 'mysql' is not supported" in capsys.readouterr().err


def test_password_is_hidden_in_the_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["upgrade", "--url", "postgresql://u:hunter2@127.0.0.1:1/x"]) == 2
    assert "hunter2" not in capsys.readouterr().err
