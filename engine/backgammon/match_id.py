"""GNU Backgammon's 12-character Match ID: encode and decode its bit fields (BG-17).

The Match ID is the base64 text of a 9-byte key, filled least significant bit first:

    bits  0-3   log2 of the cube value        bits 15-17  first die (0 = not rolled)
    bits  4-5   cube owner (3 = centred)      bits 18-20  second die
    bit   6     the side on roll              bits 21-35  match length (0 = money)
    bit   7     Crawford game                 bits 36-50  score of player 0
    bits  8-10  game state                    bits 51-65  score of player 1
    bit   11    the side to decide now        bit  66     Jacoby rule off (gnubg sets it;
    bit   12    a double is offered                       the manual stops at bit 65)
    bits 13-14  resignation offered (its size)

Player 0 is White and player 1 is Black.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from enum import IntEnum

from engine.backgammon.position import Side

MATCH_ID_LENGTH = 12
_KEY_BYTES = 9
_MAX_FIELD = (1 << 15) - 1
_CENTRED = 3

# (name, width) in key order; the padding after bit 66 must stay zero.
_LAYOUT: tuple[tuple[str, int], ...] = (
    ("cube_log", 4),
    ("cube_owner", 2),
    ("on_roll", 1),
    ("crawford", 1),
    ("state", 3),
    ("turn", 1),
    ("doubled", 1),
    ("resigned", 2),
    ("die_1", 3),
    ("die_2", 3),
    ("match_length", 15),
    ("score_0", 15),
    ("score_1", 15),
    ("no_jacoby", 1),
)


class MatchIdError(ValueError):
    """The text is not a valid GNU Backgammon Match ID; the message says what is wrong."""


class GameState(IntEnum):
    """The game state field of the Match ID."""

    NOT_STARTED = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True, slots=True)
class MatchKey:
    """Every field the Match ID carries, with the meaning gnubg gives it."""

    cube_value: int = 1
    cube_owner: Side | None = None
    on_roll: Side = Side.WHITE
    crawford: bool = False
    state: GameState = GameState.NOT_STARTED
    turn: Side = Side.WHITE
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        problem = _key_problem(self)
        if problem:
            raise MatchIdError(problem)
        # gnubg keeps the larger die first; doing the same makes the text canonical.
        high, low = max(self.dice), min(self.dice)
        object.__setattr__(self, "dice", (high, low))


def _key_problem(key: MatchKey) -> str | None:
    """What makes `key` impossible to write or to play from, or None."""
    value = key.cube_value
    if not isinstance(value, int) or value < 1 or value > 1 << 15 or value & (value - 1):
        return f"the cube value must be a power of two up to 32768, not {value!r}"
    if key.resigned not in (0, 1, 2, 3):
        return f"a resignation is size 0-3, not {key.resigned!r}"
    dice = key.dice
    if len(dice) != 2 or not all(isinstance(d, int) and 0 <= d <= 6 for d in dice):
        return f"dice are two numbers 0-6, not {dice!r}"
    if (dice[0] == 0) != (dice[1] == 0):
        return f"either both dice are rolled or neither is, not {dice!r}"
    length = key.match_length
    if not isinstance(length, int) or not 0 <= length <= _MAX_FIELD:
        return f"the match length must be 0 (money) to {_MAX_FIELD}, not {length!r}"
    for side in Side:
        points = key.score[side]
        if not isinstance(points, int) or not 0 <= points <= _MAX_FIELD:
            return f"{side.name}'s score must be 0 to {_MAX_FIELD}, not {points!r}"
        if length and points > length:
            return f"{side.name}'s score {points} is past the match length {length}"
    if key.crawford and not length:
        return "money play has no Crawford game"
    return None


def encode_match_id(key: MatchKey) -> str:
    """The 12-character Match ID for `key`."""
    fields = {
        "cube_log": key.cube_value.bit_length() - 1,
        "cube_owner": _CENTRED if key.cube_owner is None else int(key.cube_owner),
        "on_roll": int(key.on_roll),
        "crawford": int(key.crawford),
        "state": int(key.state),
        "turn": int(key.turn),
        "doubled": int(key.doubled),
        "resigned": key.resigned,
        "die_1": key.dice[0],
        "die_2": key.dice[1],
        "match_length": key.match_length,
        "score_0": key.score[0],
        "score_1": key.score[1],
        "no_jacoby": int(not key.jacoby),
    }
    bits = 0
    shift = 0
    for name, width in _LAYOUT:
        bits |= fields[name] << shift
        shift += width
    return base64.b64encode(bits.to_bytes(_KEY_BYTES, "little")).decode("ascii")


def decode_match_id(text: str) -> MatchKey:
    """Read a 12-character Match ID, or raise `MatchIdError` saying what is wrong."""
    if not isinstance(text, str) or len(text) != MATCH_ID_LENGTH:
        raise MatchIdError(f"a Match ID has {MATCH_ID_LENGTH} characters, not {text!r}")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as error:
        raise MatchIdError(f"{text!r} is not base64 text: {error}") from None
    if len(raw) != _KEY_BYTES:
        raise MatchIdError(f"{text!r} does not hold a {_KEY_BYTES}-byte key")
    bits = int.from_bytes(raw, "little")
    fields: dict[str, int] = {}
    for name, width in _LAYOUT:
        fields[name] = bits & ((1 << width) - 1)
        bits >>= width
    if bits:
        raise MatchIdError(f"{text!r} sets bits past the end of the Match ID key")
    if fields["cube_owner"] == 2:
        raise MatchIdError(f"{text!r} has cube owner code 2, which means nobody")
    if fields["state"] > max(GameState):
        raise MatchIdError(f"{text!r} has unknown game state {fields['state']}")
    owner = fields["cube_owner"]
    return MatchKey(
        cube_value=1 << fields["cube_log"],
        cube_owner=None if owner == _CENTRED else Side(owner),
        on_roll=Side(fields["on_roll"]),
        crawford=bool(fields["crawford"]),
        state=GameState(fields["state"]),
        turn=Side(fields["turn"]),
        doubled=bool(fields["doubled"]),
        resigned=fields["resigned"],
        dice=(fields["die_1"], fields["die_2"]),
        match_length=fields["match_length"],
        score=(fields["score_0"], fields["score_1"]),
        jacoby=not fields["no_jacoby"],
    )
