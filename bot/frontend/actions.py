"""Between Discord and the service: act for a user, then show the game message as it now stands.

Each handler acknowledges first when the work may outlast Discord's 3 seconds (the database and
the renderer may take longer under load), then calls the service and has `GameMessages` show
the result. A refusal is raised, never answered here: the command tree's `on_error` and the
controls' callback hand it to `bot.frontend.replies.reply_error`, the one place it is worded.
A failure once the service has committed (the board, Discord's edit) is no refusal: the action
stands, the actor is told so, and the game message catches up by itself (`CatchUp`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.frontend import controls
from bot.frontend.catchup import CatchUp
from bot.frontend.markup import user_name
from bot.frontend.messages import CACHED_GAMES, GameMessages, Update
from bot.frontend.operations import Action, operation_of
from bot.frontend.reach import Reach
from bot.frontend.recent import Recent
from bot.frontend.replies import EPHEMERAL_DEFER, Refusal
from bot.frontend.tournaments import TournamentActions
from bot.i18n import Localizer
from bot.service import building
from bot.service import outcomes as out
from bot.service.errors import NotAPlayerError
from bot.service.games import Games
from bot.service.operations import Move, Operation, Rematch
from bot.service.views import ActionOutcomes, Player
from bot.settings import ONE_SHARD, Shards
from bot.store import GameRow, Store
from bot.wording import game as game_words
from bot.wording.kinds import WORDS

T = TypeVar("T")
log = logging.getLogger("duelboard")
# Seconds an action may run before the bot acknowledges it; Discord allows 3 for the first reply.
REPLY_BUDGET = 1.5
# How long the private "Played 8/5 6/5." of a typed command stays before it is deleted: the game
# message shows the play to everyone, and a game of typed moves must not leave a column of them.
RECEIPT_SECONDS = 8.0


def as_player(user: discord.abc.User) -> Player:
    """The service's `Player` for a Discord user."""
    return Player(user.id, user_name(user), user.bot)


def reader_locale(interaction: discord.Interaction[Any]) -> object:
    """The language of messages everyone sees: the server's, else the user's."""
    return interaction.guild_locale or interaction.locale


