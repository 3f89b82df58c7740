"""Clocks: time left is written for a glance, spoken in the alt text, and bad values refused."""

from __future__ import annotations

import pytest

from engine.backgammon import Position, Side
from engine.checkers import Position as CheckersPosition
from render import BackgammonScene, CheckersScene, describe
from render.clock import clock_text


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0:00"),
        (59, "0:59"),
        (272, "4:32"),
        (3600, "1h 00m"),
        (11_100, "3h 05m"),
        (86_400, "1d 0h"),
        (187_200, "2d 4h"),
    ],
)
def test_clock_text(seconds: int, text: str) -> None:
    assert clock_text(seconds) == text


def test_backgammon_alt_text_speaks_the_clocks_from_the_viewers_side() -> None:
    scene = BackgammonScene(
        Position.initial(), names=("Ann", "Ben"), viewer=Side.BLACK, clock=(272, 3600)
    )
    assert "Time left: you 1h 00m, Ann 4:32." in describe(scene)


def test_checkers_alt_text_speaks_the_clocks() -> None:
    scene = CheckersScene(CheckersPosition.initial("box"), names=("Ann", "Ben"), clock=(59, 600))
    assert "Time left: you 0:59, Ben 10:00." in describe(scene)


@pytest.mark.parametrize("clock", [(10,), (-1, 5), (1.5, 3)])
def test_bad_clock_is_refused(clock: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="clock"):
        BackgammonScene(Position.initial(), clock=clock)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="clock"):
        CheckersScene(CheckersPosition.initial("box"), clock=clock)  # type: ignore[arg-type]
