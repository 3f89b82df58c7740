"""What the AI worker's tests share: the games its players are asked about, the mark of tests
that need Open Sage, and a way to see a call handed to a worker process (to kill it there)."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from importlib.util import find_spec
from typing import Any
from unittest import mock

import pytest

import engine.checkers as ck
from bot.store import GameKind
from engine.backgammon.matchplay import Match, MatchOptions, Phase

BG, CK = GameKind.BACKGAMMON, GameKind.CHECKERS

needs_sage = pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")


def backgammon_positions(count: int, seed: int) -> list[Match]:
    """Matches with dice to play, reached by random legal plays from the opening (a 5-point
    match, so that the cube decisions are score aware)."""
    rng = random.Random(seed)

    def opening() -> Match:
        white, black = rng.sample(range(1, 7), 2)
        return Match.start(MatchOptions(match_length=5)).opening_roll(white, black)

    found: list[Match] = []
    match = opening()
    while len(found) < count:
        game = match.game
        if game.phase is Phase.ROLLING:
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase is Phase.MOVING:
            plays = game.legal_plays()
            if len(plays) > 1:
                found.append(match)
            match = match.move(rng.choice(plays))
        else:
            match = opening()
    return found


def checkers_games(count: int, seed: int, variant: str = "english") -> list[ck.Game]:
    """Games some random moves in, with the side to move having a choice."""
    rng = random.Random(seed)
    games: list[ck.Game] = []
    game = ck.Game.new(variant)
    while len(games) < count:
        moves = game.position.legal_moves()
        if game.result() is not None or not moves:
            game = ck.Game.new(variant)
            continue
        if len(moves) > 1:
            games.append(game)
        game = game.play(rng.choice(moves).pdn())
    return games


@contextlib.contextmanager
def watching_handovers() -> Iterator[threading.Event]:
    """An event set once any call has been handed to a worker process's queue: from then on,
    that process's death fails the call (before, the call would go to a new process)."""
    handed = threading.Event()
    submit = ProcessPoolExecutor.submit

    def watched(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Future[Any]:
        future = submit(pool, *args, **kwargs)
        handed.set()
        return future

    with mock.patch.object(ProcessPoolExecutor, "submit", watched):
        yield handed


def kill_once_handed(pid: int, handed: threading.Event) -> threading.Thread:
    """A thread that kills `pid` once a call has been handed to it (or after a minute without
    one, so that a test whose call never came fails instead of waiting for the call timeout)."""

    def kill() -> None:
        handed.wait(timeout=60)
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill, daemon=True)
    killer.start()
    return killer
