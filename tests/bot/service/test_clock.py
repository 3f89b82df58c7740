"""Time limits (5 minutes … 7 days, 24 hours by default), deadlines and the ¾ reminder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service.clock import (
    DEFAULT_TIME_LIMIT,
    FakeClock,
    SystemClock,
    TimeLimitError,
    check_time_limit,
    parse_time_limit,
    turn_clock,
)

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def test_default_limit_is_24_hours() -> None:
    assert check_time_limit(None) == timedelta(hours=24) == DEFAULT_TIME_LIMIT


@pytest.mark.parametrize("limit", [timedelta(minutes=5), timedelta(hours=3), timedelta(days=7)])
def test_limits_inside_the_range_are_kept(limit: timedelta) -> None:
    assert check_time_limit(limit) == limit


@pytest.mark.parametrize(
    "limit", [timedelta(minutes=4, seconds=59), timedelta(days=7, seconds=1), timedelta(0)]
)
def test_limits_outside_the_range_are_refused(limit: timedelta) -> None:
    with pytest.raises(TimeLimitError, match="between 5 minutes and 7 days"):
        check_time_limit(limit)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("5m", timedelta(minutes=5)), ("90 min", timedelta(minutes=90)), ("24H", timedelta(days=1))],
)
def test_parse_time_limit(text: str, expected: timedelta) -> None:
    assert parse_time_limit(text) == expected


@pytest.mark.parametrize("text", ["", "soon", "5", "-5m", "1w"])
def test_unreadable_limits_say_how_to_write_one(text: str) -> None:
    with pytest.raises(TimeLimitError, match="30m, 24h, 3d"):
        parse_time_limit(text)


def test_parsed_limit_out_of_range_names_it() -> None:
    with pytest.raises(TimeLimitError, match="not 8d"):
        parse_time_limit("8d")


def test_reminder_at_three_quarters_and_deadline_at_the_limit() -> None:
    clock = turn_clock(START, timedelta(hours=24))
    assert clock.reminder_at == START + timedelta(hours=18)
    assert clock.deadline == START + timedelta(hours=24)
    short = turn_clock(START, timedelta(minutes=5))
    assert short.reminder_at == START + timedelta(minutes=3, seconds=45)


def test_fake_clock_moves_only_forward_when_told() -> None:
    clock = FakeClock(START)
    assert clock.now() == START
    assert clock.advance(timedelta(minutes=1)) == START + timedelta(minutes=1)
    with pytest.raises(ValueError, match="backwards"):
        clock.advance(timedelta(seconds=-1))
    with pytest.raises(ValueError, match="timezone-aware"):
        FakeClock(datetime(2026, 1, 1))


def test_system_clock_is_aware_utc() -> None:
    assert SystemClock().now().tzinfo is UTC
