"""Logging as `main()` sets it up: Duelboard at LOG_LEVEL, libraries apart, secrets hidden."""

from __future__ import annotations

import io
import logging

import pytest

from bot import logs

SEED = "5de69fbb355df85bc6e01968808a3bfd5b77649d49e63324c184d4cb98832597"
TOKEN = "aW50ZXJhY3Rpb24Zm9v-bar_baz.qux"
BOT_TOKEN = "MTIz.NDU2.Nzg5"

pytestmark = pytest.mark.usefixtures("logging_restored")


def configured(level: int, library_level: int = logging.WARNING) -> io.StringIO:
    """Set up logging as `main()` does, writing to the returned buffer instead of stderr."""
    output = io.StringIO()
    logs.configure(level, library_level, secrets=[BOT_TOKEN]).setStream(output)
    return output


def test_log_level_sets_duelboards_loggers_and_libraries_stay_at_warning() -> None:
    output = configured(logging.DEBUG)
    logging.getLogger("duelboard.service").debug("own detail")
    for name in ("discord.http", "sqlalchemy.engine.Engine", "aiosqlite", "asyncio", "alembic"):
        logging.getLogger(name).info("library chatter from %s", name)
    logging.getLogger("discord.gateway").warning("library warning")
    lines = output.getvalue().splitlines()
    assert [line.split(" ", 2)[2] for line in lines] == [
        "DEBUG duelboard.service: own detail",
        "WARNING discord.gateway: library warning",
    ]


def test_libraries_log_at_their_own_level_when_asked() -> None:
    output = configured(logging.WARNING, library_level=logging.INFO)
    logging.getLogger("duelboard").info("own detail")
    logging.getLogger("sqlalchemy.engine.Engine").info("SELECT 1")  # SQLAlchemy pins its level
    logging.getLogger("discord.http").debug("too detailed")
    assert output.getvalue().splitlines()[0].endswith("INFO sqlalchemy.engine.Engine: SELECT 1")
    assert len(output.getvalue().splitlines()) == 1


@pytest.mark.parametrize(
    "line",
    [
        f"POST http://127.0.0.1/api/v10/interactions/1234/{TOKEN}/callback with None",
        f"PATCH https://discord.com/api/v10/webhooks/99/{TOKEN}/messages/@original",
        f"PATCH https://discord.com/api/v10/webhooks/99/{TOKEN}?wait=true",
        f"WebSocket Event: {{'t': 'INTERACTION_CREATE', 'd': {{'id': '1', 'token': '{TOKEN}'}}}}",
        f'{{"type": 2, "token": "{TOKEN}", "locale": "fr"}}',
        f"Authorization: Bot {BOT_TOKEN}",
    ],
)
def test_tokens_are_hidden(line: str) -> None:
    output = configured(logging.DEBUG, library_level=logging.DEBUG)
    logging.getLogger("discord.http").debug("%s", line)
    text = output.getvalue()
    assert TOKEN not in text and BOT_TOKEN not in text and logs.REDACTED in text


def test_seeds_are_hidden_in_messages_and_tracebacks() -> None:
    output = configured(logging.DEBUG, library_level=logging.DEBUG)
    logging.getLogger("aiosqlite").debug("executing INSERT (%r, %r)", "backgammon", SEED)
    try:
        raise ValueError(f"could not store {SEED.upper()}")
    except ValueError:
        logging.getLogger("duelboard.errors").exception("unexpected error in an interaction")
    text = output.getvalue()
    assert SEED not in text.lower()
    assert "executing INSERT ('backgammon', '[redacted]')" in text
    assert "ValueError: could not store [redacted]" in text


def test_ids_and_short_hex_are_kept() -> None:
    """Snowflakes, game numbers and hex shorter than a seed stay readable."""
    line = "game #12 in channel 1234567890123456789: move 0a1b2c3d, hash " + SEED[:63]
    assert logs.redact(line, [BOT_TOKEN]) == line
