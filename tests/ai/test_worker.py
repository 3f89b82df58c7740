"""The AI worker process: what crosses the process boundary pickles whole, and its proxies
answer as the in-process players do (hints, every level, the cube, a refused request).

Its reviews, a worker that dies, and games played through it have test modules of their own.
"""

from __future__ import annotations

import pickle

import pytest

import engine.checkers as ck
from ai.backgammon.analysis import Mark, Verdict, decisions
from ai.coach import ComputerCoach
from ai.levels import Level
from ai.player import ComputerPlayer, Computers
from ai.review import report
from ai.worker import AIWorker
from bot.service.coach import Coach
from bot.service.opponent import Opponent, Opponents
from bot.service.review import Reviewer
from engine.backgammon import Position
from engine.backgammon.matchplay import Game, Match, MatchOptions, Phase
from tests.ai.workers import BG, CK, backgammon_positions, checkers_games, needs_sage

# What crosses the process boundary


def test_match_values_round_trip_through_pickle() -> None:
    for match in backgammon_positions(20, seed=1):
        assert pickle.loads(pickle.dumps(match)) == match
        play = match.game.legal_plays()[-1]
        assert pickle.loads(pickle.dumps(play)) == play


def test_checkers_games_round_trip_through_pickle_with_their_history() -> None:
    for variant in ("english", "russian", "international"):
        for game in checkers_games(5, seed=2, variant=variant):
            copy = pickle.loads(pickle.dumps(game))
            assert copy == game and copy.moves == game.moves and copy.variant == game.variant
            move = game.position.legal_moves()[0]
            assert pickle.loads(pickle.dumps(move)) == move


def test_review_decisions_and_advice_round_trip_through_pickle() -> None:
    history = [backgammon_positions(1, seed=3)[0]]
    history.append(history[0].move(history[0].game.legal_plays()[0]))
    [decision] = decisions(history)
    verdict = Verdict(decision, "13/8 6/4", 0.125, Mark.ERROR)
    assert pickle.loads(pickle.dumps(decision)) == decision
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    [side] = report([verdict], [decision.side])
    assert pickle.loads(pickle.dumps(side)) == side and side.worst
    advice = ComputerCoach(Level.BEGINNER).for_kind(CK).advice(ck.Game.new("english"), 2)
    assert pickle.loads(pickle.dumps(advice)) == advice


# The proxies answer as the players in this process do


def test_proxies_implement_the_service_protocols(worker: AIWorker) -> None:
    """mypy checks these assignments; the levels are the ones the service names."""
    opponents: Opponents = worker.opponents()
    player: Opponent = opponents("expert")
    coach: Coach = worker.coach()
    reviewer: Reviewer = worker.reviewer()
    assert player is opponents("EXPERT ")  # one proxy per level, names read as the service does
    assert coach is not None and reviewer is not None
    with pytest.raises(ValueError, match="beginner, intermediate, expert"):
        opponents("grandmaster")


@pytest.mark.slow
@needs_sage
def test_expert_backgammon_decisions_match_the_in_process_player(worker: AIWorker) -> None:
    """Open Sage at 2 plies has no noise: the same match, the same play and cube actions."""
    local = ComputerPlayer(Level.EXPERT).for_kind(BG)
    remote = worker.opponents()("expert").for_kind(BG)
    for match in backgammon_positions(12, seed=4):
        assert remote.choose_play(match) == local.choose_play(match)
        before = match.move(match.game.legal_plays()[0])
        if before.game.phase is Phase.ROLLING:
            assert remote.wants_to_double(before) == local.wants_to_double(before)
    assert (
        worker.opponents()("expert").notice is None and ComputerPlayer(Level.EXPERT).notice is None
    )


@needs_sage
def test_cube_answers_match_the_in_process_player_in_clear_positions(worker: AIWorker) -> None:
    """A short race far ahead (double, pass) and the opening (no double): as in this process."""
    local = ComputerPlayer(Level.EXPERT).for_kind(BG)
    remote = worker.opponents()("expert").for_kind(BG)
    options = MatchOptions()
    ahead = Position(((2, 2, 2, *[0] * 21), (0, 0, 0, 0, 0, 3, 3, 3, 3, *[0] * 15)), (0, 0), (9, 3))
    race = Match(options, Game(options, ahead, phase=Phase.ROLLING))
    opening = Match.start(options).opening_roll(3, 1)
    after_opening = opening.move(opening.game.legal_plays()[0])
    for match in (race, after_opening):
        assert remote.wants_to_double(match) == local.wants_to_double(match)
    doubled = race.double()
    assert remote.takes_double(doubled) == local.takes_double(doubled)


