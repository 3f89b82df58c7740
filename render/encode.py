"""PNG and GIF encoding on a fixed per-theme palette: small files, exact theme colours, fast."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from PIL import Image
from zlib_ng import zlib_ng

from render.theme import RGB, Theme

# Deflating a board's palette indices is most of a board's CPU, so it goes through zlib-ng (its
# Python binding `zlib_ng`, a drop-in for the standard `zlib`), which is faster on the same data
# than the zlib Python links. The level is the cheapest in CPU that keeps every board within the
# 60 KB a board may take; the run-length and Huffman-only strategies make larger files. Pillow's
# own PNG writer feeds its zlib one row at a time and writes its chunks from Python, so
# `png_bytes` deflates the whole picture in one call and writes the four PNG chunks itself. The
# sizes and times measured: docs/OPERATING.md, "Figures behind the code".
PNG_COMPRESS_LEVEL = 1

# Pairs whose anti-aliased edges are large on the picture (text, piece rims) get extra blends.
_SMOOTH_PAIRS = (
    ("text", "canvas"),
    ("muted", "canvas"),
    ("light_edge", "light_piece"),
    ("dark_edge", "dark_piece"),
    ("light_edge", "felt"),
    ("light_edge", "point_a"),
    ("light_edge", "point_b"),
    ("dark_edge", "felt"),
    ("dark_edge", "point_a"),
    ("dark_edge", "point_b"),
    ("light_edge", "dark_square"),
    ("dark_edge", "dark_square"),
    ("accent_edge", "accent"),
    ("square_number", "dark_square"),
    ("cube_text", "cube"),
    ("text", "felt"),
    ("frame", "canvas"),
    ("text", "frame"),
)


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@lru_cache(maxsize=8)
def palette_colours(theme: Theme) -> tuple[RGB, ...]:
    """The theme's colours first (so they survive exactly), then blends for smooth edges."""
    keys = theme.colours()
    colours: list[RGB] = list(keys)

    def add(colour: RGB) -> None:
        if colour not in colours:
            colours.append(colour)

    for first, second in _SMOOTH_PAIRS:
        a, b = getattr(theme, first), getattr(theme, second)
        add(_blend(a, b, 0.25))
        add(_blend(a, b, 0.75))
    for a, b in combinations(keys, 2):
        add(_blend(a, b, 0.5))
    if len(colours) > 256:
        raise ValueError(f"theme {theme.name!r} needs {len(colours)} palette entries, over 256")
    # Pillow's nearest-colour search goes through a coarse cache, so a blend lying very close to
    # a theme colour can capture it; such blends are left out until every theme colour maps to
    # itself, which keeps the picture's solid areas exact.
    while stolen := _captured_blends(keys, colours):
        for colour in stolen:
            if colour in keys:
                raise ValueError(f"theme {theme.name!r}: {colour} is too close to another colour")
            colours.remove(colour)
    return tuple(colours)


def _palette_from(colours: Sequence[RGB]) -> Image.Image:
    """A 1×1 palette image carrying `colours` (padded to 256 with the first)."""
    flat: list[int] = []
    for colour in colours:
        flat.extend(colour)
    flat.extend(flat[:3] * (256 - len(flat) // 3))
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image


def _captured_blends(keys: Sequence[RGB], colours: Sequence[RGB]) -> set[RGB]:
    """Palette entries that theme colours are mapped onto instead of themselves."""
    probe = Image.new("RGB", (len(keys), 1))
    probe.putdata(list(keys))
    mapped = probe.quantize(palette=_palette_from(colours), dither=Image.Dither.NONE)
    indices = mapped.tobytes()
    # Indices past the real entries point at padding, which repeats the first colour.
    found = [colours[i] if i < len(colours) else colours[0] for i in indices]
    return {colour for colour, key in zip(found, keys, strict=True) if colour != key}


@lru_cache(maxsize=8)
def palette_image(theme: Theme) -> Image.Image:
    """A 1×1 palette image carrying `palette_colours(theme)`, for Image.quantize."""
    return _palette_from(palette_colours(theme))


def to_palette(image: Image.Image, theme: Theme) -> Image.Image:
    """Map an RGB picture onto the theme's palette (nearest colour, no dithering)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(theme), dither=Image.Dither.NONE)


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: the data's length, the chunk type, the data, and the CRC of type and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


@lru_cache(maxsize=8)
def _palette_chunk(theme: Theme) -> bytes:
    """The PLTE chunk of the theme's palette (all 256 entries, as the indices refer to them)."""
    return _chunk(b"PLTE", bytes(palette_image(theme).getpalette() or ()))


def png_bytes(image: Image.Image, theme: Theme) -> bytes:
    """Encode an RGB picture as a palette PNG (8 bits per pixel, unfiltered rows)."""
    indexed = to_palette(image, theme)
    width, height = indexed.size
    # Every row of PNG data starts with its filter type, 0 (none) here: laid one pixel right of
    # a column of zeros, the picture's bytes are the image data as zlib must compress it.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(indexed, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _palette_chunk(theme),
            _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), PNG_COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def gif_bytes(frames: Sequence[Image.Image], durations: Sequence[int], theme: Theme) -> bytes:
    """Encode frames (RGB, or already on the theme's palette) as a looping GIF; durations in
    milliseconds."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if len(frames) != len(durations):
        raise ValueError(f"{len(frames)} frames but {len(durations)} durations")
    indexed = [frame if frame.mode == "P" else to_palette(frame, theme) for frame in frames]
    buffer = io.BytesIO()
    indexed[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=list(durations),
        loop=0,
        # Pillow then writes only the changed box of each frame, unchanged pixels transparent.
        optimize=True,
    )
    return buffer.getvalue()
