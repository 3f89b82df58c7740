"""The package's front door: one call renders either game, and refuses anything else."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

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


def test_rendering_from_threads_gives_the_same_bytes_as_in_turn() -> None:
    # The bot renders through asyncio.to_thread; shared caches and fonts must not mix pictures.
    scenes = [
        BackgammonScene(Position.initial(), names=(f"White {n}", f"Black {n}"), dice=(n % 6 + 1, 2))
        for n in range(8)
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda scene: render_png(scene, width=480), scenes))
    assert threaded == [render_png(scene, width=480) for scene in scenes]
    assert len(set(threaded)) == len(scenes)
