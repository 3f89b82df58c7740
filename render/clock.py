"""Time left on a player's clock, written the way a glance reads it."""

from __future__ import annotations

from render.words import ENGLISH, Words


def check_clock(clock: tuple[int, int] | None) -> None:
    """Refuse a clock that is not two whole, non-negative second counts."""
    if clock is None:
        return
    if len(clock) != 2 or any(isinstance(s, bool) or not isinstance(s, int) for s in clock):
        raise ValueError(f"clock must be two whole numbers of seconds (white, black), not {clock}")
    if min(clock) < 0:
        raise ValueError(f"clock cannot show negative time: {clock}")


def clock_text(seconds: int, words: Words = ENGLISH) -> str:
    """`272` as "4:32", `11100` as "3h 05m", `187200` as "2d 4h" (days for slow games)."""
    if seconds >= 86_400:
        days, rest = divmod(seconds, 86_400)
        return words.clock_days.format(days=days, hours=rest // 3600)
    if seconds >= 3600:
        hours, rest = divmod(seconds, 3600)
        return words.clock_hours.format(hours=hours, minutes=rest // 60)
    minutes, secs = divmod(seconds, 60)
    return f"{minutes}:{secs:02d}"
