"""The computer as a player: both games behind the service's `Opponent` interface."""

from __future__ import annotations

import random
import threading
from dataclasses import replace

import engine.checkers as ck
from ai.backgammon.player import BackgammonPlayer
from ai.budget import WORLD_CLASS_SECONDS
from ai.checkers import STRENGTHS, choose_move, think
from ai.levels import DEFAULT_LEVEL, Level
from engine.backgammon import Play
from engine.backgammon.matchplay import Match

# A draw is agreed unless the search sees the computer ahead by more than this many hundredths
# of a man: it never gives away a clearly better game.
DRAW_MARGIN = 30


class ComputerPlayer:
    """Backgammon and checkers decisions at one level; every answer is one the engine allows.

    `rng` feeds the beginner's noise (seed it for repeatable games); `notice` is set when the
    backgammon level had to fall back to the built-in player because Open Sage is missing.
    `seconds` is the world-class level's budget per decision in both games.
    """

    def __init__(
        self,
        level: Level = DEFAULT_LEVEL,
        rng: random.Random | None = None,
        *,
        threads: int = 1,
        seconds: float = WORLD_CLASS_SECONDS,
    ) -> None:
        self.level = level
        self.rng = rng or random.Random()
        self.backgammon = BackgammonPlayer(level, self.rng, threads=threads, seconds=seconds)
        self.strength = STRENGTHS[level]
        if level is Level.WORLD_CLASS:
            self.strength = replace(self.strength, seconds=seconds)

    @property
    def notice(self) -> str | None:
        """Why the computer plays backgammon below the level asked for, if it does."""
        return self.backgammon.notice

    def choose_play(self, match: Match) -> Play:
        """One of `match.game.legal_plays()`."""
        return self.backgammon.choose_play(match)

    def wants_to_double(self, match: Match) -> bool:
        """Whether to double before rolling (False whenever the rules forbid it)."""
        return self.backgammon.wants_to_double(match)

    def takes_double(self, match: Match) -> bool:
        """Whether to take the double on offer."""
        return self.backgammon.takes_double(match)

    def accepts_resignation(self, match: Match) -> bool:
        """Whether to accept the resignation on offer."""
        return self.backgammon.accepts_resignation(match)

    def choose_move(self, game: ck.Game) -> ck.Move:
        """One of `game.position.legal_moves()`."""
        if self.strength != STRENGTHS[self.level]:
            return think(game, self.strength).move  # the world-class level's own budget
        return choose_move(game, self.level, self.rng)

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Agree to a draw unless the computer, playing `colour`, is clearly better: a level game
        or a worse one is worth a draw, a clearly better one is played on."""
        result = think(game, STRENGTHS[Level.INTERMEDIATE])
        mine = result.score if game.position.turn is colour else -result.score
        return mine <= DRAW_MARGIN


class Computers:
    """The computer's player for each level, built on first use and then kept (one per level).

    Called with a level name ("beginner", "intermediate", "expert", "world_class"), as the service
    asks for the player of a game; safe to call from the service's worker threads. With `seed`,
    each level's noise comes from its own generator seeded from it, so games against the computer
    repeat. `seconds` is the world-class level's budget per decision.
    """

    def __init__(
        self, *, threads: int = 1, seed: int | None = None, seconds: float = WORLD_CLASS_SECONDS
    ) -> None:
        self.threads = threads
        self.seed = seed
        self.seconds = seconds
        self._players: dict[Level, ComputerPlayer] = {}
        self._lock = threading.Lock()

    def __call__(self, level: str) -> ComputerPlayer:
        """The player at `level` (a clear `ValueError` for an unknown name)."""
        wanted = Level.parse(level)
        with self._lock:
            player = self._players.get(wanted)
            if player is None:
                rng = None if self.seed is None else random.Random(f"{self.seed}/{wanted.value}")
                player = ComputerPlayer(wanted, rng, threads=self.threads, seconds=self.seconds)
                self._players[wanted] = player
            return player
