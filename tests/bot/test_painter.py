"""Boards drawn in drawing processes are the boards drawn here, and a dead process costs no
board."""

from __future__ import annotations

import asyncio
import gc
import os
import pickle
import signal
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from discord import Locale

import engine.checkers as ck
from ai.review import Mistake
from bot.i18n import language_of
from bot.pictures import Look, draw
from bot.pictures.painter import Painter
from bot.pictures.review import MistakePicture, draw_mistakes
from bot.pictures.worker import BOARD, Desk
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.kinds import options_for
from bot.service.session import Session
from engine.backgammon import Side
from engine.backgammon.matchplay import Match, MatchOptions
from render import DARK
from tests.processes import Deadly, children, killed_child, wait_ended

ALICE, BOB = 11, 22
NAMES = ("Alice", "Bob")


def backgammon() -> BackgammonSession:
    """A match to 5 a few turns in: the opening 3-1, then the first legal play of each roll."""
    options = options_for("backgammon", match_length=5)
    match = Match.start(options.match_options()).opening_roll(3, 1)
    for dice in ((6, 4), (5, 5), (2, 1)):
        match = match.move(match.game.legal_plays()[0]).roll(dice)
    return BackgammonSession(options, seats=(ALICE, BOB), match=match)


def checkers() -> CheckersSession:
    """International draughts four moves in."""
    options = options_for("checkers", variant="international")
    game = ck.Game.new("international")
    for _ in range(4):
        game = game.play(game.position.legal_moves()[0])
    return CheckersSession(options, seats=(ALICE, BOB), game=game)


LOOKS = [
    Look(),
    # Discord's own locale value (which does not pickle), a theme, a clock and a private board.
    Look(Locale.french, DARK, time_left=83, reader=1),
    Look(Locale.brazil_portuguese, time_left=5, reader=0),
]


def drawing() -> list[int]:
    """This process's drawing processes."""
    return children(os.getpid(), running="bot.pictures.worker")


@pytest.fixture
async def painter() -> AsyncIterator[Painter]:
    made = Painter(processes=1)
    yield made
    await made.close()


@pytest.mark.parametrize("session", [backgammon(), checkers()], ids=["backgammon", "checkers"])
async def test_a_drawing_process_draws_the_board_this_process_draws(
    painter: Painter, session: Session
) -> None:
    for look in LOOKS:
        drawn = await painter.draw(session, NAMES, look)
        here = draw(session, NAMES, look)
        assert drawn is not None and here is not None
        assert drawn.png == here.png, look
        assert drawn.alt_text == here.alt_text, look
    assert len(drawing()) == 1


async def test_several_processes_draw_boards_asked_at_once() -> None:
    painter = Painter(processes=2)
    try:
        sessions: list[Session] = [backgammon(), checkers()] * 5
        pictures = await asyncio.gather(*(painter.draw(s, NAMES, LOOKS[1]) for s in sessions))
        assert pictures == [draw(s, NAMES, LOOKS[1]) for s in sessions]
        assert len(drawing()) == 2
    finally:
        await painter.close()


async def test_an_error_in_drawing_is_raised_where_the_board_was_asked_for(
    painter: Painter,
) -> None:
    # A session whose match is gone: drawing it fails in the drawing process.
    broken = backgammon()
    object.__setattr__(broken, "match", "not a match")
    with pytest.raises(AttributeError):
        draw(broken, NAMES)
    with pytest.raises(AttributeError):
        await painter.draw(broken, NAMES)
    assert await painter.draw(checkers(), NAMES) == draw(checkers(), NAMES)  # still drawing


async def test_a_warm_up_starts_the_process_before_the_first_board(painter: Painter) -> None:
    assert drawing() == []
    await painter.warm_up()
    assert len(drawing()) == 1


async def test_a_process_killed_while_idle_is_replaced_at_the_next_board(
    painter: Painter,
) -> None:
    session = backgammon()
    await painter.warm_up()
    (first,) = drawing()
    os.kill(first, signal.SIGKILL)
    assert wait_ended(first)
    picture = await painter.draw(session, NAMES)
    assert picture is not None and picture == draw(session, NAMES)
    (second,) = drawing()
    assert second != first


async def test_boards_under_way_when_the_process_dies_are_drawn_by_a_new_one(
    painter: Painter,
) -> None:
    session = checkers()
    await painter.warm_up()
    (first,) = drawing()
    boards = [asyncio.ensure_future(painter.draw(session, NAMES)) for _ in range(40)]
    await asyncio.wait(boards, return_when=asyncio.FIRST_COMPLETED)
    os.kill(first, signal.SIGKILL)
    pictures = await asyncio.gather(*boards)
    expected = draw(session, NAMES)
    assert all(picture == expected for picture in pictures)
    assert len(drawing()) == 1 and drawing() != [first]


