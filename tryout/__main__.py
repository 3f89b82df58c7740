"""`python -m tryout`: play Duelboard in the browser on a local Discord, no account, no token.

It serves the emulator, the bot and the page (`tryout.run.serve`) until Ctrl-C or SIGTERM; a port
already taken or an unusable database file stops it with one line (`bot.launch.run`).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import os
import signal
import sys

from bot.launch import Wording, computer, run, set_up_process, warm_up
from bot.store import StoreError
from tryout.run import DEFAULT_DATABASE, DEFAULT_PORT, serve

PROGRAM = "python -m tryout"
log = logging.getLogger("duelboard.local")


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Play Duelboard in your browser on a local Discord: no account, no token.",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the page's port")
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: this machine only)",
    )
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"the SQLite file of the local games (default: {DEFAULT_DATABASE})",
    )
    arguments = parser.parse_args(argv)
    if not 0 < arguments.port < 65536:
        parser.error(f"--port must be 1 to 65535, not {arguments.port}")
    return arguments


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def _run(arguments: argparse.Namespace) -> None:
    parts, worker = computer()
    await warm_up(worker)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    url = f"sqlite+aiosqlite:///{arguments.database}"
    try:
        async with serve(url, host=arguments.host, port=arguments.port, parts=parts) as local:
            print(f"Duelboard is running locally: open {local.address}", flush=True)
            await stop.wait()
    finally:
        await asyncio.to_thread(worker.close)


def _reason(error: OSError) -> str:
    """The system's own words for the error ("Address already in use"): asyncio's message
    repeats the address."""
    return os.strerror(error.errno) if error.errno else str(error.strerror or error)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m tryout`; returns the process exit code."""
    arguments = _arguments(sys.argv[1:] if argv is None else argv)
    set_up_process(logging.INFO, logging.WARNING)
    if not _loopback(arguments.host):
        log.warning(
            "the page listens on %s: anyone who can reach it with the printed address (its secret)"
            " can play as any member",
            arguments.host,
        )
    where = f"{arguments.host}:{arguments.port}"
    refusals: dict[type[BaseException], Wording] = {
        OSError: lambda error: f"cannot listen on {where} ({_reason(error)}).",
        StoreError: str,
    }
    return run(PROGRAM, _run(arguments), refusals)


if __name__ == "__main__":
    sys.exit(main())
