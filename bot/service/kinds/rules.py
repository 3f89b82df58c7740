"""What differs from one game kind to another in the service, as one `GameRules` per kind.

Everything the service does the same way for every game (challenges, turns, clocks, dice,
ratings) asks the game's rules for the rest: its variants and the options that apply, how its
sessions are made and read, its ladder, a rematch, hints, the record file, the replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from bot.service.coach import Advice, Coach
from bot.service.options import GameOptions, OptionRules
from bot.service.picks import Builder
from bot.service.review import GameReview, Reviewer
from bot.service.session import Log, Session
from render import Scene, Words

Review = Callable[[Log, Reviewer, int], GameReview | None]
"""Grades the people (not the bot, whose id is given) of a finished game; CPU-bound."""


class GameRules(OptionRules, Protocol):
    """One game kind, as the service plays it (the options part is `OptionRules`)."""

    @property
    def rolls_dice(self) -> bool:
        """True when the game's seed rolls dice all game long; False when it only draws who
        starts (and decides nothing once the starter is chosen)."""
        ...

    @property
    def record_suffix(self) -> str:
        """The file extension of the game record other programs open (`mat`, `pdn`)."""
        ...

    @property
    def review(self) -> Review | None:
        """How a finished game is reviewed; None for a game without a reviewer."""
        ...

    @property
    def builder(self) -> Builder:
        """How a play too many for a menu is built one pick at a time."""
        ...

    @property
    def simple_player(self) -> object:
        """The kind's player that picks its first legal choice (`SimplePlayer`'s, for this kind)."""
        ...

    @property
    def opponent_notice(self) -> bool:
        """Whether the bot's `Opponent.notice` (it plays below the level asked for) concerns
        this game."""
        ...

    def pending(self, options: GameOptions) -> Session:
        """The session of a challenge not yet accepted."""
        ...

    def load(self, text: str) -> Session:
        """The session its stored text describes."""
        ...

    def ladder(self, variant: str) -> str:
        """The ladder a result in `variant` counts on."""
        ...

    def rematch(self, options: GameOptions, challenger: int, seats: tuple[int, int]) -> GameOptions:
        """The options of a rematch challenged by `challenger`, from the last game's `options`
        with the colours already swapped and its `seats`: whatever else makes the return game
        fair (who starts)."""
        ...

    def advice(self, session: Session, coach: Coach, count: int) -> Callable[[], Advice]:
        """The coach's work for the top `count` choices of the player to act (run it in a
        worker thread); refuses (`ActionNotAllowedError`) a moment with nothing to choose."""
        ...

    def record_text(self, log: Log, names: tuple[str, str]) -> str:
        """The game's record, `names` being White's and Black's."""
        ...

    def replay_scenes(
        self, log: Log, names: tuple[str, str], words: Words, most: int
    ) -> Sequence[Scene]:
        """The recap's frames: the start, then one per move, at most `most` moves (the last)."""
        ...
