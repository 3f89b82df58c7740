"""Iterative-deepening alpha-beta over the engine's checkers moves, with a transposition table.

The search runs on the engine's bitboards (one tuple of ints per position) for speed, but the
root only ever answers with one of `Position.legal_moves()`. Positions that repeat along the line
searched (or earlier in the game) count as draws, so a side that is ahead avoids repeating and a
side that is behind seeks it; the no-progress and king-count endings are scored as the game would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.budget import Budget
from ai.checkers.evaluate import Masks, evaluate, masks_for
from engine.checkers import Game, Move, Position
from engine.checkers.movegen import apply_raw, generate, has_capture, men_can_step
from engine.checkers.rules import RawMove
from engine.checkers.variant import Color, Variant

WIN = 1_000_000
WON = WIN - 10_000  # scores beyond this are forced wins (or losses) found by the search
MAX_PLY = 96  # capture extensions stop here
_CHECK_EVERY = 512  # nodes between looks at the timer

Key = tuple[int, int, int, bool]
# (depth searched, score, bound, best move)
_Entry = tuple[int, int, int, RawMove | None]
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfTime(Exception):
    """Raised inside the search when the budget runs out; the last finished depth stands."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move chosen, its score for the mover, the deepest finished depth and nodes visited."""

    move: Move
    score: int
    depth: int
    nodes: int
    # Every root move with its score at `depth`, best first: exact for the best move, upper
    # bounds for the others unless the search was asked for exact root scores.
    scores: tuple[tuple[Move, int], ...]


def key_of(position: Position) -> Key:
    """The search's key for a position: mover's pieces, opponent's, kings, mover is white."""
    own, opp = position.sides()
    return own, opp, position.king_bits, position.turn is Color.WHITE


