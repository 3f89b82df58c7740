"""A tournament's standings as a picture: a table (round robin, Swiss) or a bracket (knockout).

The scenes carry their words already written (the bot words them in the reader's language), so
this module only lays them out: names fitted to their column, winners in bold, in the theme's
colours on the theme's palette, like the boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw

from render.draw import text_fitted
from render.encode import png_bytes
from render.theme import LIGHT, Theme

MAX_ROWS = 256  # a Swiss or knockout takes 256 players at most


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """Standings as a table: a title, column headings, then one row per player, best first.

    Every row has one cell per heading: the rank, the name (the wide column), then figures.
    `marked` rows are drawn in bold (the leaders, the winner).
    """

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: frozenset[int] = frozenset()
    weights: tuple[float, ...] = ()  # the figure columns' relative widths (equal if empty)

    def __post_init__(self) -> None:
        """Refuse a table whose rows do not fit its headings."""
        if len(self.headings) < 2 or any(len(row) != len(self.headings) for row in self.rows):
            raise ValueError("every row of a standings table has one cell per heading (2 or more)")
        if self.weights and (len(self.weights) != len(self.headings) - 2 or min(self.weights) <= 0):
            raise ValueError("a standings table weighs each figure column, above 0")
        if len(self.rows) > MAX_ROWS:
            raise ValueError(f"a standings table has at most {MAX_ROWS} rows")


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One pairing of a bracket: its two entries top and bottom (a bye or a place not yet
    known is worded by the caller, or left empty), and which of them won (0, 1, or None)."""

    entries: tuple[str, str]
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout as a bracket: one column per round, heading and matches, round 1 first; each
    round has half the matches of the one before."""

    title: str
    rounds: tuple[tuple[str, tuple[BracketMatch, ...]], ...]

    def __post_init__(self) -> None:
        """Refuse a bracket whose rounds do not halve."""
        sizes = [len(matches) for _, matches in self.rounds]
        if not sizes or sizes[0] < 1 or sizes[0] > MAX_ROWS // 2:
            raise ValueError("a bracket's first round has 1 to 128 matches")
        if any(later * 2 != earlier for earlier, later in pairwise(sizes)):
            raise ValueError("each round of a bracket has half the matches of the one before")


StandingsScene = StandingsTable | Bracket

# Sizes as fractions of the width: at the 340 px a phone shows, the text is 11.5 px and the
# title 14 px (`render.draw.legible` is 11/340 of the width).
_TITLE = 0.042
_TEXT = 0.034
_ROW = 0.056
_MARGIN = 0.02


def render_standings(scene: StandingsScene, *, theme: Theme = LIGHT, width: int = 800) -> bytes:
    """The scene as a palette PNG `width` pixels wide, as tall as it needs."""
    if isinstance(scene, StandingsTable):
        image = _draw_table(scene, theme, width)
    elif isinstance(scene, Bracket):
        image = _draw_bracket(scene, theme, width)
    else:
        raise TypeError(f"render_standings() takes a StandingsTable or Bracket, not {scene!r}")
    return png_bytes(image, theme)


def _canvas(theme: Theme, width: int, height: float, title: str) -> tuple[Image.Image, float]:
    """A canvas with the title written at the top; returns it and where the content starts."""
    image = Image.new("RGB", (width, max(1, round(height))), theme.canvas)
    margin = width * _MARGIN
    size = round(width * _TITLE)
    text_fitted(
        image,
        (margin, margin + size / 2),
        title,
        size=size,
        max_width=width - 2 * margin,
        fill=theme.text,
        bold=True,
    )
    return image, margin + size * 1.8


def _draw_table(scene: StandingsTable, theme: Theme, width: int) -> Image.Image:
    margin = width * _MARGIN
    row = width * _ROW
    size = round(width * _TEXT)
    top = margin + round(width * _TITLE) * 1.8
    image, top = _canvas(theme, width, top + row * (len(scene.rows) + 1) + margin, scene.title)
    draw = ImageDraw.Draw(image)
    inner = width - 2 * margin
    # The rank column, the name's wide column, then the figures in equal narrow columns.
    figures = len(scene.headings) - 2
    rank_width = inner * 0.08
    # Up to three figures take a fifth of the width each; more share three fifths.
    share = inner * min(0.19 * figures, 0.6)
    weights = scene.weights or (1.0,) * figures
    figure_widths = [share * weight / sum(weights) for weight in weights]
    name_width = inner - rank_width - share
    widths = [rank_width, name_width, *figure_widths]
    lefts = [margin + sum(widths[:n]) for n in range(len(widths))]

    def cells(y: float, texts: tuple[str, ...], bold: bool, colour: tuple[int, int, int]) -> None:
        for column, text in enumerate(texts):
            left, room = lefts[column], widths[column] - size * 0.6
            if column == 1:
                text_fitted(
                    image, (left, y), text, size=size, max_width=room, fill=colour, bold=bold
                )
            else:
                right = left + widths[column] - size * 0.6
                text_fitted(
                    image,
                    (right, y),
                    text,
                    size=size,
                    max_width=room,
                    fill=colour,
                    bold=bold,
                    anchor="rm",
                )

    cells(top + row / 2, scene.headings, False, theme.muted)
    draw.line((margin, top + row, width - margin, top + row), fill=theme.muted, width=1)
    for index, texts in enumerate(scene.rows):
        y = top + row * (index + 1.5)
        if index % 2:
            draw.rectangle((margin, y - row / 2, width - margin, y + row / 2), fill=theme.felt)
        cells(y, texts, index in scene.marked, theme.text)
    return image


def _draw_bracket(scene: Bracket, theme: Theme, width: int) -> Image.Image:
    margin = width * _MARGIN
    entry = width * _ROW
    size = round(width * _TEXT)
    first = len(scene.rounds[0][1])
    top = margin + round(width * _TITLE) * 1.8 + entry  # the title, then the round headings
    # Each match of round 1 takes two entries and a gap of one.
    height = top + first * entry * 3 + margin
    image, _ = _canvas(theme, width, height, scene.title)
    draw = ImageDraw.Draw(image)
    columns = len(scene.rounds)
    column = (width - 2 * margin) / columns
    box = column * 0.86
    for number, (heading, matches) in enumerate(scene.rounds):
        left = margin + number * column
        text_fitted(
            image,
            (left, top - entry / 2),
            heading,
            size=size,
            max_width=box,
            fill=theme.muted,
            bold=True,
        )
        span = entry * 3 * 2**number  # the height one match of this round stands for
        for index, match in enumerate(matches):
            centre = top + span * (index + 0.5)
            _match(image, draw, theme, match, (left, centre), box, entry, size)
            if number + 1 < columns:
                # A line to the match the winner goes on to.
                nxt = top + span * 2 * (index // 2 + 0.5)
                x = left + box
                mid = left + column - (column - box) / 2
                draw.line((x, centre, mid, centre), fill=theme.muted, width=1)
                draw.line((mid, centre, mid, nxt), fill=theme.muted, width=1)
                draw.line((mid, nxt, left + column, nxt), fill=theme.muted, width=1)
    return image


def _match(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    theme: Theme,
    match: BracketMatch,
    at: tuple[float, float],
    box: float,
    entry: float,
    size: int,
) -> None:
    """Two entries boxed one above the other, centred on `at`'s height; the winner in bold."""
    left, centre = at
    draw.rectangle(
        (left, centre - entry, left + box, centre + entry),
        fill=theme.felt,
        outline=theme.muted,
    )
    draw.line((left, centre, left + box, centre), fill=theme.muted, width=1)
    for slot, name in enumerate(match.entries):
        y = centre + (slot - 0.5) * entry
        won = match.winner == slot
        colour = theme.text if match.winner is None or won else theme.muted
        text_fitted(
            image,
            (left + size * 0.5, y),
            name,
            size=size,
            max_width=box - size,
            fill=colour,
            bold=won,
        )
