"""A worker that dies: a call under way is answered by a new process (or fails clearly if that
one dies too), a hung worker is stopped after the timeout, a closed one refuses calls, and a bot
killed outright takes its worker with it."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

from ai.worker import CALL_TIMEOUT, AIWorker, WorkerStoppedError
from tests.ai.workers import BG, backgammon_positions, watching_handovers
from tests.processes import Deadly, killed_child, wait_ended


def call_in_thread(worker: AIWorker, name: str, *args: Any) -> Future[Any]:
    """`worker.call` in a thread of its own; the future holds its answer or its error."""
    future: Future[Any] = Future()

    def run() -> None:
        try:
            future.set_result(worker.call(name, *args))
        except BaseException as error:
            future.set_exception(error)

    threading.Thread(target=run, daemon=True).start()
    return future


def kill_during_a_call(worker: AIWorker, start: Callable[[], Future[Any]]) -> Future[Any]:
    """Stop the worker (so the call cannot finish first), start the call, then kill it."""
    pid = worker.pid()
    os.kill(pid, signal.SIGSTOP)
    with watching_handovers() as handed:
        future = start()
        assert handed.wait(timeout=60), "the call never reached the worker"
    os.kill(pid, signal.SIGKILL)
    return future


def test_a_call_under_way_when_the_worker_is_killed_is_answered_by_a_new_one_at_once(
    own_worker: AIWorker,
) -> None:
    first = own_worker.pid()
    match = backgammon_positions(1, seed=10)[0]
    future = kill_during_a_call(
        own_worker, lambda: call_in_thread(own_worker, "play", "beginner", BG, "choose_play", match)
    )
    assert future.result(timeout=120) in match.game.legal_plays()
    assert own_worker.pid() != first


def test_a_call_whose_worker_dies_twice_fails_and_the_next_call_starts_another(
    own_worker: AIWorker,
) -> None:
    """The call's argument ends each worker it reaches: the first and the one asked again."""
    first = own_worker.pid()
    match = backgammon_positions(1, seed=10)[0]
    with (
        watching_handovers() as handed,
        pytest.raises(WorkerStoppedError, match="stopped twice while answering 'choose_play'"),
    ):
        own_worker.call("play", "beginner", BG, "choose_play", Deadly("a crash"))
    assert handed.is_set()
    assert wait_ended(first)
    assert (
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
        in match.game.legal_plays()
    )
    assert own_worker.pid() != first


def test_a_hung_worker_is_stopped_after_the_timeout_and_replaced(own_worker: AIWorker) -> None:
    """A worker that never answers (stopped, not dead) fails the call after `timeout` seconds,
    is ended, and the next call is answered by a new process."""
    hung = own_worker.pid()  # started (a fresh interpreter: seconds on a busy machine) untimed
    os.kill(hung, signal.SIGSTOP)
    match = backgammon_positions(1, seed=10)[0]
    own_worker.timeout = 1.0
    started = time.monotonic()
    with pytest.raises(WorkerStoppedError, match="did not answer 'choose_play' in 1 s"):
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
    assert time.monotonic() - started < CALL_TIMEOUT / 2  # the short timeout, not the default
    own_worker.timeout = CALL_TIMEOUT  # the new process, too, may take seconds to start
    assert (
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
        in match.game.legal_plays()
    )
    assert own_worker.pid() != hung


def test_a_closed_worker_refuses_calls_clearly(own_worker: AIWorker) -> None:
    own_worker.pid()
    own_worker.close()
    with pytest.raises(WorkerStoppedError, match="shut down"):
        own_worker.pid()


# A bot that starts its worker, says the worker's process id, and is killed outright.
KILLED_BOT = """
import os, signal
from ai.worker import AIWorker
worker = AIWorker()
print(worker.pid(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_bot_killed_outright_takes_its_worker_with_it() -> None:
    worker = killed_child(KILLED_BOT)
    assert wait_ended(worker), f"the worker {worker} outlived the bot"
