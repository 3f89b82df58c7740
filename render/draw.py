"""Drawing primitives shared by both boards: smooth sprites, arrows, markers and text."""

from __future__ import annotations

import math
import threading
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from render.fonts import font, runs
from render.theme import RGB

# Shapes are drawn this many times larger and scaled down, which smooths their edges; Pillow's
# own shapes are not anti-aliased.
SUPERSAMPLE = 4

# The bot renders from worker threads (asyncio.to_thread) and the font objects are shared
# through a cache; one FreeType face is not safe to use from two threads at once. Text is
# rendered once per label into a cached sprite, and only the clock (new on every picture) is
# drawn each time, so the lock is seldom taken and briefly held.
_FONT_LOCK = threading.Lock()

Point = tuple[float, float]

# Discord's phone app shows a picture about 340 px wide; there every word and number must stay
# at least 11 px (font size), so a picture's smallest text is 11/340 of its width.
PHONE_WIDTH = 340
PHONE_TEXT = 11


def legible(width: int) -> int:
    """The smallest font size, in pixels, of a picture `width` pixels wide: 11 px once it is
    shown 340 px wide on a phone."""
    return math.ceil(width * PHONE_TEXT / PHONE_WIDTH)


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


def cut_out(canvas: Image.Image) -> tuple[Image.Image, tuple[int, int]]:
    """What is drawn on a transparent RGBA canvas the size of the picture, cut to its box, and
    the box's corner on the picture.

    Pillow's shapes are not anti-aliased: drawn where they lie on the picture, their pixels are
    opaque or untouched, so pasting the cut-out through its own alpha puts back exactly the
    pixels drawing them on the picture would. (Drawn elsewhere, fractional coordinates could
    round another way.)
    """
    box = canvas.getbbox() or (0, 0, 1, 1)
    return canvas.crop(box), (box[0], box[1])


def paste_centred(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA sprite so that its centre lands on `centre`."""
    w, h = sprite.size
    canvas.paste(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)), sprite)


Placed = tuple[str, ImageFont.FreeTypeFont, Point, str]
"""A run of text, its font, where its anchor point lies from the text's own, and that anchor."""

_HORIZONTAL = {"l": 0.0, "m": 0.5, "r": 1.0}


def _placed(text: str, size: int, bold: bool, anchor: str) -> list[Placed]:
    """`text` as runs of one font each (`render.fonts.runs`), laid side by side on one baseline.

    A text in one font is drawn as Pillow draws it, at `anchor`. Runs are drawn from their left
    end on the baseline, placed so that the line's `anchor` (horizontal l, m or r; vertical a,
    m, s or d, by DejaVu's metrics) falls where one font's would. Call under `_FONT_LOCK`.
    """
    pieces = runs(text, bold=bold)
    if len(pieces) <= 1:
        cjk = bool(pieces) and pieces[0][1]
        return [(text, font(size, bold=bold, cjk=cjk), (0.0, 0.0), anchor)]
    faces = [(run, font(size, bold=bold, cjk=cjk)) for run, cjk in pieces]
    widths = [face.getlength(run) for run, face in faces]
    x = -_HORIZONTAL[anchor[0]] * sum(widths)
    primary = font(size, bold=bold)
    # How far the baseline lies below the anchor point: the same glyph's top under both anchors.
    y = primary.getbbox("x", anchor="l" + anchor[1])[1] - primary.getbbox("x", anchor="ls")[1]
    placed: list[Placed] = []
    for (run, face), width in zip(faces, widths, strict=True):
        placed.append((run, face, (x, y), "ls"))
        x += width
    return placed


def _bounds(placed: list[Placed], stroke: int) -> tuple[float, float, float, float]:
    """The box every run's ink (with a `stroke` halo) covers, from the text's anchor point."""
    boxes = [
        (x + left, y + top, x + right, y + bottom)
        for run, face, (x, y), anchor in placed
        for left, top, right, bottom in [face.getbbox(run, anchor=anchor, stroke_width=stroke)]
    ]
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


def _mask(
    placed: list[Placed], bounds: tuple[float, float, float, float], stroke: int
) -> Image.Image:
    """The runs' coverage (0-255) in a canvas the size of `bounds`, whose corner is its origin."""
    left, top, right, bottom = bounds
    mask = Image.new("L", (max(1, math.ceil(right - left)), max(1, math.ceil(bottom - top))), 0)
    draw = ImageDraw.Draw(mask)
    for run, face, (x, y), anchor in placed:
        draw.text(
            (x - left, y - top),
            run,
            font=face,
            fill=255,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=255,
        )
    return mask


@lru_cache(maxsize=1024)
def _text_sprite(
    text: str, size: int, bold: bool, fill: RGB, anchor: str
) -> tuple[Image.Image, int, int]:
    """`text` as an RGBA sprite and its offset from the anchor point, rendered once.

    The colour is solid and the glyph coverage is the alpha, so pasting blends the anti-aliased
    edges with whatever lies below, exactly as drawing the text there would.
    """
    with _FONT_LOCK:
        placed = _placed(text, size, bold, anchor)
        bounds = _bounds(placed, 0)
        mask = _mask(placed, bounds, 0)
    sprite = Image.new("RGBA", mask.size, (*fill, 255))
    sprite.putalpha(mask)
    return sprite, math.floor(bounds[0]), math.floor(bounds[1])


@lru_cache(maxsize=256)
def _outlined_sprite(
    text: str, size: int, fill: RGB, outline: RGB, stroke: int
) -> tuple[Image.Image, int, int]:
    """`text` in `fill` ringed by `stroke` pixels of `outline`, top-left anchored, with offset."""
    with _FONT_LOCK:
        placed = _placed(text, size, True, "la")
        bounds = _bounds(placed, stroke)
        halo = _mask(placed, bounds, stroke)
        core = _mask(placed, bounds, 0)
    sprite = Image.new("RGBA", halo.size, (*outline, 255))
    sprite.putalpha(halo)
    sprite.paste(Image.new("RGBA", halo.size, (*fill, 255)), (0, 0), core)
    return sprite, math.floor(bounds[0]), math.floor(bounds[1])


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
    cached: bool = True,
) -> None:
    """Write `text` at `origin` (a Pillow text anchor) in the shipped font.

    A text that changes with every picture (a clock showing seconds) is written `cached=False`,
    on an RGB picture: a sprite kept for it would never be pasted again.
    """
    if not text:
        return
    x, y = round(origin[0]), round(origin[1])
    pieces = () if cached else runs(text, bold=bold)
    if len(pieces) == 1:
        face = font(size, bold=bold, cjk=pieces[0][1])
        # Drawn from a whole pixel, the glyphs are the sprite's and their coverage blends with
        # the picture by the same arithmetic as a paste: the same pixels, without the sprite.
        with _FONT_LOCK:
            ImageDraw.Draw(image).text((x, y), text, font=face, fill=fill, anchor=anchor)
        return
    sprite, dx, dy = _text_sprite(text, size, bold, fill, anchor)
    image.paste(sprite, (x + dx, y + dy), sprite)


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
    """Width in pixels of `text` in the shipped fonts (cached: names and labels repeat)."""
    with _FONT_LOCK:
        return float(
            sum(font(size, bold=bold, cjk=cjk).getlength(run) for run, cjk in runs(text, bold=bold))
        )


