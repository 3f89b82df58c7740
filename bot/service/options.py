"""The options a challenge carries, checked once, with a JSON form for the store.

What the options may be for one game kind (its variants, which options apply) is that kind's
`OptionRules`, found through `bot.service.kinds`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol, TypedDict

import engine.backgammon as bg
from bot.service.clock import TimeLimitError, check_time_limit
from bot.service.errors import OptionError
from bot.store import GameKind, JsonValue
from engine.backgammon.matchplay import MatchOptions

STARTERS = ("challenger", "opponent", "random")
COLOURS = ("white", "black")
# The computer's strengths (the `ai` package's levels; the service only names them).
LEVELS = ("beginner", "intermediate", "expert", "world_class")
DEFAULT_LEVEL = "intermediate"
# The longest match the service offers: /backgammon's `points` option and the refusal both say it
# (the engine could go to 64, but a 64-point match over chat is not a game anyone finishes).
MAX_POINTS = 25


class Choices(TypedDict, total=False):
    """The options a challenge may choose, by name; what is not chosen takes the game's default.
    The names and values are checked again when the options are made: an unknown name or a
    wrong value is refused by name, whoever the caller."""

    match_length: int
    cube: bool
    jacoby: bool
    crawford: bool
    time_limit: timedelta | None
    rated: bool
    starter: str
    challenger_colour: str
    level: str | None
    hints: bool


OPTION_NAMES = Choices.__optional_keys__


class OptionRules(Protocol):
    """What one game kind says about the options of its challenges."""

    @property
    def kind(self) -> GameKind:
        """The game these rules are for."""
        ...

    @property
    def variants(self) -> Sequence[str]:
        """Its variants, in the order players are offered them."""
        ...

    @property
    def default_variant(self) -> str:
        """The variant of a challenge that names none."""
        ...

    def chooses_starter(self, variant: str) -> bool:
        """Whether who moves first is chosen up front (`starter`) rather than by the game."""
        ...

    def check_options(self, options: GameOptions, asked: Collection[str]) -> None:
        """Refuse (`OptionError`) what does not apply to this game: a match length, the cube
        rules, whatever the option `asked` for would silently not do here."""
        ...


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Everything chosen when challenging: game, variant, match, cube, clock, rated, who starts,
    the computer's level and whether hints are allowed.

    `rated` False keeps the result off the ratings; the service stores False for a game
    against the bot, which is never rated. `level` is the computer's strength in a game against
    the bot and None in a game between people (the service sees to both). `hints` on lets both
    players of an unrated game ask for hints; accepting such a challenge is the consent to it.
    `tournament` and `tournament_round` name the tournament round a game was paired in.
    `starter` matters where the first player is chosen up front (checkers, Bad'Gammon; CK-2,
    BG-2); "random" draws it by lot from the game's verifiable dice. `challenger_colour` is the
    challenger's side (a rematch swaps it). The cube options apply to backgammon only.
    """

    kind: GameKind
    variant: str
    match_length: int = 0
    cube: bool = True
    jacoby: bool = True
    crawford: bool = True
    time_limit: timedelta = timedelta(hours=24)
    rated: bool = True
    starter: str = "random"
    challenger_colour: str = "white"
    level: str | None = None
    hints: bool = False
    # A tournament's game: which tournament and round; set by the tournament when
    # it seats a pairing, never by a challenge.
    tournament: int | None = None
    tournament_round: int | None = None

    @classmethod
    def create(cls, rules: OptionRules, variant: str | None = None, **choices: Any) -> GameOptions:
        """Checked options for a game with `rules`; unknown names or values raise `OptionError`."""
        unknown = sorted(set(choices) - OPTION_NAMES)
        if unknown:
            known = ", ".join(sorted(OPTION_NAMES))
            raise OptionError("svc.option.unknown_option", name=repr(unknown[0]), choices=known)
        if choices.get("time_limit", 0) is None:
            del choices["time_limit"]
        asked = frozenset(choices)
        if choices.get("cube") is False:
            # The Jacoby rule counts gammons once the cube is turned: without a cube it would
            # never let one count, so a game without the cube plays without it.
            choices.setdefault("jacoby", False)
        if choices.get("match_length") == 1:
            # A 1-point match is won by its first game: a double could change nothing, and the
            # Crawford rule never comes into play.
            choices.setdefault("cube", False)
            choices.setdefault("crawford", False)
        default = rules.default_variant
        options = cls(rules.kind, default if variant is None else variant, **choices)
        options.check(rules, asked)
        return options

    def check(self, rules: OptionRules, asked: Collection[str] = ()) -> None:
        """Raise `OptionError` naming the first option that is not allowed under `rules`; an
        option `asked` for where it does not apply is refused too (it would silently do
        nothing)."""
        if self.variant not in rules.variants:
            raise OptionError(
                "svc.option.unknown_variant",
                kind=self.kind,
                variant=repr(self.variant),
                choices=", ".join(rules.variants),
            )
        for name in ("cube", "jacoby", "crawford", "rated", "hints"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(
                    "svc.option.on_or_off", name=name, value=repr(getattr(self, name))
                )
        length = self.match_length
        if isinstance(length, bool) or not isinstance(length, int):
            raise OptionError("svc.option.length_not_whole", value=repr(length))
        rules.check_options(self, asked)
        if not 0 <= length <= MAX_POINTS:
            raise OptionError("svc.option.length_range", most=MAX_POINTS, value=length)
        if self.starter not in STARTERS:
            raise OptionError(
                "svc.option.starter", choices=", ".join(STARTERS), value=repr(self.starter)
            )
        if self.challenger_colour not in COLOURS:
            colour = self.challenger_colour
            raise OptionError("svc.option.colour", value=repr(colour))
        if self.level is not None and self.level not in LEVELS:
            raise OptionError("svc.option.level", choices=", ".join(LEVELS), value=repr(self.level))
        if self.rated and self.hints:
            raise OptionError("svc.option.hints_rated")
        try:
            check_time_limit(self.time_limit)
        except TimeLimitError as error:
            raise OptionError.passed_on(error) from None
        if "starter" in asked and not rules.chooses_starter(self.variant):
            raise OptionError("svc.option.starter_by_opening_roll")

    def to_json(self) -> dict[str, JsonValue]:
        """The options as the store's JSON (time limit in seconds; a tournament's only for its
        games)."""
        values: dict[str, JsonValue] = {
            "match_length": self.match_length,
            "cube": self.cube,
            "jacoby": self.jacoby,
            "crawford": self.crawford,
            "time_limit": int(self.time_limit.total_seconds()),
            "rated": self.rated,
            "starter": self.starter,
            "challenger_colour": self.challenger_colour,
            "level": self.level,
            "hints": self.hints,
        }
        if self.tournament is not None:
            values.update(tournament=self.tournament, tournament_round=self.tournament_round)
        return values

    @classmethod
    def from_json(cls, kind: GameKind, variant: str, data: Any) -> GameOptions:
        """Read options back from the store's JSON.

        Games stored before an option existed get its default: rated, no level (the computer's
        default level in a game against the bot), no hints.
        """
        values = dict(data)
        values["time_limit"] = timedelta(seconds=int(values["time_limit"]))
        return cls(GameKind(kind), variant, **values)

    def match_options(self) -> MatchOptions:
        """The engine's match options for a backgammon game."""
        return MatchOptions(
            match_length=self.match_length,
            cube=self.cube,
            jacoby=self.jacoby,
            crawford=self.crawford,
            variant=bg.VARIANTS[self.variant],
        )
