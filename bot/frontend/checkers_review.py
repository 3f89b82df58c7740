"""The review of a finished checkers game, added to its recap once done: the analysis lines and
the worst moves pictured, in one edit of the recap (which works wherever the recap could be
posted, through a channel or an interaction's follow-up where the bot is not a member).

Each picture is the board as it would stand had the best move been played instead, the best move
marked as the last one; it is drawn by the painter (the drawing process) like every board.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, replace

import discord

from bot.i18n import Localizer
from bot.pictures import Look
from bot.pictures.painter import Painter
from bot.service.checkers import CheckersSession
from bot.service.checkers_review import CheckersReview, CheckersReviewer, checkers_review_for
from bot.service.views import GameView
from bot.store import Store
from bot.wording.analysis import fit
from bot.wording.checkers_analysis import checkers_review_lines, picture_caption
from bot.wording.terms import name_of

ALT_TEXT_LIMIT = 1024  # Discord's limit on an attachment's description
MAX_FILES = 10  # Discord's limit on a message's attachments


@dataclass(frozen=True, slots=True)
class Reviewing:
    """What adding a checkers review needs of the bot: its store, reviewer, painter and id."""

    store: Store
    reviewer: CheckersReviewer
    painter: Painter
    bot_id: int


async def add_checkers_review(
    how: Reviewing,
    recap: discord.Message,
    lines: list[str],
    view: GameView,
    look: Look,
    names: Mapping[int, str],
    shown_names: Mapping[int, str],
) -> None:
    """Review the game and add the analysis and its worst moves pictured to the posted `recap`
    (whose text is `lines`). `names` are as written (pictures), `shown_names` escaped (message
    text)."""
    review = await checkers_review_for(how.store, view.id, how.reviewer, how.bot_id)
    if review is None or not review.players:
        return
    t = Localizer(look.locale)
    analysis = checkers_review_lines(t, review, shown_names)
    files, captions = await _pictures(how.painter, review, view, look, names, shown_names)
    if files:
        analysis += [t("ck_review.pictures"), *captions]
    # The recap's own files (replay, record) stay; Discord takes up to 10 a message.
    kept: list[discord.Attachment | discord.File] = [*recap.attachments]
    kept += files[: MAX_FILES - len(kept)]
    await recap.edit(content=fit(lines, analysis), attachments=kept)


async def _pictures(
    painter: Painter,
    review: CheckersReview,
    view: GameView,
    look: Look,
    names: Mapping[int, str],
    shown_names: Mapping[int, str],
) -> tuple[list[discord.File], list[str]]:
    """Each person's worst moves, pictured after the best move, with their captions."""
    if not isinstance(view.session, CheckersSession) or view.seats is None:
        return [], []
    t = Localizer(look.locale)
    pair = (name_of(names, view.seats[0]), name_of(names, view.seats[1]))
    # A board with the best move played: nothing of how the game ended, nor the clock.
    shown = replace(view.session, stopped=None, stopped_winner=None, draw_offered_by=None)
    look = replace(look, time_left=None, reader=None)
    files: list[discord.File] = []
    captions: list[str] = []
    for player in review.players:
        for mistake in player.report.worst:
            board = replace(shown, game=review.best_after(mistake), last_move=mistake.best_move)
            picture = await painter.draw(board, pair, look)
            if picture is None:
                continue
            caption = picture_caption(t, name_of(names, player.user_id), mistake)
            description = f"{caption} {picture.alt_text}"[:ALT_TEXT_LIMIT]
            number = len(files) + 1
            files.append(
                discord.File(
                    io.BytesIO(picture.png), filename=f"worst-{number}.png", description=description
                )
            )
            shown_caption = picture_caption(t, name_of(shown_names, player.user_id), mistake)
            captions.append(f"{number}. {shown_caption}")
    return files, captions
