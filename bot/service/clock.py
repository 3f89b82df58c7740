"""Time for the games: an injectable clock, per-move time limits, deadlines and reminders."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol

from bot.service.errors import ServiceError
from bot.service.limits import MAX_TEXT_LENGTH

MIN_TIME_LIMIT = timedelta(minutes=5)
MAX_TIME_LIMIT = timedelta(days=7)
DEFAULT_TIME_LIMIT = timedelta(hours=24)
CHALLENGE_LIFETIME = timedelta(minutes=15)
REMINDER_FRACTION = (3, 4)  # the reminder is due after three quarters of the time

_UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400}
_LIMIT_TEXT = re.compile(r"\s*(\d{1,6})\s*(m|min|h|d)\s*", re.IGNORECASE)


class TimeLimitError(ServiceError, ValueError):
    """A time limit outside 5 minutes … 7 days, or one that cannot be read."""


class Clock(Protocol):
    """Where the service reads the time: the system clock in play, a fake one in tests."""

    def now(self) -> datetime:
        """The current time, timezone-aware (UTC)."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self, start: datetime) -> None:
        """Start at `start` (must be timezone-aware)."""
        if start.tzinfo is None:
            raise ValueError("FakeClock needs a timezone-aware start time")
        self._now = start

    def now(self) -> datetime:
        """The time the clock was set to."""
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move forward by `delta` and return the new time."""
        if delta < timedelta(0):
            raise ValueError("a clock does not run backwards")
        self._now += delta
        return self._now


def check_time_limit(limit: timedelta | None) -> timedelta:
    """The per-move limit to use: the default for None, otherwise it must be 5 min … 7 days."""
    if limit is None:
        return DEFAULT_TIME_LIMIT
    if not isinstance(limit, timedelta):
        raise TimeLimitError("svc.time.not_a_duration", value=repr(limit))
    if not MIN_TIME_LIMIT <= limit <= MAX_TIME_LIMIT:
        raise TimeLimitError("svc.time.range", limit=compact(limit))
    return limit


def parse_time_limit(text: str) -> timedelta:
    """Read a limit such as `5m`, `90 min`, `24h` or `7d`, and check its range."""
    if isinstance(text, str) and len(text) > MAX_TEXT_LENGTH:
        raise TimeLimitError("svc.time.too_long", most=MAX_TEXT_LENGTH)
    match = _LIMIT_TEXT.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise TimeLimitError("svc.time.unreadable", text=repr(text))
    seconds = int(match.group(1)) * _UNITS[match.group(2).lower()]
    return check_time_limit(timedelta(seconds=seconds))


def compact(limit: timedelta) -> str:
    """A duration as it is typed, in the largest whole unit that fits: `8d`, `90m`, `45s`."""
    seconds = int(limit.total_seconds())
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds and seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


@dataclass(frozen=True, slots=True)
class TurnClock:
    """When the player to move is reminded, and when they lose on time."""

    reminder_at: datetime
    deadline: datetime


def turn_clock(now: datetime, limit: timedelta) -> TurnClock:
    """The reminder (after ¾ of the limit) and the deadline for a turn starting now."""
    numerator, denominator = REMINDER_FRACTION
    return TurnClock(reminder_at=now + limit * numerator / denominator, deadline=now + limit)
