"""A variant's rules flattened into plain attributes and board geometry for the move generator.

A side is described by three ints in the layout of `board.Geometry`: `own` (the mover's pieces),
`opp` (the other side's) and `kings` (kings of either colour). A generated move is a `RawMove`
tuple of bit indices; `position.Position` turns them into public `Move` values.
"""

from __future__ import annotations

from engine.checkers.board import geometry
from engine.checkers.variant import KingLanding, Variant

# (from bit, to bit, mask of captured bits, crowned?, bits visited, bits captured in order)
RawMove = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...]]

# A diagonal direction as a shift: (amount, towards higher bits?). Index order: up-left,
# up-right, down-left, down-right; "up" is towards square 1.
Step = tuple[int, bool]


class Rules:
    """A variant's switches and board geometry, flattened for the generator's inner loops."""

    __slots__ = (
        "adjacent_landing",
        "backward_men",
        "bottom_row",
        "crowning",
        "flying",
        "majority",
        "rays",
        "steps",
        "top_row",
        "valid",
        "variant",
    )

    def __init__(self, variant: Variant) -> None:
        geo = geometry(variant.board_size)
        self.variant = variant
        self.valid = geo.valid
        self.top_row = geo.top_row
        self.bottom_row = geo.bottom_row
        self.rays = geo.rays
        self.steps: tuple[Step, Step, Step, Step] = (
            (geo.half + 1, False),
            (geo.half, False),
            (geo.half, True),
            (geo.half + 1, True),
        )
        self.flying = variant.flying_kings
        self.backward_men = variant.men_capture_backward
        self.adjacent_landing = variant.king_landing is KingLanding.ADJACENT
        self.majority = variant.majority_capture
        self.crowning = variant.crowning

    def forward(self, white: bool) -> tuple[int, int]:
        """The direction indices a man of this colour moves in."""
        return (0, 1) if white else (2, 3)


_RULES: dict[int, Rules] = {}


def rules_for(variant: Variant) -> Rules:
    """The flattened rules of a variant (built once per variant object)."""
    rules = _RULES.get(id(variant))
    if rules is None or rules.variant is not variant:
        rules = Rules(variant)
        _RULES[id(variant)] = rules
    return rules
