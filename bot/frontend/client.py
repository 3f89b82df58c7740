"""The Discord client: its command tree, persistent controls, the service it plays through,
and the clock.

Everything is built in `setup_hook`, once the bot knows its own user, each part from the parts
it uses: the service (`Games`), the game messages, the game actions, then the cogs. Dice, clock
and opponents can be injected (`PlayParts`), which is how the end-to-end tests script games.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.actions import GameActions
from bot.frontend.builder import BuildButton, BuildMenu
from bot.frontend.buttons import GameButton, MoveMenu
from bot.frontend.cogs import cogs
from bot.frontend.cogs.puzzle import PuzzleCog, PuzzleMenu
from bot.frontend.controls import SignupButton
from bot.frontend.daily import DailyPositions
from bot.frontend.markup import user_name
from bot.frontend.messages import GameMessages
from bot.frontend.replies import reply_error
from bot.frontend.tournaments import TournamentActions
from bot.frontend.translator import CatalogTranslator
from bot.pictures.painter import Painter
from bot.service.checkers_review import CheckersReviewer
from bot.service.clock import Clock
from bot.service.coach import Coach
from bot.service.dice import DiceSource
from bot.service.games import Games
from bot.service.opponent import Opponent, Opponents
from bot.service.review import Reviewer
from bot.service.tournaments.lifecycle import Tournaments
from bot.service.views import Player
from bot.settings import ONE_SHARD, Shards
from bot.store import Store

log = logging.getLogger("duelboard")
# Everything reaches the bot as an interaction; the guilds intent keeps channels, threads and
# server locales cached. Message, typing and reaction events would only cost work per message
# in every channel the bot can see (three events per move in the game's own channel alone).
INTENTS = discord.Intents(guilds=True)
SWEEP_INTERVAL = 30.0  # seconds between looks for reminders, wins on time and expired challenges
# Allocations between young-generation collections (Python's default is 700). A move allocates
# a few hundred tracked objects and leaves cyclic garbage (futures, tracebacks, database
# results); at the default, the collector took about a ninth of the bot's CPU per move, most of
# it in the middle and full collections the young ones trigger (docs/OPERATING.md).
YOUNG_COLLECTION_ALLOCATIONS = 10_000


def settle_heap() -> None:
    """Collect once, keep what is alive out of later collections, and collect less often.

    A set-up bot holds over 100 000 long-lived objects (library modules, caches, the command
    tree); every full collection would scan them all again, a pause on the event loop (see
    docs/OPERATING.md) that is every move in flight at that moment.
    """
    gc.collect()
    gc.freeze()
    _, middle, full = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_ALLOCATIONS, middle, full)


class DuelboardTree(app_commands.CommandTree[Any]):
    """The command tree; refusals from any command are answered in one place."""

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Answer privately with what went wrong."""
        await reply_error(interaction, error)


@dataclass(frozen=True, slots=True)
class PlayParts:
    """What the service plays with; None means the real thing (crypto dice, system clock...)."""

    dice: DiceSource | None = None
    clock: Clock | None = None
    opponent: Opponent | None = None  # the bot's player at every level...
    opponents: Opponents | None = None  # ...or one per level, asked per game
    coach: Coach | None = None  # None: /hint is refused
    reviewer: Reviewer | None = None  # None: backgammon recaps go without the analysis
    checkers_reviewer: CheckersReviewer | None = None  # None: checkers recaps go without it


