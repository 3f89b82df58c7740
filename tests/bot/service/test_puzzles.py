"""Finding a puzzle: the position before a reviewed mistake, and the coach's figures deciding
whether it is one (a clear best play, a real blunder), with values set by hand."""

from __future__ import annotations

from dataclasses import dataclass

from ai.coach import Advice, Suggestion
from bot.service.options import GameOptions
from bot.service.puzzles import CHOICES, Puzzle, judged, position_before
from bot.store import GameKind
from engine.backgammon import Play
from engine.backgammon.matchplay import Match, MatchOptions

OPTIONS = GameOptions(GameKind.BACKGAMMON, "standard", cube=False)


@dataclass(frozen=True)
class Mistake:
    game: int
    move: int
    played: str
    cube: bool = False
    best: str = ""
    loss: float = 0.3
    mark: str = "??"
    before: Match | None = None
    best_play: Play | None = None


class TableCoach:
    """Equities by notation, given by the test; plays it does not name are worth -1."""

    def __init__(self, values: dict[str, float]) -> None:
        self.values = values

    def for_kind(self, kind: GameKind) -> TableCoach:
        assert kind is GameKind.BACKGAMMON
        return self

    def advice(self, match: Match, count: int) -> Advice:
        plays = [p.notation() for p in match.game.legal_plays()]
        ranked = sorted(plays, key=lambda n: -self.values.get(n, -1.0))[:count]
        top = self.values.get(ranked[0], -1.0)
        return Advice(
            tuple(
                Suggestion(n, self.values.get(n, -1.0), top - self.values.get(n, -1.0))
                for n in ranked
            ),
            "equity",
        )

    def checkers_advice(self, game: object, count: int) -> Advice:
        raise AssertionError("backgammon only")


def short_history() -> list[Match]:
    """White opens 3-1 with 8/5 6/5, Black rolls 6-5 and runs 24/13, White rolls 4-2."""
    start = Match.start(MatchOptions(cube=False)).opening_roll(3, 1)
    first = start.move(next(p for p in start.game.legal_plays() if p.notation() == "8/5 6/5"))
    rolled = first.roll((6, 5))
    second = rolled.move(next(p for p in rolled.game.legal_plays() if p.notation() == "24/13"))
    third = second.roll((4, 2))
    return [start, first, rolled, second, third]


def test_the_position_before_each_turn_is_found() -> None:
    history = short_history()
    assert position_before(history, Mistake(1, 1, "8/5 6/5")) == history[0]
    assert position_before(history, Mistake(1, 2, "24/13")) == history[2]
    assert position_before(history, Mistake(1, 2, "8/4 6/4")) is None  # not a play of 6-5
    assert position_before(history, Mistake(1, 3, "8/4 6/4")) is None  # never played
    assert position_before(history, Mistake(2, 1, "8/5 6/5")) is None  # no second game


def opening() -> Match:
    return Match.start(MatchOptions(cube=False)).opening_roll(3, 1)


def test_a_blunder_with_a_clear_best_play_is_a_puzzle_offering_it() -> None:
    values = {"8/5 6/5": 0.16, "24/23 13/10": -0.01, "24/20": -0.014, "13/9": -0.019, "6/2": -0.2}
    puzzle = judged(opening(), "6/2", OPTIONS, TableCoach(values))
    assert puzzle is not None and len(puzzle.choices) == CHOICES
    assert [c.notation for c in puzzle.choices] == ["8/5 6/5", "24/23 13/10", "24/20", "6/2"]
    assert puzzle.best.equity == 0.16 and puzzle.played == "6/2" and puzzle.dice == (3, 1)
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    assert puzzle.session().match == opening() and puzzle.session().seats is None


def test_no_puzzle_without_a_clear_best_play_or_a_real_blunder() -> None:
    close = {"8/5 6/5": 0.16, "24/23 13/10": 0.13, "6/2": -0.2}
    assert judged(opening(), "6/2", OPTIONS, TableCoach(close)) is None
    small = {"8/5 6/5": 0.16, "24/23 13/10": 0.1, "6/2": 0.01}  # loses 0.15, under 0.16
    assert judged(opening(), "6/2", OPTIONS, TableCoach(small)) is None
    clear = {"8/5 6/5": 0.16, "24/23 13/10": 0.1}
    built_in = judged(opening(), None, OPTIONS, TableCoach(clear))
    assert built_in is not None and built_in.played is None
    assert built_in.best.notation == "8/5 6/5"
