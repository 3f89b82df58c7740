"""Settings: read from the environment, refused with a clear message when wrong."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, Settings, SettingsError

GOOD_TOKEN = "MTIz.NDU2.Nzg5"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "LOG_LEVEL_LIBRARIES",
    ):
        monkeypatch.delenv(name, raising=False)


def test_missing_token_says_how_to_get_one() -> None:
    with pytest.raises(SettingsError, match=r"DISCORD_TOKEN is not set.*developers/applications"):
        Settings.from_env(env_file=None)


def test_malformed_token_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    with pytest.raises(SettingsError, match="does not look like a bot token"):
        Settings.from_env(env_file=None)


def test_defaults_to_local_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    settings = Settings.from_env(env_file=None)
    assert settings.database_url == DEFAULT_DATABASE_URL
    assert settings.dev_guild_id is None
    assert settings.log_level == logging.INFO
    assert settings.library_log_level == logging.WARNING  # discord.py, SQLAlchemy... stay quiet


def test_env_file_is_read(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\nLOG_LEVEL_LIBRARIES=Info\n"
    )
    settings = Settings.from_env(env_file=env_file)
    assert settings.discord_token == GOOD_TOKEN
    assert settings.dev_guild_id == 42
    assert settings.log_level == logging.DEBUG
    assert settings.library_log_level == logging.INFO


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be"),
        ("LOG_LEVEL_LIBRARIES", "chatty", "LOG_LEVEL_LIBRARIES must be .*'CHATTY'"),
    ],
)
def test_bad_values_are_named(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env_file=None)
