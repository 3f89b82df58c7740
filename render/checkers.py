"""Checkers pictures (8×8 and 10×10): a `CheckersScene` in, PNG bytes out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from PIL import Image, ImageDraw

from engine.checkers import Color, GameResult, Move, Piece, Position, square_coordinates
from render.clock import check_clock, clock_text, ticking
from render.draw import (
    SUPERSAMPLE,
    arrow,
    cross_marker,
    crowned_disc,
    disc,
    legible,
    paste_centred,
    ring_marker,
    shrink,
    text_fitted,
    text_width,
    wrapped,
    write_outlined,
)
from render.encode import png_bytes
from render.size import ASPECT, check_width
from render.theme import LIGHT, RGB, Theme
from render.words import ENGLISH, Words

Centre = tuple[float, float]


@dataclass(frozen=True, slots=True)
class CheckersScene:
    """Everything one checkers picture shows.

    `names` is (white, black). `last_move` was made by `position.turn.opponent`. `viewer` is the
    side drawn at the bottom; by default the reader, else the side to move. `reader` is the
    player the alt text speaks to as "you" (a picture only they see), drawn at the bottom;
    without one the alt text speaks of both players in the third person. `numbers` writes the
    PDN square numbers in a corner of the dark squares. `result`, when given, replaces the
    prompt, and `caption` replaces both (replays use it to say which move a frame shows, the
    bot how a game ended). `draw_offered_by` is the side offering a draw: the prompt says the
    other side must accept or decline. `clock` is (colour, seconds): the time the side to act
    had left when the picture was drawn, shown by its name. `words` are the words drawn and
    written in the alt text (English by default).
    """

    position: Position
    names: tuple[str, str] = ("White", "Black")
    last_move: Move | None = None
    viewer: Color | None = None
    reader: Color | None = None
    numbers: bool = True
    result: GameResult | None = None
    caption: str | None = None
    clock: tuple[Color, int] | None = None
    draw_offered_by: Color | None = None
    words: Words = ENGLISH

    def __post_init__(self) -> None:
        """Refuse a last move that does not fit the board, or an offer after the end, with the
        reason."""
        if len(self.names) != 2:
            raise ValueError("names must give one name per side (white, black)")
        check_clock(self.clock)
        if self.draw_offered_by is not None and self.result is not None:
            raise ValueError("a draw cannot be offered in a finished game")
        if self.reader is not None and self.viewer not in (None, self.reader):
            raise ValueError("a reader sees the board from their own side")
        if self.last_move is not None:
            count = self.position.variant.squares
            for square in (*self.last_move.path, *self.last_move.captures):
                if not 1 <= square <= count:
                    raise ValueError(f"last move {self.last_move.pdn()} leaves the 1–{count} board")
            if len(self.last_move.path) < 2:
                raise ValueError("a last move needs a start and an end square")

    @property
    def perspective(self) -> Color:
        """The side drawn at the bottom."""
        if self.viewer is not None:
            return self.viewer
        return self.reader if self.reader is not None else self.position.turn

    @property
    def actor(self) -> Color:
        """The side that must act: the side offered a draw, else the side to move."""
        if self.draw_offered_by is not None:
            return self.draw_offered_by.opponent
        return self.position.turn

    def name(self, color: Color) -> str:
        """The player's name for a colour."""
        return self.names[0] if color is Color.WHITE else self.names[1]


