"""Whole games through the service to the end, per option set and variant, dice verified after."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.errors import ActionNotAllowedError
from bot.service.games import Games
from bot.service.operations import Double, Pass, Resign
from bot.service.views import ActionOutcomes
from bot.store import GameStatus
from engine.backgammon.matchplay import Phase
from tests.bot.service.drive import bg13_size, play_backgammon, play_checkers, start_game


def outcomes_of(history: list[ActionOutcomes]) -> list[out.Outcome]:
    """Every outcome reported along the way, in order."""
    return [outcome for result in history for outcome in result.outcomes]


async def check_closed_game(games: Games, history: list[ActionOutcomes]) -> None:
    """The end: seed revealed, every roll verified, and the event log replays to the state."""
    final = history[-1].game
    assert final.status is GameStatus.FINISHED
    row = await games.store.get_game(final.id)
    assert final.seed == row.dice_secret
    report = await games.verify(final.id)
    assert report.ok, report.describe()
    assert await games.replay(final.id) == row.state


pytestmark = pytest.mark.slow


async def test_money_game_with_cube_bg13_bg14_points_are_size_times_cube(games: Games) -> None:
    def doubling(games: Games, result: ActionOutcomes) -> Awaitable[ActionOutcomes] | None:
        # Each side turns the cube at its first chance while it shows less than 8.
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        if session.may_double() and session.match.game.cube.value < 8:
            assert result.game.to_move_id is not None
            return games.act(result.game.id, result.game.to_move_id, Double())
        return None

    history = await play_backgammon(games, await start_game(games, "backgammon"), doubling)
    told = outcomes_of(history)
    assert any(isinstance(o, out.DoubleOffered) for o in told)
    assert any(isinstance(o, out.DoubleTaken) for o in told)
    session = history[-1].game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    game = session.match.game
    ended = [o for o in told if isinstance(o, out.GameEnded)]
    assert len(ended) == 1 and not any(isinstance(o, out.MatchEnded) for o in told)
    winner = game.position.winner()
    assert winner is not None
    expected_winner = session.seats[int(winner)] if session.seats else None
    assert ended[0].winner_id == expected_winner
    # The cube was turned, so Jacoby does not reduce a gammon (BG-16).
    assert ended[0].points == bg13_size(game.position, winner) * game.cube.value
    assert ended[0].seed is not None
    await check_closed_game(games, history)


async def test_money_game_without_cube(games: Games) -> None:
    result = await start_game(games, "backgammon", cube=False, jacoby=False)

    actor = result.game.to_move_id
    assert actor is not None
    with pytest.raises(ActionNotAllowedError):
        await games.act(result.game.id, actor, Double())
    history = await play_backgammon(games, result)
    session = history[-1].game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    position = session.match.game.position
    winner = position.winner()
    assert winner is not None
    ended = [o for o in outcomes_of(history) if isinstance(o, out.GameEnded)]
    assert ended[0].points == bg13_size(position, winner)
    assert not any(isinstance(o, out.DoubleOffered) for o in outcomes_of(history))
    await check_closed_game(games, history)


async def test_five_point_match_with_a_crawford_game_bg16(games: Games) -> None:
    result = await start_game(games, "backgammon", match_length=5)
    game_id = result.game.id
    crawford_games: set[int] = set()
    post_crawford_doubles: list[int] = []

    def policy(games: Games, result: ActionOutcomes) -> Awaitable[ActionOutcomes] | None:
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        match, actor = session.match, result.game.to_move_id
        assert actor is not None and session.seats is not None
        score = match.score
        if match.game.crawford:
            crawford_games.add(match.game_number)
            assert not session.may_double()
        if match.game_number == 1 or match.game.crawford:
            return None  # game 1 and the Crawford game are played out in full
        leader = 0 if score[0] >= score[1] else 1
        trailer_id = session.seats[1 - leader]
        if max(score) < 4 and actor == trailer_id and match.game.phase is not Phase.RESIGNING:
            return games.act(game_id, actor, Resign(1))  # the trailer concedes single games
        if session.may_double() and actor == trailer_id:
            post_crawford_doubles.append(match.game_number)
            return games.act(game_id, actor, Double())
        if match.game.phase is Phase.DOUBLED:
            return games.act(game_id, actor, Pass())  # post-Crawford games end at the first double
        return None

    history = await play_backgammon(games, result, policy)
    told = outcomes_of(history)
    finished = [o for o in told if isinstance(o, out.MatchEnded)]
    assert len(finished) == 1 and max(finished[0].score) == 5
    assert len(crawford_games) == 1  # exactly one Crawford game (BG-16)
    ended = [o for o in told if isinstance(o, out.GameEnded)]
    assert sum(o.points for o in ended) == sum(finished[0].score)
    assert all(o.score is not None and max(o.score) <= 5 for o in ended)
    # After the Crawford game the trailer may double again (and did, if a game followed it).
    crawford = min(crawford_games)
    if len(ended) > crawford:
        assert post_crawford_doubles and min(post_crawford_doubles) > crawford
    await check_closed_game(games, history)


@pytest.mark.parametrize("variant", sorted(ck.VARIANTS))
async def test_checkers_variant_played_to_the_end(games: Games, variant: str) -> None:
    history = await play_checkers(games, await start_game(games, "checkers", variant))
    told = outcomes_of(history)
    ended = [o for o in told if isinstance(o, out.GameEnded)]
    assert len(ended) == 1
    assert isinstance(told[0] if told else None, out.ChallengeAccepted)
    session = history[-1].game.session
    assert isinstance(session, CheckersSession) and session.game is not None
    result = session.game.result()
    assert result is not None
    assert ended[0].finish is out.Finish[result.reason.name]
    if result.winner is not None and session.seats is not None:
        seat = 0 if result.winner is ck.Color.WHITE else 1
        assert ended[0].winner_id == session.seats[seat]
    await check_closed_game(games, history)
