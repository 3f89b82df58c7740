"""Positions and moves: immutable values with a PDN text form (FEN for positions)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from engine.checkers import movegen
from engine.checkers.board import Geometry, geometry
from engine.checkers.errors import IllegalMoveError, InvalidPositionError
from engine.checkers.rules import RawMove
from engine.checkers.variant import VARIANTS, Color, Piece, Variant


@dataclass(frozen=True, slots=True)
class Move:
    """One whole move: the squares visited (start first) and the squares captured, in order."""

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        """Whether the move takes at least one piece."""
        return bool(self.captures)

    @property
    def start(self) -> int:
        """The square the piece leaves."""
        return self.path[0]

    @property
    def end(self) -> int:
        """The square the piece stops on."""
        return self.path[-1]

    def pdn(self) -> str:
        """PDN move text: `11-15` for a move, the full path `22x15x6` for a capture."""
        if self.captures:
            return "x".join(str(square) for square in self.path)
        return f"{self.path[0]}-{self.path[-1]}"

    def __str__(self) -> str:
        """The PDN move text."""
        return self.pdn()


def resolve_variant(variant: Variant | str) -> Variant:
    """A variant given by value or by name (`"box"`, `"russian"`, …)."""
    if isinstance(variant, Variant):
        return variant
    try:
        return VARIANTS[variant]
    except KeyError:
        names = ", ".join(VARIANTS)
        raise ValueError(f"unknown checkers variant {variant!r}; choose one of {names}") from None


@dataclass(frozen=True, slots=True)
class Position:
    """A board, the side to move and the rules in force.

    The piece sets are bitboards in the layout of `board.geometry`; build positions with
    `initial` or `from_fen` rather than by hand.
    """

    variant: Variant
    turn: Color
    white_bits: int = field(repr=False)
    black_bits: int = field(repr=False)
    king_bits: int = field(repr=False)

    @classmethod
    def initial(cls, variant: Variant | str = "box") -> Position:
        """The starting position: black on the first rows (1…), white on the last (CK-1)."""
        rules = resolve_variant(variant)
        geo = geometry(rules.board_size)
        per_side = geo.half * (geo.half - 1)
        black = _bits(geo, range(1, per_side + 1))
        white = _bits(geo, range(geo.squares - per_side + 1, geo.squares + 1))
        return cls(rules, rules.first_to_move, white, black, 0)

    @classmethod
    def from_fen(cls, text: str, variant: Variant | str = "box") -> Position:
        """Read PDN FEN such as `W:W21,22,K30:B1,2` (ranges like `B1-12` are accepted)."""
        rules = resolve_variant(variant)
        return _parse_fen(text, rules)

    def to_fen(self) -> str:
        """PDN FEN: side to move, then white's and black's squares, `K` before kings."""
        sides: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
        for square, piece in self.pieces():
            sides[piece.color].append(f"K{square}" if piece.king else str(square))
        white = ",".join(sides[Color.WHITE])
        black = ",".join(sides[Color.BLACK])
        return f"{self.turn.value}:W{white}:B{black}"

    def __str__(self) -> str:
        """The PDN FEN."""
        return self.to_fen()

    def __repr__(self) -> str:
        """The expression that rebuilds this position."""
        return f"Position.from_fen({self.to_fen()!r}, {self.variant.name!r})"

    def piece_at(self, square: int) -> Piece | None:
        """The piece on a PDN square, or None."""
        geo = geometry(self.variant.board_size)
        if not 1 <= square <= geo.squares:
            raise ValueError(f"square must be 1–{geo.squares}, not {square}")
        return self._piece_on_bit(geo.bit_of[square])

    def pieces(self) -> Iterator[tuple[int, Piece]]:
        """Every (square, piece) on the board, in square order."""
        geo = geometry(self.variant.board_size)
        for square in range(1, geo.squares + 1):
            piece = self._piece_on_bit(geo.bit_of[square])
            if piece is not None:
                yield square, piece

    def _piece_on_bit(self, bit: int) -> Piece | None:
        king = bool(self.king_bits >> bit & 1)
        if self.white_bits >> bit & 1:
            return Piece(Color.WHITE, king)
        if self.black_bits >> bit & 1:
            return Piece(Color.BLACK, king)
        return None

    def sides(self) -> tuple[int, int]:
        """The (mover's, opponent's) bitboards."""
        if self.turn is Color.WHITE:
            return self.white_bits, self.black_bits
        return self.black_bits, self.white_bits

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, whole capture sequences included, in path order."""
        return tuple(_legal(self))

    def must_capture(self) -> bool:
        """Whether the side to move is obliged to capture (CK-5)."""
        own, opp = self.sides()
        return movegen.has_capture(self.variant, own, opp, self.king_bits, self.turn is Color.WHITE)

    def apply(self, move: Move) -> Position:
        """The position after a legal move; an illegal one raises `IllegalMoveError`."""
        raw = _legal(self).get(move)
        if raw is None:
            raise IllegalMoveError("ck.move.not_legal", move=move.pdn())
        return self._after(raw)

    def _after(self, raw: RawMove) -> Position:
        own, opp = self.sides()
        own, opp, kings = movegen.apply_raw(raw, own, opp, self.king_bits)
        if self.turn is Color.WHITE:
            return Position(self.variant, Color.BLACK, own, opp, kings)
        return Position(self.variant, Color.WHITE, opp, own, kings)


