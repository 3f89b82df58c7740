"""A local Discord (REST + gateway) that the real discord.py client connects to in tests."""

from __future__ import annotations

from emulator.driver import Emulator
from emulator.handle import DriverError, InteractionHandle
from emulator.state import (
    Attachment,
    BotFailure,
    Channel,
    Clock,
    EmulatorTimeout,
    ManualClock,
    Message,
    RecordedRequest,
    Role,
    User,
)

__all__ = [
    "Attachment",
    "BotFailure",
    "Channel",
    "Clock",
    "DriverError",
    "Emulator",
    "EmulatorTimeout",
    "InteractionHandle",
    "ManualClock",
    "Message",
    "RecordedRequest",
    "Role",
    "User",
]
