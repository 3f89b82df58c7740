"""Backgammon variants as data: the few switches in which they differ from standard play."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class OpeningRoll(Enum):
    """How the first turn of a game is decided (BG-2)."""

    # Each side rolls one die, ties roll again, the higher die moves first with both numbers.
    ONE_DIE_EACH = "one_die_each"
    # The starter is chosen when the game is created and rolls two dice as usual (Bad'Gammon).
    STARTER_ROLLS_BOTH = "starter_rolls_both"


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules of one backgammon variant, as data read by the move generator and the service."""

    name: str
    # BG-4 five_limit: a point holding this many of your own checkers is closed to you.
    point_limit: int | None = None
    opening_roll: OpeningRoll = OpeningRoll.ONE_DIE_EACH


STANDARD = Variant(name="standard")
FIVE_LIMIT = Variant(name="five_limit", point_limit=5)
BADGAMMON = Variant(name="badgammon", opening_roll=OpeningRoll.STARTER_ROLLS_BOTH)

VARIANTS: dict[str, Variant] = {v.name: v for v in (STANDARD, FIVE_LIMIT, BADGAMMON)}
