"""Settings: read from the environment, refused with a clear message when wrong."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, Settings, SettingsError, Shards

GOOD_TOKEN = "MTIz.NDU2.Nzg5"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "LOG_LEVEL_LIBRARIES",
        "SHARD_COUNT",
        "SHARD_IDS",
        "RENDER_PROCESSES",
    ):
        # Set, then deleted: monkeypatch then restores the variable as it was, absent included,
        # so what a test's `.env` loads (load_dotenv writes os.environ) does not outlive the test.
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


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
    assert settings.shards is None  # one process, unsharded, as before sharding existed
    assert settings.render_processes == 1  # boards drawn beside the bot's process, not in it


def test_env_file_is_read(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\nLOG_LEVEL_LIBRARIES=Info\n"
        "RENDER_PROCESSES= 3\n"
    )
    settings = Settings.from_env(env_file=env_file)
    assert settings.discord_token == GOOD_TOKEN
    assert settings.render_processes == 3
    assert settings.dev_guild_id == 42
    assert settings.log_level == logging.DEBUG
    assert settings.library_log_level == logging.INFO


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be"),
        ("LOG_LEVEL_LIBRARIES", "chatty", "LOG_LEVEL_LIBRARIES must be .*'CHATTY'"),
        (
            "RENDER_PROCESSES",
            "two",
            r"^RENDER_PROCESSES must be a whole number from 0 \(draw in the bot's own process\) "
            r"to 64, not 'two'\.$",
        ),
        ("RENDER_PROCESSES", "-1", r"^RENDER_PROCESSES must be .*, not '-1'\.$"),
        ("RENDER_PROCESSES", "65", r"^RENDER_PROCESSES must be .*, not '65'\.$"),
    ],
)
def test_bad_values_are_named(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env_file=None)


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("2", "1", Shards(2, (1,))),
        ("4", "0,2", Shards(4, (0, 2))),
        ("8", "0-3", Shards(8, (0, 1, 2, 3))),
        ("16", " 12-13, 4 ,0-1", Shards(16, (0, 1, 4, 12, 13))),
        ("3", "", Shards(3, (0, 1, 2))),  # a count alone: this process runs every shard
        ("1", "0", Shards(1, (0,))),
    ],
)
def test_shards_are_a_count_and_a_list_or_range(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str, expected: Shards
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    assert Settings.from_env(env_file=None).shards == expected


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("", "0,1", r"^SHARD_IDS needs SHARD_COUNT too"),
        ("0", "", r"^SHARD_COUNT must be a whole number from 1 to 65536, not '0'\.$"),
        ("two", "0", r"^SHARD_COUNT must be a whole number from 1 to 65536, not 'two'"),
        ("-2", "0", r"^SHARD_COUNT must be"),
        ("65537", "", r"^SHARD_COUNT must be"),
        ("4", "4", r"^SHARD_IDS names shard 4, but with SHARD_COUNT=4 shard ids go from 0 to 3"),
        ("4", "2-9", r"^SHARD_IDS names shard 9, but with SHARD_COUNT=4"),
        ("4", "0,x", r"^SHARD_IDS must be shard numbers separated by commas.*not '0,x'\.$"),
        ("4", "0,,1", r"^SHARD_IDS must be"),
        ("4", "-1", r"^SHARD_IDS must be"),
        ("4", "1-", r"^SHARD_IDS must be"),
        ("4", "3-1", r"^SHARD_IDS has the range '3-1', which runs backwards\.$"),
        ("4", "0-2,2", r"^SHARD_IDS names shard 2 more than once\.$"),
    ],
)
def test_bad_shards_are_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, count: str, ids: str, message: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)
    with pytest.raises(SettingsError, match=message) as refused:
        Settings.from_env(env_file=None)
    assert "\n" not in str(refused.value)


def test_shards_read_as_an_operator_writes_them() -> None:
    assert str(Shards(8, (0, 1, 2, 3))) == "0-3 of 8"
    assert str(Shards(4, (0, 2))) == "0,2 of 4"
    assert str(Shards(2, (1,))) == "1 of 2"
    with pytest.raises(ValueError, match="from 0 to 1"):
        Shards(2, (2,))
