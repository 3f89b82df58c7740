"""Round trips through the Discord emulator with the real discord.py client: p50/p99 latency.

Two measurements, each with 1 and 20 concurrent users (or those given with --users):
- slash: a /ping dispatched over the gateway until its reply message exists;
- click: a button press until the message is edited with a fresh 40 KB PNG (callback type 7,
  multipart), the shape of the later /move → edited board image benchmark.

With no think time every user fires again the moment its answer lands (a worst case: latency at
20 users is then mostly queueing); `--think 0.5` paces users like quick players.

Run: .venv/bin/python -m benchmarks.emulator_roundtrip [--rounds N] [--users 1 20 100] [--think S]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import random
import statistics
import time
from typing import Any

import discord
from discord import app_commands

from emulator import Emulator, User
from emulator.harness import CLIENT_OPTIONS, ErrorCapture, running

IMAGE = os.urandom(40 * 1024)


class BoardControls(discord.ui.View):
    """One persistent button that redraws the "board"."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Roll", custom_id="bench:roll")
    async def roll(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        """Edit the message with a new image, as a move will."""
        file = discord.File(io.BytesIO(IMAGE), filename="board.png", description="board")
        await interaction.response.edit_message(content="rolled", attachments=[file], view=self)


class BenchBot(discord.Client):
    """A bot with /ping and /board."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), **CLIENT_OPTIONS)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command()
        async def ping(interaction: discord.Interaction, text: str) -> None:
            """Answer at once."""
            await interaction.response.send_message(f"pong {text}")

        @self.tree.command()
        async def board(interaction: discord.Interaction) -> None:
            """Post a board with a button."""
            await interaction.response.send_message("board", view=BoardControls())

    async def setup_hook(self) -> None:
        """Register the view and the commands."""
        self.add_view(BoardControls())
        await self.tree.sync()


class Pace:
    """A user's think time between actions: exponential around a mean, seeded per user."""

    def __init__(self, mean: float, seed: int) -> None:
        self.mean = mean
        self.rng = random.Random(seed)

    async def think(self) -> None:
        """Pause like a player would (not at all when the mean is 0)."""
        if self.mean > 0:
            await asyncio.sleep(self.rng.expovariate(1 / self.mean))


async def _slash_user(
    emu: Emulator, user: User, rounds: int, samples: list[float], pace: Pace
) -> None:
    for n in range(rounds):
        start = time.perf_counter()
        handle = await emu.slash(user, "ping", {"text": str(n)})
        await handle.response()
        samples.append(time.perf_counter() - start)
        await pace.think()


async def _click_user(
    emu: Emulator, user: User, rounds: int, samples: list[float], pace: Pace
) -> None:
    message = await (await emu.slash(user, "board")).response()
    for _ in range(rounds):
        start = time.perf_counter()
        handle = await emu.click(user, message, "bench:roll")
        await handle.acknowledged()
        samples.append(time.perf_counter() - start)
        await pace.think()


def _report(name: str, users: int, samples: list[float], elapsed: float) -> None:
    ordered = sorted(samples)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    rate = len(samples) / elapsed
    print(
        f"{name:6} users={users:3} n={len(samples):5}  p50={p50:6.2f} ms  p99={p99:6.2f} ms  "
        f"{rate:7.0f} round trips/s"
    )


async def main(rounds: int, concurrency: list[int], think: float) -> None:
    """Start one emulator and one client; measure both scenarios at each concurrency."""
    capture = ErrorCapture()
    logging.getLogger("discord").addHandler(capture)
    async with Emulator() as emu:
        users = [emu.add_member(f"user{i}") for i in range(max(concurrency))]
        async with running(BenchBot(), emu):
            for name, body in (("slash", _slash_user), ("click", _click_user)):
                for count in concurrency:
                    samples: list[float] = []
                    per_user = max(1, rounds // count)
                    start = time.perf_counter()
                    await asyncio.gather(
                        *(
                            body(emu, u, per_user, samples, Pace(think, seed))
                            for seed, u in enumerate(users[:count])
                        )
                    )
                    _report(name, count, samples, time.perf_counter() - start)
        emu.check()
    if capture.records:
        raise SystemExit(f"discord logged {len(capture.records)} error(s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="round trips per scenario")
    parser.add_argument("--users", type=int, nargs="+", default=[1, 20], help="concurrent users")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a user waits between actions"
    )
    arguments = parser.parse_args()
    asyncio.run(main(arguments.rounds, arguments.users, arguments.think))
