"""The package's front door: one call renders either game, and refuses anything else."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.backgammon import Position, Side
from engine.checkers import Game
from engine.checkers import Position as CheckersPosition
from render import (
    DARK,
    LIGHT,
    BackgammonScene,
    CheckersScene,
    Theme,
    render_backgammon,
    render_checkers,
    render_png,
)
from tests.render.pictures import decode_png


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


def _fullest_backgammon() -> BackgammonScene:
    """Stacks past five, three on the bar, checkers off, a play with two hits, a match, a clock."""
    white = (0, 3, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    black = (0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    before = Position((white, black), (1, 1), (2, 0), Side.WHITE)
    play = max(before.legal_plays((4, 4)), key=lambda play: play.notation().count("*"))
    return BackgammonScene(
        before.apply(play),
        names=("Konstantinopoulou Alexandra", "Bartholomew Featherstonehaugh"),
        dice=(4, 4),
        cube=16,
        cube_owner=Side.BLACK,
        match_length=25,
        score=(23, 22),
        last_play=play,
        clock=(Side.BLACK, 86_399),
    )


def _fullest_checkers() -> CheckersScene:
    """International draughts (10×10) in the middle game, just after a capture."""
    game = Game.new("international")
    while not (game.moves and game.moves[-1].captures) or len(game.moves) < 20:
        moves = game.position.legal_moves()
        game = game.play(moves[len(game.moves) * 7 % len(moves)])
    return CheckersScene(
        game.position,
        names=("Konstantinopoulou Alexandra", "Bartholomew Featherstonehaugh"),
        last_move=game.moves[-1],
        clock=(game.position.turn, 86_399),
    )


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_the_fullest_boards_stay_under_60_kb(theme: Theme) -> None:
    # Compression is chosen for speed: the largest pictures must still post small.
    for scene in (_fullest_backgammon(), _fullest_checkers()):
        data = render_png(scene, theme=theme)
        assert decode_png(data).size == (800, 640)
        assert len(data) < 60_000, type(scene).__name__
