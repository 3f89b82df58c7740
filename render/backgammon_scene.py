"""What a backgammon picture shows: the scene value, its checks, and its prompt in words."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum

from engine.backgammon import Play, Position, Side
from render.clock import check_clock
from render.words import ENGLISH, Words

CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)


class Prompt(Enum):
    """What the side to act must do now."""

    ROLL = "roll"
    MOVE = "move"
    TAKE_OR_PASS = "take or pass"
    ANSWER_RESIGNATION = "accept or decline the resignation"  # offered (BG-15)
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class BackgammonScene:
    """Everything one backgammon picture shows; game state beyond the position comes in here.

    `dice` is the roll being played; `dice_left` the numbers still to play (all of them when
    None). `resignation` is (side, size 1–3) while that side offers to resign (BG-15): the
    other side must accept or decline. `cube_owner` None means the cube is in the middle.
    `match_length` 0 means money play. `last_play` was made by `position.turn.opponent` (the
    side that just moved).

    `viewer` is the side the board is seen from: its home board lies bottom right, its bar
    checkers, tray and dice on its side (by default the reader, else the side that must act).
    `numbered_for` is the side whose point numbers are written (by default the viewer): a board
    that keeps one geometry for a whole game can still number the points for the player on roll.
    `reader` is the player the alt text speaks to as "you" (a picture only they see); they see
    the board from their own side. Without a reader the alt text speaks of both players in the
    third person, as a picture everyone sees must.

    `caption`, when given, replaces the prompt (replays use it to say which move a frame shows,
    the bot how a game ended). `clock` is (side, seconds): the time the side to act had left
    when the picture was drawn, shown by its name. `words` are the words drawn and written in
    the alt text (English by default).
    """

    position: Position
    names: tuple[str, str] = ("White", "Black")
    dice: tuple[int, int] | None = None
    dice_left: tuple[int, ...] | None = None
    prompt: Prompt | None = None
    resignation: tuple[Side, int] | None = None
    cube: int = 1
    cube_owner: Side | None = None
    cube_in_play: bool = True
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    last_play: Play | None = None
    viewer: Side | None = None
    numbered_for: Side | None = None
    reader: Side | None = None
    caption: str | None = None
    clock: tuple[Side, int] | None = None
    words: Words = ENGLISH

    def __post_init__(self) -> None:
        """Refuse a scene no game could be in, with the reason."""
        if len(self.names) != 2:
            raise ValueError("names must give one name per side (white, black)")
        if self.dice is not None:
            if len(self.dice) != 2 or any(not 1 <= d <= 6 for d in self.dice):
                raise ValueError(f"dice must be two numbers 1–6, not {self.dice}")
            if self.dice_left is not None:
                full = self.dice * 2 if self.dice[0] == self.dice[1] else self.dice
                left, roll = Counter(self.dice_left), Counter(full)
                if any(left[d] > roll[d] for d in left):
                    raise ValueError(
                        f"dice left {self.dice_left} are not part of the roll {self.dice}"
                    )
        elif self.dice_left is not None:
            raise ValueError("dice_left needs the dice they come from")
        if self.cube not in CUBE_VALUES:
            raise ValueError(f"cube must be one of {CUBE_VALUES}, not {self.cube}")
        if self.cube_owner is None and self.cube != 1 and self.cube_in_play:
            raise ValueError("a cube above 1 has an owner")
        if self.cube_owner is not None and self.cube == 1:
            raise ValueError("a cube at 1 is in the middle, owned by nobody")
        if self.match_length < 0:
            raise ValueError(f"match length must be 0 (money) or more, not {self.match_length}")
        if len(self.score) != 2 or min(self.score) < 0:
            raise ValueError(f"score must be two numbers 0 or more, not {self.score}")
        if self.match_length and max(self.score) > self.match_length:
            raise ValueError(f"score {self.score} is past the match length {self.match_length}")
        if self.crawford and not self.match_length:
            raise ValueError("the Crawford game needs a match length")
        if self.crawford and (self.cube != 1 or self.prompt is Prompt.TAKE_OR_PASS):
            raise ValueError("no doubling in the Crawford game (BG-16)")
        check_clock(self.clock)
        if self.reader is not None and {self.viewer, self.numbered_for} - {None, self.reader}:
            raise ValueError("a reader sees the board from their own side, numbered for them")
        if self.prompt is Prompt.MOVE and self.dice is None:
            raise ValueError("a side cannot move before the dice are rolled")
        if self.prompt is Prompt.TAKE_OR_PASS:
            self._check_double()
        self._check_resignation()

    def _check_double(self) -> None:
        """BG-14: only the side to roll doubles, with the cube centred or its own, up to 64."""
        doubler = self.position.turn
        if not self.cube_in_play:
            raise ValueError("no double without the cube in play")
        if self.cube_owner is not None and self.cube_owner != doubler:
            raise ValueError("only the cube's owner (or either side, when centred) may double")
        if self.cube >= CUBE_VALUES[-1]:
            raise ValueError(f"the cube cannot be doubled past {CUBE_VALUES[-1]}")
        if self.dice is not None:
            raise ValueError("a double comes before the roll, not after")

    def _check_resignation(self) -> None:
        """BG-15: a resignation offer is a single game, a gammon or a backgammon, and waits for
        the other side's answer, which is the prompt."""
        if self.resignation is None:
            if self.prompt is Prompt.ANSWER_RESIGNATION:
                raise ValueError("accept or decline needs the resignation offered")
            return
        if self.resignation[1] not in (1, 2, 3):
            raise ValueError(f"a resignation is at size 1, 2 or 3, not {self.resignation[1]}")
        if self.prompt not in (None, Prompt.ANSWER_RESIGNATION):
            raise ValueError("a resignation offered waits for its answer, not another action")

    @property
    def action(self) -> Prompt:
        """The prompt shown: given, or read from an offer, the position and the dice."""
        if self.prompt is not None:
            return self.prompt
        if self.resignation is not None:
            return Prompt.ANSWER_RESIGNATION
        if self.position.winner() is not None:
            return Prompt.GAME_OVER
        return Prompt.MOVE if self.dice is not None else Prompt.ROLL

    @property
    def actor(self) -> Side:
        """The side that must act: the taker during a double, the side offered a resignation,
        else the side to move."""
        turn = self.position.turn
        if self.resignation is not None:
            return self.resignation[0].opponent
        return turn.opponent if self.action is Prompt.TAKE_OR_PASS else turn

    @property
    def perspective(self) -> Side:
        """The side the board is seen from (its home board bottom right)."""
        if self.viewer is not None:
            return self.viewer
        return self.reader if self.reader is not None else self.actor

    @property
    def numbering(self) -> Side:
        """The side whose point numbers the picture and its alt text use."""
        return self.numbered_for if self.numbered_for is not None else self.perspective

    @property
    def remaining(self) -> tuple[int, ...]:
        """The dice still to play (doubles count four)."""
        if self.dice is None:
            return ()
        if self.dice_left is not None:
            return self.dice_left
        return self.dice * 2 if self.dice[0] == self.dice[1] else self.dice


