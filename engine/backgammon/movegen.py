"""Whole-turn move generation on plain count arrays (BG-3..BG-12).

Boards are in the mover's numbering: `own[p]` and `opp[p]` count the mover's and the opponent's
checkers on the mover's point p (1-24), with 0 = off and 25 = bar. Hits are tracked as a bit mask
over the opponent's blots instead of copying `opp`, so a search state is one tuple and one int.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.reason import Reason

BAR = 25
OFF = 0
HOME = 6

Step = tuple[int, int, bool]
State = tuple[tuple[int, ...], int]


def _highest(own: Sequence[int]) -> int:
    """The mover's highest occupied point (25 if on the bar, 0 if all are off)."""
    point = BAR
    while point and not own[point]:
        point -= 1
    return point


def _steps(
    own: tuple[int, ...], opp: Sequence[int], hits: int, die: int, limit: int, floor: int
) -> list[Step]:
    """Single moves of `die` from points at or below `floor` (BG-3, BG-4, BG-9..BG-12)."""
    if own[BAR]:
        # BG-10: nothing moves while a checker is on the bar.
        target = BAR - die
        if opp[target] >= 2 or own[target] >= limit:
            return []
        return [(BAR, target, opp[target] == 1 and not hits >> target & 1)]
    top = _highest(own)
    found: list[Step] = []
    for source in range(top if top < floor else floor, 0, -1):
        if not own[source]:
            continue
        target = source - die
        if target > 0:
            if opp[target] >= 2 or own[target] >= limit:
                continue
            found.append((source, target, opp[target] == 1 and not hits >> target & 1))
        elif top <= HOME and (target == 0 or source == top):
            # BG-11/12: all home; exact, or overshooting from the highest point only.
            found.append((source, OFF, False))
    return found


def single_moves(own: Sequence[int], opp: Sequence[int], die: int, limit: int) -> list[Step]:
    """Every single move of `die` the board allows, as (source, target, hit): the opponent's
    blots already hit this turn must be on `opp`'s bar, not on their points."""
    return _steps(tuple(own), opp, 0, die, limit, BAR)


def plays(
    own: Sequence[int], opp: Sequence[int], die_a: int, die_b: int, limit: int | None
) -> list[tuple[Step, ...]]:
    """The moves of every distinct legal play, one per resulting position (BG-7, BG-8).

    Doubles without a point limit are searched in non-increasing source order: any legal order
    of equal dice can be rearranged that way (a lower checker never enables a higher one), which
    cuts the search to one order per multiset of moves. With a point limit a lower checker can
    open a full point, so every order is searched.
    """
    board = list(own)
    cap = 16 if limit is None else limit
    doubles = die_a == die_b
    orders = [(die_a,) * 4] if doubles else [(die_a, die_b), (die_b, die_a)]
    ordered = doubles and limit is None
    best: dict[State, tuple[Step, ...]] = {}
    best_first: dict[State, int] = {}
    deepest = 0
    seen: set[tuple[tuple[int, ...], int, int]] = set()

    def walk(hits: int, dice: tuple[int, ...], done: tuple[Step, ...], floor: int) -> None:
        # `board` is changed in place and restored: the search builds a tuple only to remember.
        nonlocal deepest
        depth = len(done)
        frozen = tuple(board)
        if not ordered:
            # Different orders reach the same board; expand each (board, hits, depth) once.
            if (frozen, hits, depth) in seen:
                return
            seen.add((frozen, hits, depth))
        steps = (
            _steps(frozen, opp, hits, dice[depth], cap, floor if ordered else BAR)
            if depth < len(dice)
            else []
        )
        if not steps:
            if depth > deepest:
                deepest = depth
                best.clear()
                best_first.clear()
            if depth == deepest and (frozen, hits) not in best:
                best[(frozen, hits)] = done
                best_first[(frozen, hits)] = dice[0]
            return
        for step in steps:
            source, target, hit = step
            board[source] -= 1
            board[target] += 1
            walk(hits | (hit << target), dice, (*done, step), source)  # noqa: F821 (see `del walk`)
            board[source] += 1
            board[target] -= 1

    for dice in orders:
        seen.clear()
        walk(0, dice, (), BAR)
    # `walk` refers to itself through its closure, a cycle that would keep the search's sets and
    # tuples until the cycle collector's next pass: the name goes now, and they with it.
    del walk
    if deepest == 1 and not doubles:
        # BG-7: when only one die can be played, the larger one if it can be.
        larger = max(die_a, die_b)
        if larger in best_first.values():
            return [moves for key, moves in best.items() if best_first[key] == larger]
    return list(best.values())


def move_problem(
    own: Sequence[int], opp: Sequence[int], source: int, target: int, limit: int | None = None
) -> Reason | None:
    """Why one checker may not go from `source` to `target` on this board, or None if it may.

    The reason's code is a `bg.move.*` one; the caller adds the `move` as written.
    """
    if not own[source]:
        if source == BAR:
            return Reason("bg.move.bar_empty")
        return Reason("bg.move.point_empty", {"point": source})
    if own[BAR] and source != BAR:
        return Reason("bg.move.enter_first")
    if target == OFF:
        if _highest(own) > HOME:
            return Reason("bg.move.not_all_home")
        return None
    if opp[target] >= 2:
        return Reason("bg.move.point_blocked", {"point": target})
    if limit is not None and own[target] >= limit:
        return Reason("bg.move.point_full", {"point": target, "limit": limit})
    return None
