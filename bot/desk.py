"""Between Discord and the table: act for a user, then show the game message as it now stands.

Each handler acknowledges first (Discord allows 3 seconds; the database and the renderer may take
longer under load), then calls the service and has the `Board` show the result. Refusals go to
`bot.errors.reply_error`, the one place they are worded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import components, present
from bot.board import Board, Update
from bot.errors import EPHEMERAL_DEFER, Refusal, reply_error
from bot.i18n import Localizer
from bot.service import outcomes as out
from bot.service.errors import NotAPlayerError
from bot.service.table import Table
from bot.service.views import ActionResult, Person
from bot.store import GameRow, Store

if TYPE_CHECKING:
    from bot.app import DuelboardBot

# Actions whose button or command asks "are you sure?" before it is done.
CONFIRMED = {"askdrop", "askresign"}
T = TypeVar("T")
# Seconds an action may run before the bot acknowledges it; Discord allows 3 for the first reply.
REPLY_BUDGET = 1.5
TABLE_ACTIONS: dict[str, str] = {
    "roll": "roll",
    "double": "double",
    "take": "take",
    "drop": "drop",
    "resign": "resign",
    "draw": "offer_draw",
    "yes": "accept_offer",
    "no": "decline_offer",
    "abort": "abort",
}


def person(user: discord.abc.User) -> Person:
    """The table's view of a Discord user."""
    return Person(user.id, user.display_name, user.bot)


def reader_locale(interaction: discord.Interaction[Any]) -> object:
    """The language of messages everyone sees: the server's, else the user's."""
    return interaction.guild_locale or interaction.locale


