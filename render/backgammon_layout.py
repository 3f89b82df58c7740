"""Where everything sits on a backgammon picture, and its static background (drawn once)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from PIL import Image, ImageDraw

from render.draw import SUPERSAMPLE, legible, shrink, text_centred
from render.size import ASPECT
from render.theme import Theme

STACK_SHOWN = 5  # checkers drawn on one point; past that the outermost carries the count

Box = tuple[float, float, float, float]
Centre = tuple[float, float]

# Design heights (the picture is 800 units wide, 640 high), top to bottom.
STRIP = 42  # a player's strip: disc, name, pips and score, clock, an owned cube
NUMBERS = 28  # a row of point numbers
FRAME = 432  # the board's frame, from the top numbers to the bottom ones
STATUS_TOP = STRIP + 2 * NUMBERS + FRAME + STRIP  # the prompt's band (68), to the bottom


@dataclass(frozen=True)
class BackgammonLayout:
    """The geometry of a backgammon picture `width` pixels wide (design units are 1/800)."""

    width: int

    @cached_property
    def height(self) -> int:
        """Picture height in pixels (5:4)."""
        return round(self.width * ASPECT)

    def u(self, value: float) -> float:
        """Design units (the picture is 800 units wide) to pixels."""
        return value * self.width / 800

    def size(self, value: float) -> int:
        """A design length as a whole number of pixels, never below 1."""
        return max(1, round(self.u(value)))

    def text(self, value: float) -> int:
        """A design font size in pixels, never below what a phone reads (`legible`)."""
        return max(self.size(value), legible(self.width))

    @cached_property
    def checker(self) -> int:
        """Checker diameter in pixels."""
        return self.size(40)

    @cached_property
    def point_width(self) -> float:
        """Width of one point (column) in pixels."""
        return self.u(54)

    @cached_property
    def frame(self) -> Box:
        """The board's outer wooden frame."""
        top = STRIP + NUMBERS
        return (self.u(8), self.u(top), self.u(792), self.u(top + FRAME))

    @cached_property
    def left_field(self) -> Box:
        """The half board left of the bar (points 7–18 from the viewer)."""
        _, top, _, bottom = self.frame
        return (self.u(18), top + self.u(8), self.u(18 + 6 * 54), bottom - self.u(8))

    @cached_property
    def bar(self) -> Box:
        """The bar between the two half boards."""
        left = self.left_field[2]
        return (left, self.left_field[1], left + self.u(42), self.left_field[3])

    @cached_property
    def right_field(self) -> Box:
        """The half board right of the bar (the viewer's home board below)."""
        left = self.bar[2]
        return (left, self.left_field[1], left + self.u(6 * 54), self.left_field[3])

    @cached_property
    def tray(self) -> Box:
        """The bear-off column right of the board."""
        left = self.right_field[2] + self.u(8)
        return (left, self.left_field[1], self.frame[2] - self.u(8), self.left_field[3])

    @cached_property
    def point_depth(self) -> float:
        """How far a point's triangle reaches into the board."""
        return self.u(176)

    def strip(self, top: bool) -> Box:
        """A player's strip: the opponent's above the board (`top`), the viewer's below it."""
        y = 0.0 if top else STRIP + 2 * NUMBERS + FRAME
        return (self.u(8), self.u(y), self.u(792), self.u(y + STRIP))

    @cached_property
    def status_band(self) -> Box:
        """The band under the viewer's strip: the prompt and the match line."""
        return (self.u(18), self.u(STATUS_TOP), self.u(782), float(self.height))

    def point_column(self, point: int) -> tuple[float, bool]:
        """The x centre of a point (viewer numbering 1..24) and whether it lies on top."""
        if not 1 <= point <= 24:
            raise ValueError(f"point must be 1–24, not {point}")
        pw = self.point_width
        if point <= 6:
            return self.right_field[2] - (point - 0.5) * pw, False
        if point <= 12:
            return self.left_field[2] - (point - 6.5) * pw, False
        if point <= 18:
            return self.left_field[0] + (point - 12.5) * pw, True
        return self.right_field[0] + (point - 18.5) * pw, True

    def checker_centre(self, point: int, slot: int) -> Centre:
        """Centre of the `slot`-th checker (0 = at the edge) on a point, viewer numbering."""
        x, top = self.point_column(point)
        offset = (slot + 0.5) * self.checker
        if top:
            return x, self.left_field[1] + offset
        return x, self.left_field[3] - offset

    def bar_centre(self, viewer: bool, slot: int) -> Centre:
        """Centre of a bar checker: the viewer's sit above the middle, towards where they enter."""
        x = (self.bar[0] + self.bar[2]) / 2
        middle = (self.bar[1] + self.bar[3]) / 2
        offset = self.u(30) + (slot + 0.5) * self.checker
        return (x, middle - offset) if viewer else (x, middle + offset)

    def tray_slab(self, viewer: bool, index: int) -> Box:
        """The `index`-th borne-off checker, drawn edge-on: the viewer's tray is the lower one."""
        x0, y0, x1, y1 = self.tray
        slab = self.u(10)
        if viewer:
            bottom = y1 - index * slab
            return (x0 + self.u(2), bottom - slab + self.u(1), x1 - self.u(2), bottom)
        top = y0 + index * slab
        return (x0 + self.u(2), top, x1 - self.u(2), top + slab - self.u(1))

    def tray_label(self, viewer: bool, count: int) -> Centre:
        """Where the count of a side's `count` borne-off checkers is written: just past the end
        of its own stack, so that when both sides have checkers off each number sits against
        its own colour (two numbers side by side in the middle did not say whose was whose)."""
        x = (self.tray[0] + self.tray[2]) / 2
        _, stack_end, _, _ = self.tray_slab(True, count - 1)
        if viewer:
            return (x, stack_end - self.u(13))
        _, _, _, stack_end = self.tray_slab(False, count - 1)
        return (x, stack_end + self.u(13))

    def die_size(self, count: int) -> int:
        """Side of one die: smaller when a double shows four."""
        return self.size(40 if count <= 2 else 34)

    def dice_centres(self, viewer_to_play: bool, count: int) -> list[Centre]:
        """Dice lie in a row in the middle of the mover's half: the right half for the viewer."""
        field = self.right_field if viewer_to_play else self.left_field
        cx, cy = (field[0] + field[2]) / 2, (field[1] + field[3]) / 2
        size, gap = self.die_size(count), self.u(8)
        first = cx - (count * size + (count - 1) * gap) / 2 + size / 2
        return [(first + k * (size + gap), cy) for k in range(count)]

    def cube_box(self, owner: bool | None) -> Box:
        """The cube: at the right end of its owner's strip (the viewer's when `owner` is True),
        in the middle of the tray while nobody owns it (None)."""
        size = self.u(40)
        if owner is None:
            cx = (self.tray[0] + self.tray[2]) / 2
            cy = (self.tray[1] + self.tray[3]) / 2
        else:
            _, y0, x1, y1 = self.strip(not owner)
            cx, cy = x1 - size / 2 - self.u(2), (y0 + y1) / 2
        return (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)

    def number_centre(self, point: int) -> Centre:
        """Where a point's number is written, outside the frame."""
        x, top = self.point_column(point)
        if top:
            return x, self.frame[1] - self.u(NUMBERS / 2)
        return x, self.frame[3] + self.u(NUMBERS / 2)


