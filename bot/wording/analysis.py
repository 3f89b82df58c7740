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
        lines.extend(_mistake_line(t, mistake, review.games) for mistake in report.worst)
    return lines


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
