"""What a test can look at and wait for: channels as people see them, edits, recorded requests."""

from __future__ import annotations

from collections.abc import Callable

from emulator.gateway import Gateway
from emulator.handle import DEFAULT_TIMEOUT
from emulator.signal import T
from emulator.state import Channel, Interaction, Message, RecordedRequest, State


class Observer:
    """The read-only half of the driver; waits end at the change that satisfies them, no later."""

    state: State
    gateway: Gateway

    def channel_messages(
        self, channel: Channel, *, include_ephemeral: bool = False
    ) -> list[Message]:
        """The channel's live messages, oldest first (ephemeral ones only when asked)."""
        return [
            m
            for m in sorted(self.state.messages.values(), key=lambda m: m.id)
            if m.channel_id == channel.id
            and not m.deleted
            and (include_ephemeral or not m.ephemeral)
        ]

    async def wait_until(
        self, probe: Callable[[], T | None], what: str, timeout: float = DEFAULT_TIMEOUT
    ) -> T:
        """Wait until `probe()` returns something other than None, and return it."""
        return await self.state.signal.wait_for(probe, timeout, what)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] = lambda m: True,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Message:
        """The first live message in the channel that satisfies `predicate`."""

        def probe() -> Message | None:
            return next((m for m in self.channel_messages(channel) if predicate(m)), None)

        return await self.wait_until(probe, f"a matching message in #{channel.name}", timeout)

    async def wait_for_edit(
        self,
        message: Message,
        edits_before: int,
        predicate: Callable[[Message], bool] = lambda m: True,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> Message:
        """Wait until `message` has been edited past `edits_before` and satisfies `predicate`.

        Read `message.edits` before acting, so an edit that lands quickly is never missed.
        """

        def probe() -> Message | None:
            fresh = message.edits > edits_before and not message.deleted
            return message if fresh and predicate(message) else None

        what = f"an edit of message {message.id}"
        return await self.state.signal.wait_for(probe, timeout, what, keys=(message,))

    async def wait_for_clients(self, count: int = 1, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until `count` gateway sessions have identified."""

        def probe() -> bool | None:
            return True if len(self.gateway.sessions) >= count else None

        await self.wait_until(probe, f"{count} identified gateway session(s)", timeout)

    def requests(
        self, route: str | None = None, method: str | None = None
    ) -> list[RecordedRequest]:
        """Every request the bot made, optionally only one route template (e.g. the callback)."""
        return [
            r
            for r in self.state.requests
            if (route is None or (r.route or "").endswith(route))
            and (method is None or r.method == method)
        ]

    def refusals(self) -> list[RecordedRequest]:
        """The requests the emulator refused, as Discord would have."""
        return [r for r in self.state.requests if r.error_code is not None or r.status >= 400]

    def unanswered(self) -> list[Interaction]:
        """Interactions the bot never acknowledged: each one a "This interaction failed"."""
        return [i for i in self.state.interactions.values() if not i.acknowledged]
