"""Drawing primitives shared by both boards: smooth sprites, arrows, markers and text."""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.fonts import font
from render.theme import RGB

# Shapes are drawn this many times larger and scaled down, which smooths their edges; Pillow's
# own shapes are not anti-aliased.
SUPERSAMPLE = 4

# The bot renders from worker threads (asyncio.to_thread) and the font objects are shared
# through a cache; one FreeType face is not safe to use from two threads at once. Text is
# rendered once per label into a cached sprite, so the lock is rarely taken.
_FONT_LOCK = threading.Lock()

Point = tuple[float, float]


def supersampled(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent RGBA canvas SUPERSAMPLE times `size`, and a drawer for it."""
    big = Image.new("RGBA", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big)


def shrink(big: Image.Image, factor: int = SUPERSAMPLE) -> Image.Image:
    """Scale a canvas drawn `factor` times too large back to its real size."""
    w, h = big.size
    return big.resize((w // factor, h // factor), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def disc(diameter: int, fill: RGB, edge: RGB, ring: RGB | None = None) -> Image.Image:
    """A smooth round piece with an outline, and an optional inner ring (checkers men)."""
    big, draw = supersampled((diameter, diameter))
    s = SUPERSAMPLE
    outline = max(1, round(diameter * 0.07)) * s
    draw.ellipse((s // 2, s // 2, diameter * s - s // 2, diameter * s - s // 2), fill=edge)
    inset = s // 2 + outline
    draw.ellipse((inset, inset, diameter * s - inset, diameter * s - inset), fill=fill)
    if ring is not None:
        r = round(diameter * s * 0.3)
        c = diameter * s / 2
        draw.ellipse((c - r, c - r, c + r, c + r), outline=ring, width=max(s, outline // 2))
    return shrink(big)


@lru_cache(maxsize=16)
def crowned_disc(diameter: int, fill: RGB, edge: RGB) -> Image.Image:
    """A piece carrying a crown drawn in its outline colour: a king, told apart by shape."""
    base = disc(diameter, fill, edge).copy()
    big, draw = supersampled((diameter, diameter))
    d = diameter * SUPERSAMPLE
    left, right = d * 0.24, d * 0.76
    top, bottom = d * 0.28, d * 0.68
    # Three spikes over a band: the common crown shape, readable at 20 px.
    crown = [
        (left, bottom),
        (left, top + d * 0.06),
        (left + (right - left) * 0.25, top + d * 0.2),
        ((left + right) / 2, top),
        (right - (right - left) * 0.25, top + d * 0.2),
        (right, top + d * 0.06),
        (right, bottom),
    ]
    draw.polygon(crown, fill=edge)
    base.alpha_composite(shrink(big))
    return base


def arrow(
    draw: ImageDraw.ImageDraw,
    path: Sequence[Point],
    *,
    width: float,
    fill: RGB,
    edge: RGB,
) -> None:
    """A polyline through `path` ending in an arrowhead, outlined so it shows on any colour."""
    if len(path) < 2:
        return
    head = width * 3.2
    *body, (x1, y1) = path
    x0, y0 = body[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    # The shaft stops at the base of the head so the tip stays sharp.
    base = (x1 - math.cos(angle) * head * 0.8, y1 - math.sin(angle) * head * 0.8)
    shaft = [*body, base]
    tip = [
        (x1, y1),
        (
            x1 - head * math.cos(angle) + head * 0.6 * math.sin(angle),
            y1 - head * math.sin(angle) - head * 0.6 * math.cos(angle),
        ),
        (
            x1 - head * math.cos(angle) - head * 0.6 * math.sin(angle),
            y1 - head * math.sin(angle) + head * 0.6 * math.cos(angle),
        ),
    ]
    outline = max(1.0, width * 0.35)
    draw.line(shaft, fill=edge, width=round(width + 2 * outline), joint="curve")
    draw.polygon(tip, fill=fill, outline=edge, width=round(outline))
    draw.line(shaft, fill=fill, width=round(width), joint="curve")


@lru_cache(maxsize=16)
def cross_marker(diameter: int, fill: RGB, edge: RGB) -> Image.Image:
    """A round badge with an X: marks a hit checker or a captured piece."""
    big, draw = supersampled((diameter, diameter))
    d = diameter * SUPERSAMPLE
    draw.ellipse((0, 0, d - 1, d - 1), fill=edge)
    inset = d * 0.1
    draw.ellipse((inset, inset, d - inset, d - inset), fill=fill)
    a, b = d * 0.3, d * 0.7
    stroke = max(SUPERSAMPLE, round(d * 0.12))
    draw.line([(a, a), (b, b)], fill=edge, width=stroke)
    draw.line([(a, b), (b, a)], fill=edge, width=stroke)
    return shrink(big)


@lru_cache(maxsize=16)
def ring_marker(diameter: int, fill: RGB, edge: RGB) -> Image.Image:
    """A thick ring laid over a piece that has just moved."""
    big, draw = supersampled((diameter, diameter))
    d = diameter * SUPERSAMPLE
    band = max(SUPERSAMPLE, round(d * 0.12))
    draw.ellipse((0, 0, d - 1, d - 1), outline=edge, width=band + 2 * SUPERSAMPLE)
    inner = (SUPERSAMPLE, SUPERSAMPLE, d - SUPERSAMPLE, d - SUPERSAMPLE)
    draw.ellipse(inner, outline=fill, width=band)
    return shrink(big)


def paste_centred(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA sprite so that its centre lands on `centre`."""
    w, h = sprite.size
    canvas.paste(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)), sprite)


