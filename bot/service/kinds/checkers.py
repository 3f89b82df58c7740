"""Checkers in the service: its options (one game, no cube), sessions, ladders per variant,
hints, PDN record and replay (the play itself is `bot.service.checkers`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

import engine.checkers as ck
from bot.service.checkers import CheckersSession
from bot.service.coach import Advice, Coach
from bot.service.computer.checkers import CheckersCoach, SimpleCheckersPlayer
from bot.service.errors import ActionNotAllowedError, OptionError
from bot.service.export.pdn import game_text, move_text
from bot.service.kinds.checkers_builder import CheckersBuilder
from bot.service.kinds.rules import Review
from bot.service.options import GameOptions
from bot.service.session import Log, Session
from bot.store import GameKind
from render import CheckersScene, Words, checkers_replay_scenes


class CheckersRules:
    """Checkers (draughts) in its variants: one game, no dice; the seed draws who starts."""

    kind = GameKind.CHECKERS
    simple_player = SimpleCheckersPlayer()
    builder = CheckersBuilder()
    # In the order the commands offer them: the house rules, then by how widely each is played.
    variants: Sequence[str] = ("box", "english", "russian", "brazilian", "pool", "international")
    default_variant = "box"
    rolls_dice = False
    record_suffix = "pdn"
    review: Review | None = None  # no reviewer grades checkers
    opponent_notice = False  # the bot's checkers search is built in

    def chooses_starter(self, variant: str) -> bool:
        """Always: the starter plays the colour that moves first (CK-2)."""
        return True

    def check_options(self, options: GameOptions, asked: Collection[str]) -> None:
        """No match length and none of backgammon's cube rules."""
        if options.match_length:
            raise OptionError("svc.option.checkers_length")
        if "jacoby" in asked:
            raise OptionError("svc.option.jacoby_money_only")
        if "crawford" in asked:
            raise OptionError("svc.option.crawford_match_only")

    def pending(self, options: GameOptions) -> Session:
        """The game of a challenge not yet accepted."""
        return CheckersSession.pending(options)

    def load(self, text: str) -> Session:
        """A stored checkers session."""
        return CheckersSession.from_text(text)

    def ladder(self, variant: str) -> str:
        """A ladder per variant: the rules differ too much for one rating."""
        return f"checkers:{variant}"

    def rematch(self, options: GameOptions, challenger: int, seats: tuple[int, int]) -> GameOptions:
        """The player who did not start the last game starts this one."""
        first = ck.VARIANTS[options.variant].first_to_move
        started = seats[0 if first is ck.Color.WHITE else 1]
        return replace(options, starter="opponent" if started == challenger else "challenger")

    def advice(self, session: Session, coach: Coach, count: int) -> Callable[[], Advice]:
        """The best moves; with a draw on offer, the answer comes first."""
        assert isinstance(session, CheckersSession) and session.game is not None
        game = session.game
        if session.draw_offered_by is not None:
            raise ActionNotAllowedError("svc.hint.answer_draw_first")
        kind_coach: CheckersCoach = coach.for_kind(self.kind)
        return lambda: kind_coach.advice(game, count)

    def record_text(self, log: Log, names: tuple[str, str]) -> str:
        """The game as PDN."""
        return game_text(log, names)

    def replay_scenes(
        self, log: Log, names: tuple[str, str], words: Words, most: int
    ) -> list[CheckersScene]:
        """The game's moves from the start, or its last `most` moves."""
        variant = log.start.options.variant
        moves = [move_text(s.step) for s in log.steps if s.step["op"] == "move"]
        whole = ck.Game.replay(variant, moves)
        skipped = max(0, len(whole.moves) - most)
        replayed = ck.Game.replay(variant, whole.moves[skipped:], start=whole.positions[skipped])
        return checkers_replay_scenes(replayed, names=names, words=words)