@needs_sage
def test_hints_match_the_in_process_coach(worker: AIWorker) -> None:
    local = ComputerCoach().for_kind(BG)
    remote = worker.coach().for_kind(BG)
    for match in backgammon_positions(6, seed=5):
        assert remote.advice(match, 3) == local.advice(match, 3)


def test_seeded_beginner_plays_as_the_seeded_players_here(own_worker: AIWorker) -> None:
    """The beginner's noise lives in the worker; seeded, it repeats the in-process sequence."""
    local = Computers(seed=7)("beginner")
    remote = own_worker.opponents()("beginner")
    matches = backgammon_positions(15, seed=6)
    games = checkers_games(8, seed=6)
    local_bg, remote_bg = local.for_kind(BG), remote.for_kind(BG)
    local_ck, remote_ck = local.for_kind(CK), remote.for_kind(CK)
    assert [remote_bg.choose_play(m) for m in matches] == [local_bg.choose_play(m) for m in matches]
    assert [remote_ck.choose_move(g) for g in games] == [local_ck.choose_move(g) for g in games]


def test_time_limited_checkers_levels_answer_legal_moves(worker: AIWorker) -> None:
    """The deeper levels stop on the clock, so their moves may vary: legal is what holds."""
    for level in ("intermediate", "expert"):
        player = worker.opponents()(level).for_kind(CK)
        for game in checkers_games(3, seed=8, variant="russian"):
            assert player.choose_move(game) in game.position.legal_moves()
    advice = worker.coach().for_kind(CK).advice(checkers_games(1, seed=9)[0], 2)
    legal = {m.pdn() for m in checkers_games(1, seed=9)[0].position.legal_moves()}
    assert advice.unit == "men" and {s.notation for s in advice.suggestions} <= legal


@needs_sage
def test_world_class_plays_and_answers_the_cube_through_the_worker() -> None:
    """A budget too small for any 3-ply look keeps the test quick: legal plays and checkers
    moves, and the cube far ahead in a short race (double, pass: Black's chances are far below
    the 25% a take needs) and at the start (no double)."""
    tiny = AIWorker(seconds=0.001)
    try:
        computer = tiny.opponents()("world_class")
        assert computer.notice is None
        player, checkers = computer.for_kind(BG), computer.for_kind(CK)
        for match in backgammon_positions(4, seed=12):
            assert player.choose_play(match) in match.game.legal_plays()
        for game in checkers_games(2, seed=12, variant="russian"):
            assert checkers.choose_move(game) in game.position.legal_moves()
        options = MatchOptions()
        # White: 2 on its 5-point, 2 on its 4-point; Black: 3 on its 6- and 5-points.
        ahead = Position(
            ((0, 0, 0, 2, 2, *[0] * 19), (0, 0, 0, 0, 3, 3, *[0] * 18)), (0, 0), (11, 9)
        )
        race = Match(options, Game(options, ahead, phase=Phase.ROLLING))
        assert player.wants_to_double(race)
        assert not player.takes_double(race.double())
        opening = Match.start(options).opening_roll(3, 1)
        assert not player.wants_to_double(opening.move(opening.game.legal_plays()[0]))
    finally:
        tiny.close()


def test_a_bad_request_is_refused_in_the_worker_with_the_players_reason(worker: AIWorker) -> None:
    """Asking for a play before the roll: the player's own ValueError, and the worker lives on."""
    unrolled = Match.start(MatchOptions()).opening_roll(3, 1)
    unrolled = unrolled.move(unrolled.game.legal_plays()[0])
    assert unrolled.game.phase is Phase.ROLLING
    pid = worker.pid()
    with pytest.raises(ValueError, match="nothing to play"):
        worker.opponents()("expert").for_kind(BG).choose_play(unrolled)
    with pytest.raises(ValueError, match="no call 'shutdown'"):
        worker.call("shutdown")
    assert worker.pid() == pid
