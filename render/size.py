"""Every board picture's shape, whatever the game: 5:4 landscape, within legible widths."""

from __future__ import annotations

# 5:4 landscape: the board spans the width, the players' strips lie above and below it, so at
# the 340 px a phone shows a picture its words stay 11 px (`render.draw.legible`) and the
# board keeps nearly the whole width; landscape, so Discord on Android does not crop it square.
ASPECT = 0.8
MIN_WIDTH = 320
MAX_WIDTH = 1600


def check_width(width: int) -> None:
    """Refuse a picture width the layout cannot draw legibly."""
    if isinstance(width, bool) or not isinstance(width, int):
        raise TypeError(f"width must be an int, not {type(width).__name__}")
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"width must be {MIN_WIDTH}–{MAX_WIDTH} pixels, not {width}")