# A line may break between two characters where one is Chinese (a script written without
# spaces), but never before closing punctuation nor after opening punctuation.
_NO_BREAK_BEFORE = frozenset("，。、：；！？）」』》〉…·,.:;!?)")
_NO_BREAK_AFTER = frozenset("（「『《〈(")


def _breakable(before: str, after: str) -> bool:
    """Whether a line may break between `before` and `after`, two characters of one word."""
    wide = {unicodedata.east_asian_width(before), unicodedata.east_asian_width(after)} & {"W", "F"}
    return bool(wide) and after not in _NO_BREAK_BEFORE and before not in _NO_BREAK_AFTER


def _pieces(word: str) -> list[str]:
    """A word cut where a line may break inside it (only Chinese has such places)."""
    pieces = [word[:1]]
    for before, after in pairwise(word):
        if _breakable(before, after):
            pieces.append(after)
        else:
            pieces[-1] += after
    return pieces


def wrapped(text: str, size: int, width: float, *, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width`: between words, and between Chinese
    characters (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        for index, piece in enumerate(_pieces(word)):
            joined = f"{lines[-1]}{' ' if index == 0 else ''}{piece}" if lines else piece
            if lines and text_width(joined, size, bold=bold) <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
    return lines


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
    cached: bool = True,
) -> None:
    """Write `text`, shrinking the font to 3/4 size but never below what a phone reads
    (`legible`), then cutting with an ellipsis, to fit (`cached` as for `write_text`)."""
    smallest = min(size, max(8, size * 3 // 4, legible(image.width)))
    while size > smallest and text_width(text, size, bold=bold) > max_width:
        size -= 1
    if text_width(text, size, bold=bold) > max_width:
        while text and text_width(text + "…", size, bold=bold) > max_width:
            text = text[:-1]
        text += "…"
    write_text(image, origin, text, size=size, fill=fill, bold=bold, anchor=anchor, cached=cached)


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
