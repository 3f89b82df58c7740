"""The reviews of finished games, added to their recaps once the computer is done.

A review runs in the background, one task per game, while the game message and the recap are
already shown: a backgammon review edits its analysis into the recap and posts each graded
player's worst decisions as pictures after it; a checkers review edits the analysis and its
pictures into the recap (`bot.frontend.checkers_review`, which keeps checkers' own modules apart
from backgammon's). When the bot stops, the reviews under way are called off.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.frontend.checkers_review import Reviewing, add_checkers_review
from bot.i18n import Localizer
from bot.pictures import Look
from bot.pictures.painter import Painter
from bot.pictures.review import MistakePicture
from bot.service.checkers_review import CheckersReviewer
from bot.service.kinds import rules_for
from bot.service.recap import review_for
from bot.service.review import GameReview, Reviewer
from bot.service.views import GameView
from bot.store import GameKind, Store
from bot.wording.analysis import fit, review_lines
from bot.wording.terms import name_of

# How a message goes out: a channel's `send`, or an interaction's `followup.send`.
Send = Callable[..., Awaitable[Any]]
log = logging.getLogger("duelboard")


class Shown(Protocol):
    """What a review takes from the game messages: the players' names and how boards look."""

    async def names(self, view: GameView) -> dict[int, str]:
        """Display names of everyone in the game, as written (for pictures)."""
        ...

    async def shown_names(self, view: GameView) -> dict[int, str]:
        """The same names escaped for message text."""
        ...

    async def look(self, view: GameView, locale: object, reader: int | None = None) -> Look:
        """How the game's board is drawn: in its server's theme."""
        ...


class Reviews:
    """The reviews being added to recaps; one per bot."""

    def __init__(
        self,
        shown: Shown,
        store: Store,
        reviewer: Reviewer | None,
        painter: Painter,
        bot_id: int,
    ) -> None:
        """Review the games of `store` with `reviewer` (None: backgammon recaps go without
        analysis), names and looks from `shown`, pictures drawn by `painter`; `bot_id` is the
        bot, who is never reviewed."""
        self.shown = shown
        self.store = store
        self.reviewer = reviewer
        self.painter = painter
        self.bot_id = bot_id
        self.checkers_reviewer: CheckersReviewer | None = None  # None: no checkers analysis
        self._tasks: set[asyncio.Task[None]] = set()  # analyses being added to recaps

    def add_later(
        self,
        posted: discord.Message,
        lines: list[str],
        view: GameView,
        locale: object,
        send: Send | None = None,
    ) -> None:
        """Add the review to a posted recap once it is done, where the game has one; the
        pictures of the worst decisions go after it through `send` (the recap's channel by
        default; an interaction's follow-up where the bot cannot post)."""
        if self.reviewer is not None and rules_for(view.kind).review is not None:
            task = asyncio.create_task(self._review(posted, lines, view, locale, send))
            self._tasks.add(task)  # kept until done: the loop holds tasks only weakly
            task.add_done_callback(self._tasks.discard)
        if self.checkers_reviewer is not None and view.kind is GameKind.CHECKERS:
            task = asyncio.create_task(self._review_checkers(posted, lines, view, locale))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Call off the analyses still being made: the computer's worker that makes them stops
        with the bot, and a recap stands without its analysis."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _review_checkers(
        self, recap: discord.Message, lines: list[str], view: GameView, locale: object
    ) -> None:
        """Add the checkers analysis to the posted recap, its worst moves pictured under it."""
        assert self.checkers_reviewer is not None
        how = Reviewing(self.store, self.checkers_reviewer, self.painter, self.bot_id)
        try:
            look = await self._look(view, locale)
            names, shown_names = await self.shown.names(view), await self.shown.shown_names(view)
            await add_checkers_review(how, recap, lines, view, look, names, shown_names)
        except Exception:  # the recap stands without its analysis; the log says why
            log.exception("reviewing checkers game #%s failed", view.id)

    async def _review(
        self,
        recap: discord.Message,
        lines: list[str],
        view: GameView,
        locale: object,
        send: Send | None = None,
    ) -> None:
        """Add the analysis to the posted recap once it is done (seconds for a long match)."""
        reviewer = self.reviewer
        assert reviewer is not None
        try:
            review = await review_for(self.store, view.id, reviewer, self.bot_id)
            if review is None:
                return
            t = Localizer(locale)
            shown_names = await self.shown.shown_names(view)
            analysis = review_lines(t, review, shown_names)
            await recap.edit(content=fit(lines, analysis))
        except Exception:  # the recap stands without its analysis; the log says why
            log.exception("reviewing game #%s failed", view.id)
            return
        try:
            await self._post_mistakes(send or recap.channel.send, view, review, locale, shown_names)
        except Exception:  # the analysis stands without its pictures; the log says why
            log.exception("picturing the worst decisions of game #%s failed", view.id)

    async def _post_mistakes(
        self,
        send: Send,
        view: GameView,
        review: GameReview,
        locale: object,
        shown_names: dict[int, str],
    ) -> None:
        """Post each graded player's worst decisions as pictures after the recap, drawn by the
        painter (off the event loop)."""
        if view.seats is None:
            return
        names = await self.shown.names(view)
        seat_names = (names.get(view.seats[0], ""), names.get(view.seats[1], ""))
        look = await self._look(view, locale)
        t = Localizer(locale)
        for player in review.players:
            pictures = [
                picture
                for mistake in player.report.worst
                if (picture := MistakePicture.of(player.report.side, mistake, review.games))
            ]
            if not pictures:
                continue
            drawn = await self.painter.mistakes(pictures, seat_names, look)
            files = [
                discord.File(io.BytesIO(png), filename=f"mistake{number}.png", description=alt)
                for number, (png, alt) in enumerate(drawn, 1)
            ]
            text = t("review.pictures", player=name_of(shown_names, player.user_id))
            await send(text, files=files)

    async def _look(self, view: GameView, locale: object) -> Look:
        """A review's pictures: in the server's theme, with no clock and for no one reader."""
        return replace(await self.shown.look(view, locale), time_left=None, reader=None)
