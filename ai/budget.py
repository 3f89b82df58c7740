"""Thinking time: a deadline read from an injectable timer, so tests can fix the time."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

Timer = Callable[[], float]
"""Seconds from a fixed start (`time.perf_counter`): what a budget measures elapsed time on."""


@dataclass(slots=True)
class Budget:
    """A time allowance in seconds measured on `timer`; `None` seconds means no limit."""

    seconds: float | None
    timer: Timer = time.perf_counter
    started: float = field(init=False)

    def __post_init__(self) -> None:
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget is a positive number of seconds, not {self.seconds}")
        self.started = self.timer()

    def elapsed(self) -> float:
        """Seconds spent since the budget was created."""
        return self.timer() - self.started

    def expired(self) -> bool:
        """Whether the allowance is used up."""
        return self.seconds is not None and self.elapsed() >= self.seconds


# The world-class level's thinking time per decision, in both games. A Discord player waits for
# the bot's move with the board in front of them: two seconds reads as "thinking", more starts
# to feel stuck, and the one AI worker answers every other game's computer meanwhile. In
# backgammon it buys Open Sage's 3-ply search of the close plays (most decisions finish well
# inside it); in checkers, a search more than twice the expert's.
WORLD_CLASS_SECONDS = 2.0
