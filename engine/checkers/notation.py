"""Reading players' move text (CK-13): forgiving about form, exact about the rules."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from engine.checkers import movegen
from engine.checkers.board import geometry
from engine.checkers.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.checkers.position import Move, Position, to_move
from engine.checkers.variant import Color, Variant
from engine.reason import Listing, Reason

_SEPARATORS = re.compile(r"[\s,x×:\-–]+")
_READABLE = re.compile(r"^\d+(?:[\s,x×:\-–]+\d+)+$")


def parse_move(position: Position, text: str) -> Move:
    """The one legal move that `text` names (`11-15`, `11 15`, `22x15x6`, `22x6`).

    Raises `InvalidMoveError` when the text is not a move, `IllegalMoveError` (with the reason
    and the legal choices) when no legal move fits, `AmbiguousMoveError` when several do.
    """
    squares = _read_squares(position, text)
    moves = position.legal_moves()
    exact = [move for move in moves if list(move.path) == squares]
    matches = exact or [move for move in moves if _fits(move, squares)]
    if not matches and moves and moves[0].is_capture:
        matches = _by_other_route(position, moves, squares)
    if len(matches) == 1:
        return matches[0]
    written = text.strip()
    if matches:
        choices = Listing(move.pdn() for move in matches)
        raise AmbiguousMoveError("ck.move.ambiguous", text=written, choices=choices)
    raise IllegalMoveError.because(_why_illegal(position, moves, squares, written))


def describe_moves(moves: tuple[Move, ...] | list[Move]) -> list[str]:
    """The shortest text that names each move among `moves` (`22x6` unless a path is needed)."""
    texts = []
    for move in moves:
        twins = [m for m in moves if m.start == move.start and m.end == move.end]
        if len(twins) > 1:
            texts.append(move.pdn())
        else:
            sign = "x" if move.is_capture else "-"
            texts.append(f"{move.start}{sign}{move.end}")
    return texts


def _by_other_route(position: Position, moves: tuple[Move, ...], squares: list[int]) -> list[Move]:
    """Legal moves reached by a route we list under another path (same pieces, same end)."""
    own, opp = position.sides()
    white = position.turn is Color.WHITE
    size = position.variant.board_size
    found: list[Move] = []
    for raw in movegen.captures(position.variant, own, opp, position.king_bits, white, True):
        route = to_move(raw, size)
        if not _fits(route, squares):
            continue
        for move in moves:
            same = (move.start, move.end, sorted(move.captures))
            if same == (route.start, route.end, sorted(route.captures)) and move not in found:
                found.append(move)
    return found


def _read_squares(position: Position, text: str) -> list[int]:
    cleaned = text.strip().lower()
    if not _READABLE.match(cleaned):
        raise InvalidMoveError("ck.read.unreadable", text=text.strip())
    squares = [int(part) for part in _SEPARATORS.split(cleaned) if part]
    count = geometry(position.variant.board_size).squares
    for square in squares:
        if not 1 <= square <= count:
            raise InvalidMoveError("ck.read.no_square", square=square, count=count)
    return squares


def _fits(move: Move, squares: list[int]) -> bool:
    """Same start and end, and any squares in between are visited (or captured) in order."""
    if move.start != squares[0] or move.end != squares[-1]:
        return False
    between = squares[1:-1]
    if not between:
        return True
    return _in_order(between, move.path[1:-1]) or _in_order(between, move.captures)


def _in_order(wanted: list[int], sequence: tuple[int, ...]) -> bool:
    remaining = iter(sequence)
    return all(square in remaining for square in wanted)


def _why_illegal(
    position: Position, moves: tuple[Move, ...], squares: list[int], written: str
) -> Reason:
    """A reason for refusing a readable move, naming what is allowed instead."""
    mover = position.turn.name.lower()
    if not moves:
        return Reason(f"ck.move.no_move.{mover}")
    start = squares[0]
    piece = position.piece_at(start)
    if piece is None:
        return Reason("ck.move.empty_square", {"square": start})
    if piece.color is not position.turn:
        return Reason(f"ck.move.not_yours.{mover}", {"square": start})
    if moves[0].is_capture:
        unfinished = [m for m in moves if _in_order(squares, m.path) and m.start == start]
        if unfinished:
            choices = Listing(move.pdn() for move in unfinished)
            return Reason("ck.move.unfinished", {"text": written, "choices": choices})
        shortfall = _majority_shortfall(position, squares)
        if shortfall:
            return shortfall
        return Reason("ck.move.must_capture", {"choices": Listing(describe_moves(moves))})
    own = [move for move in moves if move.start == start]
    if own:
        params = {"text": written, "square": start, "choices": Listing(describe_moves(own))}
        return Reason("ck.move.not_from", params)
    choices = Listing(describe_moves(moves))
    return Reason("ck.move.cannot_move", {"square": start, "choices": choices})


def _majority_shortfall(position: Position, squares: list[int]) -> Reason | None:
    """When the text names a real capture that takes too few pieces, say so (majority rule)."""
    variant = position.variant
    if not variant.majority_capture:
        return None
    free = _without_majority(variant)
    own, opp = position.sides()
    for raw in movegen.captures(free, own, opp, position.king_bits, position.turn is Color.WHITE):
        move = to_move(raw, variant.board_size)
        if _fits(move, squares):
            legal = position.legal_moves()
            params = {
                "move": move.pdn(),
                "taken": len(move.captures),
                "most": len(legal[0].captures),
                "choices": Listing(describe_moves(legal)),
            }
            return Reason("ck.move.majority", params)
    return None


@cache
def _without_majority(variant: Variant) -> Variant:
    """The same rules without the majority rule (one value per variant, so it is cached)."""
    return replace(variant, majority_capture=False)
