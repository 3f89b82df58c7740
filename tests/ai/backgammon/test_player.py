"""The backgammon computer: legal plays only, clear cube actions, the fallback level."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

import pytest

from ai.backgammon import sage as sage_module
from ai.backgammon.evaluator import Pubeval, keith_count
from ai.backgammon.player import BackgammonPlayer
from ai.levels import Level
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Cube, Game, Match, MatchOptions, Phase

from .positions import before_roll, position, random_matches

# A short race, White on roll far ahead (18 pips and 4 checkers against 33 pips and 6).
#   White: 2 on its 5-point, 2 on its 4-point     Black: 3 on its 6-point, 3 on its 5-point
FAR_AHEAD = position({5: 2, 4: 2}, {6: 3, 5: 3})
# The start of an even race: each side 3 on its 10, 8, 6, 5 and 4 points (99 pips each).
EVEN_RACE = position({10: 3, 8: 3, 6: 3, 5: 3, 4: 3}, {10: 3, 8: 3, 6: 3, 5: 3, 4: 3})


@pytest.fixture
def no_bgsage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `import bgsage` fail, as on a machine without the `ai` extra."""
    real = importlib.import_module

    def fake(name: str, package: str | None = None) -> ModuleType:
        if name == "bgsage":
            raise ImportError("No module named 'bgsage'")
        return real(name, package)

    monkeypatch.setattr(sage_module, "import_module", fake)


@pytest.mark.slow
def test_builtin_player_only_plays_legal_plays() -> None:
    """Thousands of random positions: every play chosen is one of the engine's legal plays."""
    beginner = BackgammonPlayer(Level.BEGINNER, random.Random(5))
    plain = BackgammonPlayer(evaluator=Pubeval())
    for match in random_matches(2000, seed=11):
        legal = match.game.legal_plays()
        assert beginner.choose_play(match) in legal
        assert plain.choose_play(match) in legal


def test_beginner_noise_is_repeatable_with_the_same_seed() -> None:
    """The beginner's noise comes only from the Random passed in."""
    matches = list(random_matches(50, seed=3))
    first = BackgammonPlayer(Level.BEGINNER, random.Random(9))
    second = BackgammonPlayer(Level.BEGINNER, random.Random(9))
    assert [first.choose_play(m) for m in matches] == [second.choose_play(m) for m in matches]


@pytest.mark.parametrize("level", [Level.EXPERT, Level.WORLD_CLASS])
def test_without_bgsage_the_bot_still_plays_and_says_so(no_bgsage: None, level: Level) -> None:
    """No `ai` extra: the Open Sage levels fall back to the built-in level, tell why, and play
    legally."""
    player = BackgammonPlayer(level)
    assert player.notice is not None
    assert "built-in" in player.notice and "duelboard[ai]" in player.notice
    assert player.notice.count("Open Sage is not installed") == 1
    for match in random_matches(50, seed=2):
        assert player.choose_play(match) in match.game.legal_plays()
    assert not player.wants_to_double(before_roll(Position.initial()))


def test_builtin_no_double_in_the_opening_position() -> None:
    """BG-14: at the start the side on roll does not double."""
    assert not BackgammonPlayer(evaluator=Pubeval()).wants_to_double(
        before_roll(Position.initial())
    )


def test_builtin_double_and_pass_far_ahead_in_a_short_race() -> None:
    """18 pips against 33 at the end of a race: the roller doubles, the other side passes."""
    player = BackgammonPlayer(evaluator=Pubeval())
    assert player.wants_to_double(before_roll(FAR_AHEAD))
    assert not player.takes_double(before_roll(FAR_AHEAD, doubled=True))


def test_builtin_takes_at_the_start_of_an_even_race() -> None:
    """99 pips each: a double is a clear take."""
    assert BackgammonPlayer(evaluator=Pubeval()).takes_double(before_roll(EVEN_RACE, doubled=True))


def test_keith_count_adjustments() -> None:
    """Keith: +2 per extra checker on the 1-point, +1 per extra on the 2, +1 per gap on 4-6."""
    # 3 on the 1-point (+4), 2 on the 2-point (+1), nothing on 4, 5, 6 (+3): 7 pips + 8.
    where = position({1: 3, 2: 2}, {6: 5})
    assert keith_count(where, Side.WHITE) == 7 + 8


def test_take_when_passing_loses_the_match_anyway() -> None:
    """BG-16: the doubler needs 2 points and redoubles to 4; passing loses, so take."""
    match = before_roll(FAR_AHEAD, length=5, score=(3, 1), cube=Cube(2, Side.WHITE), doubled=True)
    assert BackgammonPlayer(evaluator=Pubeval()).takes_double(match)


def test_never_doubles_when_the_rules_forbid_it() -> None:
    """No double in the Crawford game or without the cube, however good the position (BG-16)."""
    player = BackgammonPlayer(evaluator=Pubeval())
    options = MatchOptions(match_length=5)

    crawford = Match(options, Game(options, FAR_AHEAD, phase=Phase.ROLLING, crawford=True), (0, 4))
    assert not player.wants_to_double(crawford)
    no_cube = MatchOptions(cube=False)
    assert not player.wants_to_double(Match(no_cube, Game(no_cube, FAR_AHEAD, phase=Phase.ROLLING)))


def test_questions_out_of_turn_get_clear_errors() -> None:
    """Asking for a play before the roll, or an answer to a double nobody offered, is refused."""
    player = BackgammonPlayer(evaluator=Pubeval())
    waiting = before_roll(Position.initial())
    with pytest.raises(ValueError, match="nothing to play"):
        player.choose_play(waiting)
    with pytest.raises(ValueError, match="no double"):
        player.takes_double(waiting)
    with pytest.raises(ValueError, match="roll first"):
        player.hints(waiting)


def test_level_names_parse() -> None:
    """Levels are read by name, case-insensitively; an unknown one lists the choices."""
    assert Level.parse(" Expert ") is Level.EXPERT
    assert Level.parse("World_Class") is Level.WORLD_CLASS
    with pytest.raises(ValueError, match="beginner, intermediate, expert, world_class"):
        Level.parse("grandmaster")
