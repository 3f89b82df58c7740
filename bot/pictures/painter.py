"""Where boards are drawn: in worker processes, or in threads of the bot's own process.

A board costs about 3 ms of CPU, and the Python part of drawing holds the interpreter's lock:
drawn in threads, it competes with the event loop for that lock on every move, and the loop
(which alone runs the whole rest of a move) waits. Measured on a 2-core machine with 100 games
at once: one bot process carried 91 moves a second drawing in threads and 135 with one drawing
process, and its CPU per move fell (8.8 ms against 11, the drawing process counted), since
threads handing the lock to and fro cost CPU too. So the bot draws in `processes` spawned
worker processes (`RENDER_PROCESSES`, default 1); 0 draws in threads as before, which is what
tests starting many bots use.

A worker that dies (killed, crashed) costs no board: the draws it was given are drawn again in a
new pool. A bot that dies (killed with SIGKILL, say) takes its workers with it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace

from bot.i18n import language_of
from bot.pictures import PUBLIC, Look, Picture, draw, warm_up
from bot.service.session import Session

log = logging.getLogger("duelboard")


class Painter:
    """Draws the bot's boards, each `draw` as `bot.pictures.draw` would, off the event loop."""

    def __init__(self, processes: int = 0) -> None:
        """Draw in `processes` worker processes (started on first use); 0: in threads."""
        if processes < 0:
            raise ValueError(f"a painter draws in 0 or more processes, not {processes}")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    async def draw(
        self, session: Session, names: tuple[str, str], look: Look = PUBLIC
    ) -> Picture | None:
        """The board `session` shows (None before there is one); see `bot.pictures.draw`."""
        if not self.processes:
            return await asyncio.to_thread(draw, session, names, look)
        # What the picture's words need of a locale is its catalog's language; Discord's locale
        # values do not pickle.
        plain = replace(look, locale=language_of(look.locale))
        loop = asyncio.get_running_loop()
        pool = self._current()
        try:
            return await loop.run_in_executor(pool, draw, session, names, plain)
        except BrokenProcessPool:
            # The worker died before or while drawing this board: a new one draws it.
            self._discard(pool)
            return await loop.run_in_executor(self._current(), draw, session, names, plain)

    async def warm_up(self) -> None:
        """Have fonts and sprites ready (each worker process started and warmed) before the
        first board is due; a failure here is logged, and the first board tries again."""
        if not self.processes:
            await asyncio.to_thread(warm_up)
            return
        loop = asyncio.get_running_loop()
        pool = self._current()
        try:
            await asyncio.gather(
                *(loop.run_in_executor(pool, os.getpid) for _ in range(self.processes))
            )
        except BrokenProcessPool:
            self._discard(pool)
            log.exception("the drawing process did not start; the first board tries again")

    def close(self) -> None:
        """Stop the worker processes (after the draws under way); no draw after this."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(cancel_futures=True)

    def _current(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the painter was closed: no more boards are drawn")
        if self._pool is None:
            # A fresh interpreter rather than a fork of the bot: its event loop, sockets and
            # threads must not be copied into the child.
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start,
            )
        return self._pool

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Forget a broken pool (once, however many draws saw it break)."""
        if self._pool is pool:
            self._pool = None
            log.warning("a drawing process stopped; a new one draws the next boards")
        pool.shutdown(wait=False, cancel_futures=True)


def _start() -> None:
    """A worker's start: gone when the bot is, and ready to draw."""
    threading.Thread(target=_exit_with_parent, name="parent watch", daemon=True).start()
    warm_up()


def _exit_with_parent() -> None:
    """End this worker when the bot's process ends: a bot killed outright (SIGKILL, the OOM
    killer) cannot stop its workers, and each would otherwise wait for work for ever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(0)