@lru_cache(maxsize=16)
def layout_for(width: int) -> BackgammonLayout:
    """The layout for `width`, built once so its measures are computed once."""
    return BackgammonLayout(width)


@lru_cache(maxsize=16)
def board_background(layout: BackgammonLayout, theme: Theme) -> Image.Image:
    """The empty board (frame, felt, points, bar, tray) for one size and theme, drawn once."""
    # Past 800 px the edges are fine at half the supersampling, and the scratch canvas stays
    # near 3200 px wide instead of growing with the picture.
    s = SUPERSAMPLE if layout.width <= 800 else SUPERSAMPLE // 2
    # Opaque throughout, so drawn in RGB: an RGBA canvas would be copied twice more to be
    # resized (alpha premultiplied, then back), a peak of about 75 MB that the drawing process
    # would keep as its size; the pixels are the same.
    big = Image.new("RGB", (layout.width * s, layout.height * s), theme.canvas)
    draw = ImageDraw.Draw(big)

    def scaled(box: Box) -> Box:
        return (box[0] * s, box[1] * s, box[2] * s, box[3] * s)

    draw.rounded_rectangle(scaled(layout.frame), radius=layout.u(8) * s, fill=theme.frame)
    for field in (layout.left_field, layout.right_field):
        draw.rectangle(scaled(field), fill=theme.felt)
    draw.rectangle(scaled(layout.tray), fill=theme.felt)
    depth = layout.point_depth
    half = layout.point_width / 2
    for point in range(1, 25):
        x, top = layout.point_column(point)
        colour = theme.point_a if point % 2 else theme.point_b
        if top:
            base = layout.left_field[1]
            tip = base + depth
        else:
            base = layout.left_field[3]
            tip = base - depth
        triangle = [((x - half) * s, base * s), ((x + half) * s, base * s), (x * s, tip * s)]
        draw.polygon(triangle, fill=colour)
    return shrink(big, s)


@lru_cache(maxsize=16)
def numbered_background(layout: BackgammonLayout, theme: Theme, flipped: bool) -> Image.Image:
    """The empty board with its point numbers: the viewer's, or when `flipped` the other
    side's (BG-1: the viewer's point p is the other side's 25 − p)."""
    image = board_background(layout, theme).copy()
    size = layout.text(27)
    for point in range(1, 25):
        label = str(25 - point if flipped else point)
        text_centred(image, layout.number_centre(point), label, size=size, fill=theme.muted)
    return image