@lru_cache(maxsize=1024)
def _text_sprite(
    text: str, size: int, bold: bool, fill: RGB, anchor: str
) -> tuple[Image.Image, int, int]:
    """`text` as an RGBA sprite and its offset from the anchor point, rendered once.

    The colour is solid and the glyph coverage is the alpha, so pasting blends the anti-aliased
    edges with whatever lies below, exactly as drawing the text there would.
    """
    face = font(size, bold=bold)
    with _FONT_LOCK:
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        width, height = max(1, math.ceil(right - left)), max(1, math.ceil(bottom - top))
        mask = Image.new("L", (width, height), 0)
        ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    sprite = Image.new("RGBA", (width, height), (*fill, 255))
    sprite.putalpha(mask)
    return sprite, math.floor(left), math.floor(top)


@lru_cache(maxsize=256)
def _outlined_sprite(
    text: str, size: int, fill: RGB, outline: RGB, stroke: int
) -> tuple[Image.Image, int, int]:
    """`text` in `fill` ringed by `stroke` pixels of `outline`, top-left anchored, with offset."""
    face = font(size, bold=True)
    with _FONT_LOCK:
        left, top, right, bottom = face.getbbox(text, anchor="la", stroke_width=stroke)
        width, height = max(1, math.ceil(right - left)), max(1, math.ceil(bottom - top))
        halo = Image.new("L", (width, height), 0)
        ImageDraw.Draw(halo).text(
            (-left, -top),
            text,
            font=face,
            fill=255,
            anchor="la",
            stroke_width=stroke,
            stroke_fill=255,
        )
        core = Image.new("L", (width, height), 0)
        ImageDraw.Draw(core).text((-left, -top), text, font=face, fill=255, anchor="la")
    sprite = Image.new("RGBA", (width, height), (*outline, 255))
    sprite.putalpha(halo)
    sprite.paste(Image.new("RGBA", (width, height), (*fill, 255)), (0, 0), core)
    return sprite, math.floor(left), math.floor(top)


def write_outlined(
    image: Image.Image, origin: Point, text: str, *, size: int, fill: RGB, outline: RGB
) -> None:
    """Write bold `text` from its top-left `origin`, outlined so it reads on any background."""
    stroke = max(1, round(size / 9))
    sprite, dx, dy = _outlined_sprite(text, size, fill, outline, stroke)
    image.paste(sprite, (round(origin[0]) + dx, round(origin[1]) + dy), sprite)


def write_text(
    image: Image.Image,
    origin: Point,
    text: str,
    *,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Write `text` at `origin` (a Pillow text anchor) in the shipped font."""
    if not text:
        return
    sprite, dx, dy = _text_sprite(text, size, bold, fill, anchor)
    image.paste(sprite, (round(origin[0]) + dx, round(origin[1]) + dy), sprite)


def text_centred(
    image: Image.Image,
    centre: Point,
    text: str,
    *,
    size: int,
    fill: RGB,
    bold: bool = False,
) -> None:
    """Write `text` centred on `centre` in the shipped font."""
    write_text(image, centre, text, size=size, fill=fill, bold=bold, anchor="mm")


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = False) -> float:
    """Width in pixels of `text` in the shipped font (cached: names and labels repeat)."""
    with _FONT_LOCK:
        return float(font(size, bold=bold).getlength(text))


def text_fitted(
    image: Image.Image,
    origin: Point,
    text: str,
    *,
    size: int,
    max_width: float,
    fill: RGB,
    bold: bool = False,
    anchor: str = "lm",
) -> None:
    """Write `text`, shrinking the font to 3/4 size, then cutting with an ellipsis, to fit."""
    smallest = max(8, size * 3 // 4)
    while size > smallest and text_width(text, size, bold=bold) > max_width:
        size -= 1
    if text_width(text, size, bold=bold) > max_width:
        while text and text_width(text + "…", size, bold=bold) > max_width:
            text = text[:-1]
        text += "…"
    write_text(image, origin, text, size=size, fill=fill, bold=bold, anchor=anchor)


@lru_cache(maxsize=64)
def die(size: int, value: int, fill: RGB, spots: RGB, edge: RGB) -> Image.Image:
    """A smooth die of `size` pixels showing `value` (1..6)."""
    big, draw = supersampled((size, size))
    d = size * SUPERSAMPLE
    stroke = max(SUPERSAMPLE, round(d * 0.05))
    draw.rounded_rectangle((0, 0, d - 1, d - 1), radius=d * 0.18, fill=edge)
    draw.rounded_rectangle(
        (stroke, stroke, d - 1 - stroke, d - 1 - stroke), radius=d * 0.15, fill=fill
    )
    places = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[value]
    r = d * 0.095
    for col, row in places:
        cx = d * (0.25 + 0.25 * col)
        cy = d * (0.25 + 0.25 * row)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=spots)
    return shrink(big)
