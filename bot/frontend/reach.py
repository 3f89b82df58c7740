"""Games where the bot cannot post: DMs, group DMs and servers that never added it.

There the app is installed to a player's account and its bot is no member: Discord refuses
every call with the bot's token (403, 50001). Only the interaction reaches the channel: its
reply (a new message, or UPDATE_MESSAGE of the message a button is on), edits through its
webhook for 15 minutes, and at most five follow-ups. So, for a game living there:

- a click on one of the game's messages answers with the game as it now stands, in place;
- a command (or a private confirmation) answers with the game as a new public message, and the
  game's previous message, while the token that last showed it lasts, is edited to say the game
  continues further down (its controls gone); once that token has expired, the old message's
  controls still act on the game as it now stands and bring that message up to date;
- the player to act next is pinged by a follow-up that may mention only them; the previous
  ping is deleted while the token that made it lasts;
- a finished game's recap is a follow-up;
- the game keeps its message and the token that showed it (`Store.attach_reply`), and its
  last ping with the token that made it (`Store.attach_reply_ping`), so a restarted bot finds
  them.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

import discord
from discord import app_commands

from bot.frontend.messages import GameMessages, MessageParts, Update
from bot.frontend.pings import pinging
from bot.i18n import Localizer
from bot.service import outcomes as out
from bot.service.results import message_link
from bot.service.views import ActionOutcomes
from bot.store import GamePlace, GameRow, GameStatus, Store
from bot.wording import game as game_words

T = TypeVar("T")
log = logging.getLogger("duelboard")
# How long an interaction's token edits its messages: Discord's 15 minutes, less a margin for
# the time the interaction took to reach the bot.
TOKEN_LIFETIME = timedelta(minutes=14)
# How Discord's webhook routes name an interaction's reply, where a message id would go
# (discord.py's `Webhook.edit_message` puts it in the route as given).
ORIGINAL = "@original"


def anywhere(command: T) -> T:
    """A command for a server that added the bot and for the app installed to an account,
    usable in servers, in the DM with the bot and in DMs and group DMs between people."""
    installs = app_commands.allowed_installs(guilds=True, users=True)
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


def server_only(command: T) -> T:
    """A command only a server that added the bot has (its settings, its tournaments)."""
    installs = app_commands.allowed_installs(guilds=True, users=False)
    contexts = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    return installs(contexts(command))


def place_of(interaction: discord.Interaction[Any]) -> GamePlace:
    """Where an interaction happens, as a game's place."""
    if interaction.is_guild_integration():
        return GamePlace.SERVER
    if interaction.guild_id is not None:
        return GamePlace.EXTERNAL
    if interaction.context.dm_channel:
        return GamePlace.BOT_DM
    if isinstance(interaction.channel, discord.GroupChannel):
        return GamePlace.GROUP_DM
    return GamePlace.DM


