"""The package's front door: one call renders either game, and refuses anything else."""

from __future__ import annotations

import pytest

from engine.backgammon import Position
from engine.checkers import Position as CheckersPosition
from render import BackgammonScene, CheckersScene, render_backgammon, render_checkers, render_png


def test_render_png_picks_the_right_board() -> None:
    backgammon = BackgammonScene(Position.initial())
    checkers = CheckersScene(CheckersPosition.initial("box"))
    assert render_png(backgammon, width=480) == render_backgammon(backgammon, width=480)
    assert render_png(checkers, width=480) == render_checkers(checkers, width=480)
    assert render_png(backgammon, width=480) != render_png(checkers, width=480)


def test_render_png_refuses_other_values() -> None:
    with pytest.raises(TypeError, match="BackgammonScene or CheckersScene"):
        render_png(Position.initial())  # type: ignore[arg-type]
