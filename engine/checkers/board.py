"""Board geometry: PDN square numbers, diagrams coordinates, and the bit layout behind them.

Squares are kept as bits of a Python int laid out with one unused ("ghost") bit after every
second row. With that layout every diagonal step is the same shift everywhere on the board
(half or half + 1, where half is the number of dark squares in a row), and a step off the side
of the board lands on a ghost bit, which masks remove. This lets the move generator work on
whole sets of pieces at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache


def square_coordinates(square: int, board_size: int) -> tuple[int, int]:
    """The (row, col) of a PDN square; row 0 is the top row (squares 1.., col 0 the left edge)."""
    if board_size not in (8, 10):
        raise ValueError(f"board size must be 8 or 10, not {board_size}")
    half = board_size // 2
    count = half * board_size
    if not 1 <= square <= count:
        raise ValueError(f"square must be 1–{count} on a {board_size}×{board_size} board")
    row, k = divmod(square - 1, half)
    # Even rows start with a light square (PDN: square 1 is second from the left).
    return row, 2 * k + 1 if row % 2 == 0 else 2 * k


@dataclass(frozen=True, slots=True)
class Geometry:
    """Precomputed masks and rays for one board size."""

    size: int
    half: int
    squares: int
    bit_of: tuple[int, ...]  # PDN square (1-based, index 0 unused) -> bit index
    square_of: dict[int, int]  # bit index -> PDN square
    valid: int  # mask of the real squares
    top_row: int  # mask of row 0: where white men are crowned
    bottom_row: int  # mask of the last row: where black men are crowned
    directions: tuple[int, int, int, int]  # up-left, up-right, down-left, down-right shifts
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # bit index -> direction -> bits along it


@cache
def geometry(size: int) -> Geometry:
    """The geometry of an 8×8 or 10×10 board (built once per size)."""
    half = size // 2
    count = half * size
    bit_of = [0] * (count + 1)
    for square in range(1, count + 1):
        row, k = divmod(square - 1, half)
        bit_of[square] = row * half + k + row // 2
    square_of = {bit: square for square, bit in enumerate(bit_of) if square}
    valid = 0
    for bit in square_of:
        valid |= 1 << bit
    top = 0
    bottom = 0
    for k in range(half):
        top |= 1 << bit_of[1 + k]
        bottom |= 1 << bit_of[count - half + 1 + k]
    directions = (-(half + 1), -half, half, half + 1)
    rays: list[tuple[tuple[int, ...], ...]] = []
    top_bit = max(square_of)
    for bit in range(top_bit + 1):
        per_direction: list[tuple[int, ...]] = []
        for step in directions:
            ray: list[int] = []
            if bit in square_of:
                nxt = bit + step
                while 0 <= nxt <= top_bit and nxt in square_of:
                    ray.append(nxt)
                    nxt += step
            per_direction.append(tuple(ray))
        rays.append(tuple(per_direction))
    return Geometry(
        size=size,
        half=half,
        squares=count,
        bit_of=tuple(bit_of),
        square_of=square_of,
        valid=valid,
        top_row=top,
        bottom_row=bottom,
        directions=(directions[0], directions[1], directions[2], directions[3]),
        rays=tuple(rays),
    )
