"""Crash safety: a writer killed mid-transaction leaves the game before or after, never between."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import GameEvent, Store
from tests.bot.store.conftest import Backend, later, new_game

CHILD = Path(__file__).with_name("crash_child.py")
REPO = Path(__file__).resolve().parents[3]


def path_reducer(state: str, event: GameEvent) -> str:
    """Toy reducer: the child's move jumps to a fixed text, the parent's moves extend a path."""
    step = event.payload["step"]
    return "state-after-crash-move" if step == "crash" else f"{state}>{step}"


@pytest.mark.parametrize(
    ("kill_point", "versions_after"),
    [("after_event_insert", 3), ("after_commit", 4)],
)
async def test_killed_writer_leaves_the_game_before_or_after_never_between(
    seated: Store, backend: Backend, kill_point: str, versions_after: int
) -> None:
    game = await new_game(seated)
    state = "start"
    for version, step in enumerate(["24/18", "13/11", "8/5"]):
        state = f"{state}>{step}"
        game = await seated.commit(game.id, version, "move", {"step": step}, state, now=later(1))
    await seated.close()

    child = subprocess.run(
        [
            sys.executable,
            str(CHILD),
            backend.url,
            backend.schema or "-",
            str(game.id),
            "3",
            kill_point,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert f"KILL {kill_point}" in child.stdout
    if kill_point == "after_event_insert" and backend.name == "sqlite":
        # Killed inside the transaction: the versioned UPDATE and the event INSERT both ran.
        assert "UPDATE games SET" in child.stdout and "INSERT INTO game_events" in child.stdout
    elif kill_point == "after_event_insert":
        # PostgreSQL moves the game and adds the event in one statement, a transaction of its
        # own: there is no moment between the two, and a kill after it finds the move made.
        assert "WITH moved AS" in child.stdout
        versions_after = 4

    reopened = await backend.open()
    try:
        after = await reopened.get_game(game.id)
        events = await reopened.events_for(game.id)
        assert after.version == versions_after
        assert [event.seq for event in events] == list(range(1, versions_after + 1))
        expected_state = state if versions_after == 3 else "state-after-crash-move"
        assert after.state == expected_state
        assert await reopened.replay(game.id, path_reducer) == after.state
        # Nothing is left locked: the next move goes through at once.
        moved = await reopened.commit(
            game.id, after.version, "move", {"step": "6/1"}, f"{after.state}>6/1", now=later(9)
        )
        assert moved.version == versions_after + 1
    finally:
        await reopened.close()
