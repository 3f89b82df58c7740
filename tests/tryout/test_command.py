"""`python -m tryout`: the try-out's own command, with one clear line for what stops it."""

from __future__ import annotations

import asyncio
import re
import socket
import sys
from pathlib import Path

import pytest

from tryout.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
# Starting means the computer's worker process first (a fresh interpreter): seconds on a busy
# machine, so the wait is long.
START_WAIT = 120.0
LOGGED = re.compile(r"\d{4}-\d\d-\d\d ")


def test_a_port_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--port", "70000"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--port must be 1 to 65535, not 70000" in error
    assert error.startswith("usage: python -m tryout")


async def test_a_port_already_taken_is_one_line_and_exit_status_2(tmp_path: Path) -> None:
    """Run as a player runs it, in a process of its own, on a port something else holds."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tryout",
            "--port",
            str(port),
            "--database",
            str(tmp_path / "local.sqlite3"),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(process.communicate(), START_WAIT)
    assert process.returncode == 2
    assert out == b""
    # Log lines (the computer's notice where Open Sage is missing) carry a time; the refusal not.
    said = [line for line in err.decode().splitlines() if not LOGGED.match(line)]
    assert said == [
        f"python -m tryout: cannot listen on 127.0.0.1:{port} (Address already in use)."
    ]
