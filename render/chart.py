"""A rating over time as a picture: the rating after each game as a line, its deviation as a band
around it, and every game marked (a filled dot for a gain, a ring for a loss).

The scene carries its words already written, as the standings' do; the figures on the axes are
plain numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.draw import text_fitted
from render.encode import png_bytes
from render.theme import LIGHT, Theme

MAX_POINTS = 1000
TICKS = 5


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A title, the rating before the first game shown, and (rating, deviation) after each game,
    oldest first; `axis` names the games' axis (`rated games`)."""

    title: str
    axis: str
    start: float
    points: tuple[tuple[float, float], ...]

    def __post_init__(self) -> None:
        """Refuse a chart with nothing or too much to draw."""
        if not 1 <= len(self.points) <= MAX_POINTS:
            raise ValueError(f"a rating chart has 1 to {MAX_POINTS} games")
        if any(deviation < 0 for _, deviation in self.points):
            raise ValueError("a rating's deviation is never negative")


# Sizes as fractions of the width, as the standings' (legible at a phone's 340 px).
_TITLE = 0.042
_TEXT = 0.034
_MARGIN = 0.02
_HEIGHT = 0.5


def _step(span: float) -> int:
    """A round step for about `TICKS` ticks over `span` rating points."""
    raw = max(span / TICKS, 1.0)
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return 1000


def render_chart(chart: RatingChart, *, theme: Theme = LIGHT, width: int = 800) -> bytes:
    """The chart as a palette PNG `width` pixels wide."""
    height = round(width * _HEIGHT)
    image = Image.new("RGB", (width, height), theme.canvas)
    margin = width * _MARGIN
    size = round(width * _TEXT)
    title = round(width * _TITLE)
    text_fitted(
        image,
        (margin, margin + title / 2),
        chart.title,
        size=title,
        max_width=width - 2 * margin,
        fill=theme.text,
        bold=True,
    )
    ratings = [chart.start, *(rating for rating, _ in chart.points)]
    low = min(min(ratings), *(r - d for r, d in chart.points))
    high = max(max(ratings), *(r + d for r, d in chart.points))
    step = _step(high - low)
    low, high = step * (low // step), step * (-(-high // step))
    left, right = margin + size * 3.2, width - margin
    top, bottom = margin + title * 1.8, height - margin - size * 2
    draw = ImageDraw.Draw(image)

    def x(game: int) -> float:
        return left + (right - left) * game / len(chart.points)

    def y(rating: float) -> float:
        return bottom - (bottom - top) * (rating - low) / max(high - low, 1)

    band = [(x(n + 1), y(r + d)) for n, (r, d) in enumerate(chart.points)]
    band += [(x(n + 1), y(r - d)) for n, (r, d) in reversed(list(enumerate(chart.points)))]
    if len(chart.points) > 1:
        draw.polygon(band, fill=theme.felt)
    else:
        (r, d), at = chart.points[0], x(1)
        draw.rectangle((at - size / 3, y(r + d), at + size / 3, y(r - d)), fill=theme.felt)
    tick = low
    while tick <= high:
        draw.line((left, y(tick), right, y(tick)), fill=theme.muted, width=1)
        text_fitted(
            image,
            (left - size * 0.3, y(tick)),
            str(int(tick)),
            size=size,
            max_width=size * 2.8,
            fill=theme.muted,
            anchor="rm",
        )
        tick += step
    text_fitted(
        image,
        ((left + right) / 2, bottom + size),
        chart.axis,
        size=size,
        max_width=right - left,
        fill=theme.muted,
        anchor="mm",
    )
    line = [(x(n), y(rating)) for n, rating in enumerate(ratings)]
    draw.line(line, fill=theme.text, width=max(2, width // 300))
    dot = max(3.0, width / 160)
    for n, rating in enumerate(ratings[1:], start=1):
        gained = rating >= ratings[n - 1]
        box = (x(n) - dot, y(rating) - dot, x(n) + dot, y(rating) + dot)
        draw.ellipse(box, fill=theme.accent if gained else theme.canvas, outline=theme.text)
    return png_bytes(image, theme)
