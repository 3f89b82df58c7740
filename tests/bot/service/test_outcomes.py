"""How a game ended travels as fields (`Finish`, size, points), and is stored in the words the
store has always kept, so games finished before and after this change read the same."""

from __future__ import annotations

import pytest

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.checkers import CheckersSession
from bot.service.games import Games
from bot.service.operations import AcceptOffer, Resign
from engine.backgammon.cube import Size
from engine.backgammon.matchplay import Ending
from tests.bot.service.conftest import BOB
from tests.bot.service.drive import start_game


@pytest.mark.parametrize(
    ("finish", "size", "stored"),
    [
        (out.Finish.PLAYED, Size.GAMMON, "played: gammon"),
        (out.Finish.RESIGNED, Size.BACKGAMMON, "resigned: backgammon"),
        (out.Finish.PASSED, Size.SINGLE, "dropped: single game"),
        (out.Finish.TIME, None, "time"),
        (out.Finish.RESIGNED, None, "resigned"),
        (out.Finish.NO_MOVES, None, "no legal move"),
        (out.Finish.AGREEMENT, None, "draw agreed"),
        (out.Finish.KING_COUNT, None, "no man move or capture left; kings counted"),
    ],
)
def test_the_stored_reason_is_the_word_stored_before(
    finish: out.Finish, size: Size | None, stored: str
) -> None:
    assert out.GameEnded(1, 2, 3, 1, finish, size=size).stored_reason == stored


def test_every_ending_of_the_engines_has_its_finish() -> None:
    assert out.Finish.of(Ending.PASSED) is out.Finish.PASSED
    assert out.Finish.of(ck.EndReason.REPETITION) is out.Finish.REPETITION
    engines = {out.Finish.of(ending) for ending in [*Ending, *ck.EndReason]}
    # Only the service stops a game on time or calls it off.
    assert set(out.Finish) - engines == {out.Finish.TIME, out.Finish.ABORTED}


async def test_a_finished_game_stores_how_it_ended_in_the_same_words(games: Games) -> None:
    """Money play, cube centred, Jacoby on: an accepted gammon resignation scores 1 (BG-16)."""
    started = await start_game(games, "backgammon")
    resigner = started.game.to_move_id
    assert resigner is not None
    offered = await games.act(started.game.id, resigner, Resign("gammon"))
    answerer = offered.game.to_move_id
    assert answerer is not None
    await games.act(started.game.id, answerer, AcceptOffer())
    row = await games.store.get_game(started.game.id)
    assert row.result == {"reason": "resigned: gammon", "points": 1}


async def test_a_stopped_game_keeps_its_stored_word(games: Games) -> None:
    started = await start_game(games, "checkers", starter="challenger")
    await games.act(started.game.id, BOB.id, Resign())
    row = await games.store.get_game(started.game.id)
    assert '"stopped":"resigned"' in row.state
    assert CheckersSession.from_text(row.state).stopped is out.Finish.RESIGNED
    assert row.result == {"reason": "resigned", "points": 1}
