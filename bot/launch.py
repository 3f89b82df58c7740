"""What every way of starting the bot shares: the bot on Discord (`python -m bot`) and the local
try-out (`python -m tryout`) both import it, and it imports neither of them.

The computer's worker and its warm-up, the process-wide set-up, and the exit: a run ends with 0,
or, for a refusal the operator can cure, with one line on stderr and `EXIT_REFUSED`, never a
traceback.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Coroutine, Iterable, Mapping
from typing import Any

import discord

from ai.worker import AIWorker
from bot import logs
from bot.frontend.client import PlayParts

log = logging.getLogger("duelboard")
EXIT_REFUSED = 2  # what a refusal ends the process with, as argparse ends a bad command line

# How a refusal is worded for the operator: one line, or None for an error that is no refusal
# after all (it is raised again, as it came).
Wording = Callable[[Any], str | None]


def computer() -> tuple[PlayParts, AIWorker]:
    """What the bot plays with: the computer's players, coach and reviewer. They think in one
    worker process, so that Open Sage (which keeps the GIL while it evaluates) never stalls this
    process's event loop; close the worker when done.

    The worker starts when first asked (a game against the computer, a hint, a
    game's review), not with the bot: a bot whose players only play each other never holds
    its 70 MB and its process pool's resource tracker."""
    worker = AIWorker()
    coach = worker.coach()
    if coach.notice:
        log.warning("%s", coach.notice)  # e.g. Open Sage missing: built-in backgammon level
    parts = PlayParts(
        opponents=worker.opponents(),
        coach=coach,
        reviewer=worker.reviewer(),
        checkers_reviewer=worker.checkers_reviewer(),
    )
    return parts, worker


async def warm_up(worker: AIWorker) -> None:
    """Start the worker before the first game needs it (the local page, where people mostly
    play the computer); a failure here is retried then."""
    try:
        await asyncio.to_thread(worker.warm_up)
    except Exception:
        log.exception("the computer's worker process did not start; the first game retries")


def set_up_process(level: int, library_level: int, secrets: Iterable[str] = ()) -> None:
    """Logging for the whole process, and no word about voice: Duelboard never joins a voice
    channel, so discord.py's warnings that its voice libraries are missing would be two lines of
    noise on every start."""
    logs.configure(level, library_level, secrets=secrets)
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


def run(
    program: str,
    main: Coroutine[Any, Any, None],
    refusals: Mapping[type[BaseException], Wording],
    *,
    loop_factory: Callable[[], asyncio.AbstractEventLoop] | None = None,
) -> int:
    """Run `main` to its end: 0, or `EXIT_REFUSED` with `program: <line>` on stderr for an
    error that `refusals` words (the first of its kinds that matches, in order)."""
    try:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            runner.run(main)
    except tuple(refusals) as error:
        wording = next(word for kind, word in refusals.items() if isinstance(error, kind))
        line = wording(error)
        if line is None:
            raise
        print(f"{program}: {line}", file=sys.stderr)
        return EXIT_REFUSED
    return 0