class Desk:
    """Handles every game action for the bot; one per bot, holding no game state of its own."""

    def __init__(self, bot: DuelboardBot) -> None:
        """Serve `bot`, whose table and store exist once it has logged in."""
        self.bot = bot
        self.board = Board(bot)

    @property
    def table(self) -> Table:
        """The game table."""
        return self.bot.table

    @property
    def store(self) -> Store:
        """The store (read-only lookups: the game of a channel)."""
        return self.bot.store

    # Acting.

    async def guarded(
        self,
        interaction: discord.Interaction[Any],
        work: Callable[[], Awaitable[None]],
    ) -> None:
        """Run `work`; any refusal becomes one private reply."""
        self.board.remember(interaction.user)
        try:
            await work()
        except Exception as error:  # every error is answered; unknown ones are logged
            await reply_error(interaction, error)

    async def defer_private(self, interaction: discord.Interaction[Any]) -> None:
        """Acknowledge with a private "thinking…" reply that the outcome will fill."""
        if interaction.response.is_done():
            return
        interaction.extras[EPHEMERAL_DEFER] = True
        await interaction.response.defer(ephemeral=True, thinking=True)

    async def channel_game(self, interaction: discord.Interaction[Any]) -> GameRow:
        """The open game of the channel the interaction came from."""
        channel_id = interaction.channel_id
        row = None if channel_id is None else await self.store.active_game_in_channel(channel_id)
        if row is None:
            raise Refusal(Localizer(interaction.locale)("reply.no_game"))
        return row

    async def perform(
        self, game_id: int, user_id: int, action: str, arg: str | None
    ) -> ActionResult:
        """Do one table action for a user."""
        method = getattr(self.table, TABLE_ACTIONS[action])
        if action == "resign":
            level = int(arg) if arg and arg.isdigit() else arg
            result: ActionResult = await method(game_id, user_id, level)
            return result
        done: ActionResult = await method(game_id, user_id)
        return done

    async def within_reply_window(
        self,
        interaction: discord.Interaction[Any],
        work: Awaitable[T],
        acknowledge: Callable[[], Awaitable[Any]] | None = None,
    ) -> T:
        """Run `work`; if it outlasts `REPLY_BUDGET`, acknowledge privately so Discord waits.

        Most actions finish well inside Discord's 3 seconds, and then the reply itself is the
        acknowledgement (one request fewer); a slow database or a busy renderer gets a
        "thinking…" reply in time instead of "This interaction failed".
        """
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=REPLY_BUDGET)
        if not done:
            if acknowledge is None:
                await self.defer_private(interaction)
            else:
                await acknowledge()
        return await task

    async def _act_in_channel(
        self,
        interaction: discord.Interaction[Any],
        act: Callable[[GameRow], Awaitable[ActionResult]],
    ) -> None:
        """Act in the channel's game, show the board, then tell the actor what was done."""

        async def steps() -> ActionResult:
            row = await self.channel_game(interaction)
            result = await act(row)
            await self.board.show(result, reader_locale(interaction), interaction.user.id)
            return result

        async def work() -> None:
            result = await self.within_reply_window(interaction, steps())
            await self._done(interaction, result)

        await self.guarded(interaction, work)

    async def command(
        self, interaction: discord.Interaction[Any], action: str, arg: str | None = None
    ) -> None:
        """A slash command acting in the channel's game (/roll, /double, /draw, /abort)."""
        user_id = interaction.user.id
        await self._act_in_channel(
            interaction, lambda row: self.perform(row.id, user_id, action, arg)
        )

    async def move(self, interaction: discord.Interaction[Any], play: str) -> None:
        """/move: make a play in the channel's game."""
        user_id = interaction.user.id
        await self._act_in_channel(
            interaction, lambda row: self.table.move(row.id, user_id, play, loaded=row)
        )

    async def _done(self, interaction: discord.Interaction[Any], result: ActionResult) -> None:
        """Tell the actor privately what was done, in standard notation."""
        t = Localizer(interaction.locale)
        names = await self.board.names(result.game)
        mine = [o for o in result.outcomes if getattr(o, "player_id", None) == interaction.user.id]
        moved = next((o for o in mine if isinstance(o, out.Moved)), None)
        if moved is not None:
            text = t("reply.played", play=moved.notation)
        else:
            lines = present.event_lines(t, result.outcomes[:1], names, result.game.seats)
            text = t("reply.done", what=lines[0] if lines else "✓")
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def ask(self, interaction: discord.Interaction[Any], action: str) -> None:
        """Show the private confirmation before passing a double or resigning."""

        async def work() -> None:
            await self.defer_private(interaction)
            row = await self.channel_game(interaction)
            await self._ask(interaction, row.id, action)

        await self.guarded(interaction, work)

    async def _ask(self, interaction: discord.Interaction[Any], game_id: int, action: str) -> None:
        t = Localizer(interaction.locale)
        await self.defer_private(interaction)
        view = await self.table.view(game_id)
        if view.seats is None or interaction.user.id not in view.seats:
            raise NotAPlayerError(game_id, interaction.user.id)
        if action == "askdrop":
            controls = components.confirm_drop(t, game_id)
            await interaction.edit_original_response(content=t("reply.confirm_pass"), view=controls)
            return
        key = "reply.confirm_resign"
        if view.kind != "backgammon":
            key = "reply.confirm_resign_checkers"
        controls = components.confirm_resign(t, view)
        await interaction.edit_original_response(content=t(key), view=controls)

    async def on_button(
        self, interaction: discord.Interaction[Any], game_id: int, action: str, arg: str | None
    ) -> None:
        """A button on a game message (or on a private confirmation) was pressed."""
        if action in CONFIRMED:
            await self.guarded(interaction, lambda: self._ask(interaction, game_id, action))
            return
        if action == "rematch":
            await self.guarded(interaction, lambda: self._rematch(interaction, game_id))
            return
        user = interaction.user
        if action == "decline":
            act: Awaitable[ActionResult] = self.table.decline(game_id, user.id)
        elif action == "cancel":
            act = self.table.cancel(game_id, user.id)
        elif action == "accept":
            act = self.table.accept(game_id, person(user))
        elif action in TABLE_ACTIONS:
            act = self.perform(game_id, user.id, action, arg)
        else:
            act = self._unknown(interaction, action)
        await self.guarded(interaction, lambda: self._clicked(interaction, act))

    async def _unknown(self, interaction: discord.Interaction[Any], action: str) -> ActionResult:
        t = Localizer(interaction.locale)
        raise Refusal(t("error.refused", reason=t("refusal.bot.unknown_button", action=action)))

    async def _rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await interaction.response.defer()
        result = await self.table.rematch(game_id, interaction.user.id)
        await self.board.post(result, reader_locale(interaction))

    async def _clicked(
        self, interaction: discord.Interaction[Any], act: Awaitable[ActionResult]
    ) -> None:
        """Act, then show the result: in the click's own reply when it came in time."""

        async def steps() -> tuple[ActionResult, Update]:
            result = await act
            update = await self.board.prepare(
                result, reader_locale(interaction), interaction.user.id
            )
            return result, update

        result, update = await self.within_reply_window(
            interaction, steps(), acknowledge=interaction.response.defer
        )
        message = interaction.message
        replied = interaction.response.is_done()
        if message is not None and message.flags.ephemeral:
            # A confirmation: the board changes, and the dialog says what was done.
            await self.board.publish(update)
            t = Localizer(interaction.locale)
            names = await self.board.names(result.game)
            lines = present.event_lines(t, result.outcomes, names, result.game.seats)
            done = t("reply.done", what=lines[0] if lines else "✓")
            if replied:
                await interaction.edit_original_response(content=done, view=None)
            else:
                await interaction.response.edit_message(content=done, view=None)
        elif not replied and message is not None and update.edits(message.id):
            # One request: the click's reply is the new board.
            await interaction.response.edit_message(**update.parts.edit_kwargs())
        else:
            if not replied:
                await interaction.response.defer()
            await self.board.publish(update)

    async def on_pick(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None:
        """A move was picked in the menu on the board."""
        act = self.table.move(game_id, interaction.user.id, value)
        await self.guarded(interaction, lambda: self._clicked(interaction, act))

    # The clock.

    async def sweep(self) -> int:
        """Handle due reminders, wins on time and expired challenges; returns how many."""
        results = await self.table.sweep()
        for result in results:
            reminder = next((o for o in result.outcomes if isinstance(o, out.ReminderDue)), None)
            if reminder is None:
                await self.board.show(result)
                continue
            row = await self.store.get_game(result.game.id)
            t = Localizer(self.board.guild_locale(row.guild_id))
            text = t(
                "reply.reminder",
                mention=present.mention(reminder.player_id),
                game=row.id,
                deadline=present.timestamp(reminder.deadline),
            )
            channel = self.board.channel(row.channel_id)
            await self.board.call(channel, row.id, reminder.player_id, text)
        return len(results)