async def test_a_board_whose_drawing_processes_keep_dying_is_drawn_in_the_bot(
    painter: Painter,
) -> None:
    """Each process the board goes to dies with it (the first, then the one started in its
    place): the board still arrives, drawn in this process, and the next board goes to a new
    drawing process."""
    session = backgammon()
    await painter.warm_up()
    (first,) = drawing()
    picture = await painter.draw(session, (Deadly("Alice"), "Bob"), LOOKS[1])
    assert picture is not None and picture == draw(session, NAMES, LOOKS[1])
    assert wait_ended(first)
    assert await painter.draw(checkers(), NAMES) == draw(checkers(), NAMES)
    (later,) = drawing()
    assert later != first


async def test_a_board_nobody_waits_for_any_more_does_not_answer_the_next_one(
    painter: Painter,
) -> None:
    await painter.warm_up()
    abandoned = asyncio.ensure_future(painter.draw(backgammon(), NAMES))
    await asyncio.sleep(0)  # sent
    abandoned.cancel()
    assert await painter.draw(checkers(), NAMES) == draw(checkers(), NAMES)


async def test_ctrl_c_in_the_bots_terminal_leaves_the_drawing_to_the_bot(painter: Painter) -> None:
    """The terminal's SIGINT reaches the drawing process too; the bot decides when it ends."""
    await painter.warm_up()
    (process,) = drawing()
    os.kill(process, signal.SIGINT)
    assert await painter.draw(checkers(), NAMES) == draw(checkers(), NAMES)
    assert drawing() == [process]


def test_a_drawing_process_keeps_nothing_of_the_boards_it_drew() -> None:
    """What the drawing process runs for each request, many times over: every request brings
    its own copy of the game (a copy of a checkers variant each got a rules object of its own,
    kept for ever)."""
    requests = [
        pickle.dumps((BOARD, (session, NAMES, replace(look, locale=language_of(look.locale)))))
        for session in (backgammon(), checkers())
        for look in LOOKS
    ]
    with open(os.devnull, "wb") as nowhere:
        desk = Desk(nowhere)
        for number, request in enumerate(requests * 20):
            desk.take(number, request)
            desk.work()
        gc.collect()
        before = len(gc.get_objects())
        for number, request in enumerate(requests * 50):
            desk.take(number, request)
            desk.work()
    gc.collect()
    assert len(gc.get_objects()) - before < 30


async def test_in_threads_a_painter_starts_no_process() -> None:
    painter = Painter()
    await painter.warm_up()
    picture = await painter.draw(backgammon(), NAMES, LOOKS[1])
    assert picture == draw(backgammon(), NAMES, LOOKS[1])
    assert drawing() == []


async def test_a_closed_painter_draws_nothing(painter: Painter) -> None:
    await painter.draw(checkers(), NAMES)
    await painter.close()
    assert drawing() == []
    with pytest.raises(RuntimeError, match="closed"):
        await painter.draw(checkers(), NAMES)


def test_a_painter_needs_zero_or_more_processes() -> None:
    with pytest.raises(ValueError, match="0 or more processes, not -1"):
        Painter(processes=-1)


# A bot that starts its drawing process, says its process id, and is killed outright.
KILLED_BOT = """
import asyncio, os, signal
from bot.pictures.painter import Painter
from bot.pictures.review import MistakePicture, draw_mistakes
from tests.processes import children

async def main():
    await Painter(processes=1).warm_up()
    [process] = children(os.getpid(), running="bot.pictures.worker")
    print(process, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def test_a_bot_killed_outright_takes_its_drawing_process_with_it() -> None:
    process = killed_child(KILLED_BOT)
    assert wait_ended(process), f"the drawing process {process} outlived the bot"


async def test_a_drawing_process_draws_a_reviews_pictures_as_this_process_does(
    painter: Painter,
) -> None:
    match = Match.start(MatchOptions()).opening_roll(3, 1)
    best, played = match.game.legal_plays()[:2]
    mistake = Mistake(1, 1, False, played.notation(), best.notation(), 0.1, "?", match, best)
    picture = MistakePicture.of(Side.WHITE, mistake, 1)
    assert picture is not None
    look = Look(Locale.french, DARK)
    drawn = await painter.mistakes([picture], NAMES, look)
    assert drawn == draw_mistakes([picture], NAMES, look)
    assert len(drawing()) == 1
