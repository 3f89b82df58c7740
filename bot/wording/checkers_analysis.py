"""The analysis lines under a checkers recap, and the words of its pictured worst moves."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Localizer
from bot.service.checkers_review import CheckersReview, Mistake
from bot.wording.terms import name_of


def checkers_review_lines(
    t: Localizer, review: CheckersReview, names: Mapping[int, str]
) -> list[str]:
    """A title, then per person the men they lost, their marks and their worst moves."""
    if not review.players:
        return []
    lines = [t("ck_review.title")]
    for player in review.players:
        report = player.report
        lines.append(
            t(
                "ck_review.player",
                player=name_of(names, player.user_id),
                lost=t.decimal(report.men_lost, 1),
                decisions=report.decisions,
                average=t.decimal(report.average, 2),
                doubtful=report.doubtful,
                errors=report.errors,
                blunders=report.blunders,
            )
        )
        lines.extend(mistake_line(t, mistake) for mistake in report.worst)
    return lines


def mistake_line(t: Localizer, mistake: Mistake) -> str:
    """One worst move: what was played, its mark, the best move and what it cost."""
    if mistake.threw_win:
        key = "ck_review.mistake.threw_win"
    elif mistake.walked_into_loss:
        key = "ck_review.mistake.into_loss"
    else:
        key = "ck_review.mistake"
    return t(
        key,
        move=mistake.number,
        played=mistake.played,
        mark=mistake.mark,
        best=mistake.best,
        loss=t.decimal(-mistake.loss, 2),
    )


def picture_caption(t: Localizer, player: str, mistake: Mistake) -> str:
    """What one pictured worst move shows (the board after the best move instead)."""
    return t(
        "ck_review.picture",
        player=player,
        move=mistake.number,
        played=mistake.played,
        best=mistake.best,
    )
