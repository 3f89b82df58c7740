"""The one message of each game: its words, board picture and controls, kept up to date.

Rendering runs off the event loop. When the turn passes to someone else they get a short ping
(an edit never notifies anyone on Discord), and when a game finishes its result is counted
and the recap (replay, record file, rating changes) is posted under the game message; the review
is added to it once the computer is done (`bot.frontend.reviews`).
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.frontend import controls
from bot.frontend.boards import StandingBoards
from bot.frontend.markup import shown, user_name
from bot.frontend.pings import Pings, pinging
from bot.frontend.recent import Recent
from bot.frontend.reviews import Reviews
from bot.frontend.tiers import TierRoles
from bot.i18n import Localizer
from bot.pictures import FILENAME, THEME_SETTING, Look, Picture, time_left
from bot.pictures.painter import Painter
from bot.service import outcomes as out
from bot.service.achievements import Achievements
from bot.service.games import Games
from bot.service.ladder import Ladder
from bot.service.ratings import NotRateableError, Ratings, Stake, ladder_server, scopes_for
from bot.service.recap import recap_for
from bot.service.review import Reviewer
from bot.service.views import ActionOutcomes, GameView
from bot.store import GamePlace, GameStatus, Store
from bot.store.achievements import Achievement
from bot.store.ratings import AlreadyCountedError
from bot.wording import game as game_words
from bot.wording.achievements import achievement_lines
from bot.wording.terms import name_of
from render import LIGHT, THEMES, Theme

log = logging.getLogger("duelboard")
CHALLENGE_CLOSED = (out.ChallengeDeclined, out.ChallengeWithdrawn, out.ChallengeExpired)
# Games, servers and users kept in memory; the store has every one: forgetting costs a read.
CACHED_GAMES = 4096
CACHED_NAMES = 4096
THEME_KEPT_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class MessageParts:
    """What a game message holds: text, the board picture (if any) and the controls.

    `pinged` are the users the message notifies when it is posted (an edit notifies nobody).
    """

    content: str
    picture: Picture | None
    controls: discord.ui.View | None
    pinged: tuple[int, ...] = ()

    def files(self) -> list[discord.File]:
        """The board as an attachment, with its alt text."""
        if self.picture is None:
            return []
        data = io.BytesIO(self.picture.png)
        return [discord.File(data, filename=FILENAME, description=self.picture.alt_text)]

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for sending a new message."""
        kwargs: dict[str, Any] = {"content": self.content, "files": self.files()}
        if self.controls is not None:
            kwargs["view"] = self.controls
        if self.pinged:
            kwargs["allowed_mentions"] = pinging(*self.pinged)
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for editing the message in place (old picture and buttons replaced)."""
        return {"content": self.content, "attachments": self.files(), "view": self.controls}


@dataclass(frozen=True, slots=True)
class Where:
    """Where a game is shown: its channel (or thread), server, message once posted, and the
    kind of place (only in a server that added the bot can the bot post there itself)."""

    channel_id: int
    guild_id: int | None
    message_id: int | None
    place: GamePlace = GamePlace.SERVER


@dataclass(frozen=True, slots=True)
class Update:
    """A game message ready to be shown: which game, where, and the new parts."""

    game_id: int
    where: Where
    parts: MessageParts

    def edits(self, message_id: int | None) -> bool:
        """True when `message_id` is the game's own message (a click on the game message itself)."""
        return message_id is not None and message_id == self.where.message_id