@lru_cache(maxsize=4096)
def _legal(position: Position) -> dict[Move, RawMove]:
    """Legal moves keyed by their public value (cached: parsing then applying asks twice)."""
    own, opp = position.sides()
    raw_moves = movegen.generate(
        position.variant, own, opp, position.king_bits, position.turn is Color.WHITE
    )
    moves = {to_move(raw, position.variant.board_size): raw for raw in raw_moves}
    return dict(sorted(moves.items(), key=lambda item: (item[0].path, item[0].captures)))


def to_move(raw: RawMove, board_size: int) -> Move:
    """The public `Move` for a generated one (bit indices become PDN squares)."""
    square_of = geometry(board_size).square_of
    return Move(tuple(square_of[bit] for bit in raw[4]), tuple(square_of[bit] for bit in raw[5]))


def _bits(geo: Geometry, squares: Iterator[int] | range) -> int:
    bits = 0
    for square in squares:
        bits |= 1 << geo.bit_of[square]
    return bits


_FEN_WRAPPER = re.compile(r'^\[\s*FEN\s+"(.*)"\s*\]$', re.IGNORECASE)
_FEN_ITEM = re.compile(r"^(K?)(\d+)(?:-(\d+))?$")


def _parse_fen(text: str, variant: Variant) -> Position:
    """Parse PDN FEN into a position, or raise `InvalidPositionError` saying what is wrong."""
    geo = geometry(variant.board_size)
    body = text.strip()
    wrapped = _FEN_WRAPPER.match(body)
    if wrapped:
        body = wrapped.group(1)
    body = body.upper().replace(" ", "").rstrip(".")
    fields = body.split(":")
    if len(fields) != 3 or fields[0] not in ("W", "B"):
        raise InvalidPositionError(
            f"cannot read position {text!r}: expected FEN like 'W:W21,22,K30:B1,2'"
        )
    turn = Color(fields[0])
    bits = {Color.WHITE: 0, Color.BLACK: 0}
    kings = 0
    seen: set[int] = set()
    for side_text in fields[1:]:
        if not side_text or side_text[0] not in ("W", "B"):
            raise InvalidPositionError(
                f"cannot read position {text!r}: each side starts with W or B, got {side_text!r}"
            )
        color = Color(side_text[0])
        items = [item for item in side_text[1:].split(",") if item]
        for item in items:
            match = _FEN_ITEM.match(item)
            if not match:
                raise InvalidPositionError(f"cannot read {item!r} in position {text!r}")
            king = bool(match.group(1))
            first = int(match.group(2))
            last = int(match.group(3)) if match.group(3) else first
            for square in range(first, last + 1):
                _place(geo, variant, color, king, square, seen)
                bits[color] |= 1 << geo.bit_of[square]
                if king:
                    kings |= 1 << geo.bit_of[square]
    return Position(variant, turn, bits[Color.WHITE], bits[Color.BLACK], kings)


def _place(
    geo: Geometry, variant: Variant, color: Color, king: bool, square: int, seen: set[int]
) -> None:
    """Check that a piece may stand on a square of this board."""
    if not 1 <= square <= geo.squares:
        raise InvalidPositionError(
            f"square {square} is off the {variant.board_size}×{variant.board_size} board "
            f"(1–{geo.squares})"
        )
    if square in seen:
        raise InvalidPositionError(f"square {square} is listed twice")
    seen.add(square)
    crown_row = geo.top_row if color is Color.WHITE else geo.bottom_row
    if not king and crown_row >> geo.bit_of[square] & 1:
        raise InvalidPositionError(
            f"a {color.name.lower()} man cannot stand on {square}, its crowning row: "
            f"write K{square} for a king"
        )


def perft(position: Position, depth: int) -> int:
    """The number of move sequences `depth` plies deep (a whole capture counts as one ply)."""
    own, opp = position.sides()
    return movegen.perft(
        position.variant, own, opp, position.king_bits, position.turn is Color.WHITE, depth
    )
