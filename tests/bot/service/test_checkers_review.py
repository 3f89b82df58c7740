"""The service's side of the checkers review: the game read back from its log, people graded
by their seats, the bot not, and the board of a worst move with the best move played instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

import engine.checkers as ck
from ai.checkers import Strength
from ai.checkers.review import Reviewer, judge
from bot.service.checkers import CheckersSession
from bot.service.checkers_review import (
    SideReview,
    checkers_review_for,
    game_of,
    review_checkers_game,
)
from bot.service.games import Games
from bot.service.log import GameLog
from bot.service.operations import Move, Resign
from bot.store import GameKind
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL
from tests.bot.service.drive import play_backgammon, play_checkers, start_game

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

FIXED = Strength(max_depth=4, seconds=None)


@dataclass
class NotingReviewer:
    """Answers no report and notes what it was asked."""

    asked: list[tuple[ck.Game, list[ck.Color]]]

    def review(self, game: ck.Game, colours: Sequence[ck.Color]) -> list[SideReview]:
        self.asked.append((game, list(colours)))
        return []


async def log_of(games: Games, game_id: int) -> GameLog:
    row = await games.store.get_game(game_id)
    return GameLog.replay(row, await games.store.events_for(game_id))


async def test_the_log_gives_back_the_whole_game(games: Games) -> None:
    played = await play_checkers(games, await start_game(games, "checkers", variant="russian"))
    log = await log_of(games, played[-1].game.id)
    game = game_of(log)
    final = played[-1].game.session
    assert isinstance(final, CheckersSession) and final.game is not None
    assert game is not None and game.result() is not None  # played to its end
    # The session keeps the moves since the last capture or man move; the log has them all.
    assert game.position == final.game.position
    assert game.moves[len(game.moves) - len(final.game.moves) :] == final.game.moves
    assert len(game.moves) > len(played) - 1  # forced moves too, which no one was asked for


async def test_both_people_are_graded_by_their_seats(games: Games) -> None:
    result = await start_game(games, "checkers", variant="russian", starter="challenger")
    # Alice (White, moves first) hangs a man with 22-18: Black's 14x21 is forced (the service
    # plays it for Bob).
    for user, text in ((ALICE, "21-17"), (BOB, "9-14"), (ALICE, "22-18")):
        result = await games.act(result.game.id, user.id, Move(text))
    result = await games.act(result.game.id, ALICE.id, Resign())
    log = await log_of(games, result.game.id)
    review = review_checkers_game(log, Reviewer(lambda g, m, p: judge(g, m, FIXED, p)), BOT.id)
    assert review is not None
    assert [(p.user_id, p.report.colour) for p in review.players] == [
        (ALICE.id, ck.Color.WHITE),
        (BOB.id, ck.Color.BLACK),
    ]
    alice, bob = (p.report for p in review.players)
    assert (alice.decisions, bob.decisions) == (2, 1)  # Bob's capture was his only move
    [worst] = [m for m in alice.worst if m.mark == "??"]
    assert (worst.number, worst.played) == (2, "22-18")
    # The board to picture: the best move played where 22-18 was.
    shown = review.best_after(worst)
    assert shown.position == review.game.positions[2].apply(worst.best_move)
    assert shown.position.turn is ck.Color.BLACK


async def test_only_the_person_is_graded_in_the_bots_game(games: Games) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.CHECKERS,
        variant="russian",
    )
    played = await play_checkers(games, result)
    log = await log_of(games, played[-1].game.id)
    reviewer = NotingReviewer([])
    review = review_checkers_game(log, reviewer, BOT.id)
    seats = log.final.seats
    assert review is not None and review.players == () and seats is not None
    assert BOT.id in seats
    [(_, colours)] = reviewer.asked
    assert colours == [(ck.Color.WHITE, ck.Color.BLACK)[seats.index(ALICE.id)]]


async def test_backgammon_games_are_not_reviewed_as_checkers(games: Games) -> None:
    played = await play_backgammon(games, await start_game(games, "backgammon", match_length=1))
    reviewer = NotingReviewer([])
    game_id = played[-1].game.id
    assert review_checkers_game(await log_of(games, game_id), reviewer, BOT.id) is None
    assert await checkers_review_for(games.store, game_id, reviewer, BOT.id) is None
    assert reviewer.asked == []
