"""The emulator's own pieces: clocks, waits, snowflakes and permissions."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import pytest

from emulator import BotFailure, Emulator, EmulatorTimeout, ManualClock
from emulator.fixtures import StartClient
from emulator.harness import ErrorCapture
from emulator.signal import Signal
from tests.emulator.testbot import SampleBot


def test_manual_clock_adds_to_real_time() -> None:
    clock = ManualClock()
    start = clock()
    clock.advance(10)
    assert 10 <= clock() - start < 11
    frozen = ManualClock(frozen=True)
    before = frozen()
    time.sleep(0.01)
    assert frozen() == before


def test_clock_cannot_go_back() -> None:
    clock = ManualClock()
    now = clock.offset
    with pytest.raises(ValueError, match="cannot go back"):
        clock.advance(-1)
    assert clock.offset == now


async def test_wait_times_out_with_what_it_waited_for() -> None:
    signal = Signal()
    with pytest.raises(EmulatorTimeout, match="waiting for the moon"):
        await signal.wait_for(lambda: None, 0.05, "the moon")


async def test_wait_returns_once_the_state_changes() -> None:
    signal = Signal()
    box: list[int] = []

    async def later() -> None:
        await asyncio.sleep(0)
        box.append(7)
        signal.fire()

    task = asyncio.create_task(later())
    assert await signal.wait_for(lambda: box[0] if box else None, 1.0, "a value") == 7
    await task


async def test_a_recorded_failure_ends_every_wait_at_once() -> None:
    signal = Signal()
    signal.fail("the bot broke")
    with pytest.raises(BotFailure, match="the bot broke"):
        await signal.wait_for(lambda: None, 10.0, "never")


async def test_a_failure_while_waiting_ends_every_wait() -> None:
    signal = Signal()
    waits = [asyncio.create_task(_never(signal)) for _ in range(3)]
    await asyncio.sleep(0)
    signal.fail("the bot broke")
    for outcome in await asyncio.gather(*waits, return_exceptions=True):
        assert isinstance(outcome, BotFailure)


async def test_state_that_never_fires_is_still_looked_at_again() -> None:
    """A probe may read the bot's own state: no change is announced, the wait still ends."""
    signal = Signal()
    box: list[int] = []
    asyncio.get_running_loop().call_soon(box.append, 7)
    assert await signal.wait_for(lambda: box[0] if box else None, 10.0, "a value") == 7


async def test_a_change_answers_only_the_waits_it_satisfies() -> None:
    signal = Signal()
    ready: set[str] = set()

    def probe(name: str) -> Callable[[], str | None]:
        return lambda: name if name in ready else None

    waits = {name: asyncio.create_task(signal.wait_for(probe(name), 10.0, name)) for name in "ab"}
    await asyncio.sleep(0)
    ready.add("a")
    signal.fire()
    assert await waits["a"] == "a"
    assert not waits["b"].done()
    ready.add("b")
    signal.fire()
    assert await waits["b"] == "b"


async def test_a_keyed_wait_is_answered_by_a_change_to_its_key_or_else_by_the_tick() -> None:
    signal = Signal()
    mine, other = object(), object()
    box: list[int] = []
    named = asyncio.create_task(
        signal.wait_for(lambda: box[0] if box else None, 10.0, "mine", keys=(mine,))
    )
    await asyncio.sleep(0)
    box.append(1)
    signal.fire(mine)
    assert await named == 1
    box.clear()
    unnamed = asyncio.create_task(
        signal.wait_for(lambda: box[0] if box else None, 10.0, "mine", keys=(mine,))
    )
    await asyncio.sleep(0)
    box.append(2)
    signal.fire(other)  # changed without naming it: the shared tick still looks
    assert await unnamed == 2


async def test_a_probe_that_raises_ends_its_own_wait() -> None:
    signal = Signal()
    calls: list[int] = []

    def probe() -> int | None:
        calls.append(1)
        if len(calls) > 1:
            raise KeyError("gone")
        return None

    with pytest.raises(KeyError, match="gone"):
        await signal.wait_for(probe, 10.0, "a message")


