"""Backgammon pictures: a `BackgammonScene` (position plus game state) in, PNG bytes out."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.backgammon import Position, Side
from render.backgammon_layout import (
    STACK_SHOWN,
    BackgammonLayout,
    Centre,
    layout_for,
    numbered_background,
)
from render.backgammon_scene import (
    BackgammonScene,
    Prompt,
    match_line,
    status_line,
    viewer_point,
)
from render.clock import clock_text, ticking
from render.draw import (
    arrow,
    cross_marker,
    cut_out,
    die,
    disc,
    paste_centred,
    ring_marker,
    text_centred,
    text_fitted,
    text_width,
    wrapped,
    write_text,
)
from render.encode import png_bytes
from render.size import check_width
from render.theme import LIGHT, RGB, Theme


def piece_colours(side: Side, theme: Theme) -> tuple[RGB, RGB]:
    """Fill and rim of a side's checkers: white plays the light ones."""
    return theme.piece(side == Side.WHITE)


def draw_backgammon(
    scene: BackgammonScene, *, theme: Theme = LIGHT, width: int = 800
) -> Image.Image:
    """The scene as an RGB image (what `render_backgammon` encodes)."""
    check_width(width)
    layout = layout_for(width)
    viewer = scene.perspective
    image = numbered_background(layout, theme, scene.numbering != viewer).copy()
    _draw_checkers(image, layout, theme, scene.position, viewer)
    if scene.last_play is not None:
        _draw_last_play(image, ImageDraw.Draw(image), layout, theme, scene, viewer)
    _draw_dice(image, layout, theme, scene, viewer)
    _draw_panel(image, layout, theme, scene, viewer)
    return image


def render_backgammon(scene: BackgammonScene, *, theme: Theme = LIGHT, width: int = 800) -> bytes:
    """The scene as a palette PNG `width` × `width * 0.8` pixels (5:4)."""
    return png_bytes(draw_backgammon(scene, theme=theme, width=width), theme)


def _stack(
    image: Image.Image,
    layout: BackgammonLayout,
    theme: Theme,
    side: Side,
    count: int,
    centres: list[Centre],
) -> None:
    """Up to five checkers (four on the bar) on `centres`, the outermost carrying the count."""
    fill, edge = piece_colours(side, theme)
    shown = min(count, len(centres))
    size = layout.checker
    # Each checker lands where `paste_centred` would put it; the stack is one cut-out.
    corners = [(round(x - size / 2), round(y - size / 2)) for x, y in centres[:shown]]
    left, top = min(x for x, _ in corners), min(y for _, y in corners)
    sprite = _stack_sprite(size, fill, edge, tuple((x - left, y - top) for x, y in corners))
    image.paste(sprite, (left, top), sprite)
    if count > shown:
        label = str(count)
        size = layout.text(27)
        text_centred(image, centres[shown - 1], label, size=size, fill=edge, bold=True)


# A theme and width use 36 (both sides: five heights up and down, four on each bar).
@lru_cache(maxsize=256)
def _stack_sprite(
    size: int, fill: RGB, edge: RGB, corners: tuple[tuple[int, int], ...]
) -> Image.Image:
    """Checkers of `size` with their top-left corners at `corners`, as one RGBA sprite: a
    stack is then one paste, not one per checker (each paste costs Pillow's Python time)."""
    piece = disc(size, fill, edge)
    width = max(x for x, _ in corners) + size
    height = max(y for _, y in corners) + size
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for corner in corners:
        # Composited, not pasted: on a transparent canvas that keeps each checker's pixels
        # exactly, and where two touch, the later one lies over the earlier as on the board.
        sprite.alpha_composite(piece, corner)
    return sprite


def _draw_checkers(
    image: Image.Image, layout: BackgammonLayout, theme: Theme, position: Position, viewer: Side
) -> None:
    """Every checker on the points, the bar and in the trays, numbered for `viewer`."""
    for side in (Side.WHITE, Side.BLACK):
        for index, count in enumerate(position.points[side]):
            if count:
                point = viewer_point(index + 1, side, viewer)
                centres = [layout.checker_centre(point, slot) for slot in range(STACK_SHOWN)]
                _stack(image, layout, theme, side, count, centres)
        on_bar = position.bar[side]
        if on_bar:
            mine = side == viewer
            centres = [layout.bar_centre(mine, slot) for slot in range(4)]
            _stack(image, layout, theme, side, on_bar, centres)
        _draw_tray(image, layout, theme, side, position.off[side], side == viewer)


def _draw_tray(
    image: Image.Image,
    layout: BackgammonLayout,
    theme: Theme,
    side: Side,
    count: int,
    mine: bool,
) -> None:
    """A side's borne-off checkers as slabs in its tray, with their count."""
    if not count:
        return
    fill, edge = piece_colours(side, theme)
    slabs, corner = _tray_slabs(layout, fill, edge, count, mine)
    image.paste(slabs, corner, slabs)
    text_centred(
        image,
        layout.tray_label(mine, count),
        str(count),
        size=layout.text(27),
        fill=theme.text,
        bold=True,
    )


