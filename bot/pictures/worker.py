"""A drawing process: `python -m bot.pictures.worker`, started by `bot.pictures.painter.Painter`.

It reads requests on stdin and answers each on stdout, one frame each way: a 4-byte big-endian
length, then a pickle. A request is `(session, names, look)` as `bot.pictures.draw` takes them;
the answer is `(True, picture)`, or `(False, error)` when drawing raised. The process first
answers `READY` once warmed up, and ends when its stdin does: the bot closed it, or the bot's
process ended, however it ended.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
from typing import BinaryIO

from bot.pictures import draw, warm_up

HEADER = struct.Struct(">I")
READY = b"ready"


def read_frame(stream: BinaryIO) -> bytes | None:
    """The next frame's body, or None at the end of the stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (length,) = HEADER.unpack(header)
    body = stream.read(length)
    return body if len(body) == length else None


def frame(body: bytes) -> bytes:
    """`body` as one frame."""
    return HEADER.pack(len(body)) + body


def answer(request: bytes) -> bytes:
    """Draw what `request` asks for; the pickled answer."""
    try:
        session, names, look = pickle.loads(request)
        return pickle.dumps((True, draw(session, names, look)))
    except Exception as error:  # the bot raises it where the board was asked for
        try:
            return pickle.dumps((False, error))
        except Exception:  # an error that does not pickle still says what it was
            return pickle.dumps((False, RuntimeError(f"drawing failed: {error!r}")))


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
    while (request := read_frame(sys.stdin.buffer)) is not None:
        answers.write(frame(answer(request)))
        answers.flush()


if __name__ == "__main__":
    main()
