"""The doubling cube (BG-14) and what a finished game is worth with it (BG-13, Jacoby in BG-16)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from engine.backgammon.errors import REFUSALS
from engine.backgammon.position import Side
from engine.reason import Reason

MAX_CUBE = 64


class Size(IntEnum):
    """What a game is won at, and what a resignation offers (BG-13, BG-15): the value is the
    multiple of the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


SIZE_NAMES = {Size.SINGLE: "single game", Size.GAMMON: "gammon", Size.BACKGAMMON: "backgammon"}


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube: its value (1, 2, 4 … 64) and who owns it (None while it is centred)."""

    value: int = 1
    owner: Side | None = None

    def __post_init__(self) -> None:
        if (
            not isinstance(self.value, int)
            or self.value < 1
            or self.value > MAX_CUBE
            or self.value & (self.value - 1)
        ):
            raise ValueError(f"the cube shows 1, 2, 4, 8, 16, 32 or 64, not {self.value!r}")
        if self.owner is not None and not isinstance(self.owner, Side):
            object.__setattr__(self, "owner", Side(self.owner))
        if (self.value == 1) != (self.owner is None):
            # Only a take turns the cube, and the taker owns it from then on (BG-14).
            raise ValueError("the cube is centred at 1 and owned once it has been turned")

    @property
    def centred(self) -> bool:
        """True while nobody owns the cube (it has not been turned)."""
        return self.owner is None

    def double_problem(self, side: Side) -> str | None:
        """Why `side` may not turn this cube now, in English, or None if it may (BG-14)."""
        refusal = self.double_refusal(side)
        return None if refusal is None else REFUSALS[refusal.code].format(**refusal.params)

    def double_refusal(self, side: Side) -> Reason | None:
        """Why `side` may not turn this cube now, as a refusal code, or None if it may (BG-14)."""
        if self.owner is not None and self.owner != side:
            return Reason("bg.cube.owned")
        if self.value >= MAX_CUBE:
            return Reason("bg.cube.max", {"value": MAX_CUBE})
        return None

    def taken_by(self, taker: Side) -> Cube:
        """The cube after `taker` accepts a double: twice the value, owned by the taker (BG-14)."""
        return Cube(self.value * 2, taker)

    def points(self, size: int, *, jacoby: bool) -> int:
        """Points for a game won at `size` (1, 2, 3) with this cube (BG-13).

        With the Jacoby rule (money play, BG-16) a gammon or backgammon counts as a single game
        while the cube is still centred.
        """
        if size not in SIZE_NAMES:
            raise ValueError(f"a game is won at size 1, 2 or 3, not {size!r}")
        if jacoby and self.centred:
            size = Size.SINGLE
        return size * self.value
