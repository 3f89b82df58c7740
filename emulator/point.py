"""Run a discord.py program against an emulator that serves from another process.

    python -m emulator.point http://127.0.0.1:PORT MODULE [ARG ...]

points this process's discord.py at the emulator (REST base and gateway), then runs MODULE as
`python -m MODULE ARG ...` would, unmodified: tests and benchmarks start real bot processes
this way (`python -m emulator.point <origin> bot`) and drive them from the emulator's process.
"""

from __future__ import annotations

import runpy
import sys

from emulator.harness import point_at


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