class GameActions:
    """Handles every game action; one per bot, holding no game state of its own."""

    def __init__(
        self,
        games: Games,
        messages: GameMessages,
        store: Store,
        tournament_actions: TournamentActions | None = None,
    ) -> None:
        """Act through `games`, show through `messages`; `store` finds a channel's game; a
        tournament's game that closes moves its tournament on through `tournament_actions`."""
        self.games = games
        self.messages = messages
        self.store = store
        self.tournament_actions = tournament_actions
        self.catch_up = CatchUp(messages, store)
        self._building: Recent[int, asyncio.Lock] = Recent(CACHED_GAMES)
        self.reach = Reach(messages.client, messages, store)
        self._receipts: set[asyncio.Task[None]] = set()  # kept until done: the loop holds
        # tasks only weakly

    # Acting.

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
        act: Callable[[GameRow], Awaitable[ActionOutcomes]],
    ) -> None:
        """Act in the channel's game, show the game message, then tell the actor what was done.

        Where the bot cannot post, the actor hears first, then the game follows through the
        command's own interaction (`Reach`): its deadline, if it passed unseen, settles first.
        """
        self.messages.remember(interaction.user)
        locale = reader_locale(interaction)

        async def steps() -> tuple[GameRow, ActionOutcomes, bool]:
            row = await self.channel_game(interaction)
            if not row.place.bot_posts:
                settled = await self.games.overdue(row.id, interaction.user.id)
                return row, settled if settled is not None else await act(row), True
            result = await act(row)
            shown = await self._show(result, locale, interaction.user.id)
            return row, result, shown

        row, result, shown = await self.within_reply_window(interaction, steps())
        await self._done(interaction, result, shown)
        if not row.place.bot_posts:
            update = await self.messages.prepare(result, locale, interaction.user.id)
            await self.reach.show(interaction, result, update, locale)
        await self._follow_up(result)

    async def _show(
        self, result: ActionOutcomes, locale: object | None = None, actor_id: int | None = None
    ) -> bool:
        """Show a committed action's result; False when that failed and the game message catches
        up by itself (the action stands all the same)."""
        try:
            await self.messages.show(result, locale, actor_id)
        except Exception as error:
            await self.catch_up.fell_behind(result.game.id, error)
            return False
        await self.catch_up.shown(result.game.id)
        return True

    async def command(self, interaction: discord.Interaction[Any], operation: Operation) -> None:
        """A slash command acting in the channel's game (/move, /roll, /double, /draw, /abort)."""
        user_id = interaction.user.id
        await self._act_in_channel(
            interaction, lambda row: self.games.act(row.id, user_id, operation, loaded=row)
        )

    async def _done(
        self, interaction: discord.Interaction[Any], result: ActionOutcomes, shown: bool = True
    ) -> None:
        """Tell the actor privately what was done, in standard notation (and, unless `shown`,
        that the game message catches up by itself)."""
        t = Localizer(interaction.locale)
        names = await self.messages.shown_names(result.game)
        mine = [o for o in result.outcomes if getattr(o, "player_id", None) == interaction.user.id]
        moved = next((o for o in mine if isinstance(o, out.Moved)), None)
        if moved is not None:
            text = t("reply.played", play=moved.notation)
        else:
            lines = game_words.event_lines(t, result.outcomes[:1], names, result.game.seats)
            text = t("reply.done", what=lines[0] if lines else "✓")
        if not shown:
            text += "\n" + t("reply.catching_up")
        if interaction.response.is_done():
            await interaction.edit_original_response(content=text)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        task = asyncio.create_task(self._withdraw(interaction))
        self._receipts.add(task)
        task.add_done_callback(self._receipts.discard)

    async def withdraw_receipts(self) -> None:
        """Delete the receipts still showing now (the bot is stopping; their tokens would
        outlive it)."""
        for task in list(self._receipts):
            task.cancel()
        await asyncio.gather(*self._receipts, return_exceptions=True)

    async def _withdraw(self, interaction: discord.Interaction[Any]) -> None:
        """Delete the private receipt of a typed command once it has been read."""
        with contextlib.suppress(asyncio.CancelledError):  # stopping: delete it at once
            await asyncio.sleep(RECEIPT_SECONDS)
        with contextlib.suppress(discord.HTTPException):  # the player dismissed it already
            await interaction.delete_original_response()

    async def ask(self, interaction: discord.Interaction[Any], action: Action) -> None:
        """Show the private confirmation before passing a double or resigning."""
        self.messages.remember(interaction.user)
        await self.defer_private(interaction)
        row = await self.channel_game(interaction)
        await self._ask(interaction, row.id, action)

    async def _ask(
        self, interaction: discord.Interaction[Any], game_id: int, action: Action
    ) -> None:
        t = Localizer(interaction.locale)
        await self.defer_private(interaction)
        view = await self.games.view(game_id)
        if view.seats is None or interaction.user.id not in view.seats:
            raise NotAPlayerError(game_id, interaction.user.id)
        if action is Action.ASK_PASS:
            confirmation = controls.confirm_pass(t, game_id)
            await interaction.edit_original_response(
                content=t("reply.confirm_pass"), view=confirmation
            )
            return
        question = WORDS[view.kind].confirm_resign(t)
        confirmation = controls.confirm_resign(t, view)
        await interaction.edit_original_response(content=question, view=confirmation)

    async def on_button(
        self, interaction: discord.Interaction[Any], game_id: int, action: Action, arg: str | None
    ) -> None:
        """A button on a game message (or on a private confirmation) was pressed."""
        self.messages.remember(interaction.user)
        user = interaction.user
        operation = operation_of(action, arg, as_player(user))
        if operation is None:
            await self._ask(interaction, game_id, action)
        elif isinstance(operation, Rematch):
            await self._rematch(interaction, game_id)
        else:
            await self._clicked(
                interaction, game_id, lambda: self.games.act(game_id, user.id, operation)
            )

    async def _rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        locale = reader_locale(interaction)
        if not (await self.messages.where(game_id)).place.bot_posts:
            # The new challenge is the click's own answer: a new message under the old game.
            result = await self.games.act(game_id, interaction.user.id, Rematch())
            await self.reach.open(interaction, result, locale)
            return
        await interaction.response.defer()
        result = await self.games.act(game_id, interaction.user.id, Rematch())
        try:
            await self.messages.post(result, locale)
        except Exception as error:
            await self.catch_up.fell_behind(result.game.id, error)
            await self.made_but_behind(interaction, result)

    async def _settled_or(
        self, game_id: int, user_id: int, act: Callable[[], Awaitable[ActionOutcomes]]
    ) -> ActionOutcomes:
        """Where the bot cannot post, a deadline that passed unseen settles at the players'
        next interaction; else (or when nothing was due) `act`."""
        if not (await self.messages.where(game_id)).place.bot_posts:
            settled = await self.games.overdue(game_id, user_id)
            if settled is not None:
                return settled
        return await act()

    async def _clicked(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        act: Callable[[], Awaitable[ActionOutcomes]],
    ) -> None:
        """Act, then show the result: in the click's own reply when it came in time."""
        locale = reader_locale(interaction)

        async def steps() -> tuple[ActionOutcomes, Update | None]:
            result = await self._settled_or(game_id, interaction.user.id, act)
            try:
                update = await self.messages.prepare(result, locale, interaction.user.id)
            except Exception as error:  # committed all the same: never "nothing was changed"
                await self.catch_up.fell_behind(result.game.id, error)
                return result, None
            return result, update

        result, update = await self.within_reply_window(
            interaction, steps(), acknowledge=interaction.response.defer
        )
        try:
            if update is not None:
                await self._publish_click(interaction, result, update)
                await self.catch_up.shown(result.game.id)
        except Exception as error:
            await self.catch_up.fell_behind(result.game.id, error)
            update = None
        if update is None:
            await self.made_but_behind(interaction, result)
        await self._follow_up(result)

    async def made_but_behind(
        self, interaction: discord.Interaction[Any], result: ActionOutcomes
    ) -> None:
        """Tell the actor privately that their action was made, though the game message does
        not show it yet (it catches up by itself)."""
        t = Localizer(interaction.locale)
        names = await self.messages.shown_names(result.game)
        lines = game_words.event_lines(t, result.outcomes, names, result.game.seats)
        text = t("reply.done", what=lines[0] if lines else "✓") + "\n" + t("reply.catching_up")
        message = interaction.message
        response = interaction.response
        try:
            if interaction.extras.get(EPHEMERAL_DEFER):  # a command's private "thinking…"
                await interaction.edit_original_response(content=text)
            elif message is not None and message.flags.ephemeral:  # a confirmation: it says so
                if response.is_done():
                    await interaction.edit_original_response(content=text, view=None)
                else:
                    await response.edit_message(content=text, view=None)
            elif response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not tell the user their action was made")

    async def _publish_click(
        self, interaction: discord.Interaction[Any], result: ActionOutcomes, update: Update
    ) -> None:
        """Show a click's result: in the click's own reply when it came in time."""
        locale = reader_locale(interaction)
        message = interaction.message
        replied = interaction.response.is_done()
        elsewhere = not update.where.place.bot_posts
        if message is not None and message.flags.ephemeral:
            # A confirmed click: the game message changes, and the confirmation says what was done.
            if not elsewhere:
                await self.messages.publish(update)
            t = Localizer(interaction.locale)
            names = await self.messages.shown_names(result.game)
            lines = game_words.event_lines(t, result.outcomes, names, result.game.seats)
            done = t("reply.done", what=lines[0] if lines else "✓")
            if replied:
                await interaction.edit_original_response(content=done, view=None)
            else:
                await interaction.response.edit_message(content=done, view=None)
            if elsewhere:
                await self.reach.show(interaction, result, update, locale)
        elif elsewhere:
            await self.reach.show(interaction, result, update, locale)
        elif not replied and message is not None and update.edits(message.id):
            # One request: the click's reply is the new game message.
            await interaction.response.edit_message(**update.parts.edit_kwargs())
        else:
            if not replied:
                await interaction.response.defer()
            await self.messages.publish(update)

    async def _follow_up(self, result: ActionOutcomes) -> None:
        """After the game is shown: a tournament's game that closed moves its tournament on
        (the pairing's result, the next round), once the actor has their answer."""
        view = result.game
        if (
            self.tournament_actions is None
            or view.options.tournament is None
            or view.status.is_open
        ):
            return
        try:
            await self.tournament_actions.game_closed(view.id)
        except Exception:  # the action stands; the sweeper moves the tournament on later
            log.exception(
                "moving tournament #%s on after game #%s failed", view.options.tournament, view.id
            )

    async def on_pick(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None:
        """A move was picked in the menu on the game message."""
        self.messages.remember(interaction.user)
        user_id = interaction.user.id
        await self._clicked(
            interaction, game_id, lambda: self.games.act(game_id, user_id, Move(value))
        )

    async def on_build(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        picks: str,
        confirm: bool,
    ) -> None:
        """A pick, an undo or Play on the builder: the controls show the build as it now stands
        (the text and the picture stay), or the whole play is made."""
        self.messages.remember(interaction.user)
        # One click of a game's builder at a time: a pick that came in just behind Play reads
        # the game once the play is made (and is refused), rather than putting the old
        # position's builder back on the message after the play's edit.
        lock = self._building.get(game_id)
        if lock is None:
            lock = self._building[game_id] = asyncio.Lock()
        async with lock:
            view = await self.games.view(game_id)
            building.check_builder(view, interaction.user.id)
            if view.version != version:
                raise building.stale(view.session)  # drawn for a position since gone
            stage = building.stage(view.session, picks)
            if confirm:
                if stage.play is None:
                    raise building.stale(view.session)
                user_id, play = interaction.user.id, stage.play
                await self._clicked(
                    interaction, game_id, lambda: self.games.act(game_id, user_id, Move(play))
                )
                return
            t = Localizer(reader_locale(interaction))
            shown = controls.build_controls(t, view, stage)
            await interaction.response.edit_message(view=shown)

    # The clock.

    async def sweep(self, shards: Shards = ONE_SHARD) -> int:
        """Handle due reminders, wins on time and expired challenges in the servers on
        `shards` (every server by default); returns how many."""
        results = await self.games.sweep(shards=shards)
        for result in results:
            reminder = next((o for o in result.outcomes if isinstance(o, out.ReminderDue)), None)
            if reminder is None:
                await self._show(result)
                await self._follow_up(result)
                continue
            row = await self.store.get_game(result.game.id)
            t = Localizer(self.messages.guild_locale(row.guild_id))
            text = t(
                "reply.reminder",
                mention=game_words.mention(reminder.player_id),
                game=row.id,
                deadline=game_words.timestamp(reminder.deadline),
            )
            channel = self.messages.channel(row.channel_id, row.guild_id)
            await self.messages.call(channel, row.id, reminder.player_id, text)
        await self.catch_up.sweep(shards)
        await self.messages.boards.sweep(shards)
        return len(results)
