"""A backgammon match or money play as a pure value, with a text form that round-trips (BG-16).

The text form is `v1;<variant>;cube=1;jacoby=1;crawford=1;stage=pre;game=1:<position id>:<match
id>`: gnubg's Position ID and Match ID (BG-17) carry the board, cube, dice, turn, offers, score,
match length and Crawford flag; the prefix carries what they do not: the variant, the options,
the game number, and where the current game stands to the Crawford game (`pre`, `crawford` or
`post`), which the Match ID cannot say once a game is over because gnubg then flags the *next*
game there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.backgammon.cube import Cube
from engine.backgammon.errors import GameActionError
from engine.backgammon.game import Ending, Game, MatchOptions, Phase
from engine.backgammon.match_id import (
    GameState,
    MatchIdError,
    MatchKey,
    decode_match_id,
    encode_match_id,
)
from engine.backgammon.play import Play
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import VARIANTS

TEXT_VERSION = "v1"
_FLAGS = ("cube", "jacoby", "crawford")
_STAGES = ("pre", "crawford", "post")


class MatchTextError(ValueError):
    """The text is not a match this engine wrote or could have written; the message says why."""


@dataclass(frozen=True, slots=True)
class Match:
    """The score, the game under way and the Crawford state of a match (or of money play)."""

    options: MatchOptions
    game: Game
    score: tuple[int, int] = (0, 0)
    game_number: int = 1
    post_crawford: bool = False  # the current game comes after the Crawford game (BG-16)

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise ValueError(f"not a possible match: {problem}")

    @classmethod
    def start(cls, options: MatchOptions, *, starter: Side | None = None) -> Match:
        """A new match; `starter` only for variants that choose the first player up front."""
        return cls(options, Game.start(options, starter=starter))

    @property
    def winner(self) -> Side | None:
        """The side that has reached the match length; money play never has one."""
        if self.options.money:
            return None
        for side in Side:
            if self.score[side] >= self.options.match_length:
                return side
        return None

    def opening_roll(self, die_white: int, die_black: int) -> Match:
        """The opening roll of the current game (BG-2); a tie changes nothing."""
        return self._with(self.game.opening_roll(die_white, die_black))

    def roll(self, dice: tuple[int, int]) -> Match:
        """The side on roll rolls `dice`."""
        return self._with(self.game.roll(dice))

    def double(self) -> Match:
        """The side on roll offers a double (BG-14)."""
        return self._with(self.game.double())

    def take(self) -> Match:
        """The doubled side takes (BG-14)."""
        return self._with(self.game.take())

    def pass_double(self) -> Match:
        """The doubled side passes and the game is scored (BG-14)."""
        return self._with(self.game.pass_double())

    def move(self, play: Play) -> Match:
        """The side on roll plays one of the legal plays; a finished game is scored."""
        return self._with(self.game.move(play))

    def offer_resignation(self, size: int, by: Side) -> Match:
        """`by` offers to resign at `size` 1-3 (BG-15)."""
        return self._with(self.game.offer_resignation(size, by))

    def accept_resignation(self) -> Match:
        """The resignation is accepted and the game is scored (BG-15)."""
        return self._with(self.game.accept_resignation())

    def decline_resignation(self) -> Match:
        """The resignation is declined and play goes on (BG-15)."""
        return self._with(self.game.decline_resignation())

    def next_game(self, *, starter: Side | None = None) -> Match:
        """The next game once this one is over, Crawford game included (BG-16)."""
        if self.game.phase is not Phase.OVER:
            raise GameActionError("bg.match.game_not_over")
        if self.winner is not None:
            raise GameActionError(f"bg.match.won.{self.winner.name.lower()}")
        crawford, post = self._next_crawford()
        game = Game.start(self.options, crawford=crawford, starter=starter)
        return Match(self.options, game, self.score, self.game_number + 1, post)

    def _next_crawford(self) -> tuple[bool, bool]:
        """Whether the next game is the Crawford game, and whether it comes after it (BG-16)."""
        post = self.post_crawford or self.game.crawford
        crawford = (
            self.options.crawford
            and not self.options.money
            and not post
            and self.winner is None
            and max(self.score) == self.options.match_length - 1
        )
        return crawford, post

    def _with(self, game: Game) -> Match:
        """This match with `game` in place; a game that has just ended adds its points."""
        result = game.result
        if result is None or self.game.phase is Phase.OVER:
            return replace(self, game=game)
        points = result.points
        if not self.options.money:
            # BG-16: nobody gains more points than the match still needs.
            points = min(points, self.options.match_length - self.score[result.winner])
        score = list(self.score)
        score[result.winner] += points
        return replace(self, game=game, score=(score[0], score[1]))

    def _problem(self) -> str | None:
        """What makes this combination of fields impossible, or None."""
        options, game, length = self.options, self.game, self.options.match_length
        if game.options != options:
            return "the game is played under other options than the match"
        if not isinstance(self.game_number, int) or self.game_number < 1:
            return f"games are numbered from 1, not {self.game_number!r}"
        if len(self.score) != 2 or any(not isinstance(s, int) or s < 0 for s in self.score):
            return f"a score is two counts of points, not {self.score!r}"
        if options.money:
            return "money play has no Crawford game" if self.post_crawford else None
        if min(self.score) >= length or max(self.score) > length:
            return f"the score {self.score} does not fit a {length}-point match"
        if max(self.score) >= length and game.phase is not Phase.OVER:
            return "a game is under way after the match was won"
        if (self.post_crawford or game.crawford) and max(self.score) < length - 1:
            return f"no side has reached {length - 1} points for a Crawford game"
        if self.post_crawford and game.crawford:
            return "the Crawford game is played only once"
        if (self.post_crawford or game.crawford) and not options.crawford:
            return "the Crawford rule is off"
        # A 1-point match starts at N-1 without anyone having reached it: no Crawford game.
        reached = length > 1 and max(self.score) == length - 1
        crawford_due = options.crawford and not self.post_crawford and reached
        if crawford_due and not game.crawford and game.phase is not Phase.OVER:
            return f"with {length - 1} points the next game is the Crawford game"
        return None

    def match_id(self) -> str:
        """GNU Backgammon's 12-character Match ID for this moment (BG-17)."""
        return encode_match_id(_key(self))

    def gnubg_id(self) -> str:
        """`<Position ID>:<Match ID>`, the form gnubg's `set gnubgid` command reads (BG-17)."""
        return f"{self.game.position.position_id()}:{self.match_id()}"

    def to_text(self) -> str:
        """The text form that `from_text` reads back to an equal match."""
        flags = (self.options.cube, self.options.jacoby, self.options.crawford)
        stage = "crawford" if self.game.crawford else "post" if self.post_crawford else "pre"
        prefix = ";".join(
            [TEXT_VERSION, self.options.variant.name]
            + [f"{name}={int(on)}" for name, on in zip(_FLAGS, flags, strict=True)]
            + [f"stage={stage}", f"game={self.game_number}"]
        )
        return f"{prefix}:{self.gnubg_id()}"

    @classmethod
    def from_text(cls, text: str) -> Match:
        """Read the text form written by `to_text`, or raise `MatchTextError` saying why not."""
        if not isinstance(text, str):
            raise MatchTextError(f"a match text is a string, not {type(text).__name__}")
        parts = text.strip().split(":")
        if len(parts) != 3:
            raise MatchTextError(f"a match text is '<prefix>:<position id>:<match id>': {text!r}")
        prefix, position_id, match_id = parts
        options, stage, number = _read_prefix(prefix)
        try:
            key = decode_match_id(match_id)
        except MatchIdError as error:
            raise MatchTextError(str(error)) from None
        try:
            position = Position.from_position_id(position_id, key.on_roll, options.variant.checkers)
        except ValueError as error:
            raise MatchTextError(f"bad position ID {position_id!r}: {error}") from None
        if key.jacoby != (options.jacoby and not key.match_length):
            raise MatchTextError("the Match ID's Jacoby bit contradicts the options")
        options = replace(options, match_length=key.match_length)
        try:
            game = _game(key, position, options, crawford=stage == "crawford")
            match = cls(options, game, key.score, number, stage == "post")
        except ValueError as error:
            raise MatchTextError(str(error)) from None
        if match.to_text() != text.strip():
            raise MatchTextError(f"the fields of {text!r} contradict each other")
        return match


