"""A local Discord (REST + gateway) that the real discord.py client connects to in tests."""

from __future__ import annotations

from emulator.driver import Emulator
from emulator.handle import DriverError, InteractionHandle
from emulator.signal import BotFailure, EmulatorTimeout
from emulator.state import (
    Attachment,
    Channel,
    Guild,
    ManualClock,
    Message,
    MonotonicClock,
    RecordedRequest,
    Role,
    User,
)

__all__ = [
    "Attachment",
    "BotFailure",
    "Channel",
    "DriverError",
    "Emulator",
    "EmulatorTimeout",
    "Guild",
    "InteractionHandle",
    "ManualClock",
    "Message",
    "MonotonicClock",
    "RecordedRequest",
    "Role",
    "User",
]