def viewer_point(own_point: int, side: Side, viewer: Side) -> int:
    """A side's own point number (1..24) in the viewer's numbering (BG-1: p ↔ 25 − p)."""
    return own_point if side == viewer else 25 - own_point


def status_line(scene: BackgammonScene) -> str:
    """The one-line prompt under the names: who must do what."""
    if scene.caption is not None:
        return scene.caption
    names = scene.names
    words = scene.words
    turn = scene.position.turn
    action = scene.action
    if action is Prompt.GAME_OVER:
        winner = scene.position.winner()
        if winner is None:
            return words.game_over
        return words.by_size(words.bg_wins, scene.position.game_value(winner), name=names[winner])
    if action is Prompt.TAKE_OR_PASS:
        return words.bg_doubles.format(
            name=names[turn], cube=scene.cube * 2, taker=names[turn.opponent]
        )
    if scene.resignation is not None:
        side, size = scene.resignation
        return words.by_size(words.bg_resigns, size, name=names[side], taker=names[side.opponent])
    if action is Prompt.ROLL:
        return words.bg_to_roll.format(name=names[turn])
    dice = scene.dice or (0, 0)
    left = scene.remaining
    full = dice * 2 if dice[0] == dice[1] else dice
    roll = f"{dice[0]}-{dice[1]}"
    if len(left) != len(full):
        return words.bg_to_play_left.format(
            name=names[turn], roll=roll, left=" ".join(map(str, left))
        )
    return words.bg_to_play.format(name=names[turn], roll=roll)


def match_line(scene: BackgammonScene) -> str:
    """Match length and Crawford mark, or money play."""
    words = scene.words
    if not scene.match_length:
        return words.money_game
    text = words.match_to.format(length=scene.match_length)
    return words.crawford_mark.format(match=text) if scene.crawford else text
