"""Smoke: a real discord.py client logs in, connects, syncs and answers a slash command."""

from __future__ import annotations

from emulator import Emulator
from emulator.fixtures import StartClient
from tests.emulator.testbot import SampleBot


async def test_echo_round_trip(emulator: Emulator, start_client: StartClient) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "echo", {"text": "hi"})
        reply = await handle.response()
        assert reply.content == "hi"
        assert not reply.ephemeral
