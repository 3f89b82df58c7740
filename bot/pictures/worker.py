"""A drawing process: `python -m bot.pictures.worker`, started by `bot.pictures.painter.Painter`.

It reads requests on stdin and answers each on stdout, one frame each way: a 4-byte big-endian
length, then a pickle. A request is `(BOARD, (session, names, look))` as `bot.pictures.draw`
takes them, `(RECAP, (game, events, names, language, theme))` as
`bot.service.recap.recap_steps` takes them, or `(MISTAKES, (pictures, names, look))` as
`bot.pictures.review.draw_mistakes` takes them (drawn like boards); the answer is
`(number, True, value)`, or `(number, False, error)` when drawing raised, where `number` counts
the requests from 0 in the order they came. Boards come first: a recap (hundreds of
milliseconds) is drawn a frame at a time, between boards, and its GIF (one call of a tenth of a
second) is encoded in a thread meanwhile (Pillow's encoders leave the interpreter lock), so a
board waits at most for about one frame of it, and answers may come in another order than their
requests. The process first
answers `READY` once warmed up, and ends when its stdin does (once the requests it has are
answered): the bot closed it, or the bot's process ended, however it ended.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, BinaryIO

from bot.pictures import draw, warm_up
from bot.pictures.look import words_for
from bot.pictures.review import draw_mistakes
from bot.service.recap import Steps, recap_steps

HEADER = struct.Struct(">I")
READY = b"ready"
BOARD = "board"
RECAP = "recap"
MISTAKES = "mistakes"


def read_frame(stream: BinaryIO) -> bytes | None:
    """The next frame's body, or None at the end of the stream (a raw stream may return fewer
    bytes than asked: it is read until the frame is whole)."""
    header = _read_exactly(stream, HEADER.size)
    if header is None:
        return None
    (length,) = HEADER.unpack(header)
    return _read_exactly(stream, length)


def _read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def frame(body: bytes) -> bytes:
    """`body` as one frame."""
    return HEADER.pack(len(body)) + body


def answer(number: int, drawn: bool, value: object) -> bytes:
    """The pickled answer to request `number`: what was drawn, or the error drawing raised."""
    try:
        return pickle.dumps((number, drawn, value))
    except Exception as error:  # an error that does not pickle still says what it was
        return pickle.dumps((number, False, RuntimeError(f"drawing failed: {value!r}: {error}")))


def _recap(args: tuple[Any, ...]) -> Steps[object]:
    game, events, names, language, theme = args
    return recap_steps(game, events, names, words=words_for(language), theme=theme)


class Desk:
    """The requests received and not yet answered: boards first, then recaps a step at a time,
    the oldest first; a recap's GIF is encoded in a thread while boards are drawn."""

    def __init__(self, out: BinaryIO) -> None:
        """Answer on `out`."""
        self.out = out
        self.boards: deque[tuple[int, str, tuple[Any, ...]]] = deque()
        self.recaps: deque[tuple[int, Steps[object]]] = deque()
        # The oldest recap's GIF being encoded, if it is; a byte on `_woken` once it is done.
        self.encoding: Future[bytes] | None = None
        self._encoder: ThreadPoolExecutor | None = None
        self._woken, self._wake = os.pipe()

    @property
    def busy(self) -> bool:
        """True while a request is waiting."""
        return bool(self.boards or self.recaps)

    @property
    def ready(self) -> bool:
        """True while `work` has something to do at once: a board, or a recap's next step
        (not while the only thing left is a GIF being encoded)."""
        encoded = self.encoding is None or self.encoding.done()
        return bool(self.boards) or (bool(self.recaps) and encoded)

    def pause(self, requests: BinaryIO | None) -> bool:
        """Wait until a request can be read from `requests` (True), or a GIF being encoded is
        done (False); with no `requests`, only for the GIF."""
        watched: list[Any] = [] if requests is None else [requests]
        if self.encoding is not None:
            watched.append(self._woken)
        readable = select.select(watched, [], [])[0]
        if self._woken in readable:
            os.read(self._woken, 64)
        return requests is not None and requests in readable

    def take(self, number: int, request: bytes) -> None:
        """Queue request `number` (an unreadable one is answered with its error at once)."""
        try:
            job, args = pickle.loads(request)
            if job in (BOARD, MISTAKES):
                self.boards.append((number, job, args))
            elif job == RECAP:
                self.recaps.append((number, _recap(args)))
            else:
                raise ValueError(f"a drawing process draws boards and recaps, not {job!r}")
        except Exception as error:  # the bot raises it where the picture was asked for
            self.send(answer(number, False, error))

    def work(self) -> None:
        """The next board, or the next step of the oldest recap (waiting for its GIF if that
        is all there is to do)."""
        if self.boards:
            number, job, args = self.boards.popleft()
            try:
                drawn = draw(*args) if job == BOARD else draw_mistakes(*args)
                self.send(answer(number, True, drawn))
            except Exception as error:  # the bot raises it where the board was asked for
                self.send(answer(number, False, error))
            return
        number, steps = self.recaps[0]
        try:
            encoded = None
            if self.encoding is not None:
                encoding, self.encoding = self.encoding, None
                encoded = encoding.result()  # at once when `ready`; an error raises here
            encode = steps.send(encoded)
            if encode is not None:
                self.encoding = self._encoding().submit(encode)
                self.encoding.add_done_callback(lambda _: os.write(self._wake, b"."))
        except StopIteration as done:
            self.recaps.popleft()
            self.send(answer(number, True, done.value))
        except Exception as error:
            self.recaps.popleft()
            self.send(answer(number, False, error))

    def _encoding(self) -> ThreadPoolExecutor:
        """The thread GIFs are encoded in, started with the first."""
        if self._encoder is None:
            self._encoder = ThreadPoolExecutor(1, thread_name_prefix="gif")
        return self._encoder

    def send(self, body: bytes) -> None:
        """Write one answer."""
        self.out.write(frame(body))
        self.out.flush()


def _waiting(stream: BinaryIO) -> bool:
    """True when a request (or the end) can be read at once."""
    return bool(select.select([stream], [], [], 0)[0])


def main() -> None:
    """Answer requests until stdin ends."""
    # Ctrl-C in the bot's terminal reaches every process of its group: the bot stops, and closes
    # this process's stdin, which ends it; interrupted here, it would only print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The frames own stdout: anything else printed (a library's warning) goes to stderr.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    warm_up()
    answers.write(frame(READY))
    answers.flush()
    # Read unbuffered, so that "nothing to read" means nothing was sent: between two steps of a
    # recap, a board asked for meanwhile is seen, and drawn first.
    with open(sys.stdin.fileno(), "rb", buffering=0, closefd=False) as requests:
        serve(requests, Desk(answers))


def serve(requests: BinaryIO, desk: Desk) -> None:
    """Take the requests as they come and answer them, until they end and all are answered."""
    received, ended = 0, False
    while not ended or desk.busy:
        if desk.ready and (ended or not _waiting(requests)):
            desk.work()
        elif ended:
            desk.pause(None)  # only a GIF is being encoded
        elif desk.pause(requests):  # at once if one was waiting; else also woken by a GIF
            request = read_frame(requests)
            if request is None:
                ended = True
            else:
                desk.take(received, request)
                received += 1


if __name__ == "__main__":
    main()