@dataclass(frozen=True)
class CheckersLayout:
    """The geometry of a checkers picture: the board on the left, three quarters of the width,
    and a panel on the right (each measure computed once: a picture asks for them hundreds of
    times). The picture is 5:4, as the backgammon picture: a square board that wide needs it."""

    width: int
    board_size: int

    @cached_property
    def height(self) -> int:
        """Picture height in pixels (5:4, as the backgammon picture)."""
        return round(self.width * ASPECT)

    @cached_property
    def margin(self) -> float:
        """Space left of the board."""
        return self.width * 8 / 800

    @cached_property
    def square(self) -> float:
        """Side of one square in pixels: the board is 3/4 of the picture's width."""
        return self.width * 0.75 / self.board_size

    @cached_property
    def board(self) -> tuple[float, float, float, float]:
        """The board's box, centred in the height."""
        side = self.square * self.board_size
        top = (self.height - side) / 2
        return (self.margin, top, self.margin + side, top + side)

    def text(self, value: float) -> int:
        """A design font size (1/800 of the width) in pixels, never below what a phone reads."""
        return max(round(value * self.width / 800), legible(self.width))

    @cached_property
    def panel(self) -> tuple[float, float, float, float]:
        """The side panel for names, counts and the prompt."""
        return (
            self.board[2] + self.margin * 2,
            self.margin,
            self.width - self.margin,
            self.board[3],
        )

    def cell(self, square: int, viewer: Color) -> tuple[int, int]:
        """The (row, col) a square is drawn at; seen from Black, the diagram turns half round."""
        row, col = square_coordinates(square, self.board_size)
        if viewer is Color.BLACK:
            last = self.board_size - 1
            return last - row, last - col
        return row, col

    def centre(self, square: int, viewer: Color) -> Centre:
        """The centre of a square on the picture."""
        row, col = self.cell(square, viewer)
        return (
            self.board[0] + (col + 0.5) * self.square,
            self.board[1] + (row + 0.5) * self.square,
        )

    @cached_property
    def piece(self) -> int:
        """Piece diameter in pixels."""
        return max(6, round(self.square * 0.78))


