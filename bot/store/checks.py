"""Argument checks for the store's public methods: bad input is refused before any SQL runs."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.store.rows import GameKind, GameStatus, JsonValue, Keep

_LABEL = re.compile(r"[a-z][a-z0-9_]*")
_SETTING_KEY = re.compile(r"[a-z][a-z0-9_.]*")
MAX_SNOWFLAKE = 2**63 - 1
LABEL_LENGTH = 32
SETTING_KEY_LENGTH = 64


def snowflake(name: str, value: object) -> int:
    """A Discord id: a non-negative integer that fits a signed 64-bit column."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SNOWFLAKE:
        raise ValueError(
            f"{name} must be a Discord id (an integer from 0 to 2**63-1), not {value!r}"
        )
    return value


def optional_snowflake(name: str, value: object) -> int | None:
    """A Discord id or None."""
    return None if value is None else snowflake(name, value)


def label(name: str, value: object) -> str:
    """A short lower-case name such as a game kind, a variant or an event kind (a `StrEnum`
    member comes back as its plain text)."""
    if not isinstance(value, str) or len(value) > LABEL_LENGTH or not _LABEL.fullmatch(value):
        raise ValueError(
            f"{name} must be 1-{LABEL_LENGTH} lower-case letters, digits or underscores "
            f"starting with a letter, not {value!r}"
        )
    return str(value)


def setting_key(value: object) -> str:
    """A guild setting name such as `clock.move_seconds`."""
    if (
        not isinstance(value, str)
        or len(value) > SETTING_KEY_LENGTH
        or not _SETTING_KEY.fullmatch(value)
    ):
        raise ValueError(
            f"a setting key must be 1-{SETTING_KEY_LENGTH} lower-case letters, digits, dots or "
            f"underscores starting with a letter, not {value!r}"
        )
    return value


def text(name: str, value: object) -> str:
    """A non-empty string, such as a position in the engine's text form."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} must be a non-empty string, not {value!r}")
    return value


def optional_text(name: str, value: object) -> str | None:
    """A non-empty string or None."""
    return None if value is None else text(name, value)


def flag(name: str, value: object) -> bool:
    """True or False (not a number or a text that would pass for one)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value


def moment(name: str, value: object) -> datetime:
    """A timezone-aware datetime (the service owns the clock and passes it in)."""
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime, not {value!r}")
    return value


def optional_moment(name: str, value: object) -> datetime | None:
    """A timezone-aware datetime or None."""
    return None if value is None else moment(name, value)


def keyset(name: str, value: object) -> tuple[datetime, int]:
    """A paging key: the (time, game id) of the last game of the previous page."""
    if not isinstance(value, tuple) or len(value) != 2:
        raise ValueError(f"{name} must be a (time, game id) pair, not {value!r}")
    return moment(f"{name}[0]", value[0]), snowflake(f"{name}[1]", value[1])


def version(name: str, value: object) -> int:
    """A game version: a non-negative integer."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a non-negative integer, not {value!r}")
    return value


def game_kind(value: object) -> GameKind:
    """One of the game kinds, given as the enum or its text."""
    text = label("kind", value)
    if text in GameKind.__members__.values():
        return GameKind(text)
    names = ", ".join(member.value for member in GameKind)
    raise ValueError(f"kind must be one of {names}, not {value!r}")


def game_status(value: object) -> GameStatus:
    """One of the five game statuses, given as the enum or its text."""
    if isinstance(value, str) and value in GameStatus.__members__.values():
        return GameStatus(value)
    names = ", ".join(member.value for member in GameStatus)
    raise ValueError(f"status must be one of {names}, not {value!r}")


def json_object(name: str, value: object) -> dict[str, JsonValue]:
    """A JSON object with string keys and finite numbers; returned as a fresh copy."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping (a JSON object), not {type(value).__name__}")
    return _copy_object(name, value)


def json_value(name: str, value: object) -> JsonValue:
    """Any JSON value; returned as a fresh copy so later changes by the caller do not leak in."""
    return _copy_json(name, value)


def _copy_object(path: str, value: Mapping[object, object]) -> dict[str, JsonValue]:
    copy: dict[str, JsonValue] = {}
    for key, item in value.items():
        if not isinstance(key, str):
            raise ValueError(f"{path} must be plain JSON: key {key!r} is not a string")
        copy[key] = _copy_json(f"{path}[{key!r}]", item)
    return copy


def _copy_json(path: str, value: object) -> JsonValue:
    # JSON would quietly turn int keys into strings and tuples into lists on the way back;
    # refusing anything that does not round-trip keeps what is stored what was given.
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise ValueError(f"{path} must be plain JSON: {value!r} is not a JSON number")
        return value
    if isinstance(value, list):
        return [_copy_json(f"{path}[{index}]", item) for index, item in enumerate(value)]
    if isinstance(value, Mapping):
        return _copy_object(path, value)
    raise ValueError(f"{path} must be plain JSON: a {type(value).__name__} is not a JSON value")


def commit_changes(
    *,
    status: GameStatus | Keep,
    opponent_id: int | Keep | None,
    to_move_id: int | Keep | None,
    winner_id: int | Keep | None,
    result: Mapping[str, JsonValue] | Keep | None,
    turn_deadline: datetime | Keep | None,
    reminder_at: datetime | Keep | None,
) -> dict[str, Any]:
    """The game columns `commit()` was asked to change, checked; KEEP arguments are left out."""
    changes: dict[str, Any] = {}
    if not isinstance(status, Keep):
        changes["status"] = game_status(status).value
    for name, player in (
        ("opponent_id", opponent_id),
        ("to_move_id", to_move_id),
        ("winner_id", winner_id),
    ):
        if not isinstance(player, Keep):
            changes[name] = optional_snowflake(name, player)
    if not isinstance(result, Keep):
        changes["result"] = None if result is None else json_object("result", result)
    for name, when in (("turn_deadline", turn_deadline), ("reminder_at", reminder_at)):
        if not isinstance(when, Keep):
            changes[name] = optional_moment(name, when)
    return changes
