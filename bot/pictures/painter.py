"""Where boards and recaps are drawn: in drawing processes, or in threads of the bot's own process.

A board costs a few milliseconds of CPU, and the Python part of drawing holds the interpreter's
lock: drawn in threads, it competes with the event loop for that lock on every move, and the loop
(which alone runs the whole rest of a move) waits. So the bot draws in `processes` drawing
processes (`RENDER_PROCESSES`, default 1; `bot.pictures.worker`); 0 draws in threads as before,
which is what tests starting many bots use.

The processes are the bot's subprocesses, spoken to over their stdin and stdout by the event loop
itself: a pool of `concurrent.futures` hands every request and answer through two threads of the
bot's process, and each of them waits for the interpreter's lock behind the event loop, which
made a board several times slower to come back at saturation (figures: docs/OPERATING.md,
"Figures behind the code"). A drawing process that dies
(killed, crashed) costs no board: the board it was drawing is drawn again by a new one, and if
that one dies too (or none starts), in a thread of the bot's own process. A bot
that dies, however it dies, takes them with it: each ends when its stdin does. A finished game's
recap (its replay, far longer than a board) is drawn there too, between boards (see
`bot.pictures.worker`), so that it never holds the event loop's interpreter lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import language_of
from bot.pictures import PUBLIC, Look, Picture, draw, warm_up
from bot.pictures.look import words_for
from bot.pictures.review import MistakePicture, draw_mistakes
from bot.pictures.worker import BOARD, HEADER, MISTAKES, READY, RECAP, frame
from bot.service.recap import Recap, finish, recap_steps
from bot.service.session import Session
from bot.store import GameEvent, GameRow
from render import Theme

log = logging.getLogger("duelboard")
# How long closing waits for a drawing process to end by itself before killing it.
STOP_SECONDS = 10.0


class DrawingStoppedError(RuntimeError):
    """A drawing process ended before answering (the painter starts another)."""


class _Process:
    """One drawing process. Requests go down its stdin as they come, without waiting for the
    answers before (so it always has the next board at hand), numbered in the order they are
    sent; each answer comes back with its request's number (boards before recaps), to whoever
    asked."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.asked: dict[int, asyncio.Future[tuple[bool, Any]]] = {}  # by request number
        self.sent = 0
        self._answers: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls) -> _Process:
        """A new drawing process, once it is warmed up."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.pictures.worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        started = cls(process)
        try:
            ready = await started._read()
        except DrawingStoppedError:
            await process.wait()
            raise
        if ready != READY:
            raise DrawingStoppedError("a drawing process started without saying it was ready")
        started._answers = asyncio.create_task(started._hand_out())
        return started

    @property
    def alive(self) -> bool:
        """False once its answers stopped (it ended, or said something it should not have)."""
        return self._answers is not None and not self._answers.done()

    async def ask(self, request: bytes) -> tuple[bool, Any]:
        """Send one request; its answer: (True, what was drawn) or (False, the error raised)."""
        assert self.process.stdin is not None
        if not self.alive:
            raise DrawingStoppedError("the drawing process ended")
        answer: asyncio.Future[tuple[bool, Any]] = asyncio.get_running_loop().create_future()
        number, self.sent = self.sent, self.sent + 1
        self.asked[number] = answer
        try:
            self.process.stdin.write(frame(request))
            await self.process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as error:
            self.asked.pop(number, None)
            answer.cancel()  # never sent: no answer comes for it
            raise DrawingStoppedError("the drawing process ended") from error
        return await answer

    async def _hand_out(self) -> None:
        """Give each answer to its request; however that ends, fail the requests left, so that
        no caller waits for ever."""
        try:
            while True:
                number, drawn, value = pickle.loads(await self._read())
                asked = self.asked.pop(number)
                if not asked.done():  # not abandoned
                    asked.set_result((drawn, value))
        except DrawingStoppedError:
            pass  # it ended: `alive` says so from now on
        finally:
            for asked in self.asked.values():
                if not asked.done():
                    asked.set_exception(DrawingStoppedError("the drawing process ended"))
            self.asked.clear()

    async def _read(self) -> bytes:
        assert self.process.stdout is not None
        try:
            (length,) = HEADER.unpack(await self.process.stdout.readexactly(HEADER.size))
            return await self.process.stdout.readexactly(length)
        except asyncio.IncompleteReadError as error:
            raise DrawingStoppedError("the drawing process ended") from error

    async def stop(self) -> None:
        """Close its stdin, which ends it once it has answered; kill it if it does not end in
        time."""
        if self.process.returncode is None and self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), STOP_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()
        if self._answers is not None:
            await self._answers


class Painter:
    """Draws the bot's boards, each `draw` as `bot.pictures.draw` would, off the event loop."""

    def __init__(self, processes: int = 0) -> None:
        """Draw in `processes` drawing processes (started on first use); 0: in threads."""
        if processes < 0:
            raise ValueError(f"a painter draws in 0 or more processes, not {processes}")
        self.processes = processes
        self._running: list[_Process] = []
        self._starting = asyncio.Lock()
        self._closed = False

    async def draw(
        self, session: Session, names: tuple[str, str], look: Look = PUBLIC
    ) -> Picture | None:
        """The board `session` shows (None before there is one); see `bot.pictures.draw`."""
        # What the picture's words need of a locale is its catalog's language; Discord's locale
        # values do not pickle.
        request = (session, names, replace(look, locale=language_of(look.locale)))
        picture: Picture | None = await self._drawn(
            BOARD, request, lambda: draw(session, names, look)
        )
        return picture

    async def mistakes(
        self, pictures: Sequence[MistakePicture], names: tuple[str, str], look: Look = PUBLIC
    ) -> list[tuple[bytes, str]]:
        """The pictures of a review's worst decisions (`bot.pictures.review.draw_mistakes`)."""
        request = (list(pictures), names, replace(look, locale=language_of(look.locale)))
        drawn: list[tuple[bytes, str]] = await self._drawn(
            MISTAKES, request, lambda: draw_mistakes(pictures, names, look)
        )
        return drawn

    async def recap(
        self,
        game: GameRow,
        events: Sequence[GameEvent],
        names: tuple[str, str],
        locale: object,
        theme: Theme,
    ) -> Recap:
        """The recap of a finished game (`bot.service.recap.recap_steps`) in `locale`'s words,
        drawn between boards."""
        request = (game, events, names, language_of(locale), theme)

        def here() -> Recap:
            return finish(recap_steps(game, events, names, words=words_for(locale), theme=theme))

        recap: Recap = await self._drawn(RECAP, request, here)
        return recap

    async def _drawn(self, job: str, request: tuple[Any, ...], here: Callable[[], Any]) -> Any:
        """What a drawing process answers to `request` (or `here()` in a thread, without one)."""
        if not self.processes:
            return await asyncio.to_thread(here)
        asked = pickle.dumps((job, request))
        try:
            drawn, value = await (await self._least_busy()).ask(asked)
        except DrawingStoppedError:
            log.warning("a drawing process ended; a new one draws its pictures")
            try:
                drawn, value = await (await self._least_busy()).ask(asked)
            except (OSError, DrawingStoppedError):
                # Two deaths in one picture (or no process will start): the picture still
                # arrives, drawn here at the cost of the event loop's share of the interpreter
                # lock.
                log.exception("drawing processes keep ending; this picture is drawn in the bot")
                return await asyncio.to_thread(here)
        if not drawn:
            raise value
        return value

    async def warm_up(self) -> None:
        """Have fonts and sprites ready (in each drawing process) before the first board is due;
        a failure here is logged, and the first board tries again."""
        if not self.processes:
            await asyncio.to_thread(warm_up)
            return
        try:
            await self._least_busy()
        except (OSError, DrawingStoppedError):
            log.exception("the drawing processes did not start; the first board tries again")

    async def close(self) -> None:
        """End the drawing processes once they have answered; no draw after this."""
        async with self._starting:
            self._closed = True
            stopping, self._running = self._running, []
        await asyncio.gather(*(process.stop() for process in stopping))

    async def _least_busy(self) -> _Process:
        """The drawing process with the fewest boards to draw; every one started (or, if it
        ended, started again) first."""
        async with self._starting:
            if self._closed:
                raise RuntimeError("the painter was closed: no more boards are drawn")
            ended = [process for process in self._running if not process.alive]
            for process in ended:
                self._running.remove(process)
                with contextlib.suppress(ProcessLookupError):
                    process.process.kill()
                await process.stop()
            missing = self.processes - len(self._running)
            self._running += await asyncio.gather(*(_Process.start() for _ in range(missing)))
            return min(self._running, key=lambda process: len(process.asked))
