"""A game as a value: the positions so far, and how (whether) it has ended (CK-10 … CK-12)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from engine.checkers import movegen
from engine.checkers.errors import IllegalMoveError
from engine.checkers.notation import parse_move
from engine.checkers.position import Move, Position, resolve_variant
from engine.checkers.variant import Color, Variant


class EndReason(Enum):
    """Why a game ended."""

    NO_PIECES = "no pieces left"  # CK-10
    NO_MOVES = "no legal move"  # CK-10
    KING_COUNT = "no man move or capture left; kings counted"  # CK-11 (box)
    AGREEMENT = "draw agreed"  # CK-12
    REPETITION = "the same position for the third time"  # CK-12
    NO_PROGRESS = "only kings moving, without capture, for too long"  # CK-12


@dataclass(frozen=True, slots=True)
class GameResult:
    """The result of a finished game: the winner (None for a draw) and why."""

    winner: Color | None
    reason: EndReason

    @property
    def is_draw(self) -> bool:
        """Whether nobody won."""
        return self.winner is None

    def describe(self) -> str:
        """One sentence for players: who won, and why."""
        if self.winner is None:
            return f"Draw: {self.reason.value}."
        return f"{self.winner.name.capitalize()} wins: {self.reason.value}."


@dataclass(frozen=True, slots=True)
class Game:
    """Every position of one game (for repetition and no-progress counts) and the moves between."""

    positions: tuple[Position, ...]
    moves: tuple[Move, ...] = ()
    quiet_king_plies: int = 0  # consecutive plies of non-capturing king moves (CK-12)
    draw_agreed: bool = False

    @classmethod
    def new(cls, variant: Variant | str = "box", start: Position | str | None = None) -> Game:
        """A game from the variant's starting position, or from a given position or FEN."""
        rules = resolve_variant(variant)
        if start is None:
            return cls((Position.initial(rules),))
        if isinstance(start, str):
            return cls((Position.from_fen(start, rules),))
        if start.variant != rules:
            raise ValueError(f"the start position is for {start.variant.name}, not {rules.name}")
        return cls((start,))

    @classmethod
    def replay(
        cls,
        variant: Variant | str,
        moves: Iterable[Move | str],
        start: Position | str | None = None,
    ) -> Game:
        """A game rebuilt from its start and its moves (as stored), checking every move."""
        game = cls.new(variant, start)
        for move in moves:
            game = game.play(move)
        return game

    @property
    def position(self) -> Position:
        """The position on the board now."""
        return self.positions[-1]

    @property
    def variant(self) -> Variant:
        """The rules in force."""
        return self.position.variant

    def play(self, move: Move | str) -> Game:
        """The game after one more legal move (a `Move` or move text); a finished game refuses."""
        self._refuse_if_over()
        position = self.position
        chosen = parse_move(position, move) if isinstance(move, str) else move
        after = position.apply(chosen)
        piece = position.piece_at(chosen.start)
        king_only = piece is not None and piece.king and not chosen.is_capture
        return Game(
            positions=(*self.positions, after),
            moves=(*self.moves, chosen),
            quiet_king_plies=self.quiet_king_plies + 1 if king_only else 0,
        )

    def agree_draw(self) -> Game:
        """The game ended by both players agreeing a draw (CK-12); a finished game refuses."""
        self._refuse_if_over()
        return Game(self.positions, self.moves, self.quiet_king_plies, draw_agreed=True)

    def _refuse_if_over(self) -> None:
        """Refuse to go on once the game has ended, saying how it ended."""
        ended = self.result()
        if ended is not None:
            winner = "draw" if ended.winner is None else ended.winner.name.lower()
            raise IllegalMoveError(f"ck.over.{winner}.{ended.reason.name.lower()}")

    def repetitions(self) -> int:
        """How many times the current position (same side to move) has stood on the board."""
        return self.positions.count(self.position)

    def result(self) -> GameResult | None:
        """How the game has ended, or None while it goes on."""
        if self.draw_agreed:
            return GameResult(None, EndReason.AGREEMENT)
        position = self.position
        own, _ = position.sides()
        if not own:
            return GameResult(position.turn.opponent, EndReason.NO_PIECES)
        if not position.legal_moves():
            return GameResult(position.turn.opponent, EndReason.NO_MOVES)
        if position.variant.king_count_end and not _men_can_play(position):
            return GameResult(_more_kings(position), EndReason.KING_COUNT)
        if self.repetitions() >= position.variant.repetitions_for_draw:
            return GameResult(None, EndReason.REPETITION)
        if self.quiet_king_plies >= position.variant.no_progress_plies:
            return GameResult(None, EndReason.NO_PROGRESS)
        return None


def _men_can_play(position: Position) -> bool:
    """Whether either side has a man move or a capture (CK-11 ends the game when neither has)."""
    variant = position.variant
    for white in (True, False):
        own, opp = (
            (position.white_bits, position.black_bits)
            if white
            else (position.black_bits, position.white_bits)
        )
        if movegen.has_capture(variant, own, opp, position.king_bits, white):
            return True
        if movegen.men_can_step(variant, own, opp, position.king_bits, white):
            return True
    return False


def _more_kings(position: Position) -> Color | None:
    """The side with more kings, or None when the counts are equal (CK-11)."""
    white = (position.white_bits & position.king_bits).bit_count()
    black = (position.black_bits & position.king_bits).bit_count()
    if white == black:
        return None
    return Color.WHITE if white > black else Color.BLACK