@lru_cache(maxsize=128)
def _tray_slabs(
    layout: BackgammonLayout, fill: RGB, edge: RGB, count: int, mine: bool
) -> tuple[Image.Image, tuple[int, int]]:
    """`count` borne-off checkers as one cut-out (`render.draw.cut_out`): a full tray is 15
    rounded rectangles, half a millisecond to draw."""
    canvas = Image.new("RGBA", (layout.width, layout.height))
    draw = ImageDraw.Draw(canvas)
    for index in range(count):
        draw.rounded_rectangle(
            layout.tray_slab(mine, index), radius=layout.u(3), fill=fill, outline=edge
        )
    return cut_out(canvas)


def _move_end(
    layout: BackgammonLayout, point: int, mover: Side, viewer: Side, slot: int, *, is_bar: bool
) -> Centre:
    """Where a move's arrow starts or ends: a point's `slot`, the mover's bar spot, or the
    `slot`-th checker in the mover's tray."""
    if is_bar:
        return layout.bar_centre(mover == viewer, 0)
    if point == 0:
        x0, y0, x1, y1 = layout.tray_slab(mover == viewer, slot)
        return (x0 + x1) / 2, (y0 + y1) / 2
    return layout.checker_centre(viewer_point(point, mover, viewer), min(slot, STACK_SHOWN - 1))


