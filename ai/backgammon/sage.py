"""Open Sage (the optional `bgsage` package) as an evaluator of the engine's own legal plays.

bgsage's move list is never trusted: it is asked for equities, and every play the engine allows
gets one, either from bgsage's ranking (matched by the position reached) or, for a play bgsage
does not list (its bear-off generator differs from BG-12 in one corner), from evaluating the
position that play reaches. Plays bgsage lists that the engine does not allow are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from ai.backgammon.context import CubeContext, board_for
from ai.backgammon.evaluator import CubeAdvice, RankedPlay
from engine.backgammon import Play, Position

PLIES = {1: "1ply", 2: "2ply", 3: "3ply"}


class SageUnavailableError(RuntimeError):
    """bgsage is not installed (or failed to load); the message says how to get it."""


def load_bgsage() -> Any:
    """The `bgsage` module, or `SageUnavailableError` saying how to install it."""
    try:
        return import_module("bgsage")
    except ImportError as error:
        raise SageUnavailableError(
            f"Open Sage is not installed ({error}); install the extra: pip install 'duelboard[ai]'"
        ) from None


def sage_missing() -> str | None:
    """Why Open Sage cannot be used here (how to install it), or None when it can."""
    try:
        load_bgsage()
    except SageUnavailableError as error:
        return str(error)
    return None


class Sage:
    """bgsage at a fixed depth (1 = its raw network, about gnubg 0-ply; 2 and 3 look ahead)."""

    has_equity = True

    def __init__(self, plies: int, threads: int = 1) -> None:
        if plies not in PLIES:
            raise ValueError(f"Open Sage depth is 1, 2 or 3 plies, not {plies!r}")
        module = load_bgsage()
        self.plies = plies
        self.name = f"Open Sage {plies}-ply"
        self._analyzer = module.BgBotAnalyzer(eval_level=PLIES[plies], parallel_threads=threads)

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        """The engine's `plays` best first, with bgsage's equity for the mover (cubeful when a cube
        is in play).

        bgsage looks deeper only at the plays its first pass keeps, plus `focus` if given.
        """
        if not plays:
            return []
        mover = position.turn
        reached = {play: board_for(position.apply(play), mover) for play in plays}
        if len(plays) == 1:
            value, cubeless = self.post_move_values(reached[plays[0]], context)
            return [RankedPlay(plays[0], value, cubeless)]
        result = self._analyzer.checker_play(
            list(board_for(position, mover)),
            dice[0],
            dice[1],
            context.cube_value,
            context.owner,
            **self._score(context),
            beaver=False,
            force_boards=[list(reached[focus])] if focus in reached else None,
        )
        listed = {
            tuple(move.board): _values(float(move.equity), float(move.cubeless_equity), context)
            for move in result.moves
        }
        ranked = []
        for play, board in reached.items():
            value, cubeless = (
                listed[board] if board in listed else self.post_move_values(board, context)
            )
            ranked.append(RankedPlay(play, value, cubeless))
        # Cubeful equity stops at the cash (1.0) once a position is too good or lost; the
        # cubeless equity then tells the plays apart (play on for the gammon, save it).
        ranked.sort(key=lambda item: (-item.value, -(item.cubeless or 0.0)))
        return ranked

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """bgsage's cube action for the side on roll (no beavers: BG-14 has none)."""
        result = self._analyzer.cube_action(
            list(board_for(position, position.turn)),
            context.cube_value,
            context.owner,
            **self._score(context),
            beaver=False,
        )
        return CubeAdvice(
            double=bool(result.should_double),
            take=bool(result.should_take),
            no_double=float(result.equity_nd),
            double_take=float(result.equity_dt),
            double_pass=float(result.equity_dp),
        )

    def post_move_values(self, board: tuple[int, ...], context: CubeContext) -> tuple[float, float]:
        """Equity and cubeless equity of a position just reached (`board` as the side that moved
        sees it), for that side, at this depth."""
        result = self._analyzer.post_move_analytics(
            list(board), context.owner, context.cube_value, **self._score(context)
        )
        return _values(float(result.cubeful_equity), float(result.cubeless_equity), context)

    @staticmethod
    def _score(context: CubeContext) -> dict[str, Any]:
        """The match-score keywords bgsage takes."""
        return {
            "away1": context.away,
            "away2": context.opponent_away,
            "is_crawford": context.crawford,
            "jacoby": context.jacoby,
        }


def _values(cubeful: float, cubeless: float, context: CubeContext) -> tuple[float, float]:
    """The equity a play is judged by, and the cubeless one that breaks ties.

    A game played without the cube (the option off, outside a match's Crawford game, which
    bgsage models itself) is judged by cubeless equity: there is no cube to cash.
    """
    if not context.cube_in_play and not context.crawford:
        return cubeless, cubeless
    return cubeful, cubeless
