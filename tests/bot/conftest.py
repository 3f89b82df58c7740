"""Fixtures shared by the bot tests: the emulator's (a running Discord, clients on it)."""

from __future__ import annotations

from emulator.fixtures import clock, discord_errors, emulator, start_client

__all__ = ["clock", "discord_errors", "emulator", "start_client"]
