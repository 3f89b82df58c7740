"""The analysis lines under a backgammon recap, worded for the server, within Discord's limit."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Localizer
from bot.service.review import GameReview, Mistake
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import name_of


def review_lines(t: Localizer, review: GameReview, names: Mapping[int, str]) -> list[str]:
    """A title, then per person their error rate and marks, and their worst decisions."""
    if not review.available:
        return [t("review.unavailable")]
    if not review.players:
        return []
    lines = [t("review.title")]
    for player in review.players:
        report = player.report
        lines.append(
            t(
                "review.player",
                player=name_of(names, player.user_id),
                rate=t.decimal(report.error_rate, 1),
                decisions=report.decisions,
                doubtful=report.doubtful,
                errors=report.errors,
                blunders=report.blunders,
            )
        )
        lines.append(
            t(
                "review.rating",
                pr=t.decimal(report.pr, 1),
                band=t(f"review.band.{report.label}"),
                luck=_signed(t, report.luck),
                result=_signed(t, report.result),
                adjusted=_signed(t, report.luck_adjusted),
            )
        )
        lines.extend(_mistake_line(t, mistake, review.games) for mistake in report.worst)
    lines.extend(_contest(t, review, names))
    return lines


def _signed(t: Localizer, value: float) -> str:
    """A number of points with its sign, to two decimals."""
    return ("+" if value >= 0.005 else "") + t.decimal(value, 2)


def _contest(t: Localizer, review: GameReview, names: Mapping[int, str]) -> list[str]:
    """Who made fewer errors, when two people were graded (the lower PR, to one decimal)."""
    if len(review.players) != 2:
        return []
    first, second = review.players
    a, b = round(first.report.pr, 1), round(second.report.pr, 1)
    if a == b:
        return [t("review.contest.tie")]
    better = first if a < b else second
    return [t("review.contest", player=name_of(names, better.user_id))]


def _mistake_line(t: Localizer, mistake: Mistake, games: int) -> str:
    key = "review.mistake" if games == 1 else "review.mistake_in_game"
    return t(
        key,
        game=mistake.game,
        move=mistake.move,
        played=_choice(t, mistake.played, mistake.cube),
        mark=mistake.mark,
        best=_choice(t, mistake.best, mistake.cube),
        loss=t.decimal(-mistake.loss, 3),
    )


def _choice(t: Localizer, text: str, cube: bool) -> str:
    """A play as written, a cube action in the reader's words."""
    return t(f"review.cube.{text.replace(' ', '_')}") if cube else text


def fit(lines: list[str], extra: list[str], limit: int = MAX_CONTENT) -> str:
    """`lines` then as many of `extra` as fit in `limit` characters (the analysis goes last)."""
    text = "\n".join(lines)
    for line in extra:
        if len(text) + 1 + len(line) > limit:
            break
        text += "\n" + line
    return text
