"""Our generator against a plain brute-force reading of BG-3..BG-12, for both point limits.

No outside engine knows the five-checker rule (BG-4, box 004), so this reference tries every
order of every die on every checker, straight from RULES.md, with no pruning or ordering trick.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.backgammon import FIVE_LIMIT, STANDARD, Position, Variant
from tests.engine.backgammon.boards import reached

Board = tuple[tuple[int, ...], tuple[int, ...]]


def single_moves(own: list[int], opp: list[int], die: int, limit: int | None) -> list[Board]:
    """Boards after one checker moves `die` pips (mover's numbering, 0 off, 25 bar)."""
    boards: list[Board] = []
    for source in range(1, 26):
        if not own[source] or (own[25] and source != 25):
            continue
        target = source - die
        if target >= 1:
            if opp[target] >= 2 or (limit is not None and own[target] >= limit):
                continue
        else:
            if any(own[7:26]):
                continue
            if target < 0 and any(own[source + 1 : 7]):
                continue
            target = 0
        mine, theirs = list(own), list(opp)
        mine[source] -= 1
        mine[target] += 1
        if target and theirs[target] == 1:
            theirs[target] = 0
            theirs[25] += 1
        boards.append((tuple(mine), tuple(theirs)))
    return boards


def reference(position: Position, dice: tuple[int, int], limit: int | None) -> set[Board]:
    """Every end board of a maximal legal sequence, after BG-7's larger-die rule."""
    own, opp = position.boards()
    pool = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    ends: list[tuple[int, int, Board]] = []  # (dice used, first die, board)

    def walk(board: Board, left: list[int], used: int, first: int) -> None:
        moved = False
        for die in set(left):
            rest = list(left)
            rest.remove(die)
            for after in single_moves(list(board[0]), list(board[1]), die, limit):
                moved = True
                walk(after, rest, used + 1, first or die)
        if not moved:
            ends.append((used, first, board))

    walk((tuple(own), tuple(opp)), pool, 0, 0)
    most = max(used for used, _, _ in ends)
    kept = [(first, board) for used, first, board in ends if used == most]
    if most == 1 and dice[0] != dice[1] and any(first == max(dice) for first, _ in kept):
        kept = [(first, board) for first, board in kept if first == max(dice)]
    return {board for _, board in kept}


def ours(position: Position, dice: tuple[int, int], variant: Variant) -> set[Board]:
    """Our resulting boards, in the same mover's numbering."""
    boards: set[Board] = set()
    for play in position.legal_plays(dice, variant):
        after = position.apply(play)
        # The turn has passed: read the boards back from the side that moved.
        mine, theirs = Position(after.points, after.bar, after.off, position.turn).boards()
        boards.add((tuple(mine), tuple(theirs)))
    return boards


dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.builds(reached, st.integers(0, 2**32), st.integers(0, 120)), dice)
def test_bg3_to_bg12_standard_matches_brute_force(
    position: Position, roll: tuple[int, int]
) -> None:
    assert ours(position, roll, STANDARD) == reference(position, roll, None)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.builds(reached, st.integers(0, 2**32), st.integers(0, 120), st.just(FIVE_LIMIT)), dice)
def test_bg4_five_limit_matches_brute_force(position: Position, roll: tuple[int, int]) -> None:
    assert ours(position, roll, FIVE_LIMIT) == reference(position, roll, 5)


def test_reference_agrees_with_gnubg_counts_from_the_start() -> None:
    # gnubg lists 16, 11 and 7 plays for 3-1, 6-6 and 6-5 from the starting position.
    start = Position.initial()
    counts = [len(reference(start, roll, None)) for roll in ((3, 1), (6, 6), (6, 5))]
    assert counts == [16, 11, 7]
