"""Watching processes a test did not start itself (a killed process's workers, say)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# Far longer than a process takes to notice its parent is gone, however busy the machine.
ENDING_SECONDS = 60.0


class Deadly(str):
    """A text that ends any other process it is sent to: unpickling it there exits that process
    at once, as a crash would. In the process that made it, it is the plain text it holds."""

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Unpickled as a call of `os._exit`."""
        return os._exit, (1,)


def ended(pid: int) -> bool:
    """True once process `pid` has exited (a zombie no one reaped has exited too)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    state = next(line for line in status.splitlines() if line.startswith("State:"))
    return state.split()[1] in ("Z", "X")


def children(pid: int, running: str = "") -> list[int]:
    """The live processes whose parent is `pid` (and whose command line holds `running`)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, ValueError):  # gone meanwhile
            continue
        if parent == pid and running in command and not ended(int(entry.name)):
            found.append(int(entry.name))
    return found


def wait_ended(pid: int, seconds: float = ENDING_SECONDS) -> bool:
    """Wait until process `pid` has exited; False if it still runs after `seconds`."""
    deadline = time.monotonic() + seconds
    while not ended(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def killed_child(script: str) -> int:
    """Run `script` in a new interpreter, which prints the id of a process it started, then kills
    itself with SIGKILL; that process's id."""
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == -signal.SIGKILL, run.stderr
    return int(run.stdout)
