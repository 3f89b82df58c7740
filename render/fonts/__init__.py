"""DejaVu Sans, shipped with the package so no picture depends on the host's fonts."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

_HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=64)
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or DejaVu Sans Bold) at `size` pixels, loaded once per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(_HERE / name), max(6, size))
