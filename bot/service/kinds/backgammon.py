"""Backgammon in the service: its options (match, cube, Jacoby, Crawford), sessions, ladder,
hints, `.mat` record and replay (the play itself is `bot.service.backgammon`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import engine.backgammon as bg
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession, play_of
from bot.service.coach import Advice, Coach
from bot.service.computer.backgammon import BackgammonCoach, SimpleBackgammonPlayer
from bot.service.errors import ActionNotAllowedError, OptionError
from bot.service.export.mat import match_text
from bot.service.kinds.backgammon_builder import BackgammonBuilder
from bot.service.kinds.rules import Review
from bot.service.options import GameOptions
from bot.service.review import review_game
from bot.service.session import Log, Session
from bot.store import GameKind
from engine.backgammon import OpeningRoll, Play, Position
from engine.backgammon.matchplay import Phase
from render import BackgammonScene, Words, backgammon_replay_scenes

Turn = tuple[tuple[int, int], Play]


class BackgammonRules:
    """Backgammon: a money game or a match, with the doubling cube; dice all game long."""

    kind = GameKind.BACKGAMMON
    simple_player = SimpleBackgammonPlayer()
    builder = BackgammonBuilder()
    variants: Sequence[str] = tuple(bg.VARIANTS)
    default_variant = "standard"
    rolls_dice = True
    record_suffix = "mat"  # Jellyfish, as GNU Backgammon imports it
    opponent_notice = True  # the strong levels need Open Sage

    @property
    def review(self) -> Review | None:
        """The people's decisions graded by the injected reviewer (Open Sage)."""
        return review_game

    def chooses_starter(self, variant: str) -> bool:
        """Only in Bad'Gammon (BG-2); the other variants start with the opening roll."""
        return bg.VARIANTS[variant].opening_roll is OpeningRoll.STARTER_ROLLS_BOTH

    def check_options(self, options: GameOptions, asked: Collection[str]) -> None:
        """The Jacoby rule is for money games with the cube, the Crawford rule for matches."""
        money = not options.match_length
        if "jacoby" in asked and not money:
            raise OptionError("svc.option.jacoby_money_only")
        if "jacoby" in asked and options.jacoby and not options.cube:
            raise OptionError("svc.option.jacoby_needs_cube")
        if "crawford" in asked and money:
            raise OptionError("svc.option.crawford_match_only")
        if options.match_length == 1 and (options.cube or options.crawford):
            raise OptionError("svc.option.one_point_no_cube")

    def pending(self, options: GameOptions) -> Session:
        """The match (or money game) of a challenge not yet accepted."""
        return BackgammonSession.pending(options)

    def load(self, text: str) -> Session:
        """A stored backgammon session."""
        return BackgammonSession.from_text(text)

    def ladder(self, variant: str) -> str:
        """One ladder for every variant."""
        return "backgammon"

    def rematch(self, options: GameOptions, challenger: int, seats: tuple[int, int]) -> GameOptions:
        """Nothing beyond the colours: the opening roll (or the last loser) decides who starts."""
        return options

    def advice(self, session: Session, coach: Coach, count: int) -> Callable[[], Advice]:
        """The best plays of the dice rolled; before the roll or with an offer to answer there
        is no play to choose."""
        assert isinstance(session, BackgammonSession) and session.match is not None
        match = session.match
        phase = match.game.phase
        if phase is Phase.ROLLING:
            raise ActionNotAllowedError("svc.hint.roll_first")
        if phase is not Phase.MOVING:
            raise ActionNotAllowedError("svc.hint.answer_offer_first")
        kind_coach: BackgammonCoach = coach.for_kind(self.kind)
        return lambda: kind_coach.advice(match, count)

    def record_text(self, log: Log, names: tuple[str, str]) -> str:
        """The whole match as Jellyfish `.mat`."""
        return match_text(log, names)

    def replay_scenes(
        self, log: Log, names: tuple[str, str], words: Words, most: int
    ) -> list[BackgammonScene]:
        """The last game of the match (a whole match would make too long a replay)."""
        start, turns = _last_game(log)
        skipped = max(0, len(turns) - most)
        for _, play in turns[:skipped]:
            start = start.apply(play)
        return backgammon_replay_scenes(start, turns[skipped:], names=names, words=words)


def _last_game(log: Log) -> tuple[Position, list[Turn]]:
    """The start position and (dice, play) turns of the last game of the match."""
    start: Position | None = None
    turns: list[Turn] = []
    before: Any = log.start
    for logged in log.steps:
        if any(isinstance(o, out.GameStarted) for o in logged.outcomes):
            start, turns = None, []
        if logged.step["op"] == "move":
            game = before.match.game
            if start is None:
                start = game.position
            turns.append((game.dice, play_of(logged.step["moves"])))
        before = logged.session
    if start is None:
        session = log.final
        assert isinstance(session, BackgammonSession) and session.match is not None
        start = session.match.game.position
    return start, turns
