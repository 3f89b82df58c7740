"""A static evaluation of a checkers position, in hundredths of a man, for the side to move.

It weighs material (kings above men), how far men have advanced, men kept on the back rank,
mobility, and in the endgame it rewards trading down and bringing kings close to the weaker
side's pieces, so that a side that is ahead makes progress instead of shuffling.
"""

from __future__ import annotations

from functools import cache

from engine.checkers.board import geometry, square_coordinates
from engine.checkers.variant import Variant

MAN = 100
# A flying king sweeps whole diagonals, so it is worth more than a short English king.
FLYING_KING = 325
SHORT_KING = 250
ADVANCE = 3  # per row a man has advanced
BACK_RANK = 8  # per man still guarding the crowning squares
MOBILITY = 2  # per quiet step available
CENTRE = 4  # per man on the central squares
CLOSE_IN = 3  # per square of distance between an attacking king and its nearest target


class Masks:
    """Per-variant masks and weights that make the evaluation a handful of bit counts."""

    __slots__ = (
        "bottom_row",
        "centre",
        "coords",
        "king_value",
        "rows",
        "start_material",
        "steps",
        "top_row",
        "valid",
    )

    def __init__(self, variant: Variant) -> None:
        geo = geometry(variant.board_size)
        size = variant.board_size
        self.valid = geo.valid
        self.top_row = geo.top_row
        self.bottom_row = geo.bottom_row
        self.king_value = FLYING_KING if variant.flying_kings else SHORT_KING
        self.steps = (
            (geo.half + 1, False),
            (geo.half, False),
            (geo.half, True),
            (geo.half + 1, True),
        )
        rows = [0] * size
        centre = 0
        coords: dict[int, tuple[int, int]] = {}
        for square in range(1, geo.squares + 1):
            row, col = square_coordinates(square, size)
            bit = geo.bit_of[square]
            rows[row] |= 1 << bit
            coords[bit] = (row, col)
            if 2 <= row <= size - 3 and 2 <= col <= size - 3:
                centre |= 1 << bit
        self.rows = tuple(rows)
        self.centre = centre
        self.coords = coords
        per_side = geo.half * (geo.half - 1)
        self.start_material = 2 * per_side * MAN


@cache
def masks_for(variant: Variant) -> Masks:
    """The evaluation masks of a variant (built once)."""
    return Masks(variant)


def evaluate(masks: Masks, own: int, opp: int, kings: int, white: bool) -> int:
    """The position's worth to the side to move (positive is good for it)."""
    own_men = own & ~kings
    opp_men = opp & ~kings
    own_kings = own & kings
    opp_kings = opp & kings
    king_value = masks.king_value
    own_material = own_men.bit_count() * MAN + own_kings.bit_count() * king_value
    opp_material = opp_men.bit_count() * MAN + opp_kings.bit_count() * king_value
    lead = own_material - opp_material
    score = lead
    if lead:
        # Trading when ahead: the same lead counts for more with fewer pieces on the board.
        gone = masks.start_material - own_material - opp_material
        score += lead * max(gone, 0) // (2 * masks.start_material)
    score += _advancement(masks, own_men, white) - _advancement(masks, opp_men, not white)
    own_back = masks.bottom_row if white else masks.top_row
    opp_back = masks.top_row if white else masks.bottom_row
    if opp_men:
        score += BACK_RANK * (own_men & own_back).bit_count()
    if own_men:
        score -= BACK_RANK * (opp_men & opp_back).bit_count()
    empty = masks.valid & ~(own | opp)
    score += MOBILITY * (
        _steps(masks, own_men, own_kings, empty, white)
        - _steps(masks, opp_men, opp_kings, empty, not white)
    )
    score += CENTRE * ((own_men & masks.centre).bit_count() - (opp_men & masks.centre).bit_count())
    if lead > 0 and own_kings and (not opp_men or opp.bit_count() <= 3):
        score -= CLOSE_IN * _hunt_distance(masks, own_kings, opp)
    elif lead < 0 and opp_kings and (not own_men or own.bit_count() <= 3):
        score += CLOSE_IN * _hunt_distance(masks, opp_kings, own)
    return score


def _advancement(masks: Masks, men: int, white: bool) -> int:
    """Rows advanced by all `men` together, times the weight (white men move towards row 0)."""
    if not men:
        return 0
    last = len(masks.rows) - 1
    total = 0
    for row, mask in enumerate(masks.rows):
        count = (men & mask).bit_count()
        if count:
            total += count * (last - row if white else row)
    return ADVANCE * total


def _steps(masks: Masks, men: int, kings: int, empty: int, white: bool) -> int:
    """Quiet one-square steps available to men (forward) and kings (any way)."""
    total = 0
    forward = (0, 1) if white else (2, 3)
    for index, (amount, left) in enumerate(masks.steps):
        pieces = kings | men if index in forward else kings
        if pieces:
            total += ((pieces << amount if left else pieces >> amount) & empty).bit_count()
    return total


def _hunt_distance(masks: Masks, hunters: int, prey: int) -> int:
    """For each hunting king, the distance (in king steps) to the nearest piece of the prey."""
    coords = masks.coords
    targets = [coords[bit] for bit in _bits(prey)]
    if not targets:
        return 0
    total = 0
    for bit in _bits(hunters):
        row, col = coords[bit]
        total += min(max(abs(row - r), abs(col - c)) for r, c in targets)
    return total


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of `mask`."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
