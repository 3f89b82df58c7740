"""The standings picture: a table or a bracket, as tall as its players need, in the theme's
colours; scenes that do not hold together are refused."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import DARK, LIGHT, Bracket, BracketMatch, StandingsTable, render_standings
from render.theme import RGB

HEADINGS = ("#", "Player", "Points", "Buchholz", "S-B")


def table(players: int, marked: frozenset[int] = frozenset()) -> StandingsTable:
    """A standings table of `players` rows."""
    rows = tuple(
        (str(n), f"Player {n}", str(players - n), "3.5", "1.5") for n in range(1, players + 1)
    )
    return StandingsTable("Tournament #1: standings after round 2 of 3", HEADINGS, rows, marked)


def picture(data: bytes) -> Image.Image:
    """The PNG decoded (and checked to be one)."""
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(image: Image.Image) -> set[RGB]:
    """Every colour in the picture."""
    found = image.getcolors(maxcolors=1 << 16) or []
    return {(c[0], c[1], c[2]) for _, c in found if isinstance(c, tuple)}


def test_a_table_is_as_tall_as_its_rows_need() -> None:
    small = picture(render_standings(table(4)))
    large = picture(render_standings(table(256)))
    assert small.width == large.width == 800
    assert large.height > small.height * 20  # 256 rows against 4
    row = 800 * 0.056  # one row's height at this width
    assert large.height - small.height == pytest.approx(252 * row, abs=2)


def test_the_theme_colours_the_picture() -> None:
    light = picture(render_standings(table(4), theme=LIGHT))
    dark = picture(render_standings(table(4), theme=DARK))
    assert LIGHT.canvas in colours(light) and LIGHT.canvas not in colours(dark)
    assert DARK.canvas in colours(dark)
    assert light.getpixel((1, 1)) == LIGHT.canvas


def test_a_leaders_row_is_drawn_differently() -> None:
    """The marked row (the leader) is bold: the same scene without the mark differs."""
    plain = render_standings(table(4))
    marked = render_standings(table(4, frozenset({0})))
    assert plain != marked
    assert render_standings(table(4, frozenset({0}))) == marked  # and drawn the same each time


def test_a_bracket_has_a_column_per_round() -> None:
    bracket = Bracket(
        "Tournament #2: knockout",
        (
            ("Round 1", (BracketMatch(("Ann", "bye"), 0), BracketMatch(("Dan", "Eve"), 1))),
            ("Final", (BracketMatch(("Ann", "Eve")),)),
        ),
    )
    image = picture(render_standings(bracket))
    assert image.width == 800
    # The final's box stands in the right half, level with the middle of round 1's two boxes.
    right = image.crop((400, 0, 800, image.height))
    assert LIGHT.felt in colours(right)


def test_scenes_that_do_not_hold_together_are_refused() -> None:
    with pytest.raises(ValueError, match="one cell per heading"):
        StandingsTable("t", HEADINGS, (("1", "Ann"),))
    with pytest.raises(ValueError, match="at most 256 rows"):
        table(257)
    with pytest.raises(ValueError, match="half the matches"):
        Bracket(
            "b", (("R1", (BracketMatch(("a", "b")),) * 2), ("R2", (BracketMatch(("a", "b")),) * 2))
        )
    with pytest.raises(TypeError):
        render_standings("standings")  # type: ignore[arg-type]
