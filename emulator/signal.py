"""Waiting on the emulated Discord: `Signal` answers a test's waits as the state changes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

POLL = 0.02


class EmulatorTimeout(AssertionError):
    """A driver wait ran out before Discord saw what the test expected."""


class BotFailure(AssertionError):
    """The bot logged an error or broke a Discord contract while a test waited."""


@dataclass(eq=False)
class _Wait:
    """One pending `wait_for`: what it looks at, where its answer goes, and when it gives up."""

    probe: Callable[[], object]
    keys: tuple[object, ...]
    future: asyncio.Future[Any]
    deadline: float
    timeout: float
    what: str

    def pending(self, now: float, failures: list[str]) -> bool:
        """Look once and answer the waiter if there is an answer; whether it is still waiting."""
        if self.future.done():  # its task was cancelled
            return False
        if failures:
            self.future.set_exception(BotFailure("; ".join(failures)))
            return False
        try:
            value = self.probe()
        except Exception as error:
            self.future.set_exception(error)
            return False
        if value is not None:
            self.future.set_result(value)
        elif now >= self.deadline:
            reason = f"timed out after {self.timeout} s waiting for {self.what}"
            self.future.set_exception(EmulatorTimeout(reason))
        else:
            return True
        return False


class Signal:
    """Answers waits as soon as the state satisfies them; waits never sleep a fixed time.

    A change does not wake the waiting tasks. It schedules one look (however many changes come
    in the same pass of the loop) that runs the probes it may concern and resolves only the
    waits whose probe found something. A wait may name the objects its probe reads (`keys`: a
    message, an interaction); a change that names what it changed is then looked at only by
    those waits and by the waits without keys: a hundred players each waiting on their own
    board cost a change one probe, not a hundred. Probes may also read state that never fires
    the signal (the bot's own, or an object changed without naming it), so while anything
    waits one shared tick looks at every wait every POLL seconds, and ends those whose time is
    up. A failure ends every wait at once.
    """

    def __init__(self) -> None:
        self.failures: list[str] = []
        # The pending waits (dicts as ordered sets): all of them, those any change may answer,
        # and those of each key.
        self._waits: dict[_Wait, None] = {}
        self._unkeyed: dict[_Wait, None] = {}
        self._keyed: dict[object, dict[_Wait, None]] = {}
        self._changed_keys: set[object] = set()
        self._changes: list[asyncio.Future[None]] = []  # `changed` callers: any change will do
        self._loop: asyncio.AbstractEventLoop | None = None
        self._look_soon: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None

    def fire(self, *keys: object) -> None:
        """Something changed; `keys` are the objects it changed, if it knows them."""
        for future in self._changes:
            if not future.done():
                future.set_result(None)
        self._changes.clear()
        loop = self._loop
        if not self._waits or loop is None:
            return
        if loop.is_closed():
            self._adopt(None)
            return
        self._changed_keys.update(keys)
        if self._look_soon is not None:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._look_soon = loop.call_soon(self._look_after_change)
        else:  # a logging handler on another thread (harness.ErrorCapture)
            self._look_soon = loop.call_soon_threadsafe(self._look_after_change)

    async def changed(self, timeout: float) -> None:
        """Return at the next change, or after `timeout` seconds (a live feed's next look)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._changes.append(future)
        timer = loop.call_later(timeout, _settle, future)
        try:
            await future
        finally:
            timer.cancel()

    def fail(self, reason: str) -> None:
        """Record a bot failure; every wait raises it at once instead of timing out."""
        self.failures.append(reason)
        self.fire()

    async def wait_for(
        self,
        probe: Callable[[], T | None],
        timeout: float,
        what: str,
        keys: tuple[object, ...] = (),
    ) -> T:
        """Return probe()'s first non-None value, or raise after `timeout` seconds.

        `keys`: the objects the probe reads, when a change to them fires the signal naming them
        (then other changes do not run the probe, except at the shared tick).
        """
        if self.failures:
            raise BotFailure("; ".join(self.failures))
        value = probe()
        if value is not None:
            return value
        if timeout <= 0:
            raise EmulatorTimeout(f"timed out after {timeout} s waiting for {what}")
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._adopt(loop)
        future: asyncio.Future[T] = loop.create_future()
        wait = _Wait(probe, keys, future, loop.time() + timeout, timeout, what)
        self._waits[wait] = None
        for key in keys:
            self._keyed.setdefault(key, {})[wait] = None
        if not keys:
            self._unkeyed[wait] = None
        if self._tick is None:
            self._tick = loop.call_later(POLL, self._on_tick)
        return await future

    def _adopt(self, loop: asyncio.AbstractEventLoop | None) -> None:
        """Wait on `loop` from now on: waits left on another one (an earlier test's) are void."""
        self._loop, self._look_soon, self._tick = loop, None, None
        self._waits, self._unkeyed, self._keyed = {}, {}, {}
        self._changed_keys = set()

    def _look_after_change(self) -> None:
        """Run the probes the changes since the last look may concern."""
        self._look_soon = None
        keys, self._changed_keys = self._changed_keys, set()
        if self.failures:
            self._look(list(self._waits))
            return
        concerned = list(self._unkeyed)
        for key in keys:
            concerned.extend(self._keyed.get(key, ()))
        self._look(concerned)

    def _on_tick(self) -> None:
        self._tick = None
        self._look(list(self._waits))
        if self._waits and self._loop is not None:
            self._tick = self._loop.call_later(POLL, self._on_tick)

    def _look(self, waits: list[_Wait]) -> None:
        """Run these waits' probes once each, and forget the waits that are over."""
        if self._loop is None:
            return
        now = self._loop.time()
        for wait in waits:
            if wait in self._waits and not wait.pending(now, self.failures):
                del self._waits[wait]
                self._unkeyed.pop(wait, None)
                for key in wait.keys:
                    of_key = self._keyed[key]
                    del of_key[wait]
                    if not of_key:
                        del self._keyed[key]


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
