"""Colours stay readable: contrast numbers, and red-green colour-blind simulation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from render import DARK, LIGHT, THEMES, Theme, theme_named
from render.encode import palette_colours, palette_image
from render.theme import RGB, contrast_ratio

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _to_linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(colour: RGB, matrix: tuple[tuple[float, float, float], ...]) -> RGB:
    """How `colour` looks to a dichromat (Machado et al. 2009)."""
    lin = [_to_linear(c) for c in colour]
    out = [sum(m * x for m, x in zip(row, lin, strict=True)) for row in matrix]
    return (_to_srgb(out[0]), _to_srgb(out[1]), _to_srgb(out[2]))


def _normal(colour: RGB) -> RGB:
    return colour


def _protanope(colour: RGB) -> RGB:
    return simulate(colour, PROTANOPIA)


def _deuteranope(colour: RGB) -> RGB:
    return simulate(colour, DEUTERANOPIA)


VISIONS: dict[str, Callable[[RGB], RGB]] = {
    "normal": _normal,
    "protanopia": _protanope,
    "deuteranopia": _deuteranope,
}


def test_simulation_is_sane_red_and_green_collapse_for_deuteranopes() -> None:
    # A pure red and a green of similar lightness look alike to a deuteranope: the simulation
    # must show that, or the checks below prove nothing.
    red, green = (200, 60, 40), (90, 130, 40)
    assert contrast_ratio(red, green) < 1.3
    seen = VISIONS["deuteranopia"]
    r, g = seen(red), seen(green)
    assert max(abs(a - b) for a, b in zip(r, g, strict=True)) < 40


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
@pytest.mark.parametrize("vision", VISIONS, ids=list(VISIONS))
def test_the_two_sides_differ_by_lightness_for_every_viewer(theme: Theme, vision: str) -> None:
    seen = VISIONS[vision]
    assert contrast_ratio(seen(theme.light_piece), seen(theme.dark_piece)) >= 7


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
@pytest.mark.parametrize("vision", VISIONS, ids=list(VISIONS))
def test_every_piece_stands_out_from_every_surface(theme: Theme, vision: str) -> None:
    seen = VISIONS[vision]
    surfaces = [theme.felt, theme.point_a, theme.point_b, theme.dark_square, theme.frame]
    for fill, rim in ((theme.light_piece, theme.light_edge), (theme.dark_piece, theme.dark_edge)):
        for surface in surfaces:
            # Either the piece or its rim must reach 3:1 (WCAG's figure for graphics).
            best = max(
                contrast_ratio(seen(fill), seen(surface)), contrast_ratio(seen(rim), seen(surface))
            )
            assert best >= 3, (fill, surface)


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
@pytest.mark.parametrize("vision", VISIONS, ids=list(VISIONS))
def test_points_alternate_visibly_and_the_marks_show(theme: Theme, vision: str) -> None:
    seen = VISIONS[vision]
    a, b = seen(theme.point_a), seen(theme.point_b)
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) >= 40
    # The amber marks are outlined, and the outline stands out from amber and from the board.
    assert contrast_ratio(seen(theme.accent), seen(theme.accent_edge)) >= 7
    for surface in (theme.felt, theme.point_a, theme.point_b, theme.dark_square):
        assert contrast_ratio(seen(theme.accent), seen(surface)) >= 1.5 or (
            contrast_ratio(seen(theme.accent_edge), seen(surface)) >= 3
        )


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_text_is_readable(theme: Theme) -> None:
    assert contrast_ratio(theme.text, theme.canvas) >= 7
    assert contrast_ratio(theme.muted, theme.canvas) >= 4.5
    assert contrast_ratio(theme.square_number, theme.dark_square) >= 3
    assert contrast_ratio(theme.cube_text, theme.cube) >= 7


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_palette_fits_and_maps_every_theme_colour_to_itself(theme: Theme) -> None:
    colours = palette_colours(theme)
    assert len(colours) <= 256
    keys = theme.colours()
    probe = Image.new("RGB", (len(keys), 1))
    probe.putdata(list(keys))
    mapped = probe.quantize(palette=palette_image(theme), dither=Image.Dither.NONE)
    assert list(mapped.convert("RGB").get_flattened_data()) == list(keys)


def test_theme_named() -> None:
    assert theme_named("dark") is DARK
    assert theme_named("light") is LIGHT
    with pytest.raises(ValueError, match="unknown theme 'sepia': choose one of dark, light"):
        theme_named("sepia")