@lru_cache(maxsize=16)
def _background(layout: CheckersLayout, theme: Theme, viewer: Color, numbers: bool) -> Image.Image:
    """The empty board with its square numbers, drawn once per size, theme and side."""
    image = Image.new("RGB", (layout.width, layout.height), theme.canvas)
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = layout.board
    draw.rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), fill=theme.frame)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=theme.light_square)
    size = layout.square
    for square in range(1, layout.board_size**2 // 2 + 1):
        row, col = layout.cell(square, viewer)
        left, top = x0 + col * size, y0 + row * size
        draw.rectangle(
            (round(left), round(top), round(left + size) - 1, round(top + size) - 1),
            fill=theme.dark_square,
        )
        if numbers:
            _write_number(image, layout, theme, square, viewer)
    return image


def _write_number(
    image: Image.Image, layout: CheckersLayout, theme: Theme, square: int, viewer: Color
) -> None:
    """A square's PDN number in its top-left corner, outlined in the square's own colour so it
    still reads where a piece's rim crosses the corner."""
    row, col = layout.cell(square, viewer)
    size = layout.square
    text = layout.text(26)
    # Raised by the room DejaVu leaves above its digits (a fifth of the size), so the number
    # keeps to the corner and clear of the piece's middle even on a 10×10 board.
    corner = (
        layout.board[0] + (col + 0.04) * size,
        layout.board[1] + (row + 0.03) * size - text * 0.2,
    )
    write_outlined(
        image,
        corner,
        str(square),
        size=text,
        fill=theme.square_number,
        outline=theme.dark_square,
    )


def piece_colours(color: Color, theme: Theme) -> tuple[RGB, RGB]:
    """Fill and rim of a side's pieces: White plays the light ones (CK-2)."""
    return theme.piece(color is Color.WHITE)


def piece_sprite(layout: CheckersLayout, theme: Theme, color: Color, king: bool) -> Image.Image:
    """A man (plain, with an inner ring) or a king (a crown on it)."""
    fill, edge = piece_colours(color, theme)
    if king:
        return crowned_disc(layout.piece, fill, edge)
    return disc(layout.piece, fill, edge, edge)


def status_line(scene: CheckersScene) -> str:
    """Who must do what, or how the game ended."""
    if scene.caption is not None:
        return scene.caption
    words = scene.words
    if scene.result is not None:
        winner = scene.result.winner
        return result_line(scene.result, None if winner is None else scene.name(winner), words)
    if scene.draw_offered_by is not None:
        offerer = scene.draw_offered_by
        return words.ck_offers_draw.format(
            name=scene.name(offerer), taker=scene.name(offerer.opponent)
        )
    position = scene.position
    mover = scene.name(position.turn)
    if not position.legal_moves():
        return words.ck_no_move.format(name=mover)
    if position.must_capture():
        return words.ck_must_capture.format(name=mover)
    return words.ck_to_move.format(name=mover)


def result_line(result: GameResult, winner: str | None, words: Words = ENGLISH) -> str:
    """How a game ended, `winner` naming the side that won (`Ann wins: no legal move`)."""
    if winner is None:
        return words.ck_draw[result.reason]
    return words.ck_wins[result.reason].format(name=winner)


def variant_title(scene: CheckersScene) -> str:
    """The variant's title in the scene's words (the engine's English when not worded)."""
    variant = scene.position.variant
    return scene.words.titles.get(variant.name, variant.title)


def draw_checkers(scene: CheckersScene, *, theme: Theme = LIGHT, width: int = 800) -> Image.Image:
    """The scene as an RGB image (what `render_checkers` encodes)."""
    check_width(width)
    position = scene.position
    viewer = scene.perspective
    layout = _layout(width, position.variant.board_size)
    image = _background(layout, theme, viewer, scene.numbers).copy()
    pieces = list(position.pieces())
    for square, piece in pieces:
        sprite = piece_sprite(layout, theme, piece.color, piece.king)
        paste_centred(image, sprite, layout.centre(square, viewer))
    if scene.last_move is not None:
        _draw_last_move(image, ImageDraw.Draw(image), layout, theme, scene.last_move, viewer)
    if scene.numbers:
        # Numbers stay on top of pieces and marks: players type their moves by square number.
        covered = {square for square, _ in pieces}
        if scene.last_move is not None:
            covered.update(scene.last_move.path, scene.last_move.captures)
        for square in sorted(covered):
            _write_number(image, layout, theme, square, viewer)
    _draw_panel(image, layout, theme, scene, viewer, pieces)
    return image


def render_checkers(scene: CheckersScene, *, theme: Theme = LIGHT, width: int = 800) -> bytes:
    """The scene as a palette PNG `width` × `width * 0.8` pixels (5:4)."""
    return png_bytes(draw_checkers(scene, theme=theme, width=width), theme)


@lru_cache(maxsize=16)
def _layout(width: int, board_size: int) -> CheckersLayout:
    """The layout for one width and board size, built once."""
    return CheckersLayout(width, board_size)


def _draw_last_move(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: CheckersLayout,
    theme: Theme,
    move: Move,
    viewer: Color,
) -> None:
    """The path as an arrow through every landing square, X on each captured square."""
    marker = ring_marker(layout.piece, theme.accent, theme.accent_edge)
    paste_centred(image, marker, layout.centre(move.path[-1], viewer))
    hollow = _start_marker(layout.piece, theme.accent, theme.accent_edge)
    paste_centred(image, hollow, layout.centre(move.path[0], viewer))
    path = [layout.centre(square, viewer) for square in move.path]
    # The arrow stops short of the last centre so the moved piece stays visible.
    (ax, ay), (bx, by) = path[-2], path[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    pull = layout.piece * 0.45
    path[-1] = (bx - (bx - ax) / length * pull, by - (by - ay) / length * pull)
    arrow(draw, path, width=layout.square * 0.08, fill=theme.accent, edge=theme.accent_edge)
    badge = cross_marker(max(8, round(layout.square * 0.42)), theme.accent, theme.accent_edge)
    for square in move.captures:
        paste_centred(image, badge, layout.centre(square, viewer))


@lru_cache(maxsize=8)
def _start_marker(diameter: int, fill: RGB, edge: RGB) -> Image.Image:
    """A dashed-looking thin ring where the moving piece started."""
    big = Image.new("RGBA", (diameter * SUPERSAMPLE, diameter * SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    d = diameter * SUPERSAMPLE
    band = max(SUPERSAMPLE, round(d * 0.06))
    inset = d * 0.12
    draw.ellipse((inset, inset, d - inset, d - inset), outline=edge, width=band * 2)
    draw.ellipse(
        (inset + band / 2, inset + band / 2, d - inset - band / 2, d - inset - band / 2),
        outline=fill,
        width=band,
    )
    return shrink(big)


def _draw_panel(
    image: Image.Image,
    layout: CheckersLayout,
    theme: Theme,
    scene: CheckersScene,
    viewer: Color,
    pieces: list[tuple[int, Piece]],
) -> None:
    """Names, piece counts and clocks for both sides (the opponent's at the top), the variant
    and the prompt in the middle; `pieces` are the position's. Every line wraps in the narrow
    panel rather than shrink below what a phone reads."""
    x0, y0, x1, y1 = layout.panel
    unit = layout.width / 800
    size = layout.text(26)
    pitch = size * 1.2
    words = scene.words
    for color, top in ((viewer.opponent, True), (viewer, False)):
        men = kings = 0
        for _, piece in pieces:
            if piece.color is color:
                kings += piece.king
                men += not piece.king
        bold = color is scene.actor and scene.result is None
        # Each block: its lines, colour, weight, and whether its sprites are worth keeping (a
        # clock showing seconds is new on every picture).
        blocks: list[tuple[list[str], RGB, bool, bool]] = [
            (wrapped(scene.name(color), size, x1 - x0, bold=bold)[:2], theme.text, bold, True),
            (
                [words.count(words.men, men), words.count(words.kings, kings)],
                theme.muted,
                False,
                True,
            ),
        ]
        if scene.clock is not None and scene.clock[0] is color:
            clock = words.time_left.format(clock=clock_text(scene.clock[1], words))
            lines = wrapped(clock, size, x1 - x0)[:2]
            blocks.append((lines, theme.muted, False, not ticking(scene.clock[1])))
        count = sum(len(block[0]) for block in blocks)
        y = y0 + pitch / 2 if top else y1 - pitch * (count - 0.5)
        for index, (lines, colour, heavy, cached) in enumerate(blocks):
            for number, line in enumerate(lines):
                left = x0
                if index == 1 and number == 0:
                    # The side's colour beside its count of men.
                    fill, edge = piece_colours(color, theme)
                    disc_size = max(6, round(26 * unit))
                    paste_centred(image, disc(disc_size, fill, edge, edge), (x0 + 13 * unit, y))
                    left = x0 + 32 * unit
                text_fitted(
                    image,
                    (left, y),
                    line,
                    size=size,
                    max_width=x1 - left,
                    fill=colour,
                    bold=heavy,
                    cached=cached,
                )
                y += pitch
    middle = (y0 + y1) / 2
    variant = scene.position.variant
    title = scene.words.ck_variant.format(title=variant_title(scene), size=variant.board_size)
    middle_lines = [(line, theme.muted, False) for line in wrapped(title, size, x1 - x0)[:3]]
    status = status_line(scene)
    # Bold, unless a word of it would not fit the panel in bold (`compulsory` in a wordy
    # language): then in the regular weight, never cut.
    bold = all(text_width(word, size, bold=True) <= x1 - x0 for word in status.split())
    middle_lines += [
        (line, theme.text, bold) for line in wrapped(status, size, x1 - x0, bold=bold)[:5]
    ]
    y = middle - pitch * (len(middle_lines) - 1) / 2
    for line, colour, heavy in middle_lines:
        text_fitted(image, (x0, y), line, size=size, max_width=x1 - x0, fill=colour, bold=heavy)
        y += pitch
