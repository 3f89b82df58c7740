"""Helpers for render tests: decode the bytes we produced and look at pixels."""

from __future__ import annotations

import io

from PIL import Image

RGB = tuple[int, int, int]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode_png(data: bytes) -> Image.Image:
    """Open PNG bytes, insisting they are a PNG, as an RGB image."""
    assert data.startswith(PNG_SIGNATURE), "not a PNG"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, at: tuple[float, float]) -> RGB:
    """The colour at a (possibly fractional) coordinate, rounded to the pixel."""
    value = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def count_colour(
    image: Image.Image, centre: tuple[float, float], radius: float, colour: RGB
) -> int:
    """How many pixels of exactly `colour` lie in the square of `radius` around `centre`."""
    x, y = round(centre[0]), round(centre[1])
    r = round(radius)
    box = image.crop((x - r, y - r, x + r + 1, y + r + 1))
    return sum(1 for value in box.convert("RGB").get_flattened_data() if value == colour)
