"""A leaderboard as a picture with its alt text, worded in the language of the message it goes
in: rank, name, rating and deviation, games, results and the week's change.

Names come in as written (a picture draws no Markdown). Call `leaderboard_picture` through
`asyncio.to_thread`: drawing takes milliseconds of CPU.
"""

from __future__ import annotations

from bot.i18n import Localizer
from bot.pictures import IMAGE_WIDTH, Picture
from bot.service.ladder import Board, BoardLine
from bot.store.schema import GLOBAL_SCOPE
from render import LIGHT, MAX_ALT_TEXT, StandingsTable, Theme, render_standings

FILENAME = "leaderboard.png"
# The rank and player headings are the tournament standings' own.
HEADINGS = (
    "tournament.picture.rank",
    "tournament.picture.player",
    "ladder.picture.rating",
    "ladder.picture.games",
    "ladder.picture.results",
    "ladder.picture.week",
)

# Rating and deviation take the widest figure column.
WEIGHTS = (1.5, 1.0, 1.1, 1.0)


def _change(t: Localizer, change: int | None) -> str:
    if change is None:
        return "-"
    return "±0" if change == 0 else t.decimal(change, 0, signed=True)


def _cells(t: Localizer, shown: BoardLine) -> tuple[str, ...]:
    line = shown.line
    return (
        str(line.rank),
        line.name,
        f"{line.rating_text} ± {line.deviation}",
        str(line.games),
        f"{line.wins}-{line.losses}-{line.draws}",
        _change(t, shown.change),
    )


def leaderboard_picture(
    board: Board, ladder: str, locale: object, *, theme: Theme = LIGHT
) -> Picture:
    """The board as a table picture titled with the `ladder`'s name as worded, with alt text
    saying every line's figures."""
    t = Localizer(locale)
    page = board.page
    scope = t("results.scope.global" if page.scope == GLOBAL_SCOPE else "results.scope.server")
    title = t("ladder.picture.title", ladder=ladder, scope=scope)
    if page.pages > 1:
        title = t("ladder.picture.title_page", title=title, page=page.page, pages=page.pages)
    headings = tuple(t(key) for key in HEADINGS)
    rows = tuple(_cells(t, shown) for shown in board.lines)
    spoken = [
        t(
            "ladder.alt.row",
            rank=shown.line.rank,
            name=shown.line.name,
            rating=shown.line.rating_text,
            deviation=shown.line.deviation,
            games=shown.line.games,
            wins=shown.line.wins,
            losses=shown.line.losses,
            draws=shown.line.draws,
            change=_change(t, shown.change),
        )
        for shown in board.lines
    ]
    if not rows:
        rows = (("", t("results.leaderboard.empty"), "", "", "", ""),)
        spoken = [t("results.leaderboard.empty")]
    marked = frozenset(index for index, shown in enumerate(board.lines) if shown.line.rank == 1)
    table = StandingsTable(title, headings, rows, marked, WEIGHTS)
    png = render_standings(table, theme=theme, width=IMAGE_WIDTH)
    return Picture(png, alt_text(title, spoken))


def alt_text(title: str, lines: list[str]) -> str:
    """The alt text: the title, then each line, within Discord's limit."""
    text = ". ".join([title, *lines]) + "."
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
