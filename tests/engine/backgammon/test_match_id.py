"""BG-17: GNU Backgammon Match IDs, checked against gnubg's own encoder and decoder."""

from __future__ import annotations

import base64

import gnubg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.backgammon.match_id import (
    GameState,
    MatchIdError,
    MatchKey,
    decode_match_id,
    encode_match_id,
)
from engine.backgammon.position import Side


def _read_bits(match_id: str) -> dict[str, int]:
    """An independent reading of the gnubg manual's layout (1-based bit ranges in the manual)."""
    bits = int.from_bytes(base64.b64decode(match_id), "little")

    def take(first: int, last: int) -> int:
        return (bits >> (first - 1)) & ((1 << (last - first + 1)) - 1)

    return {
        "cube_log": take(1, 4),
        "owner": take(5, 6),
        "dice_owner": take(7, 7),
        "crawford": take(8, 8),
        "state": take(9, 11),
        "turn": take(12, 12),
        "double": take(13, 13),
        "resign": take(14, 15),
        "die_1": take(16, 18),
        "die_2": take(19, 21),
        "length": take(22, 36),
        "score_0": take(37, 51),
        "score_1": take(52, 66),
        "no_jacoby": take(67, 67),
    }


def _gnubg_match_id(key: MatchKey) -> str:
    """gnubg's own Match ID for the same fields, through its cubeinfo/posinfo encoder."""
    owner = -1 if key.cube_owner is None else int(key.cube_owner)
    cube = gnubg.cube_info(
        key.cube_value,
        owner,
        int(key.on_roll),
        key.match_length,
        key.score,
        int(key.crawford),
        0,
    )
    pos = gnubg.pos_info(int(key.turn), key.resigned, int(key.doubled), int(key.state), key.dice)
    return str(gnubg.match_id(cube, pos))


@st.composite
def match_keys(draw: st.DrawFn) -> MatchKey:
    """Any key gnubg can write: money play (Jacoby on, as gnubg's default) or a match."""
    length = draw(st.integers(0, 64))
    top = length if length else 32767
    rolled = draw(st.booleans())
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else (0, 0)
    return MatchKey(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, Side.WHITE, Side.BLACK])),
        on_roll=draw(st.sampled_from(Side)),
        crawford=bool(length) and draw(st.booleans()),
        state=draw(st.sampled_from(GameState)),
        turn=draw(st.sampled_from(Side)),
        doubled=draw(st.booleans()),
        resigned=draw(st.integers(0, 3)),
        dice=dice,
        match_length=length,
        score=(draw(st.integers(0, top)), draw(st.integers(0, top))),
        jacoby=length == 0,
    )


def _gnubg_can_encode(key: MatchKey) -> bool:
    """gnubg's cubeinfo drops money scores and refuses a score that has reached the length."""
    if key.match_length == 0:
        return key.score == (0, 0)
    return max(key.score) < key.match_length


@given(match_keys().filter(_gnubg_can_encode))
def test_bg17_match_id_matches_gnubg_encoder(key: MatchKey) -> None:
    assert encode_match_id(key) == _gnubg_match_id(key)


@given(match_keys())
def test_bg17_match_id_round_trips(key: MatchKey) -> None:
    assert decode_match_id(encode_match_id(key)) == key


@given(match_keys())
def test_bg17_match_id_fields_sit_where_the_manual_says(key: MatchKey) -> None:
    fields = _read_bits(encode_match_id(key))
    assert (1 << fields["cube_log"]) == key.cube_value
    assert fields["owner"] == (3 if key.cube_owner is None else key.cube_owner)
    assert fields["dice_owner"] == key.on_roll
    assert fields["crawford"] == key.crawford
    assert fields["state"] == key.state
    assert fields["turn"] == key.turn
    assert fields["double"] == key.doubled
    assert fields["resign"] == key.resigned
    assert (fields["die_1"], fields["die_2"]) == key.dice
    assert fields["length"] == key.match_length
    assert (fields["score_0"], fields["score_1"]) == key.score
    assert fields["no_jacoby"] == (not key.jacoby)


def test_bg17_decodes_the_id_gnubg_shows_for_a_new_5_point_match() -> None:
    """gnubg printed `MAGvAAAAAAAE` after `new match 5` with an opening 6-3 for player 0."""
    key = decode_match_id("MAGvAAAAAAAE")
    assert key == MatchKey(
        cube_value=1,
        cube_owner=None,
        on_roll=Side.WHITE,
        state=GameState.PLAYING,
        turn=Side.WHITE,
        dice=(6, 3),
        match_length=5,
        score=(0, 0),
        jacoby=False,
    )


def test_bg17_gnubg_reads_our_ids_back() -> None:
    """gnubg's `set gnubgid` takes our Position ID + Match ID and shows the same Match ID."""
    key = MatchKey(
        cube_value=4,
        cube_owner=Side.BLACK,
        on_roll=Side.WHITE,
        state=GameState.PLAYING,
        turn=Side.WHITE,
        dice=(5, 2),
        match_length=9,
        score=(3, 6),
    )
    match_id = encode_match_id(key)
    gnubg.set_gnubg_id(f"4HPwATDgc/ABMA:{match_id}")
    assert gnubg.match_id() == match_id


def test_bg17_dice_are_kept_larger_first_as_gnubg_does() -> None:
    assert MatchKey(state=GameState.PLAYING, dice=(2, 5)).dice == (5, 2)


def _id_with(**bits: tuple[int, int, int]) -> str:
    """A Match ID with the given manual bit ranges (first, last, value) set and all else zero."""
    number = 0
    for first, _last, value in bits.values():
        number |= value << (first - 1)
    return base64.b64encode(number.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("MAGvAAAAAAA", "12 characters"),
        ("MAGvAAAAAAAEE", "12 characters"),
        ("MAGvAAAAAA!E", "base64"),
        ("MAGvAAAAAA==", "9-byte"),
        (_id_with(pad=(68, 72, 1)), "past the end"),
        (_id_with(owner=(5, 6, 2)), "owner code 2"),
        (_id_with(state=(9, 11, 7)), "unknown game state 7"),
        (_id_with(die_1=(16, 18, 7), die_2=(19, 21, 1)), "dice are two numbers 0-6"),
        (_id_with(die_1=(16, 18, 3)), "both dice"),
        (_id_with(length=(22, 36, 1), score_0=(37, 51, 2)), "past the match length"),
        (_id_with(crawford=(8, 8, 1)), "no Crawford game"),
    ],
)
def test_bg17_bad_match_ids_get_a_specific_error(text: str, reason: str) -> None:
    with pytest.raises(MatchIdError, match=reason):
        decode_match_id(text)


def test_bg17_keys_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(MatchIdError, match="power of two"):
        MatchKey(cube_value=3)
    with pytest.raises(MatchIdError, match="resignation"):
        MatchKey(resigned=4)
    with pytest.raises(MatchIdError, match="match length"):
        MatchKey(match_length=1 << 15)
