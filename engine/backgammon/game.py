"""One backgammon game as a pure value: opening roll, cube, moves, resignation (BG-2, BG-13..15)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from engine.backgammon.cube import SIZE_NAMES, Cube, Size
from engine.backgammon.errors import GameActionError as GameActionError
from engine.backgammon.errors import IllegalMoveError
from engine.backgammon.play import Play
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import STANDARD, OpeningRoll, Variant
from engine.reason import Reason

# gnubg's limit on the match length (MAXSCORE); longer matches could not be pasted into it.
MAX_MATCH_LENGTH = 64


class Phase(Enum):
    """Where a game stands, and so which actions it accepts."""

    OPENING = "opening"  # BG-2: each side rolls one die
    ROLLING = "rolling"  # the side on roll may roll, or double first
    DOUBLED = "doubled"  # a double is offered: take or pass
    MOVING = "moving"  # the dice are rolled: the side on roll plays them
    RESIGNING = "resigning"  # a resignation is offered: accept or decline
    OVER = "over"


class Ending(Enum):
    """How a finished game ended."""

    PLAYED = "played"  # the last checker was borne off
    RESIGNED = "resigned"
    PASSED = "dropped"  # a double was passed (the value is the stored word)


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """The rules a match is played under (BG-14, BG-16)."""

    match_length: int = 0  # 0 = money play
    cube: bool = True
    jacoby: bool = True  # money play only
    crawford: bool = True  # match play only
    variant: Variant = STANDARD

    def __post_init__(self) -> None:
        length = self.match_length
        if not isinstance(length, int) or not 0 <= length <= MAX_MATCH_LENGTH:
            raise ValueError(
                f"the match length is 1-{MAX_MATCH_LENGTH} points, or 0 for money play,"
                f" not {length!r}"
            )
        if not isinstance(self.variant, Variant):
            raise ValueError(f"the variant must be a Variant, not {self.variant!r}")

    @property
    def money(self) -> bool:
        """True for money play (no match length)."""
        return self.match_length == 0

    @property
    def jacoby_applies(self) -> bool:
        """True when gammons count only after the cube is turned (money play, BG-16)."""
        return self.jacoby and self.money


@dataclass(frozen=True, slots=True)
class GameResult:
    """Who won a finished game, at which size, and its points before any match cap."""

    winner: Side
    size: Size
    points: int
    ending: Ending


@dataclass(frozen=True, slots=True)
class Game:
    """One game: the position, the cube, the dice and the phase; transitions return new games."""

    options: MatchOptions
    position: Position = field(default_factory=Position.initial)
    cube: Cube = field(default_factory=Cube)
    phase: Phase = Phase.OPENING
    dice: tuple[int, int] | None = None
    crawford: bool = False  # the Crawford game of a match: no doubling (BG-16)
    resignation: int = 0  # the size offered or accepted (BG-15), 0 when none
    resigned_by: Side | None = None
    ending: Ending | None = None

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise ValueError(f"not a possible game: {problem}")
        if self.dice is not None:
            # The larger die first, as the Match ID keeps them, so equal games compare equal.
            object.__setattr__(self, "dice", (max(self.dice), min(self.dice)))

    @classmethod
    def start(
        cls, options: MatchOptions, *, crawford: bool = False, starter: Side | None = None
    ) -> Game:
        """A new game; `starter` is given only when the variant chooses it up front (BG-2)."""
        variant = options.variant
        if variant.opening_roll is OpeningRoll.STARTER_ROLLS_BOTH:
            if starter is None:
                raise GameActionError("bg.game.needs_starter", variant=variant.name)
            start = Position.initial(starter, variant)
            return cls(options, start, phase=Phase.ROLLING, crawford=crawford)
        if starter is not None:
            raise GameActionError("bg.game.starter_given")
        return cls(options, Position.initial(variant=variant), crawford=crawford)

    @property
    def cube_in_play(self) -> bool:
        """True if this game is played with a doubling cube at all (option, Crawford)."""
        return self.options.cube and not self.crawford

    @property
    def to_act(self) -> Side | None:
        """The side whose action the game waits for; None at the opening roll or once over."""
        if self.phase in (Phase.ROLLING, Phase.MOVING):
            return self.position.turn
        if self.phase is Phase.DOUBLED:
            return self.position.turn.opponent
        if self.phase is Phase.RESIGNING and self.resigned_by is not None:
            return self.resigned_by.opponent
        return None

    @property
    def result(self) -> GameResult | None:
        """The winner, size and points (× cube, Jacoby applied) once the game is over (BG-13)."""
        if self.ending is None:
            return None
        jacoby = self.options.jacoby_applies
        if self.ending is Ending.PASSED:
            # BG-14: the side that passes loses at the value before the double.
            winner = self.position.turn
            single = Size.SINGLE
            return GameResult(winner, single, self.cube.points(single, jacoby=jacoby), self.ending)
        if self.ending is Ending.RESIGNED and self.resigned_by is not None:
            winner, size = self.resigned_by.opponent, Size(self.resignation)
        else:
            found = self.position.winner()
            if found is None:
                raise AssertionError("a played-out game always has a winner")
            winner, size = found, Size(self.position.game_value(found))
        return GameResult(winner, size, self.cube.points(size, jacoby=jacoby), self.ending)

    def legal_plays(self) -> tuple[Play, ...]:
        """The plays the side on roll may make with the rolled dice (empty before rolling)."""
        if self.phase is not Phase.MOVING or self.dice is None:
            return ()
        return self.position.legal_plays(self.dice, self.options.variant)

    def legal_notations(self) -> tuple[str, ...]:
        """The notation of each of `legal_plays`, in the same order."""
        if self.phase is not Phase.MOVING or self.dice is None:
            return ()
        return self.position.legal_notations(self.dice, self.options.variant)

    def opening_roll(self, die_white: int, die_black: int) -> Game:
        """Each side's opening die (BG-2): the higher starts with both; a tie changes nothing."""
        self._require(Phase.OPENING, "opening_roll")
        _check_dice((die_white, die_black))
        if die_white == die_black:
            return self
        starter = Side.WHITE if die_white > die_black else Side.BLACK
        dice = (max(die_white, die_black), min(die_white, die_black))
        start = Position.initial(starter, self.options.variant)
        return replace(self, position=start, phase=Phase.MOVING, dice=dice)

    def roll(self, dice: tuple[int, int]) -> Game:
        """The side on roll rolls `dice` instead of doubling."""
        self._require(Phase.ROLLING, "roll")
        return replace(self, phase=Phase.MOVING, dice=_check_dice(dice))

    @property
    def can_double(self) -> bool:
        """True when `double()` would be accepted now, e.g. to offer a Double button."""
        return self.phase is Phase.ROLLING and self._double_problem() is None

    def double(self) -> Game:
        """The side on roll offers to double before rolling (BG-14)."""
        self._require(Phase.ROLLING, "double")
        problem = self._double_problem()
        if problem is not None:
            raise GameActionError.because(problem)
        return replace(self, phase=Phase.DOUBLED)

    def _double_problem(self) -> Reason | None:
        """Why the side on roll may not turn the cube in this game, or None (BG-14, BG-16)."""
        if not self.options.cube:
            return Reason("bg.cube.off")
        if self.crawford:
            return Reason("bg.cube.crawford")
        return self.cube.double_refusal(self.position.turn)

    def take(self) -> Game:
        """The doubled side takes: the cube doubles and is theirs; the doubler rolls (BG-14)."""
        self._require(Phase.DOUBLED, "take")
        cube = self.cube.taken_by(self.position.turn.opponent)
        return replace(self, cube=cube, phase=Phase.ROLLING)

    def pass_double(self) -> Game:
        """The doubled side passes and loses at the value before the double (BG-14)."""
        self._require(Phase.DOUBLED, "pass")
        return replace(self, phase=Phase.OVER, ending=Ending.PASSED)

    def move(self, play: Play) -> Game:
        """The side on roll plays `play`, which must be one of the legal plays for the dice."""
        self._require(Phase.MOVING, "move")
        position = self.position.apply(self._legal(play))
        if position.winner() is not None:
            return replace(
                self, position=position, phase=Phase.OVER, dice=None, ending=Ending.PLAYED
            )
        return replace(self, position=position, phase=Phase.ROLLING, dice=None)

    def offer_resignation(self, size: int, by: Side) -> Game:
        """`by` offers to resign a single game (1), gammon (2) or backgammon (3) (BG-15)."""
        if size not in SIZE_NAMES:
            raise GameActionError("bg.game.resign_level", level=size)  # the stable code's words
        if self.phase not in (Phase.ROLLING, Phase.MOVING):
            self._require(Phase.ROLLING, "resign")
        return replace(self, phase=Phase.RESIGNING, resignation=size, resigned_by=Side(by))

    def accept_resignation(self) -> Game:
        """The opponent accepts: the game ends at the offered size × cube (BG-15)."""
        self._require(Phase.RESIGNING, "accept_resignation")
        return replace(self, phase=Phase.OVER, ending=Ending.RESIGNED)

    def decline_resignation(self) -> Game:
        """The opponent declines: play goes on where it stood (BG-15)."""
        self._require(Phase.RESIGNING, "decline_resignation")
        phase = Phase.ROLLING if self.dice is None else Phase.MOVING
        return replace(self, phase=phase, resignation=0, resigned_by=None)

    def _legal(self, play: Play) -> Play:
        """The legal play that reaches the same position as `play` (BG-8), or a clear error."""
        if self.dice is None:
            raise AssertionError("a game that is moving always has dice")
        legal = self.legal_plays()
        if play in legal:
            return play
        try:
            reached = self.position.apply(play)
        except IllegalMoveError as error:
            # The board refused one of the moves: the same reason, said of the whole play.
            code = error.code.removeprefix("bg.move.")
            raise IllegalMoveError(
                f"bg.play.{code}", play=play.notation(), **error.params
            ) from None
        for candidate in legal:
            if self.position.apply(candidate) == reached:
                return candidate
        high, low = self.dice
        raise IllegalMoveError(
            "bg.play.not_of_roll",
            play=play.notation(),
            roll=f"{high}-{low}",
            example=legal[0].notation(),
        )

    def _require(self, phase: Phase, action: str) -> None:
        """Refuse `action` (a key of `errors.ACTIONS`) unless the game is in `phase`."""
        if self.phase is phase:
            return
        raise GameActionError(f"bg.not_now.{action}.{self.phase.value}")

    def _problem(self) -> str | None:
        """What makes this combination of fields impossible, or None."""
        if not isinstance(self.options, MatchOptions):
            return "options must be MatchOptions"
        if self.crawford and (self.options.money or not self.options.crawford):
            return "only match play with the Crawford rule has a Crawford game"
        if self.position.checkers != self.options.variant.checkers:
            variant = self.options.variant
            return f"{variant.name} is played with {variant.checkers} checkers a side"
        if not self.cube_in_play and self.cube != Cube():
            return "the cube cannot have been turned in a game played without it"
        if self.dice is not None and _dice_problem(self.dice):
            return _dice_problem(self.dice)
        if (self.phase is Phase.MOVING) != (self.dice is not None) and self.phase not in (
            Phase.RESIGNING,
            Phase.OVER,
        ):
            return f"dice {self.dice} do not fit the {self.phase.value} phase"
        if (self.phase is Phase.OVER) != (self.ending is not None):
            return "a game has an ending exactly when it is over"
        played_out = self.position.winner() is not None
        if played_out != (self.ending is Ending.PLAYED):
            return "a game is over by play exactly when one side has borne off all its checkers"
        if self.ending in (Ending.PLAYED, Ending.PASSED) and self.dice is not None:
            return "the dice are put away once the game is over"
        resigning = self.phase is Phase.RESIGNING or self.ending is Ending.RESIGNED
        if resigning != (self.resigned_by is not None and self.resignation in SIZE_NAMES):
            return "a resignation has a size 1-3 and a side exactly while offered or accepted"
        if not resigning and (self.resignation or self.resigned_by is not None):
            return "no resignation is offered"
        doubled = self.phase is Phase.DOUBLED or self.ending is Ending.PASSED
        if doubled and self._double_problem() is not None:
            return f"{self.position.turn.name} could not have doubled"
        if self.phase is Phase.OPENING:
            return self._opening_problem()
        return None

    def _opening_problem(self) -> str | None:
        """What is wrong with a game waiting for its opening roll, or None."""
        if self.options.variant.opening_roll is not OpeningRoll.ONE_DIE_EACH:
            return f"{self.options.variant.name} has no opening roll"
        if self.position != Position.initial(variant=self.options.variant) or self.cube != Cube():
            return "before the opening roll the board and cube are as at the start"
        return None


def _dice_problem(dice: tuple[int, int]) -> str | None:
    """Why `dice` are not two dice 1-6, or None."""
    if (
        not isinstance(dice, tuple)
        or len(dice) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    ):
        return f"dice are two numbers 1-6, not {dice!r}"
    return None


def _check_dice(dice: tuple[int, int]) -> tuple[int, int]:
    """`dice` as a tuple with the larger die first, or a `GameActionError` saying what is wrong."""
    if _dice_problem(dice):
        raise GameActionError("bg.game.dice", dice=dice)
    return max(dice), min(dice)
