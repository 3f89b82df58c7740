"""Clocks: the time the side to act has is written for a glance, spoken in the alt text, and
bad values refused."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

from engine.backgammon import Position, Side
from engine.checkers import Color
from engine.checkers import Position as CheckersPosition
from render import BackgammonLayout, BackgammonScene, CheckersScene, describe, render_png
from render.clock import clock_text, ticking
from render.draw import _text_sprite
from tests.render.pictures import decode_png


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


@pytest.mark.parametrize(("seconds", "shows_seconds"), [(0, True), (3599, True), (3600, False)])
def test_a_clock_ticks_while_it_shows_seconds(seconds: int, shows_seconds: bool) -> None:
    assert ticking(seconds) is shows_seconds
    assert (":" in clock_text(seconds)) is shows_seconds


@pytest.mark.parametrize(
    "scene",
    [
        BackgammonScene(Position.initial(), clock=(Side.WHITE, 0)),
        CheckersScene(CheckersPosition.initial("english"), clock=(Color.BLACK, 0)),
    ],
    ids=["backgammon", "checkers"],
)
def test_a_clock_of_minutes_is_kept_for_the_next_picture_and_one_of_seconds_is_not(
    scene: BackgammonScene | CheckersScene,
) -> None:
    # Kept as a sprite, "1h 05m" is drawn again from it for a minute of pictures; a clock showing
    # seconds reads differently on every picture, and keeping it would only crowd the cache.
    assert scene.clock is not None
    side = scene.clock[0]

    def new_sprites(seconds: int) -> int:
        before = _text_sprite.cache_info().misses
        render_png(replace(scene, clock=(side, seconds)))  # type: ignore[arg-type]
        return _text_sprite.cache_info().misses - before

    new_sprites(7_200)  # every other word of the picture is kept by now
    assert new_sprites(3_930) == 1  # "1h 05m": a new sprite...
    assert new_sprites(3_929) == 0  # ...drawn again a second later
    assert new_sprites(1_234) == 0  # "20:34" is drawn straight onto the picture
    assert new_sprites(1_233) == 0


def test_backgammon_alt_text_speaks_the_clock_of_the_side_to_act() -> None:
    scene = BackgammonScene(
        Position.initial(), names=("Ann", "Ben"), reader=Side.BLACK, clock=(Side.WHITE, 272)
    )
    assert "Ann had 4:32 left to play when this picture was drawn." in describe(scene)
    mine = replace(scene, reader=Side.WHITE)
    assert "You had 4:32 left to play when this picture was drawn." in describe(mine)


def test_checkers_alt_text_speaks_the_clock_in_the_third_person() -> None:
    position = CheckersPosition.initial("box")
    scene = CheckersScene(position, names=("Ann", "Ben"), clock=(Color.BLACK, 600))
    assert "Ben had 10:00 left to play when this picture was drawn." in describe(scene)


def test_only_the_side_to_act_shows_a_clock() -> None:
    """A per-move limit runs for one side: the other shows none, and the picture says whose."""
    scene = BackgammonScene(Position.initial(), names=("Ann", "Ben"), viewer=Side.WHITE)
    plain = decode_png(render_png(scene))
    timed = decode_png(render_png(replace(scene, clock=(Side.WHITE, 600))))
    changed = ImageChops.difference(plain.convert("RGB"), timed.convert("RGB")).getbbox()
    assert changed is not None
    layout = BackgammonLayout(800)
    # Only the strip under the board changes: White, the viewer, is named there.
    x0, y0, x1, y1 = layout.strip(top=False)
    assert x0 <= changed[0] and y0 <= changed[1] and changed[2] <= x1 and changed[3] <= y1


@pytest.mark.parametrize("owner", [Side.WHITE, Side.BLACK])
def test_the_clock_line_is_clear_of_the_cube_by_either_name(owner: Side) -> None:
    layout = BackgammonLayout(800)
    for side in Side:
        scene = BackgammonScene(Position.initial(), viewer=Side.WHITE, cube=2, cube_owner=owner)
        plain = decode_png(render_png(scene)).convert("RGB")
        timed = decode_png(render_png(replace(scene, clock=(side, 86_400)))).convert("RGB")
        text = ImageChops.difference(plain, timed).getbbox()
        assert text is not None
        cube = layout.cube_box(owner == Side.WHITE)
        apart = text[3] < cube[1] or text[1] > cube[3] or text[2] < cube[0] or text[0] > cube[2]
        assert apart, (side, text, cube)


@pytest.mark.parametrize("clock", [(Side.WHITE,), (Side.WHITE, -1), (Side.WHITE, 1.5)])
def test_bad_clock_is_refused(clock: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match="clock"):
        BackgammonScene(Position.initial(), clock=clock)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="clock"):
        CheckersScene(CheckersPosition.initial("box"), clock=clock)  # type: ignore[arg-type]
