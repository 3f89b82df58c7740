"""The bare stack: a discord.py bot doing only what any bot does for a move, to measure against.

    python -m emulator.point http://127.0.0.1:PORT benchmarks.floor

`benchmarks.scale` runs it as it runs Duelboard (its own process, pointed at the emulator, the
same players): `/backgammon` posts one message with a board picture in the channel and answers
privately; `/move` defers privately, edits the channel's message with the board picture (a new
upload, as Duelboard's edit) and answers the mover privately. No store, no rules, no drawing:
the same discord.py, aiohttp, JSON library, event loop and intents as Duelboard, so that
Duelboard's CPU per move divided by this one's is what Duelboard adds to the stack it runs on.

Its environment: DISCORD_TOKEN, and FLOOR_PNG, the path of the picture (one of Duelboard's
boards, about 40 KB, drawn once by the benchmark: this process never draws).
"""

from __future__ import annotations

import asyncio
import io
import os
import signal
from pathlib import Path

import discord
import uvloop
from discord import app_commands

INTENTS = discord.Intents(guilds=True)  # Duelboard's (`bot.frontend.client.INTENTS`)


class Floor(discord.Client):
    """One message per channel, edited with the same picture on every `/move`."""

    def __init__(self, picture: bytes) -> None:
        """Show `picture` (PNG bytes) on every move."""
        super().__init__(intents=INTENTS, max_messages=None)
        self.picture = picture
        self.tree = app_commands.CommandTree(self)
        self.boards: dict[int, int] = {}  # channel id: its message's id
        self.tree.command(name="backgammon", description="Post the board")(self.post)
        self.tree.command(name="move", description="Edit the board")(self.move)

    async def setup_hook(self) -> None:
        """Register the commands, as Duelboard's first shard does."""
        await self.tree.sync()

    def file(self) -> discord.File:
        """The board as a new attachment."""
        return discord.File(io.BytesIO(self.picture), filename="board.png")

    async def post(
        self, interaction: discord.Interaction, opponent: discord.Member, cube: bool = False
    ) -> None:
        """Post the channel's message with the board."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable) and interaction.channel_id is not None
        message = await channel.send(
            f"{interaction.user.name} vs {opponent.name}", file=self.file()
        )
        self.boards[interaction.channel_id] = message.id
        await interaction.edit_original_response(content="Posted.")

    async def move(self, interaction: discord.Interaction, play: str) -> None:
        """Edit the channel's message with the board, then answer the mover."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.channel_id is not None
        channel = self.get_partial_messageable(
            interaction.channel_id, guild_id=interaction.guild_id
        )
        message = channel.get_partial_message(self.boards[interaction.channel_id])
        await message.edit(content=f"Played {play}", attachments=[self.file()])
        await interaction.edit_original_response(content=f"Played {play}.")


async def run() -> None:
    """Serve until SIGTERM."""
    client = Floor(Path(os.environ["FLOOR_PNG"]).read_bytes())
    asyncio.get_running_loop().add_signal_handler(
        signal.SIGTERM, lambda: asyncio.ensure_future(client.close())
    )
    async with client:
        await client.start(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(run())
