"""Colours, pieces and the rule switches that make one checkers variant differ from another."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum


class Color(Enum):
    """A side, named by its PDN letter: white starts on the high squares, black on 1, 2, 3…"""

    WHITE = "W"
    BLACK = "B"

    @property
    def opponent(self) -> Color:
        """The other side."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE


@dataclass(frozen=True, slots=True)
class Piece:
    """A man or a king of one colour."""

    color: Color
    king: bool = False


class KingLanding(Enum):
    """Where a flying king may land after jumping a piece."""

    ADJACENT = "adjacent"  # only the square directly beyond the victim (box CK-9)
    ANY = "any"  # any free square beyond it (Russian, international …)


class Crowning(Enum):
    """What a man that reaches the far row in the middle of a capture does."""

    CONTINUES_AS_KING = "is crowned and goes on capturing as a king"  # box CK-7, russian
    ENDS_MOVE = "is crowned and the move ends"  # english
    PASSES_AS_MAN = "goes on as a man, crowned only if it stops there"  # brazilian, pool, intl.


@dataclass(frozen=True, slots=True)
class Variant:
    """One set of checkers rules, as data: the engine reads these switches and nothing else."""

    name: str
    title: str
    board_size: int
    first_to_move: Color
    men_capture_backward: bool
    flying_kings: bool
    king_landing: KingLanding
    majority_capture: bool
    crowning: Crowning
    king_count_end: bool
    no_progress_plies: int
    repetitions_for_draw: int = 3

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as its name when it is a registered variant, so that it unpickles as the
        registry's own object: the engine keeps its flattened rules per variant object, and a
        copy per game sent to another process (the computer's, the drawing one) would add one
        every time."""
        if VARIANTS.get(self.name) is self:
            return (_registered, (self.name,))
        return (Variant, tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def squares(self) -> int:
        """How many playable (dark) squares the board has: 32 or 50."""
        return self.board_size * self.board_size // 2

    def summary(self) -> str:
        """The rules in force, in one line that a player can check."""
        parts = [
            f"{self.board_size}×{self.board_size}",
            f"{self.first_to_move.name.lower()} moves first",
            "men capture backward" if self.men_capture_backward else "men capture forward only",
            "flying kings" if self.flying_kings else "short kings",
        ]
        if self.flying_kings:
            parts.append(
                "a capturing king lands directly beyond its victim"
                if self.king_landing is KingLanding.ADJACENT
                else "a capturing king lands on any free square beyond"
            )
        parts.append(
            "capture is compulsory and the one taking the most pieces must be chosen"
            if self.majority_capture
            else "capture is compulsory, any capture sequence may be chosen"
        )
        parts.append(f"a man reaching the far row mid-capture {self.crowning.value}")
        if self.king_count_end:
            parts.append("no man move or capture left: more kings wins")
        parts.append(f"draw on the {_ordinal(self.repetitions_for_draw)} repetition")
        parts.append(f"draw after {self.no_progress_plies} plies of king moves without capture")
        return "; ".join(parts)


def _ordinal(number: int) -> str:
    return {2: "second", 3: "third"}.get(number, f"{number}th")


# The no-progress counts: box CK-12 (30 plies), english 40 moves each (WCDF), russian 15 moves
# each, brazilian 20 moves each (CBD), international 25 moves each (FMJD art. 6.3). Pool uses
# the English 40-move count (APCA has no king-only count of its own).
VARIANTS: dict[str, Variant] = {
    "box": Variant(
        name="box",
        title="Checkers (box rules)",
        board_size=8,
        first_to_move=Color.WHITE,
        men_capture_backward=True,
        flying_kings=True,
        king_landing=KingLanding.ADJACENT,
        majority_capture=False,
        crowning=Crowning.CONTINUES_AS_KING,
        king_count_end=True,
        no_progress_plies=30,
    ),
    "russian": Variant(
        name="russian",
        title="Russian draughts",
        board_size=8,
        first_to_move=Color.WHITE,
        men_capture_backward=True,
        flying_kings=True,
        king_landing=KingLanding.ANY,
        majority_capture=False,
        crowning=Crowning.CONTINUES_AS_KING,
        king_count_end=False,
        no_progress_plies=30,
    ),
    "english": Variant(
        name="english",
        title="English draughts (American checkers)",
        board_size=8,
        first_to_move=Color.BLACK,
        men_capture_backward=False,
        flying_kings=False,
        king_landing=KingLanding.ADJACENT,
        majority_capture=False,
        crowning=Crowning.ENDS_MOVE,
        king_count_end=False,
        no_progress_plies=80,
    ),
    "brazilian": Variant(
        name="brazilian",
        title="Brazilian draughts",
        board_size=8,
        first_to_move=Color.WHITE,
        men_capture_backward=True,
        flying_kings=True,
        king_landing=KingLanding.ANY,
        majority_capture=True,
        crowning=Crowning.PASSES_AS_MAN,
        king_count_end=False,
        no_progress_plies=40,
    ),
    "pool": Variant(
        name="pool",
        title="Pool checkers",
        board_size=8,
        first_to_move=Color.BLACK,
        men_capture_backward=True,
        flying_kings=True,
        king_landing=KingLanding.ANY,
        majority_capture=False,
        crowning=Crowning.PASSES_AS_MAN,
        king_count_end=False,
        no_progress_plies=80,
    ),
    "international": Variant(
        name="international",
        title="International draughts",
        board_size=10,
        first_to_move=Color.WHITE,
        men_capture_backward=True,
        flying_kings=True,
        king_landing=KingLanding.ANY,
        majority_capture=True,
        crowning=Crowning.PASSES_AS_MAN,
        king_count_end=False,
        no_progress_plies=50,
    ),
}


def _registered(name: str) -> Variant:
    """The registered variant `name` (what a pickled one unpickles as)."""
    return VARIANTS[name]
