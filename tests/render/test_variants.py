"""Nackgammon's and hypergammon's boards: their checkers drawn where BG-1 puts them, pip counts
and the alt text right (positions and counts by hand)."""

from __future__ import annotations

import re

import pytest

from engine.backgammon import HYPERGAMMON, NACKGAMMON, Position, Side, Variant
from render import LIGHT, BackgammonLayout, BackgammonScene, describe, render_backgammon
from tests.render.pictures import decode_png, pixel

LAYOUT = BackgammonLayout(800)
NAMES = ("Alice", "Bob")
# Each start in the viewer's (White's) numbering; Black's point p is White's 25 - p.
STARTS = {
    NACKGAMMON: ({24: 2, 23: 2, 13: 4, 8: 3, 6: 4}, {1: 2, 2: 2, 12: 4, 17: 3, 19: 4}),
    HYPERGAMMON: ({24: 1, 23: 1, 22: 1}, {1: 1, 2: 1, 3: 1}),
}


@pytest.mark.parametrize("variant", [NACKGAMMON, HYPERGAMMON], ids=lambda v: v.name)
def test_bg1_variant_checkers_stand_where_the_rules_put_them(variant: Variant) -> None:
    image = decode_png(render_backgammon(BackgammonScene(Position.initial(variant=variant))))
    white, black = STARTS[variant]
    for stacks, colour in ((white, LIGHT.light_piece), (black, LIGHT.dark_piece)):
        for point, count in stacks.items():
            for slot in range(count):
                assert pixel(image, LAYOUT.checker_centre(point, slot)) == colour, (point, slot)
            assert pixel(image, LAYOUT.checker_centre(point, count)) not in (
                LIGHT.light_piece,
                LIGHT.dark_piece,
            ), point
    for point in set(range(1, 25)) - set(white) - set(black):
        spot = pixel(image, LAYOUT.checker_centre(point, 0))
        assert spot not in (LIGHT.light_piece, LIGHT.dark_piece), point


def test_hypergammon_alt_text_counts_three_checkers_and_69_pips() -> None:
    scene = BackgammonScene(Position.initial(variant=HYPERGAMMON), names=NAMES, reader=Side.WHITE)
    text = describe(scene)
    assert re.search(r"You: 22-point 1, 23-point 1, 24-point 1\.", text), text
    assert re.search(r"Bob: 1-point 1, 2-point 1, 3-point 1\.", text), text
    assert "Pips: you 69, Bob 69" in text


def test_nackgammon_alt_text_counts_194_pips() -> None:
    scene = BackgammonScene(Position.initial(variant=NACKGAMMON), names=NAMES, reader=Side.BLACK)
    text = describe(scene)
    assert re.search(r"You: 6-point 4, 8-point 3, 13-point 4, 23-point 2, 24-point 2\.", text)
    assert "Pips: you 194, Alice 194" in text


def test_hypergammon_borne_off_checkers_fill_three_tray_slots() -> None:
    # White: one checker left on its 2-point, two off; Black: three on its 24-point.
    white = tuple(1 if p == 2 else 0 for p in range(1, 25))
    black = tuple(3 if p == 24 else 0 for p in range(1, 25))
    image = decode_png(render_backgammon(BackgammonScene(Position((white, black), off=(2, 0)))))
    for index in range(2):
        x0, y0, x1, y1 = LAYOUT.tray_slab(True, index)
        assert pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) == LIGHT.light_piece
    x0, y0, x1, y1 = LAYOUT.tray_slab(True, 2)
    assert pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) != LIGHT.light_piece