async def test_a_cancelled_wait_leaves_the_others_waiting() -> None:
    signal = Signal()
    box: list[int] = []
    cancelled = asyncio.create_task(_never(signal))
    kept = asyncio.create_task(signal.wait_for(lambda: box[0] if box else None, 10.0, "a value"))
    await asyncio.sleep(0)
    cancelled.cancel()
    box.append(3)
    signal.fire()
    assert await kept == 3
    assert cancelled.cancelled()


async def test_changed_returns_at_the_next_change_or_after_its_timeout() -> None:
    signal = Signal()
    watcher = asyncio.create_task(signal.changed(10.0))
    await asyncio.sleep(0)
    signal.fire()
    await asyncio.wait_for(watcher, 5.0)
    await signal.changed(0.01)  # nothing changes: it returns anyway


async def _never(signal: Signal) -> None:
    await signal.wait_for(lambda: None, 10.0, "never")


def test_a_signal_outlives_its_event_loop() -> None:
    """Waits left pending when a test's loop closed neither break nor delay the next loop's."""
    signal = Signal()
    box: list[int] = []

    async def abandon() -> None:
        left = asyncio.create_task(_never(signal))
        await asyncio.sleep(0)
        assert not left.done()  # asyncio.run cancels it as the loop closes

    async def wait_again() -> int:
        signal.fire()
        later = asyncio.create_task(signal.wait_for(lambda: box[0] if box else None, 5.0, "7"))
        await asyncio.sleep(0)
        box.append(7)
        signal.fire()
        return await later

    asyncio.run(abandon())
    assert asyncio.run(wait_again()) == 7


def test_snowflakes_increase() -> None:
    emulator = Emulator()
    ids = [emulator.state.snowflake() for _ in range(100)]
    assert ids == sorted(set(ids))


def test_owner_and_administrator_hold_every_permission() -> None:
    emulator = Emulator()
    member = emulator.add_member("member")
    admin = emulator.add_member("admin", permissions=0x8)
    everything = emulator.state.permissions(emulator.guild, emulator.owner.id)
    assert emulator.state.permissions(emulator.guild, admin.id) == everything
    assert emulator.state.permissions(emulator.guild, member.id) & 0x20 == 0


async def test_a_really_slow_reply_misses_the_window(
    emulator: Emulator, start_client: StartClient
) -> None:
    """Real time counts: a bot that takes longer than the window is refused with 10062."""
    emulator.core.reply_window = 0.05
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "late")
        await asyncio.sleep(0.1)  # the bot being slow is what this test is about
        bot.release.set()
        await handle.refused(10062)
        seen = await emulator.wait_until(lambda: bot.outcomes.get("late"), "the bot's view")
    assert seen == 10062


def test_error_capture_keeps_unexpected_and_expected_errors_apart() -> None:
    emulator = Emulator()
    capture = ErrorCapture(emulator)
    logger = logging.getLogger("duelboard.test")
    logger.addHandler(capture)
    logger.propagate = False
    try:
        capture.expect("refused 40060")
        logger.error("the callback was refused 40060")
        assert capture.records == [] and len(capture.expected) == 1
        assert emulator.state.signal.failures == []
        logger.error("boom")
        assert [r.getMessage() for r in capture.records] == ["boom"]
        assert emulator.state.signal.failures == ["duelboard logged: boom"]
    finally:
        logger.removeHandler(capture)
        logger.propagate = True


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Emulator(reply_window=0), "must be positive"),
        (lambda: Emulator().add_member("x"), "2 to 32 characters"),
        (lambda: Emulator().add_member("alice", permissions=-1), "bits"),
        (lambda: Emulator().add_channel(""), "1 to 100 characters"),
    ],
)
def test_bad_world_input_is_refused(build: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()


def test_refused_member_leaves_the_guild_unchanged() -> None:
    emulator = Emulator()
    before = dict(emulator.guild.members), dict(emulator.guild.roles)
    with pytest.raises(ValueError):
        emulator.add_member("alice", permissions=-1)
    assert (dict(emulator.guild.members), dict(emulator.guild.roles)) == before
