"""A player's rating chart on one ladder as a picture, with alt text that gives the figures.

Call `rating_chart` through `asyncio.to_thread`: drawing takes milliseconds of CPU.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Localizer
from bot.pictures import IMAGE_WIDTH, Picture
from bot.store.ladder import RatedGame
from render import LIGHT, MAX_ALT_TEXT, RatingChart, Theme, render_chart

FILENAME = "rating.png"


def rating_chart(
    games: Sequence[RatedGame], name: str, ladder: str, locale: object, *, theme: Theme = LIGHT
) -> Picture:
    """The rating after each of `games` (oldest first, at least one), its deviation as a band,
    every game marked; `ladder` is the ladder's name as worded."""
    t = Localizer(locale)
    points = tuple((game.after, game.deviation) for game in games)
    chart = RatingChart(
        t("chart.title", name=name, ladder=ladder),
        t("chart.axis"),
        games[0].before,
        points,
    )
    png = render_chart(chart, theme=theme, width=IMAGE_WIDTH)
    ratings = [round(game.after) for game in games]
    alt = t(
        "chart.alt",
        name=name,
        ladder=ladder,
        count=len(games),
        start=round(games[0].before),
        end=ratings[-1],
        deviation=round(games[-1].deviation),
        high=max(ratings),
        low=min(ratings),
        ratings=", ".join(map(str, ratings)),
    )
    return Picture(png, alt if len(alt) <= MAX_ALT_TEXT else alt[: MAX_ALT_TEXT - 1] + "…")
