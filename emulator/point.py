"""Run a discord.py program against an emulator that serves from another process.

    python -m emulator.point http://127.0.0.1:PORT MODULE [ARG ...]

points this process's discord.py at the emulator (REST base and gateway), then runs MODULE as
`python -m MODULE ARG ...` would, unmodified: tests and benchmarks start real bot processes
this way (`python -m emulator.point <origin> bot`) and drive them from the emulator's process.
"""

from __future__ import annotations

import asyncio
import os
import runpy
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from emulator.harness import point_at


async def spawn(
    origin: str,
    module: str,
    *args: str,
    env: Mapping[str, str],
    cwd: Path,
    output: IO[Any],
    before_exec: Callable[[], None] | None = None,
) -> asyncio.subprocess.Process:
    """Start `python -m module args` in a process of its own pointed at the emulator on
    `origin`, with `env` added to this process's environment and stdout and stderr to `output`.

    The process leads a process group of its own, as a service manager starts a service, so
    that `os.killpg(process.pid, signal.SIGKILL)` kills it with any worker it started.
    `before_exec` runs in the new process before Python starts in it (joining a cgroup, say).
    """
    root = str(Path(__file__).resolve().parents[1])  # where `emulator` (and the bot) import from
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "emulator.point",
        origin,
        module,
        *args,
        env={**os.environ, "PYTHONPATH": path, **env},
        cwd=cwd,
        stdout=output,
        stderr=output,
        start_new_session=True,
        preexec_fn=before_exec,
    )


def main(argv: list[str]) -> None:
    """Point discord.py at `argv[0]`, then run the module `argv[1]` with the rest as its args."""
    if len(argv) < 2 or not argv[0].startswith("http://"):
        sys.exit("usage: python -m emulator.point http://127.0.0.1:PORT MODULE [ARG ...]")
    origin, module, *rest = argv
    point_at(origin.rstrip("/"))
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
