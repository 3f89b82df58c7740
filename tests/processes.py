"""Watching processes a test did not start itself (a killed process's workers, say)."""

from __future__ import annotations

import time
from pathlib import Path

# Far longer than a process takes to notice its parent is gone, however busy the machine.
ENDING_SECONDS = 60.0


def ended(pid: int) -> bool:
    """True once process `pid` has exited (a zombie no one reaped has exited too)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return state.split()[1] in ("Z", "X")


def wait_ended(pid: int, seconds: float = ENDING_SECONDS) -> bool:
    """Wait until process `pid` has exited; False if it still runs after `seconds`."""
    deadline = time.monotonic() + seconds
    while not ended(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