def _read_prefix(prefix: str) -> tuple[MatchOptions, str, int]:
    """The options, Crawford stage and game number from the text prefix."""
    fields = prefix.split(";")
    if len(fields) != 4 + len(_FLAGS) or fields[0] != TEXT_VERSION:
        raise MatchTextError(
            f"the prefix reads '{TEXT_VERSION};<variant>;cube=…;jacoby=…;crawford=…;stage=…;"
            f"game=…', not {prefix!r}"
        )
    variant = VARIANTS.get(fields[1])
    if variant is None:
        raise MatchTextError(f"unknown variant {fields[1]!r}; known: {', '.join(VARIANTS)}")
    flags: list[bool] = []
    for name, word in zip(_FLAGS, fields[2:-2], strict=True):
        if word not in (f"{name}=0", f"{name}=1"):
            raise MatchTextError(f"expected {name}=0 or {name}=1, not {word!r}")
        flags.append(word.endswith("1"))
    number = fields[-1].removeprefix("game=")
    if number == fields[-1] or not (number.isascii() and number.isdigit()):
        raise MatchTextError(f"expected game=<number>, not {fields[-1]!r}")
    stage = fields[-2].removeprefix("stage=")
    if stage not in _STAGES or stage == fields[-2]:
        raise MatchTextError(f"expected stage={'|'.join(_STAGES)}, not {fields[-2]!r}")
    cube, jacoby, crawford = flags
    options = MatchOptions(cube=cube, jacoby=jacoby, crawford=crawford, variant=variant)
    return options, stage, int(number)


