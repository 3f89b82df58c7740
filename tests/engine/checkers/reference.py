"""A slow, plain reference move generator written straight from the rule texts.

It works on (row, col) squares with dictionaries, shares no code with the bitboard generator
(only `square_coordinates` and the variant switches), and exists to cross-check the engine where
no outside library implements the rules: the box variant (CK-4 … CK-9).
"""

from __future__ import annotations

from engine.checkers import Color, Crowning, KingLanding, Position, square_coordinates

Cell = tuple[int, int]
MoveKey = tuple[int, int, frozenset[int]]
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def reference_moves(position: Position) -> set[MoveKey]:
    """Legal moves as (start, end, captured squares), by brute force over the board."""
    variant = position.variant
    size = variant.board_size
    square_at: dict[Cell, int] = {}
    board: dict[Cell, tuple[Color, bool]] = {}
    for square in range(1, variant.squares + 1):
        square_at[square_coordinates(square, size)] = square
    for square, piece in position.pieces():
        board[square_coordinates(square, size)] = (piece.color, piece.king)
    me = position.turn
    ahead = -1 if me is Color.WHITE else 1
    crown_row = 0 if me is Color.WHITE else size - 1

    def on_board(cell: Cell) -> bool:
        return 0 <= cell[0] < size and 0 <= cell[1] < size

    captures: list[tuple[int, int, frozenset[int]]] = []

    def jumps(
        origin: Cell, at: Cell, king: bool, taken: frozenset[Cell]
    ) -> list[tuple[Cell, Cell]]:
        """(victim, landing) pairs from `at`; the origin counts as empty, victims stay."""

        def free(cell: Cell) -> bool:
            return on_board(cell) and (cell == origin or cell not in board)

        def prey(cell: Cell) -> bool:
            return (
                cell != origin and cell in board and board[cell][0] is not me and cell not in taken
            )

        found = []
        if king and variant.flying_kings:
            for dr, dc in DIAGONALS:
                cell = (at[0] + dr, at[1] + dc)
                while free(cell):
                    cell = (cell[0] + dr, cell[1] + dc)
                if not prey(cell):
                    continue
                land = (cell[0] + dr, cell[1] + dc)
                while free(land):
                    found.append((cell, land))
                    if variant.king_landing is KingLanding.ADJACENT:
                        break
                    land = (land[0] + dr, land[1] + dc)
            return found
        allowed = DIAGONALS if king or variant.men_capture_backward else [(ahead, -1), (ahead, 1)]
        for dr, dc in allowed:
            victim = (at[0] + dr, at[1] + dc)
            land = (victim[0] + dr, victim[1] + dc)
            if prey(victim) and free(land):
                found.append((victim, land))
        return found

    def extend(origin: Cell, at: Cell, king: bool, taken: frozenset[Cell]) -> None:
        options = jumps(origin, at, king, taken)
        if king and variant.flying_kings:
            # Landing squares that let the king go on capturing are compulsory (russian rule).
            onward = [(v, land) for v, land in options if jumps(origin, land, True, taken | {v})]
            by_victim = {v for v, _ in onward}
            options = [
                (v, land) for v, land in options if v not in by_victim or (v, land) in onward
            ]
        if not options:
            if taken:
                start, end = square_at[origin], square_at[at]
                captures.append((start, end, frozenset(square_at[c] for c in taken)))
            return
        for victim, land in options:
            now = taken | {victim}
            if not king and land[0] == crown_row:
                if variant.crowning is Crowning.ENDS_MOVE:
                    captures.append(
                        (square_at[origin], square_at[land], frozenset(square_at[c] for c in now))
                    )
                    continue
                extend(origin, land, variant.crowning is Crowning.CONTINUES_AS_KING, now)
                continue
            extend(origin, land, king, now)

    mine = [(cell, king) for cell, (color, king) in board.items() if color is me]
    for cell, king in mine:
        extend(cell, cell, king, frozenset())
    if captures:
        if variant.majority_capture:
            most = max(len(c[2]) for c in captures)
            return {c for c in captures if len(c[2]) == most}
        return set(captures)
    quiet: set[MoveKey] = set()
    for (r, c), king in mine:
        directions = DIAGONALS if king else [(ahead, -1), (ahead, 1)]
        for dr, dc in directions:
            cell = (r + dr, c + dc)
            while on_board(cell) and cell not in board:
                quiet.add((square_at[(r, c)], square_at[cell], frozenset()))
                if not (king and variant.flying_kings):
                    break
                cell = (cell[0] + dr, cell[1] + dc)
    return quiet
