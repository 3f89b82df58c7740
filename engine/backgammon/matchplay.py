"""Match play for backgammon: the cube, games, matches and GNU Backgammon Match IDs (BG-13..17)."""

from __future__ import annotations

from engine.backgammon.cube import MAX_CUBE, Cube, Size
from engine.backgammon.errors import GameActionError
from engine.backgammon.game import (
    MAX_MATCH_LENGTH,
    Ending,
    Game,
    GameResult,
    MatchOptions,
    Phase,
)
from engine.backgammon.match import Match, MatchTextError
from engine.backgammon.match_id import (
    GameState,
    MatchIdError,
    MatchKey,
    decode_match_id,
    encode_match_id,
)

__all__ = [
    "MAX_CUBE",
    "MAX_MATCH_LENGTH",
    "Cube",
    "Ending",
    "Game",
    "GameActionError",
    "GameResult",
    "GameState",
    "Match",
    "MatchIdError",
    "MatchKey",
    "MatchOptions",
    "MatchTextError",
    "Phase",
    "Size",
    "decode_match_id",
    "encode_match_id",
]
