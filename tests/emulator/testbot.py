"""A small discord.py bot that exercises every emulator route the real bot will use."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands

from emulator.harness import CLIENT_OPTIONS

PLAYS = [f"{start}/{start - die}" for start in (24, 13, 8, 6, 5) for die in range(1, 7)]
GREETINGS = {"de": "Hallo", "fr": "Bonjour"}
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


class PanelView(discord.ui.View):
    """A persistent view: survives restarts because every item has a custom_id."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Roll", custom_id="panel:roll", style=discord.ButtonStyle.primary)
    async def roll(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        """Edit the panel message in place (callback type 7)."""
        await interaction.response.edit_message(content=f"rolled by {interaction.user.name}")

    @discord.ui.select(
        custom_id="panel:pick",
        options=[discord.SelectOption(label=name, value=name) for name in ("red", "white")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        """Answer with an ephemeral reply naming the picked value."""
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Only members named like players may press; others get an ephemeral refusal."""
        if interaction.user.name.startswith("player"):
            return True
        await interaction.response.send_message("You are not playing.", ephemeral=True)
        return False


class YesButton(discord.ui.Button[discord.ui.View]):
    """A button with a generated custom_id, in a view that does not survive restarts."""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Confirm, and take the buttons away."""
        await interaction.response.edit_message(content="confirmed", view=None)


class NameModal(discord.ui.Modal, title="Name your game"):
    """A one-field modal."""

    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="modal:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Echo the submitted value."""
        await interaction.response.send_message(f"named {self.name.value}")


class SampleBot(discord.Client):
    """The bot under test; `outcomes` notes what the bot saw when Discord refused it."""

    def __init__(self, *, sync_guild: int | None = None) -> None:
        super().__init__(intents=discord.Intents.default(), **CLIENT_OPTIONS)
        self.tree = app_commands.CommandTree(self)
        self.sync_guild = sync_guild
        self.outcomes: dict[str, Any] = {}
        self.release = asyncio.Event()
        _register(self)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause before identifying again: the emulator has no identify limit."""

    async def setup_hook(self) -> None:
        """Re-register the persistent view and sync commands, as the real bot will."""
        self.add_view(PanelView())
        await self.tree.sync()
        if self.sync_guild is not None:
            await self.tree.sync(guild=discord.Object(self.sync_guild))


def _register(bot: SampleBot) -> None:
    tree = bot.tree
    if bot.sync_guild is not None:

        @tree.command(guild=discord.Object(bot.sync_guild))
        async def house(interaction: discord.Interaction) -> None:
            """A command synced to one guild only."""
            await interaction.response.send_message("house rules")

    @tree.command()
    @app_commands.describe(text="what to say", private="only you see it")
    async def echo(interaction: discord.Interaction, text: str, private: bool = False) -> None:
        """Say something back; a refusal is reported in a second try."""
        try:
            await interaction.response.send_message(text, ephemeral=private)
        except discord.HTTPException as error:
            await interaction.response.send_message(f"refused {error.status} {error.code}")

    @tree.command()
    @app_commands.describe(play="the play")
    async def move(interaction: discord.Interaction, play: app_commands.Range[str, 1, 20]) -> None:
        """Make a move; an illegal one is answered with the reason, privately."""
        if play not in PLAYS:
            await interaction.response.send_message(f"Illegal move {play}", ephemeral=True)
            return
        await interaction.response.send_message(f"moved {play}")

    @move.autocomplete("play")
    async def move_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        matching = [play for play in PLAYS if play.startswith(current)]
        limit = 26 if current == "overflow" else 25
        if current == "overflow":
            matching = PLAYS
        return [app_commands.Choice(name=play, value=play) for play in matching[:limit]]

    @tree.command()
    async def board(interaction: discord.Interaction) -> None:
        """Send a picture with alt text in an embed."""
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        file = discord.File(_png(), filename="board.png", description="Starting position")
        await interaction.response.send_message(embed=embed, file=file)

    @tree.command()
    async def slow(interaction: discord.Interaction) -> None:
        """Defer, fill the reply with a follow-up, add another, then edit the original."""
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("first")
        await interaction.followup.send("second", file=discord.File(_png(), filename="x.png"))
        await interaction.edit_original_response(content="edited")

    @tree.command()
    async def panel(interaction: discord.Interaction) -> None:
        """Post the persistent panel."""
        await interaction.response.send_message("panel", view=PanelView())

    @tree.command()
    async def confirm(interaction: discord.Interaction) -> None:
        """A non-persistent view, found again by the message id the callback returned."""
        view = discord.ui.View(timeout=60)
        view.add_item(YesButton(label="Yes"))
        await interaction.response.send_message("sure?", view=view)

    @tree.command()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def admin(interaction: discord.Interaction) -> None:
        """A Manage Server-only command."""
        await interaction.response.send_message("admin ok", ephemeral=True)

    @tree.command()
    async def hello(interaction: discord.Interaction) -> None:
        """Greet in the user's client language."""
        await interaction.response.send_message(GREETINGS.get(str(interaction.locale), "Hello"))

    @tree.command()
    @app_commands.describe(opponent="who to play")
    async def challenge(interaction: discord.Interaction, opponent: discord.Member) -> None:
        """Challenge a member (a user option with `resolved`)."""
        await interaction.response.send_message(
            f"{interaction.user.name} challenges {opponent.name}"
        )

    @tree.command()
    async def form(interaction: discord.Interaction) -> None:
        """Show a modal."""
        await interaction.response.send_modal(NameModal())

    @tree.command()
    async def threads(interaction: discord.Interaction) -> None:
        """Open a thread from the reply, and a second one without a starter, and post in both."""
        await interaction.response.send_message("threads")
        original = await interaction.original_response()
        thread = await original.create_thread(name="game 1")
        await thread.send("in thread")
        assert isinstance(interaction.channel, discord.TextChannel)
        loose = await interaction.channel.create_thread(
            name="game 2", type=discord.ChannelType.public_thread
        )
        sent = await loose.send("loose thread")
        await sent.add_reaction("🎲")
        fetched = await loose.fetch_message(sent.id)
        bot.outcomes["reactions"] = [str(r.emoji) for r in fetched.reactions]

    @tree.command()
    async def post(interaction: discord.Interaction) -> None:
        """Channel messages: create, edit, fetch, delete."""
        await interaction.response.defer(ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        kept = await interaction.channel.send("draft")
        await kept.edit(content="final")
        gone = await interaction.channel.send("temporary")
        await gone.delete()
        fetched = await interaction.channel.fetch_message(kept.id)
        await interaction.followup.send(f"fetched {fetched.content}")

    @tree.command()
    async def tidy(interaction: discord.Interaction) -> None:
        """Webhook messages: fetch, edit and delete a follow-up, then delete the original."""
        await interaction.response.send_message("original")
        extra = await interaction.followup.send("extra", wait=True)
        fetched = await interaction.followup.fetch_message(extra.id)
        edited = await interaction.followup.edit_message(extra.id, content="extra edited")
        await interaction.followup.delete_message(extra.id)
        original = await interaction.original_response()
        refetched = await interaction.followup.fetch_message(original.id)
        await interaction.delete_original_response()
        bot.outcomes["tidy"] = [fetched.content, edited.content, refetched.content]

    @tree.command()
    @app_commands.describe(player="who is to move")
    async def turn(interaction: discord.Interaction, player: discord.Member) -> None:
        """Mention the player to move, then edit the mention to another player."""
        await interaction.response.send_message(f"{player.mention} to move")
        await interaction.edit_original_response(content=f"{interaction.user.mention} to move")
        quiet = discord.AllowedMentions.none()
        await interaction.followup.send(f"{player.mention} (no ping)", allowed_mentions=quiet)
        fetched = await interaction.client.fetch_user(player.id)
        assert interaction.guild is not None
        member = await interaction.guild.fetch_member(player.id)
        bot.outcomes["turn"] = [fetched.name, member.name]

    @tree.command()
    async def late(interaction: discord.Interaction) -> None:
        """Wait for the test's go, then try to answer (too late, if the clock moved)."""
        await bot.release.wait()
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as error:
            bot.outcomes["late"] = error.code

    @tree.command()
    async def early(interaction: discord.Interaction) -> None:
        """A follow-up before any reply, then the reply."""
        try:
            await interaction.followup.send("too soon")
        except discord.NotFound as error:
            bot.outcomes["early"] = error.code
        await interaction.response.send_message("replied")


def _png() -> io.BytesIO:
    return io.BytesIO(PNG)
