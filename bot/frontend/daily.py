"""The position of the day: posted once a day in each server that asked for it (`/settings
daily`), as a board picture and a Discord poll of the plays; answered with the coach's figures
once the poll has closed. Also where /puzzle finds its positions and checks a pick.

Each server's post of a day is claimed in the store before it is made, and its answer claimed
before it is posted, so however many processes sweep, a server gets one of each.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.i18n import Localizer
from bot.pictures import FILENAME, Look, Picture
from bot.pictures.painter import Painter
from bot.service.games import Games
from bot.service.puzzles import Puzzle, built_in, find_in_games
from bot.service.review import Reviewer
from bot.settings import ONE_SHARD, Shards
from bot.store import Store
from bot.store.puzzles import DailyPost, PuzzleStore, StoredPuzzle
from bot.wording.puzzles import answer_text, daily_text, offered, poll_answer, poll_question
from render import Theme

log = logging.getLogger("duelboard")

DAILY_SETTING = "daily"  # the server setting: the channel of the position of the day
POLL_HOURS = 23  # the poll closes, and the answer comes, before the next day's position


def refusal(t: Localizer, guild: discord.Guild | None, channel: object) -> str | None:
    """Why the position of the day cannot go to `channel` (worded), or None when it can: the
    bot must send messages, attach files and send polls there."""
    if guild is None or not isinstance(channel, discord.TextChannel | discord.Thread):
        return t("daily.refused.channel")
    held = channel.permissions_for(guild.me)
    sends = (
        held.send_messages_in_threads if isinstance(channel, discord.Thread) else held.send_messages
    )
    if not (sends and held.attach_files and held.send_polls):
        return t("daily.refused.permission", channel=channel.mention)
    return None


class DailyPositions:
    """Finds positions in a server's games, posts the day's, answers its poll."""

    def __init__(
        self,
        client: discord.Client,
        games: Games,
        store: Store,
        painter: Painter,
        reviewer: Reviewer | None,
        theme: Callable[[int | None], Awaitable[Theme]],
    ) -> None:
        """Post through `client`; find positions with `reviewer` and the games' coach; draw
        boards in each server's `theme`."""
        self.client = client
        self.games = games
        self.store = store
        self.painter = painter
        self.reviewer = reviewer
        self.theme = theme
        self.puzzles = PuzzleStore(store)

    async def sweep(self, shards: Shards = ONE_SHARD) -> None:
        """Post the day's position where it is due, and the answers of closed polls, in the
        servers of `shards` (those another process is sweeping are left to it)."""
        async with self.store.sweep_lease(shards) as held:
            if held is None:
                return
            now = self.games.clock.now()
            day = now.date().isoformat()
            due = await self.puzzles.opted_in(DAILY_SETTING, held, unclaimed=day)
            for guild_id, channel_id in due:
                if await self.puzzles.claim_day(guild_id, day, channel_id, now=now):
                    await self._post(guild_id, channel_id, day, now)
            for post in await self.puzzles.due_answers(now, held):
                if await self.puzzles.claim_answer(post, now=now):
                    await self._answer(post)

    async def find(self, guild_id: int, now: datetime) -> StoredPuzzle | None:
        """A new position from the server's finished games, or None (no reviewer, no coach, or
        no game with one)."""
        coach = self.games.coach
        if self.reviewer is None or coach is None or not self.reviewer.available:
            return None
        return await find_in_games(
            self.store, self.puzzles, guild_id, self.reviewer, coach, self.games.bot.id, now=now
        )

    async def pick(self, guild_id: int | None, seen: int) -> StoredPuzzle | None:
        """A position for /puzzle: the server's own (a new one found when none is kept), else a
        built-in one; `seen` turns through them."""
        now = self.games.clock.now()
        found: list[StoredPuzzle] = []
        if guild_id is not None:
            found = await self.puzzles.puzzles_of([guild_id])
            if not found:
                made = await self.find(guild_id, now)
                found = [] if made is None else [made]
        if not found and self.games.coach is not None:
            found = await built_in(self.puzzles, self.games.coach, now=now)
        return found[seen % len(found)] if found else None

    async def picture(
        self, puzzle: Puzzle, t: Localizer, locale: object, guild_id: int | None
    ) -> Picture:
        """The position's board in the server's theme, drawn by the painter; no player is
        named."""
        names = (t("picture.white"), t("picture.black"))
        look = Look(locale, await self.theme(guild_id))
        picture = await self.painter.draw(puzzle.session(), names, look)
        assert picture is not None  # a puzzle's match has a board
        return picture

    async def _post(self, guild_id: int, channel_id: int, day: str, now: datetime) -> None:
        try:
            channel, t, locale = self._channel(guild_id, channel_id)
            stored = await self.find(guild_id, now)
            if stored is None:
                await self.puzzles.posted(
                    guild_id, day, puzzle_id=None, message_id=None, closes_at=None
                )
                return
            puzzle = Puzzle.from_json(stored.data)
            picture = await self.picture(puzzle, t, locale, guild_id)
            image = discord.File(
                io.BytesIO(picture.png), filename=FILENAME, description=picture.alt_text
            )
            shown = await channel.send(daily_text(t, puzzle), file=image)
            poll = discord.Poll(poll_question(t, puzzle), timedelta(hours=POLL_HOURS))
            for choice in offered(puzzle):
                poll.add_answer(text=poll_answer(choice))
            asked = await channel.send(poll=poll, reference=shown, mention_author=False)
            closes = now + timedelta(hours=POLL_HOURS)
            await self.puzzles.posted(
                guild_id, day, puzzle_id=stored.id, message_id=asked.id, closes_at=closes
            )
        except (discord.Forbidden, LookupError) as error:  # its settings outlived the channel
            log.warning("no position of the day in server %s: %s", guild_id, error)
        except Exception:  # one server's failure must not stop the others
            log.exception("posting the position of the day in server %s failed", guild_id)

    async def _answer(self, post: DailyPost) -> None:
        try:
            assert post.puzzle_id is not None and post.message_id is not None
            stored = await self.puzzles.puzzle(post.puzzle_id)
            assert stored is not None
            puzzle = Puzzle.from_json(stored.data)
            channel, t, _ = self._channel(post.guild_id, post.channel_id)
            message = await channel.fetch_message(post.message_id)
            poll = message.poll
            if poll is not None and not poll.is_finalised():
                try:
                    poll = await poll.end()
                except discord.HTTPException:  # Discord ended it meanwhile: read it again
                    poll = (await channel.fetch_message(post.message_id)).poll
            votes = {} if poll is None else {a.text: a.vote_count for a in poll.answers}
            await channel.send(
                answer_text(t, puzzle, votes), reference=message, mention_author=False
            )
        except (discord.NotFound, discord.Forbidden, LookupError) as error:
            # The poll deleted, the channel gone or closed to the bot: nothing to answer under.
            log.warning("no answer to the position of the day in %s: %s", post.guild_id, error)
        except Exception:  # one server's failure must not stop the others
            log.exception("answering the position of the day in server %s failed", post.guild_id)

    def _channel(
        self, guild_id: int, channel_id: int
    ) -> tuple[discord.TextChannel | discord.Thread, Localizer, Any]:
        guild = self.client.get_guild(guild_id)
        channel = None if guild is None else guild.get_channel_or_thread(channel_id)
        if guild is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            raise LookupError(f"channel {channel_id} of server {guild_id} is not in reach")
        return channel, Localizer(guild.preferred_locale), guild.preferred_locale