class Searcher:
    """One search: the variant's masks, a transposition table, the budget and the game so far."""

    def __init__(
        self, game: Game, budget: Budget, max_depth: int, *, exact_root: bool = False
    ) -> None:
        if max_depth < 1:
            raise ValueError(f"the search depth is at least 1, not {max_depth}")
        self.game = game
        self.variant: Variant = game.variant
        self.masks: Masks = masks_for(self.variant)
        self.budget = budget
        self.max_depth = max_depth
        self.nodes = 0
        self.transpositions: dict[Key, _Entry] = {}
        self.seen: set[Key] = {key_of(p) for p in game.positions}
        self.may_stop = False
        # Exact scores for every root move (not just the best) cost more; noise needs them.
        self.exact_root = exact_root

    def run(self) -> SearchResult:
        """Deepen one ply at a time until the depth limit, the time budget, or a forced result."""
        position = self.game.position
        moves = position.legal_moves()
        if not moves:
            raise ValueError(f"no legal move in {position.to_fen()}: the game is over")
        children = [(move, position.apply(move)) for move in moves]
        scored = [(move, 0) for move in moves]
        depth_done = 0
        for depth in range(1, self.max_depth + 1):
            try:
                scored = self._root(children, depth, [m for m, _ in scored])
            except _OutOfTime:
                break
            depth_done = depth
            self.may_stop = True
            if len(moves) == 1 or abs(scored[0][1]) >= WON:
                break
        best, score = scored[0]
        return SearchResult(best, score, depth_done, self.nodes, tuple(scored))

    def _root(
        self, children: list[tuple[Move, Position]], depth: int, order: list[Move]
    ) -> list[tuple[Move, int]]:
        """Every root move's score at `depth` (exact for the best, bounds for the rest)."""
        rank = {move: i for i, move in enumerate(order)}
        children = sorted(children, key=lambda item: rank[item[0]])
        alpha = -WIN - 1
        results: list[tuple[Move, int]] = []
        quiet = self.game.quiet_king_plies
        mover = self.game.position
        for move, child in children:
            piece = mover.piece_at(move.start)
            king_quiet = piece is not None and piece.king and not move.is_capture
            own, opp, kings, white = key_of(child)
            score = -self._search(
                own,
                opp,
                kings,
                white,
                depth - 1,
                -WIN - 1,
                -alpha,
                1,
                quiet + 1 if king_quiet else 0,
            )
            results.append((move, score))
            if not self.exact_root:
                alpha = max(alpha, score)
        results.sort(key=lambda item: -item[1])
        return results

    def _search(
        self,
        own: int,
        opp: int,
        kings: int,
        white: bool,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        quiet: int,
    ) -> int:
        """Negamax alpha-beta: the score of this position for the side to move."""
        self.nodes += 1
        if self.may_stop and self.nodes % _CHECK_EVERY == 0 and self.budget.expired():
            raise _OutOfTime
        key = (own, opp, kings, white)
        if key in self.seen:
            return 0
        variant = self.variant
        moves = generate(variant, own, opp, kings, white)
        if not moves:
            return -WIN + ply
        if quiet >= variant.no_progress_plies:
            return 0
        if (
            variant.king_count_end
            and not moves[0][2]
            and self._kings_only_end(own, opp, kings, white)
        ):
            mine = (own & kings).bit_count()
            theirs = (opp & kings).bit_count()
            return 0 if mine == theirs else (WIN - ply if mine > theirs else -WIN + ply)
        capturing = bool(moves[0][2])
        if depth <= 0 and (not capturing or ply >= MAX_PLY):
            return evaluate(self.masks, own, opp, kings, white)
        entry = self.transpositions.get(key)
        best_move: RawMove | None = None
        if entry is not None:
            stored_depth, stored, bound, best_move = entry
            if stored_depth >= depth:
                stored = _from_stored(stored, ply)
                if bound == _EXACT:
                    return stored
                if bound == _LOWER and stored >= beta:
                    return stored
                if bound == _UPPER and stored <= alpha:
                    return stored
        if len(moves) > 1:
            moves.sort(key=_order_key, reverse=True)
            if best_move is not None and best_move in moves:
                moves.remove(best_move)
                moves.insert(0, best_move)
        original_alpha = alpha
        best = -WIN - 1
        chosen: RawMove | None = None
        self.seen.add(key)
        try:
            for move in moves:
                new_own, new_opp, new_kings = apply_raw(move, own, opp, kings)
                king_quiet = not move[2] and kings >> move[0] & 1
                score = -self._search(
                    new_opp,
                    new_own,
                    new_kings,
                    not white,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    quiet + 1 if king_quiet else 0,
                )
                if score > best:
                    best, chosen = score, move
                    alpha = max(alpha, score)
                    if alpha >= beta:
                        break
        finally:
            self.seen.discard(key)
        bound = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self.transpositions[key] = (max(depth, 0), _to_stored(best, ply), bound, chosen)
        return best

    def _kings_only_end(self, own: int, opp: int, kings: int, white: bool) -> bool:
        """CK-11: neither side has a man move or a capture (the mover has none to capture)."""
        variant = self.variant
        if men_can_step(variant, own, opp, kings, white):
            return False
        if men_can_step(variant, opp, own, kings, not white):
            return False
        return not has_capture(variant, opp, own, kings, not white)


def _order_key(move: RawMove) -> tuple[int, bool]:
    """Bigger captures first, then crowning moves."""
    return len(move[5]), move[3]


def _to_stored(score: int, ply: int) -> int:
    """Forced results are stored as distance from this node, not from the root."""
    if score >= WON:
        return score + ply
    if score <= -WON:
        return score - ply
    return score


def _from_stored(score: int, ply: int) -> int:
    """The inverse of `_to_stored` at this node's ply."""
    if score >= WON:
        return score - ply
    if score <= -WON:
        return score + ply
    return score


def search(game: Game, budget: Budget, max_depth: int, *, exact_root: bool = False) -> SearchResult:
    """The best move found for the side to move within `budget` and `max_depth` plies."""
    ended = game.result()
    if ended is not None:
        raise ValueError(f"the game is over: {ended.describe()}")
    return Searcher(game, budget, max_depth, exact_root=exact_root).run()


def pick_with_noise(result: SearchResult, margin: int, rng: random.Random) -> Move:
    """A move chosen at random among those within `margin` of the best (a weaker, human player)."""
    best = result.scores[0][1]
    if abs(best) >= WON:
        return result.move
    near = [move for move, score in result.scores if score >= best - margin]
    return rng.choice(near)