class GameMessages:
    """Builds, posts and edits game messages; one per bot."""

    def __init__(
        self,
        client: discord.Client,
        games: Games,
        store: Store,
        reviewer: Reviewer | None,
        painter: Painter,
    ) -> None:
        """Show `games` through `client`; `store` has names and where each game is shown;
        `reviewer` (if any) adds the analysis to backgammon recaps; `painter` draws the boards."""
        self.client = client
        self.games = games
        self.store = store
        self.painter = painter
        self.ratings = Ratings(store, bot_id=games.bot.id)
        self.boards = StandingBoards(client, Ladder(store, games.clock), self.theme)
        self.achievements = Achievements(store, games.bot.id)
        self.tiers = TierRoles(client, store)
        self._names: Recent[int, str] = Recent(CACHED_NAMES)
        # The last ping per game (turn ping or reminder), deleted when the next one is sent or the
        # game ends; the store keeps it too, for the first ping after a restart. A game's entries
        # go when it ends.
        self._pings: Recent[int, int] = Recent(CACHED_GAMES)
        self.pings = Pings(store, self._pings)
        self.reviews = Reviews(self, store, reviewer, painter, games.bot.id)
        self._where_cache: Recent[int, Where] = Recent(CACHED_GAMES)
        # Every board is drawn in its server's theme: read once a minute per server, not on every
        # move (another process's /settings shows within that minute; this one's at once).
        self._themes: Recent[int, tuple[float, Theme]] = Recent(CACHED_GAMES)

    async def names(self, view: GameView) -> dict[int, str]:
        """Display names of everyone in the game (cached; the store keeps the latest)."""
        found: dict[int, str] = {}
        for user_id in {view.challenger_id, *(view.seats or ()), view.opponent_id}:
            if user_id is None:
                continue
            name = self._names.get(user_id)
            if name is None:
                player = await self.store.get_player(user_id)
                name = player.display_name if player else str(user_id)
                self._names[user_id] = name
            found[user_id] = name
        return found

    async def shown_names(self, view: GameView) -> dict[int, str]:
        """The names for message text: escaped, so none is Markdown or a mention."""
        return shown(await self.names(view))

    def remember(self, user: discord.abc.User) -> None:
        """Keep the name a user now shows."""
        self._names[user.id] = user_name(user)

    async def parts(
        self,
        view: GameView,
        outcomes: tuple[out.Outcome, ...],
        locale: object,
        *,
        claim: bool = False,
    ) -> MessageParts:
        """The message for a game as it stands after `outcomes`; with `claim` (where no sweeper
        can call a win on time) a game under way has the button to claim it."""
        t = Localizer(locale)
        names = await self.names(view)
        closed = next((o for o in outcomes if isinstance(o, CHALLENGE_CLOSED)), None)
        if closed is not None:
            return MessageParts(game_words.closed_challenge_text(t, view, closed), None, None)
        if view.status is GameStatus.PENDING:
            posted = next((o for o in outcomes if isinstance(o, out.ChallengePosted)), None)
            expires = posted.expires_at if posted else view.turn_deadline
            text = game_words.challenge_text(t, view, shown(names), expires)
            stake = await self._stake(view)
            if stake is not None:
                text += "\n" + game_words.stake_text(t, view, stake)
            challenged = () if view.opponent_id is None else (view.opponent_id,)
            return MessageParts(text, None, controls.game_controls(t, view), challenged)
        seats = view.seats or (view.challenger_id, view.opponent_id or 0)
        pair = (name_of(names, seats[0]), name_of(names, seats[1]))
        # The picture's words in the message's language: one message, read by everyone.
        picture = await self.painter.draw(view.session, pair, await self.look(view, locale))
        builtin = self.games.notice_for(view) is not None  # Open Sage missing: say so
        text = game_words.game_text(t, view, outcomes, shown(names), builtin)
        shown_controls = controls.game_controls(t, view)
        if claim and view.status is GameStatus.ACTIVE and shown_controls is not None:
            shown_controls.add_item(controls.claim_button(t, view.id))
        return MessageParts(text, picture, shown_controls)

    async def look(self, view: GameView, locale: object, reader: int | None = None) -> Look:
        """How the game's board is drawn: in its server's theme, with the clock of the person
        to act (the bot's own turn shows none), publicly or for the player in seat `reader`."""
        where = await self._where(view.id)
        waiting = view.to_move_id
        clock = None
        if waiting is not None and waiting != self.games.bot.id:
            clock = time_left(view.turn_deadline, self.games.clock.now())
        return Look(locale, await self.theme(where.guild_id), clock, reader)

    async def theme(self, guild_id: int | None) -> Theme:
        """The theme a server chose in /settings (light unless it chose dark)."""
        if guild_id is None:
            return LIGHT
        now = time.monotonic()
        kept = self._themes.get(guild_id)
        if kept is not None and now - kept[0] < THEME_KEPT_SECONDS:
            return kept[1]
        name = (await self.store.guild_settings(guild_id)).get(THEME_SETTING)
        theme = THEMES.get(name, LIGHT) if isinstance(name, str) else LIGHT
        self._themes[guild_id] = (now, theme)
        return theme

    def forget_theme(self, guild_id: int) -> None:
        """The server's theme changed here: the next board reads it again."""
        self._themes.pop(guild_id)

    async def _stake(self, view: GameView) -> Stake | None:
        """What a rated challenge to a named opponent wins or loses each side."""
        if not view.options.rated or view.opponent_id is None:
            return None
        row = await self.store.get_game(view.id)
        return await self.ratings.stake(
            view.challenger_id, view.opponent_id, view.kind, view.variant, ladder_server(row)
        )

    def channel(self, channel_id: int, guild_id: int | None) -> discord.abc.Messageable:
        """Where to send or edit a game's message: the channel as its server caches it, or a
        partial channel (a direct message, or one not cached).

        Looked up through its server: `Client.get_channel` walks every cached server, and a
        bot in thousands of servers would pay that walk on every move.
        """
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        if guild is not None:
            channel = guild.get_channel_or_thread(channel_id)
            if isinstance(channel, discord.abc.Messageable):
                return channel
        return self.client.get_partial_messageable(channel_id, guild_id=guild_id)

    def guild_locale(self, guild_id: int | None) -> object:
        """The language a game's public messages use: its server's."""
        guild = self.client.get_guild(guild_id) if guild_id else None
        return guild.preferred_locale if guild is not None else "en-US"

    async def where(self, game_id: int) -> Where:
        """Where a game is shown (cached)."""
        return await self._where(game_id)

    async def _where(self, game_id: int) -> Where:
        """Where a game is shown; cached, since only this process moves a game's message."""
        where = self._where_cache.get(game_id)
        if where is None or where.message_id is None:
            row = await self.store.get_game(game_id)
            where = Where(row.channel_id, row.guild_id, row.message_id, row.place)
            self._where_cache[game_id] = where
        return where

    async def _attach(self, game_id: int, where: Where, message_id: int) -> None:
        await self.store.attach_message(game_id, message_id)
        self._where_cache[game_id] = replace(where, message_id=message_id)

    def moved(self, game_id: int, message_id: int) -> None:
        """The game's message is now `message_id` (shown through an interaction elsewhere)."""
        where = self._where_cache.get(game_id)
        if where is not None:
            self._where_cache[game_id] = replace(where, message_id=message_id)

    async def show(
        self, result: ActionOutcomes, locale: object | None = None, actor_id: int | None = None
    ) -> None:
        """Edit the game's message to show `result` (post a new one if it has none)."""
        await self.publish(await self.prepare(result, locale, actor_id))

    async def prepare(
        self, result: ActionOutcomes, locale: object | None = None, actor_id: int | None = None
    ) -> Update:
        """Everything before the game message changes: render, ping, the recap of a finished game.

        When the turn passes to someone other than `actor_id`, they get a short ping: an edit
        never notifies anyone on Discord, a new message does.
        """
        game_id = result.game.id
        where = await self._where(game_id)
        language = locale or self.guild_locale(where.guild_id)
        closed = not result.game.status.is_open
        if not where.place.bot_posts:
            # Only the interaction reaches there: its answer pings and recaps (`Reach`).
            parts = await self.parts(result.game, result.outcomes, language, claim=True)
            if closed:
                self._where_cache.pop(game_id)
            return Update(game_id, where, parts)
        channel = self.channel(where.channel_id, where.guild_id)
        work: list[Awaitable[Any]] = [self.parts(result.game, result.outcomes, language)]
        if where.message_id is not None:
            message = discord.PartialMessage(channel=channel, id=where.message_id)  # type: ignore[arg-type]
            waiting = result.game.to_move_id
            if waiting is not None and waiting not in (actor_id, self.games.bot.id):
                work.append(self._ping(channel, message, game_id, waiting, language))
        if closed:
            self.pings.end(channel, game_id)
        if result.game.status is GameStatus.FINISHED and any(
            isinstance(o, out.GameEnded) for o in result.outcomes
        ):
            work.append(self._recap(channel, result.game, language))
        parts, *_ = await asyncio.gather(*work)
        if closed:
            self._where_cache.pop(game_id)
        return Update(game_id, where, parts)

    async def publish(self, update: Update) -> None:
        """Edit the game's message (or post it): the last step, so once it shows all is done."""
        channel = self.channel(update.where.channel_id, update.where.guild_id)
        if update.where.message_id is None:
            posted = await channel.send(**update.parts.send_kwargs())
            await self._attach(update.game_id, update.where, posted.id)
            return
        message = discord.PartialMessage(channel=channel, id=update.where.message_id)  # type: ignore[arg-type]
        await message.edit(**update.parts.edit_kwargs())

    async def _ping(
        self,
        channel: discord.abc.Messageable,
        message: discord.PartialMessage,
        game_id: int,
        user_id: int,
        locale: object,
    ) -> None:
        """Notify the player to act."""
        t = Localizer(locale)
        text = t(
            "ping.turn", mention=game_words.mention(user_id), game=game_id, link=message.jump_url
        )
        await self.call(channel, game_id, user_id, text)

    async def call(
        self, channel: discord.abc.Messageable, game_id: int, user_id: int, text: str
    ) -> None:
        """Post `text` notifying `user_id` as the game's ping (a turn ping or a reminder): the
        game's previous ping goes, and the next one or the game's end deletes this one, so one
        line at most stays."""
        await self.pings.call(channel, game_id, user_id, text)

    async def _recap(
        self, channel: discord.abc.Messageable, view: GameView, locale: object
    ) -> None:
        """Count the result (ratings move if rated) and post the replay and the record file."""
        lines, files = await self.recap(view, locale)
        posted = await channel.send("\n".join(lines), files=files)
        self.reviews.add_later(posted, lines, view, locale)

    async def recap(self, view: GameView, locale: object) -> tuple[list[str], list[discord.File]]:
        """Count the result (ratings move if rated); the recap's lines and files (the replay and
        the record file)."""
        try:
            counted = await self.ratings.count_finished(view.id, now=self.games.clock.now())
        except (NotRateableError, AlreadyCountedError):
            counted = None  # another process counted it; the recap goes without the change
        t = Localizer(locale)
        made = await recap_for(
            self.store,
            view.id,
            counted,
            theme=await self.theme((await self._where(view.id)).guild_id),
            draw=lambda game, events, names, theme: self.painter.recap(
                game, events, names, locale, theme
            ),
        )
        names = await self.shown_names(view)
        lines = [t("recap.text", game=view.id, record=made.record.filename)]
        if counted is not None and counted.rated:
            where = await self._where(view.id)
            scope = scopes_for(where.guild_id if where.place.bot_posts else None)[0]
            for change in counted.changes:
                if change.scope != scope:
                    continue
                lines.append(
                    t(
                        "recap.rating",
                        player=name_of(names, change.user_id),
                        before=round(change.before),
                        after=round(change.after),
                        delta=f"{change.delta:+d}",
                    )
                )
        elif counted is not None:
            lines.append(t("recap.unrated"))
        if counted is not None:
            # The process that counted the result awards what the game earned, once.
            lines += achievement_lines(t, names, await self._earned(view.id))
        files = [
            discord.File(
                io.BytesIO(made.replay_gif), filename="replay.gif", description=made.replay_alt
            ),
            discord.File(io.BytesIO(made.record.text.encode()), filename=made.record.filename),
        ]
        where = await self._where(view.id)
        # A server's standing board and roles are the bot's only where it is a member.
        rated = counted is not None and counted.rated
        if rated and where.guild_id is not None and where.place.bot_posts:
            assert counted is not None
            await self.boards.rated(where.guild_id)
            await self.tiers.rated(where.guild_id, counted.ladder, counted.changes)
        return lines, files

    async def _earned(self, game_id: int) -> list[Achievement]:
        """The achievements the game earned; none if deciding them fails (the recap goes)."""
        try:
            return await self.achievements.count(game_id)
        except Exception:  # the recap stands without its achievements; the log says why
            log.exception("deciding the achievements of game #%s failed", game_id)
            return []

    async def post(self, result: ActionOutcomes, locale: object) -> discord.Message:
        """Post the game's message anew at the bottom of its channel and remember it."""
        where = await self._where(result.game.id)
        parts = await self.parts(result.game, result.outcomes, locale)
        message = await self.channel(where.channel_id, where.guild_id).send(**parts.send_kwargs())
        await self._attach(result.game.id, where, message.id)
        return message
