"""Fixtures of the emulator's own tests: a running emulator and discord.py clients on it."""

from __future__ import annotations

from emulator.fixtures import clock, discord_errors, emulator, start_client

__all__ = ["clock", "discord_errors", "emulator", "start_client"]
