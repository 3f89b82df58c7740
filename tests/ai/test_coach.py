"""The coach behind /hint and the per-level cache of computer players."""

from __future__ import annotations

import pytest

import engine.checkers as ck
from ai.backgammon.evaluator import Pubeval
from ai.backgammon.player import BackgammonPlayer
from ai.coach import ComputerCoach
from ai.kinds.backgammon import BackgammonCoach
from ai.levels import Level
from ai.player import Computers
from bot.service.coach import Coach
from bot.store import GameKind
from engine.backgammon.matchplay import Match, MatchOptions


def test_computers_keep_one_player_per_level() -> None:
    computers = Computers()
    expert = computers("expert")
    assert computers("expert") is expert
    assert computers("beginner") is not expert
    assert [computers(level.value).level for level in Level] == list(Level)


def test_computers_refuse_an_unknown_level_by_name() -> None:
    with pytest.raises(ValueError, match="beginner, intermediate, expert"):
        Computers()("grandmaster")


def test_backgammon_advice_at_the_built_in_level_has_no_equities() -> None:
    """Pubeval orders plays but its scores are not equities: the advice is a ranking only."""
    coach: Coach = ComputerCoach()
    assert isinstance(coach.for_kind(GameKind.BACKGAMMON), BackgammonCoach)
    built_in = BackgammonCoach(BackgammonPlayer(evaluator=Pubeval()))
    match = Match.start(MatchOptions()).opening_roll(3, 1)
    advice = built_in.advice(match, 3)
    assert advice.unit == "rank"
    legal = {play.notation() for play in match.game.legal_plays()}
    assert {s.notation for s in advice.suggestions} <= legal
    assert all(s.value is None and s.loss is None for s in advice.suggestions)


def test_checkers_advice_names_a_win_the_rules_give_at_once() -> None:
    """CK rules: a side left without pieces has lost; 14x7 takes Black's last king."""
    game = ck.Game.new("english", "W:WK14:BK10")
    [only] = ComputerCoach().for_kind(GameKind.CHECKERS).advice(game, 3).suggestions
    assert (only.notation, only.forced, only.value) == ("14x7", "win", None)
    outcome = game.play("14x7").result()
    assert outcome is not None and outcome.winner is ck.Color.WHITE


def test_checkers_advice_puts_the_move_that_loses_at_once_last() -> None:
    """White's lone king on 2 against two kings loses (CK rules: no pieces left, no moves left);
    one step walks into a capture of its last piece, the other holds out longer."""
    game = ck.Game.new("english", "W:WK2:BK9,K1")
    advice = ComputerCoach().for_kind(GameKind.CHECKERS).advice(game, 2)
    assert advice.unit == "men"
    holding, losing = advice.suggestions
    assert holding.forced == losing.forced == "loss"

    def lost_at_once(notation: str) -> bool:
        after = game.play(notation)
        ends = [after.play(reply).result() for reply in after.position.legal_moves()]
        return any(end is not None and end.winner is ck.Color.BLACK for end in ends)

    assert lost_at_once(losing.notation) and not lost_at_once(holding.notation)
