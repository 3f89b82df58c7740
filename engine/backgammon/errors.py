"""The ways a backgammon action can be refused, each a ValueError with a registered code.

`REFUSALS` maps every code to its English template; `str()` of an error is that template filled
in with the error's `params` (see `engine.reason`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from engine.reason import RefusalError

# The actions a game may refuse in the wrong phase, and why each phase refuses them; together
# they make the `bg.not_now.<action>.<phase>` codes ("you cannot take now: roll first").
ACTIONS = {
    "opening_roll": "make the opening roll",
    "roll": "roll",
    "double": "double",
    "take": "take",
    "pass": "pass",
    "move": "move",
    "resign": "resign",
    "accept_resignation": "accept a resignation",
    "decline_resignation": "decline a resignation",
}
PHASE_REASONS = {
    "opening": "the game starts with the opening roll",
    "rolling": "roll first (or double)",
    "doubled": "answer the double first: take or pass",
    "moving": "the dice are rolled: play them first",
    "resigning": "answer the resignation first: accept or decline",
    "over": "the game is over",
}

# Why one checker's move is refused; every template starts with the move as written.
MOVE_REFUSALS = {
    "bg.move.bar_empty": "{move}: no checker on the bar",
    "bg.move.point_empty": "{move}: no checker on your {point}-point",
    "bg.move.enter_first": "{move}: enter from the bar first",
    "bg.move.not_all_home": "{move}: you can bear off only when all your checkers are home",
    "bg.move.point_blocked": "{move}: your {point}-point is blocked",
    "bg.move.point_full": "{move}: your {point}-point already holds {limit} of your checkers",
    "bg.move.unmarked_hit": "{move}: that move hits a blot",
    "bg.move.marked_no_hit": "{move}: that move does not hit a blot",
    "bg.move.dice_used": "{move}: the dice are already used up",
    "bg.move.higher_first": (
        "{move}: you must move a checker from a point higher than {point} first"
    ),
    "bg.move.stop_blocked": "{move}: your {point}-point on the way is blocked",
    "bg.move.stops_blocked": "{move}: your points {points} on the way are blocked",
    "bg.move.wrong_distance": (
        "{move}: that is a distance of {distance}, and the dice left are {dice}"
    ),
}

# A whole play refused because one of its moves is (`Game.move` with a play not from the list).
PLAY_PREFIX = "{play} is not legal: "

REFUSALS: Mapping[str, str] = MappingProxyType(
    {
        # Text that is not a play at all (BG-18).
        "bg.read.not_text": "a play is text like 13/8 6/5, not {text!r}",
        "bg.read.empty": "type a play like 13/8 6/5 (or pass)",
        "bg.read.unreadable": "cannot read {token!r}: write a move like 13/8",
        "bg.read.no_end": "cannot read {token!r}: a move needs a start and an end, 13/8",
        "bg.read.not_a_point": "cannot read {token!r}: {name!r} is not a point, bar or off",
        "bg.read.repeat": "cannot read {token!r}: a move repeats 1 to 4 times",
        "bg.read.bar_off": "cannot read {token!r}: moves go from the bar and to off",
        "bg.read.backwards": (
            "{token}: checkers move from higher to lower points (your 24 towards your 1)"
        ),
        "bg.read.bear_off_hit": "{token}: bearing off cannot hit",
        "bg.read.point_range": "cannot read {token!r}: points are numbered 1 to 24",
        # One move as a value (`Move`, `Move.from_text`).
        "bg.value.source": "a move starts on a point 1-24 or the bar, not {source}",
        "bg.value.direction": (
            "a move goes forward to a lower point or off, not {source} to {target}"
        ),
        "bg.value.bear_off_hit": "bearing off cannot hit",
        "bg.value.entry": "a checker enters on points 19-24, not {target}",
        "bg.value.text": "{text!r} is not a move like 13/7*",
        "bg.value.point": "{text!r}: {word!r} is not a point",
        # A readable play the rules do not allow with this roll (BG-3..BG-12).
        "bg.play.no_blot": "there is no blot to hit on your {point}-point",
        "bg.play.ambiguous": "{text} could be {choices}",
        "bg.play.must_pass": "you cannot move with {roll}: pass",
        "bg.play.can_move": "you can move with {roll}: {example} works",
        "bg.play.both_dice": "you must play both dice: {example} works",
        "bg.play.all_moves": "you must play {count} moves: {example} works",
        "bg.play.larger_die": (
            "only one die can be played, and it must be the larger ({die}): {example}"
        ),
        "bg.play.not_legal": "that is not a legal play with {roll}; {example} is one",
        "bg.play.not_of_roll": (
            "{play} is not a legal play of {roll}; legal plays include {example}"
        ),
        # A play built move by move (`engine.backgammon.stepwise`).
        "bg.build.stale": (
            "those moves lead to no legal play of this roll (the board has changed): "
            "pick again on the game message"
        ),
        **MOVE_REFUSALS,
        **{
            "bg.play." + code.removeprefix("bg.move."): PLAY_PREFIX + template
            for code, template in MOVE_REFUSALS.items()
        },
        # The cube (BG-14, BG-16).
        "bg.cube.off": "you cannot double: this game is played without the cube",
        "bg.cube.crawford": "you cannot double: no doubling in the Crawford game",
        "bg.cube.owned": "you cannot double: your opponent owns the cube",
        "bg.cube.max": "you cannot double: the cube is at {value}",
        # Starting, resigning and the match (BG-2, BG-15, BG-16).
        "bg.game.needs_starter": "{variant} needs the starting side up front",
        "bg.game.starter_given": "the opening roll decides who starts; no starter is given",
        "bg.game.dice": "dice are two numbers 1-6, not {dice!r}",
        "bg.game.resign_level": (
            "resign a single game (1), a gammon (2) or a backgammon (3), not {level!r}"
        ),
        "bg.match.game_not_over": "the next game starts when this one is over",
        "bg.match.won.white": "the match is over: WHITE has won",
        "bg.match.won.black": "the match is over: BLACK has won",
        **{
            f"bg.not_now.{action}.{phase}": f"you cannot {verb} now: {reason}"
            for action, verb in ACTIONS.items()
            for phase, reason in PHASE_REASONS.items()
        },
    }
)


class BackgammonRefusal(RefusalError):
    """A refusal with a code from `REFUSALS`."""

    templates: ClassVar[Mapping[str, str]] = REFUSALS


class InvalidMoveError(BackgammonRefusal):
    """The text cannot be read as a play at all."""


class IllegalMoveError(BackgammonRefusal):
    """The text reads as a play, but the rules do not allow it; the code says why."""


class AmbiguousMoveError(BackgammonRefusal):
    """The text fits more than one legal play; `choices` lists them."""

    def __init__(self, code: str, /, **params: object) -> None:
        """The refusal, with the `choices` parameter (a `Listing`) kept as a tuple too."""
        super().__init__(code, **params)
        choices = params.get("choices", ())
        self.choices: tuple[str, ...] = tuple(choices) if isinstance(choices, tuple) else ()


class GameActionError(BackgammonRefusal):
    """The action is not allowed at this moment of the game; the code says why."""
