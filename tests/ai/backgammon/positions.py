"""Backgammon positions and matches for the AI tests, built from point counts."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Cube, Game, Match, MatchOptions, Phase


def position(
    white: dict[int, int],
    black: dict[int, int],
    turn: Side = Side.WHITE,
    bar: tuple[int, int] = (0, 0),
) -> Position:
    """A position from {point: checkers} per side (each in its own numbering); the rest off."""
    rows = [tuple(layout.get(point, 0) for point in range(1, 25)) for layout in (white, black)]
    off = (15 - sum(white.values()) - bar[0], 15 - sum(black.values()) - bar[1])
    return Position((rows[0], rows[1]), bar, off, turn)


def before_roll(
    where: Position,
    *,
    length: int = 0,
    score: tuple[int, int] = (0, 0),
    cube: Cube | None = None,
    doubled: bool = False,
) -> Match:
    """A match waiting for the side on roll to roll (or answering its double)."""
    options = MatchOptions(match_length=length)
    phase = Phase.DOUBLED if doubled else Phase.ROLLING
    game = Game(options, where, cube or Cube(), phase)
    return Match(options, game, score)


def random_matches(count: int, seed: int) -> Iterator[Match]:
    """`count` matches waiting for a play, taken turn by turn from games of random play."""
    rng = random.Random(seed)
    made = 0
    while True:
        match = Match.start(MatchOptions(cube=False))
        while match.game.phase is Phase.OPENING:
            match = match.opening_roll(rng.randint(1, 6), rng.randint(1, 6))
        while match.game.phase is not Phase.OVER:
            if match.game.phase is Phase.ROLLING:
                match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
            yield match
            made += 1
            if made == count:
                return
            match = match.move(rng.choice(match.game.legal_plays()))
