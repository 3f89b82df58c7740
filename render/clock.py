"""Time left on a player's clock, written the way a glance reads it."""

from __future__ import annotations

from typing import Any

from render.words import ENGLISH, Words


def check_clock(clock: tuple[Any, Any] | None) -> None:
    """Refuse a clock that is not (side, whole non-negative seconds).

    The side's type is the scene's own (a backgammon `Side`, a checkers `Color`): mypy checks it.
    """
    if clock is None:
        return
    if len(clock) != 2:
        raise ValueError(f"clock must be (side, seconds left), not {clock}")
    seconds = clock[1]
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise ValueError(f"clock must give whole seconds, not {seconds!r}")
    if seconds < 0:
        raise ValueError(f"clock cannot show negative time: {seconds}")


def ticking(seconds: int) -> bool:
    """Whether the clock shows seconds (under an hour left), so that its text is new on every
    picture; with more left it reads the same for a minute or longer, and is worth caching."""
    return seconds < 3600


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