class Reach:
    """Shows games through their players' interactions where the bot cannot post; one per bot."""

    def __init__(self, client: discord.Client, messages: GameMessages, store: Store) -> None:
        """Answer through `client`'s interactions; `messages` builds what is shown, `store`
        keeps each game's message and the token that can still edit it."""
        self.client = client
        self.messages = messages
        self.store = store

    async def open(
        self, interaction: discord.Interaction[Any], result: ActionOutcomes, locale: object
    ) -> None:
        """Show a new game (a challenge, or a game against the bot under way) as the answer to
        `interaction`, notifying the challenged player."""
        parts = await self.messages.parts(result.game, result.outcomes, locale, claim=True)
        shown, original = await self._post(interaction, parts)
        await self._keep(interaction, result.game.id, shown, original)

    async def show(
        self,
        interaction: discord.Interaction[Any],
        result: ActionOutcomes,
        update: Update,
        locale: object,
        *,
        ping: bool = True,
    ) -> None:
        """Show `update` through `interaction`: in place on the message a button is on, else
        as a new message (the caller has answered privately already); then the ping of the
        player to act (unless `ping` is False) and a finished game's recap."""
        game_id = update.game_id
        row = await self.store.get_game(game_id)
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            if interaction.response.is_done():
                await interaction.edit_original_response(**update.parts.edit_kwargs())
            else:
                await interaction.response.edit_message(**update.parts.edit_kwargs())
            shown, original = message.id, True  # a click's `@original` is its message
        else:
            shown, original = await self._post(interaction, update.parts)
        if row.message_id is not None and row.message_id != shown:
            await self._retire(row, Localizer(locale))
        await self._keep(interaction, game_id, shown, original)
        view = result.game
        jump = message_link(update.where.guild_id, update.where.channel_id, shown) or ""
        waiting = view.to_move_id
        quiet = (None, interaction.user.id, self.messages.games.bot.id)
        if ping and view.status.is_open and waiting is not None and waiting not in quiet:
            await self._ping(interaction, row, waiting, jump, locale)
        if not view.status.is_open:
            await self._drop_ping(row)
        finished = view.status is GameStatus.FINISHED
        if finished and any(isinstance(o, out.GameEnded) for o in result.outcomes):
            # A match's recap comes with its last game, not with each game of it.
            lines, files = await self.messages.recap(view, locale)
            posted = await interaction.followup.send("\n".join(lines), files=files, wait=True)
            self.messages.reviews.add_later(
                posted, lines, view, locale, send=interaction.followup.send
            )

    async def _post(
        self, interaction: discord.Interaction[Any], parts: MessageParts
    ) -> tuple[int, bool]:
        """Post `parts` as a new public message through `interaction`: its id, and whether it
        is the interaction's `@original` (its reply) or a follow-up (once the interaction has
        its reply: callers fill a "thinking…" reply before, which a follow-up would fill)."""
        if not interaction.response.is_done():
            answer = await interaction.response.send_message(**parts.send_kwargs())
            if answer.message_id is not None:
                return answer.message_id, True
            return (await interaction.original_response()).id, True
        posted = await interaction.followup.send(**parts.send_kwargs(), wait=True)
        return posted.id, False

    async def _keep(
        self, interaction: discord.Interaction[Any], game_id: int, shown: int, original: bool
    ) -> None:
        """The game's message is now `shown`, editable through this interaction's token."""
        # Counted from now, not from the interaction's id: a clock that differs from Discord's
        # then costs one refused edit at worst, never a token thought dead while it lasts.
        expires = datetime.now(UTC) + TOKEN_LIFETIME
        token = interaction.token
        await self.store.attach_reply(game_id, shown, token, expires, original=original)
        self.messages.moved(game_id, shown)

    async def _retire(self, row: GameRow, t: Localizer) -> None:
        """Say on the game's previous message that it continues further down, without its
        controls, while the token that last showed it lasts (later its controls still work)."""
        if row.message_id is None or row.reply_token is None or not _lasts(row.reply_expires):
            return
        webhook = self._webhook(row.reply_token)
        # The token's own reply (or the message its click updated) is its `@original`; a
        # follow-up is edited by its id.
        which = cast(int, ORIGINAL) if row.reply_original else row.message_id
        try:
            await webhook.edit_message(
                which, content=t("reply.board_elsewhere"), attachments=[], view=None
            )
        except discord.HTTPException as error:  # gone or expired: its controls still work
            log.info("game #%s: its previous message stays as it was (%s)", row.id, error)

    async def _ping(
        self,
        interaction: discord.Interaction[Any],
        row: GameRow,
        user_id: int,
        jump: str,
        locale: object,
    ) -> None:
        """Notify the player to act, in a follow-up that may mention only them."""
        t = Localizer(locale)
        text = t("ping.turn", mention=game_words.mention(user_id), game=row.id, link=jump)
        await self._drop_ping(row, forget=False)  # first: the new ping is the action's last word
        sent = await interaction.followup.send(text, allowed_mentions=pinging(user_id), wait=True)
        await self.store.attach_reply_ping(row.id, sent.id, interaction.token)

    async def _drop_ping(self, row: GameRow, *, forget: bool = True) -> None:
        """Delete the game's previous ping while the token that made it lasts."""
        if row.ping_message_id is None or row.ping_token is None:
            return
        try:
            await self._webhook(row.ping_token).delete_message(row.ping_message_id)
        except discord.HTTPException as error:  # expired or gone: one stale line stays
            log.info("game #%s: its previous ping stays (%s)", row.id, error)
        if forget:
            await self.store.attach_reply_ping(row.id, None, None)

    def _webhook(self, token: str) -> discord.Webhook:
        application_id = self.client.application_id
        assert application_id is not None  # known once the client has logged in
        return discord.Webhook.partial(application_id, token, client=self.client)


def _lasts(expires: datetime | None) -> bool:
    """Whether an interaction token that expires at `expires` can still be used."""
    return expires is not None and datetime.now(UTC) < expires