def _towards(point: Centre, other: Centre, distance: float) -> Centre:
    """`point` moved `distance` pixels towards `other` (an arrow stops at a checker's rim)."""
    dx, dy = other[0] - point[0], other[1] - point[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= distance:
        return point
    return point[0] + dx / length * distance, point[1] + dy / length * distance


def _draw_last_play(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: BackgammonLayout,
    theme: Theme,
    scene: BackgammonScene,
    viewer: Side,
) -> None:
    """Arrows for each move of the last play, rings on checkers that landed, X where it hit."""
    play = scene.last_play
    assert play is not None
    position = scene.position
    mover = position.turn.opponent
    arrivals: Counter[int] = Counter()
    for move in play.moves:
        arrivals[move.target] += 1
        arrivals[move.source] -= 1
    stroke = layout.u(4)
    # Checkers borne off by this play are the last ones in the tray, in the order played.
    next_off = position.off[mover] - arrivals[0]
    for move in play.moves:
        here = position.count(mover, move.source) if 1 <= move.source <= 24 else 0
        start = _move_end(layout, move.source, mover, viewer, here, is_bar=move.source == 25)
        if move.target == 0:
            end = _move_end(layout, 0, mover, viewer, next_off, is_bar=False)
            x0, y0, x1, y1 = layout.tray_slab(mover == viewer, next_off)
            draw.rounded_rectangle(
                (x0, y0, x1, y1), radius=layout.u(3), outline=theme.accent, width=layout.size(3)
            )
            next_off += 1
        else:
            there = position.count(mover, move.target)
            end = _towards(
                _move_end(layout, move.target, mover, viewer, there - 1, is_bar=False),
                start,
                layout.checker * 0.5,
            )
        arrow(draw, [start, end], width=stroke, fill=theme.accent, edge=theme.accent_edge)
    ring = ring_marker(layout.checker, theme.accent, theme.accent_edge)
    for target, net in arrivals.items():
        if 1 <= target <= 24 and net > 0:
            # A tall stack shows only five; the newcomers are ringed at the top of what shows.
            shown = min(position.count(mover, target), STACK_SHOWN)
            for slot in range(max(0, shown - net), shown):
                centre = layout.checker_centre(viewer_point(target, mover, viewer), slot)
                paste_centred(image, ring, centre)
    badge = cross_marker(layout.size(20), theme.accent, theme.accent_edge)
    for move in play.moves:
        if move.hit:
            point = viewer_point(move.target, mover, viewer)
            x, y = layout.checker_centre(point, 0)
            _, top = layout.point_column(point)
            # The badge sits on the checker's outer edge so the hitter stays visible.
            edge = y - layout.checker / 2 if top else y + layout.checker / 2
            paste_centred(image, badge, (x + layout.checker * 0.35, edge))


def _draw_dice(
    image: Image.Image, layout: BackgammonLayout, theme: Theme, scene: BackgammonScene, viewer: Side
) -> None:
    """The roll in the mover's half of the board; dice already played are faded."""
    if scene.dice is None:
        return
    mover = scene.position.turn
    fill, edge = piece_colours(mover, theme)
    full = scene.dice * 2 if scene.dice[0] == scene.dice[1] else scene.dice
    left = Counter(scene.remaining)
    size = layout.die_size(len(full))
    centres = layout.dice_centres(mover == viewer, len(full))
    for value, centre in zip(full, centres, strict=True):
        sprite = die(size, value, fill, edge, edge)
        if left[value] > 0:
            left[value] -= 1
        else:
            # A used die is shown faded, so the numbers still to play stand out.
            sprite = sprite.copy()
            sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 35 // 100))
        paste_centred(image, sprite, centre)


def _draw_panel(
    image: Image.Image,
    layout: BackgammonLayout,
    theme: Theme,
    scene: BackgammonScene,
    viewer: Side,
) -> None:
    """Both players' strips (the opponent's above the board), the prompt and the match line
    below, and the cube."""
    for side, top in ((viewer.opponent, True), (viewer, False)):
        _draw_strip(image, layout, theme, scene, side, top)
    _draw_status(image, layout, theme, scene)
    if scene.cube_in_play:
        _draw_cube(image, layout, theme, scene, viewer)


def _draw_strip(
    image: Image.Image,
    layout: BackgammonLayout,
    theme: Theme,
    scene: BackgammonScene,
    side: Side,
    top: bool,
) -> None:
    """One player's line: their colour, name (bold for whoever must act, or the winner), pips
    and score, and at the right end the clock while they act and the cube they own."""
    x0, y0, x1, y1 = layout.strip(top)
    middle = (y0 + y1) / 2
    fill, edge = piece_colours(side, theme)
    paste_centred(image, disc(layout.size(30), fill, edge), (x0 + layout.u(16), middle))
    size = layout.text(27)
    right = x1
    if scene.cube_in_play and scene.cube_owner == side:
        right = layout.cube_box(side == scene.perspective)[0] - layout.u(12)
    words = scene.words
    if scene.clock is not None and scene.clock[0] == side:
        clock = words.time_left.format(clock=clock_text(scene.clock[1], words))
        write_text(
            image,
            (right, middle),
            clock,
            size=size,
            fill=theme.muted,
            anchor="rm",
            cached=not ticking(scene.clock[1]),
        )
        right -= text_width(clock, size) + layout.u(20)
    over = scene.action is Prompt.GAME_OVER
    bold = side == (scene.position.winner() if over else scene.actor)
    details = words.count(words.pips, scene.position.pip_count(side))
    if scene.match_length:
        details += " · " + words.count(words.points, scene.score[side])
    left = x0 + layout.u(40)
    name_size = layout.text(28)
    gap = layout.u(14)
    room = max(layout.u(160), right - left - text_width(details, size) - gap)
    name_width = min(text_width(scene.names[side], name_size, bold=bold), room)
    text_fitted(
        image,
        (left, middle),
        scene.names[side],
        size=name_size,
        max_width=room,
        fill=theme.text,
        bold=bold,
    )
    start = left + name_width + gap
    text_fitted(
        image, (start, middle), details, size=size, max_width=right - start, fill=theme.muted
    )


def _draw_status(
    image: Image.Image, layout: BackgammonLayout, theme: Theme, scene: BackgammonScene
) -> None:
    """The prompt in bold on up to two lines, and the match line: after the prompt's last line
    where it fits, else on a line of its own under a one-line prompt."""
    left, top, right, bottom = layout.status_band
    size = layout.text(27)
    lines = wrapped(status_line(scene), size, right - left, bold=True) or [""]
    if len(lines) > 2:
        # Past two lines (names of twenty letters each), the second line ends in an ellipsis.
        lines = [lines[0], " ".join(lines[1:])]
    match = match_line(scene)
    gap = layout.u(24)
    beside = left + text_width(lines[-1], size, bold=True) + gap + text_width(match, size)
    below = beside > right and len(lines) == 1
    pitch = size * 1.12
    middle = (top + bottom) / 2
    first = middle - pitch / 2 if len(lines) > 1 or below else middle
    for index, line in enumerate(lines):
        y = first + index * pitch
        text_fitted(
            image, (left, y), line, size=size, max_width=right - left, fill=theme.text, bold=True
        )
    if below:
        y = first + pitch
        text_fitted(image, (left, y), match, size=size, max_width=right - left, fill=theme.muted)
    elif beside <= right:
        y = first + (len(lines) - 1) * pitch
        text_fitted(
            image,
            (right, y),
            match,
            size=size,
            max_width=text_width(match, size),
            fill=theme.muted,
            anchor="rm",
        )


def _draw_cube(
    image: Image.Image,
    layout: BackgammonLayout,
    theme: Theme,
    scene: BackgammonScene,
    viewer: Side,
) -> None:
    """The cube sits at the end of its owner's strip, or in the tray's middle while centred."""
    owner = None if scene.cube_owner is None else scene.cube_owner == viewer
    box = layout.cube_box(owner)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    cube, corner = _cube(layout, theme, owner)
    image.paste(cube, corner, cube)
    # A centred cube shows 64, as on the physical cube (BG-14).
    label = "64" if scene.cube_owner is None else str(scene.cube)
    text_centred(image, (cx, cy), label, size=layout.text(27), fill=theme.cube_text, bold=True)


@lru_cache(maxsize=16)
def _cube(
    layout: BackgammonLayout, theme: Theme, owner: bool | None
) -> tuple[Image.Image, tuple[int, int]]:
    """The cube's face, without its number, as a cut-out (`render.draw.cut_out`): a rounded
    rectangle is slow for Pillow to draw, on every picture."""
    canvas = Image.new("RGBA", (layout.width, layout.height))
    ImageDraw.Draw(canvas).rounded_rectangle(
        layout.cube_box(owner),
        radius=layout.u(6),
        fill=theme.cube,
        outline=theme.cube_text,
        width=layout.size(2),
    )
    return cut_out(canvas)
