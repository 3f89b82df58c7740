"""Recaps drawn by the drawing process: the same recap as drawn in the bot, and never ahead of a
board asked for meanwhile."""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

from bot.pictures import Look, draw
from bot.pictures.look import words_for
from bot.pictures.painter import Painter
from bot.pictures.worker import BOARD, RECAP, Desk, frame, read_frame, serve
from bot.service import recap
from bot.service.games import Games
from bot.service.recap import finish, recap_for, recap_steps
from bot.service.views import load_session
from render import DARK, Theme, replay_of
from tests.bot.service.conftest import ALICE, BOB
from tests.bot.service.drive import play_checkers
from tests.bot.service.play import challenge

ON_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
NAMES = (ALICE.name, BOB.name)
BY_ID = {ALICE.id: ALICE.name, BOB.id: BOB.name}


async def finished_checkers(games: Games) -> int:
    """A checkers game played to its end (dozens of moves: a recap of dozens of frames)."""
    history = await play_checkers(games, await challenge(games, "checkers", ALICE, BOB))
    return history[-1].game.id


@ON_SQLITE
async def test_the_drawing_process_draws_the_recap_the_bot_would(games: Games) -> None:
    game_id = await finished_checkers(games)
    game = await games.store.get_game(game_id)
    events = await games.store.events_for(game_id)
    painter = Painter(processes=1)
    try:
        drawn = await recap_for(
            games.store,
            game_id,
            theme=DARK,
            draw=lambda game, events, names, theme: painter.recap(game, events, names, "fr", theme),
        )
    finally:
        await painter.close()
    seats = load_session(game.state).seats
    assert seats is not None
    names = (BY_ID[seats[0]], BY_ID[seats[1]])  # White's, Black's (who plays which was drawn)
    here = finish(recap_steps(game, events, names, words=words_for("fr"), theme=DARK))
    assert drawn == here
    assert drawn.replay_gif.startswith(b"GIF89a")
    assert "Alice" in drawn.record.text and "Bob" in drawn.record.text


class Answers:
    """A drawing process's stdout, read back: each answer's request number and value."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> int:
        self.data += data
        return len(data)

    def flush(self) -> None:
        pass

    def read(self) -> list[tuple[int, bool, Any]]:
        """Every answer so far, in the order written."""
        found, at = [], 0
        while at < len(self.data):
            length = int.from_bytes(self.data[at : at + 4], "big")
            found.append(pickle.loads(bytes(self.data[at + 4 : at + 4 + length])))
            at += 4 + length
        return found


@ON_SQLITE
async def test_a_board_asked_for_during_a_recap_waits_for_one_frame_at_most(
    games: Games,
) -> None:
    game_id = await finished_checkers(games)
    game = await games.store.get_game(game_id)
    events = await games.store.events_for(game_id)
    board = (load_session(game.state), NAMES, Look("en-US", DARK))
    out = Answers()
    desk = Desk(out)  # type: ignore[arg-type]
    desk.take(0, pickle.dumps((RECAP, (game, events, NAMES, "en-US", DARK))))
    desk.work()  # the recap's first step
    desk.work()  # its first frame
    desk.take(1, pickle.dumps((BOARD, board)))
    desk.work()
    # The board is answered next, then the recap once all its frames are drawn.
    [(number, drawn, picture)] = out.read()
    assert (number, drawn, picture) == (1, True, draw(*board))
    while desk.busy:
        desk.work()
    [_, (number, drawn, recap)] = out.read()
    assert number == 0 and drawn
    assert recap.game_id == game_id and recap.replay_gif.startswith(b"GIF89a")


def test_a_request_the_drawing_process_cannot_read_is_answered_with_the_error() -> None:
    out = Answers()
    desk = Desk(out)  # type: ignore[arg-type]
    desk.take(6, b"not a pickle")
    desk.take(7, pickle.dumps(("sculpture", ())))
    [(six, drawn_six, _), (seven, drawn_seven, error)] = out.read()
    assert (six, drawn_six, seven, drawn_seven) == (6, False, 7, False)
    assert "sculpture" in str(error)
    assert not desk.busy


@ON_SQLITE
async def test_a_board_asked_for_while_a_recap_is_encoded_is_answered_before_the_recap(
    games: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await finished_checkers(games)
    game = await games.store.get_game(game_id)
    events = await games.store.events_for(game_id)
    here = finish(recap_steps(game, events, NAMES, theme=DARK))
    # The GIF's encoding starts, then waits until the board has been answered.
    started, release = threading.Event(), threading.Event()

    def held(frames: Sequence[Image.Image], theme: Theme) -> bytes:
        started.set()
        assert release.wait(60), "the board was never answered"
        return replay_of(frames, theme)

    monkeypatch.setattr(recap, "replay_of", held)
    board = (load_session(game.state), NAMES, Look("en-US", DARK))
    requests_read, requests = os.pipe()
    answers_read, answers = os.pipe()
    with (
        open(requests_read, "rb", buffering=0) as incoming,
        open(answers, "wb") as outgoing,
        open(answers_read, "rb") as replies,
        open(requests, "wb") as asking,
    ):
        server = threading.Thread(target=serve, args=(incoming, Desk(outgoing)))
        server.start()
        asking.write(frame(pickle.dumps((RECAP, (game, events, NAMES, "en-US", DARK)))))
        asking.flush()
        assert started.wait(60), "the recap's GIF was never encoded"
        asking.write(frame(pickle.dumps((BOARD, board))))
        asking.flush()
        first = read_frame(replies)
        assert first is not None
        assert pickle.loads(first) == (1, True, draw(*board))
        release.set()
        asking.close()
        second = read_frame(replies)
        server.join(60)
    assert second is not None
    assert pickle.loads(second) == (0, True, here)
    assert not server.is_alive()