_STATES = {
    Ending.PLAYED: GameState.OVER,
    Ending.RESIGNED: GameState.RESIGNED,
    Ending.PASSED: GameState.DROPPED,
}
_ENDINGS = {state: ending for ending, state in _STATES.items()}


def _key(match: Match) -> MatchKey:
    """The Match ID fields for `match`, following what gnubg writes at each moment."""
    game = match.game
    on_roll = game.position.turn
    if game.ending is not None:
        state = _STATES[game.ending]
    elif game.phase is Phase.OPENING:
        state = GameState.NOT_STARTED
    else:
        state = GameState.PLAYING
    # gnubg's "turn" is the side that must decide: the doubled side, the side offered a
    # resignation (and so its winner once accepted), the passer, or the side on roll.
    if game.resigned_by is not None:
        turn = game.resigned_by.opponent
    elif game.phase is Phase.DOUBLED or game.ending is Ending.PASSED:
        turn = on_roll.opponent
    else:
        turn = on_roll
    return MatchKey(
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        on_roll=on_roll,
        # Once a game is over gnubg flags whether the next game is the Crawford game.
        crawford=match._next_crawford()[0] if game.phase is Phase.OVER else game.crawford,
        state=state,
        turn=turn,
        doubled=game.phase is Phase.DOUBLED,
        resigned=game.resignation,
        dice=game.dice or (0, 0),
        match_length=match.options.match_length,
        score=match.score,
        jacoby=match.options.jacoby_applies,
    )


def _game(key: MatchKey, position: Position, options: MatchOptions, *, crawford: bool) -> Game:
    """The game the Match ID fields describe; `_key` of the result gives the fields back."""
    dice = key.dice if key.dice != (0, 0) else None
    resigned_by = key.turn.opponent if key.resigned else None
    ending = _ENDINGS.get(key.state)
    if key.state is GameState.NOT_STARTED:
        phase = Phase.OPENING
    elif ending is not None:
        phase = Phase.OVER
    elif key.doubled:
        phase = Phase.DOUBLED
    elif key.resigned:
        phase = Phase.RESIGNING
    else:
        phase = Phase.ROLLING if dice is None else Phase.MOVING
    return Game(
        options,
        position,
        Cube(key.cube_value, key.cube_owner),
        phase,
        dice,
        crawford,
        key.resigned,
        resigned_by,
        ending,
    )
