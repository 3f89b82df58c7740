"""Backgammon variants as data: the few switches in which they differ from standard play."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

POINTS = 24


class OpeningRoll(Enum):
    """How the first turn of a game is decided (BG-2)."""

    # Each side rolls one die, ties roll again, the higher die moves first with both numbers.
    ONE_DIE_EACH = "one_die_each"
    # The starter is chosen when the game is created and rolls two dice as usual (Bad'Gammon).
    STARTER_ROLLS_BOTH = "starter_rolls_both"


def layout(counts: dict[int, int]) -> tuple[int, ...]:
    """A side's 24 point counts (index 0 = its 1-point) from {point: checkers}."""
    return tuple(counts.get(point, 0) for point in range(1, POINTS + 1))


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules of one backgammon variant, as data read by the move generator and the service."""

    name: str
    # BG-4 five_limit: a point holding this many of your own checkers is closed to you.
    point_limit: int | None = None
    opening_roll: OpeningRoll = OpeningRoll.ONE_DIE_EACH
    # BG-1: where each side's checkers start, in its own numbering; both sides start alike.
    start: tuple[int, ...] = layout({24: 2, 13: 5, 8: 3, 6: 5})

    @property
    def checkers(self) -> int:
        """Checkers a side plays with: all of them borne off wins (BG-13)."""
        return sum(self.start)


STANDARD = Variant(name="standard")
FIVE_LIMIT = Variant(name="five_limit", point_limit=5)
BADGAMMON = Variant(name="badgammon", opening_roll=OpeningRoll.STARTER_ROLLS_BOTH)
# BG-1, as GNU Backgammon sets them up (its Position IDs 4Dl4ADbgOXgANg and AACgAgAAKgAAAA).
NACKGAMMON = Variant(name="nackgammon", start=layout({24: 2, 23: 2, 13: 4, 8: 3, 6: 4}))
HYPERGAMMON = Variant(name="hypergammon", start=layout({24: 1, 23: 1, 22: 1}))

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (STANDARD, FIVE_LIMIT, BADGAMMON, NACKGAMMON, HYPERGAMMON)
}
