"""What a test holds after acting: one interaction, with waits for each kind of answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from emulator.signal import BotFailure, T
from emulator.state import Interaction, Message, RecordedRequest, State

DEFAULT_TIMEOUT = 5.0


class DriverError(ValueError):
    """The test asked for something a Discord user could not do."""


class InteractionHandle:
    """One dispatched interaction: await its reply, follow-ups, choices, modal or refusals."""

    def __init__(self, state: State, interaction: Interaction) -> None:
        self._state = state
        self.interaction = interaction

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.interaction.id} type={self.interaction.type}>"

    async def acknowledged(self, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Wait for the callback; returns its type (4 reply, 5 defer, 6/7 update, 8, 9)."""
        return await self._wait(
            lambda: self.interaction.callback_type, timeout, f"a callback to {self!r}"
        )

    async def response(self, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """The message the callback made or updated (the live message: later edits show)."""
        kind = await self.acknowledged(timeout)
        if self.interaction.original is None:
            raise BotFailure(f"callback type {kind} carries no message")
        return self.interaction.original

    async def original(
        self,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Message:
        """The original response once it has content (not "thinking") and satisfies `predicate`."""

        def probe() -> Message | None:
            found = self.interaction.original
            if found is None or found.loading:
                return None
            if predicate is not None and not predicate(found):
                return None
            return found

        return await self._wait(probe, timeout, f"the original of {self!r}")

    async def followup(self, index: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Message:
        """The `index`-th follow-up message (0 is the first)."""

        def probe() -> Message | None:
            followups = self.interaction.followups
            return followups[index] if len(followups) > index else None

        return await self._wait(probe, timeout, f"follow-up {index} of {self!r}")

    async def choices(self, timeout: float = DEFAULT_TIMEOUT) -> list[dict[str, Any]]:
        """The autocomplete choices the bot answered with."""
        await self.acknowledged(timeout)
        if self.interaction.choices is None:
            raise BotFailure(
                f"{self!r} was answered with callback {self.interaction.callback_type}"
            )
        return self.interaction.choices

    async def modal(self, timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
        """The modal the bot showed."""
        await self.acknowledged(timeout)
        if self.interaction.modal is None:
            raise BotFailure(
                f"{self!r} was answered with callback {self.interaction.callback_type}"
            )
        return self.interaction.modal

    async def _wait(self, probe: Callable[[], T | None], timeout: float, what: str) -> T:
        """Wait on what the bot answered: changes to the interaction or its message wake it."""
        keys: tuple[object, ...] = (self.interaction,)
        if self.interaction.original is not None:
            keys += (self.interaction.original,)
        return await self._state.signal.wait_for(probe, timeout, what, keys=keys)

    def requests(self) -> list[RecordedRequest]:
        """Every request the bot made for this interaction (callback and webhook routes)."""
        keys = (f"/interactions/{self.interaction.id}/", f"/{self.interaction.token}")
        return [r for r in self._state.requests if any(key in r.path for key in keys)]

    async def refused(self, code: int, timeout: float = DEFAULT_TIMEOUT) -> RecordedRequest:
        """Wait until the emulator refuses a request for this interaction with `code`."""

        def probe() -> RecordedRequest | None:
            return next((r for r in self.requests() if r.error_code == code), None)

        # Not keyed: the requests are what it reads, and every request fires the signal.
        return await self._state.signal.wait_for(probe, timeout, f"a {code} refusal for {self!r}")