class DuelboardBot(commands.Bot):
    """Duelboard on Discord."""

    games: Games
    messages: GameMessages
    actions: GameActions
    tournament_actions: TournamentActions
    daily: DailyPositions

    def __init__(
        self,
        store: Store,
        *,
        parts: PlayParts | None = None,
        dev_guild_id: int | None = None,
        sweep_interval: float | None = SWEEP_INTERVAL,
        settle: bool = False,
        painter: Painter | None = None,
        **options: Any,
    ) -> None:
        """A bot playing on `store`; `sweep_interval` None leaves sweeping to the caller;
        `painter` draws the boards (by default in this process's threads).

        `settle` runs `settle_heap` once set up: for the one long-running bot of a process, not
        for tests that start many (what is frozen is never freed).
        """
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            tree_cls=DuelboardTree,
            help_command=None,
            # Nothing the bot sends pings anyone unless that message names whom it pings: a
            # member called `<@id>` or `@everyone` is text, not a mention.
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.store = store
        self.parts = parts or PlayParts()
        self.dev_guild_id = dev_guild_id
        self.sweep_interval = sweep_interval
        self.settle = settle
        self.painter = painter or Painter()
        self.own_shards = ONE_SHARD
        self._sweeper: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Build everything for the bot's own user; register the persistent controls; sync;
        start the clock."""
        assert self.user is not None
        me = Player(self.user.id, user_name(self.user), True)
        for cog in self.assemble(me):
            await self.add_cog(cog)
        await self.store.upsert_player(me.id, me.name, now=self.games.clock.now(), is_bot=True)
        await self.painter.warm_up()
        # Clicks go to `self.actions` (games) and `self.tournament_actions` (sign-ups).
        self.add_dynamic_items(
            GameButton, MoveMenu, SignupButton, BuildMenu, BuildButton, PuzzleMenu
        )
        await self.tree.set_translator(CatalogTranslator())
        # The commands are the application's, not a shard's: one process syncs them.
        if 0 in self.own_shards.ids:
            await self._sync_commands()
        if self.sweep_interval is not None:
            self._sweeper = asyncio.create_task(self._sweep_forever(self.sweep_interval))
        if self.settle:
            settle_heap()

    async def _sync_commands(self) -> None:
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def assemble(self, me: Player) -> list[commands.Cog]:
        """Build the service, the game messages and the game actions for the bot's own user
        `me`, each from what it uses; returns the cogs, built from them too."""
        self.games = Games(
            self.store,
            bot=me,
            dice=self.parts.dice,
            clock=self.parts.clock,
            opponent=self.parts.opponent,
            opponents=self.parts.opponents,
            coach=self.parts.coach,
        )
        self.messages = GameMessages(
            self, self.games, self.store, self.parts.reviewer, self.painter
        )
        self.messages.reviews.checkers_reviewer = self.parts.checkers_reviewer
        self.tournament_actions = TournamentActions(self, Tournaments(self.games), self.messages)
        self.actions = GameActions(self.games, self.messages, self.store, self.tournament_actions)
        self.daily = DailyPositions(
            self, self.games, self.store, self.painter, self.parts.reviewer, self.messages.theme
        )
        parts = (self.actions, self.messages, self.games, self.store, self.tournament_actions)
        return [*cogs(*parts), PuzzleCog(self.daily)]

    async def _sweep_forever(self, interval: float) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.actions.sweep(self.own_shards)
                await self.tournament_actions.sweep(self.own_shards)
                await self.daily.sweep(self.own_shards)
            except Exception:  # a failed sweep must not stop the clock; the next one retries
                log.exception("sweeping deadlines failed")
            await asyncio.sleep(interval)

    async def close(self) -> None:
        """Stop the clock and the reviews under way, keep the last pings (in the store, the stale
        ones deleted), then disconnect."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        messages: GameMessages | None = getattr(self, "messages", None)  # set up once logged in
        if messages is not None:
            await messages.reviews.stop()
            await self.actions.catch_up.close()
            await messages.pings.settle()
        actions: GameActions | None = getattr(self, "actions", None)
        if actions is not None:
            await actions.withdraw_receipts()
        await super().close()


class ShardedDuelboardBot(DuelboardBot, commands.AutoShardedBot):
    """Duelboard on some of Discord's gateway shards, one connection each.

    Discord sends this process the interactions and events of the servers on its shards (and,
    on shard 0, direct messages); it sweeps only those servers' games, and syncs the commands
    only if it runs shard 0. Every process of the bot shares one database.
    """

    def __init__(self, store: Store, shards: Shards, **options: Any) -> None:
        """A bot on `shards`; the other options as `DuelboardBot`'s."""
        super().__init__(store, shard_count=shards.count, shard_ids=list(shards.ids), **options)
        self.own_shards = shards
