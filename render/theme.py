"""Colour themes (light and dark) and the contrast arithmetic used to keep them readable."""

from __future__ import annotations

from dataclasses import dataclass, fields

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a picture uses; pieces differ by lightness, never by hue alone."""

    name: str
    canvas: RGB
    text: RGB
    muted: RGB
    frame: RGB
    felt: RGB
    point_a: RGB
    point_b: RGB
    light_piece: RGB
    light_edge: RGB
    dark_piece: RGB
    dark_edge: RGB
    accent: RGB
    accent_edge: RGB
    light_square: RGB
    dark_square: RGB
    square_number: RGB
    cube: RGB
    cube_text: RGB

    def piece(self, light: bool) -> tuple[RGB, RGB]:
        """Fill and rim of the light pieces (White's, in both games) or of the dark ones."""
        return (self.light_piece, self.light_edge) if light else (self.dark_piece, self.dark_edge)

    def colours(self) -> tuple[RGB, ...]:
        """All distinct colours of the theme, in field order."""
        seen: list[RGB] = []
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, tuple) and value not in seen:
                seen.append(value)
        return tuple(seen)


# Points alternate brown and slate blue: they differ in lightness and along the blue-yellow axis,
# which red-green colour-blind eyes keep. Pieces are ivory and charcoal, each ringed in the other
# lightness so they stand out on any point. The accent is amber, outlined in near-black.
LIGHT = Theme(
    name="light",
    canvas=(245, 241, 232),
    text=(28, 28, 30),
    muted=(92, 88, 84),
    frame=(96, 66, 44),
    felt=(236, 224, 198),
    point_a=(150, 92, 58),
    point_b=(84, 112, 134),
    light_piece=(252, 249, 240),
    light_edge=(40, 40, 40),
    dark_piece=(34, 34, 36),
    dark_edge=(214, 214, 214),
    accent=(255, 176, 0),
    accent_edge=(20, 20, 20),
    light_square=(238, 222, 190),
    dark_square=(139, 107, 79),
    square_number=(250, 238, 214),
    cube=(255, 255, 255),
    cube_text=(20, 20, 20),
)

DARK = Theme(
    name="dark",
    canvas=(30, 33, 38),
    text=(238, 238, 238),
    muted=(170, 170, 176),
    frame=(14, 16, 19),
    felt=(52, 62, 68),
    point_a=(150, 98, 64),
    point_b=(104, 134, 158),
    light_piece=(250, 246, 236),
    light_edge=(30, 30, 30),
    dark_piece=(22, 22, 24),
    dark_edge=(200, 200, 200),
    accent=(255, 184, 28),
    accent_edge=(10, 10, 10),
    light_square=(196, 178, 146),
    dark_square=(92, 72, 56),
    square_number=(232, 220, 196),
    cube=(238, 238, 238),
    cube_text=(20, 20, 20),
)

THEMES: dict[str, Theme] = {LIGHT.name: LIGHT, DARK.name: DARK}


def theme_named(name: str) -> Theme:
    """The theme called `name`, or a ValueError naming the themes there are."""
    try:
        return THEMES[name]
    except KeyError:
        known = ", ".join(sorted(THEMES))
        raise ValueError(f"unknown theme {name!r}: choose one of {known}") from None


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2 contrast ratio between two colours, 1 (same) to 21 (black on white)."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)
