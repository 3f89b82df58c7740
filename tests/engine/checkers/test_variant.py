"""The variants as data: each switch as RULES.md states it, and a readable summary of them."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from engine.checkers import VARIANTS, Color, Crowning, Game, KingLanding

W, B = Color.WHITE, Color.BLACK
ADJ, ANY = KingLanding.ADJACENT, KingLanding.ANY
KING, END, MAN = Crowning.CONTINUES_AS_KING, Crowning.ENDS_MOVE, Crowning.PASSES_AS_MAN

# name: size, first, men capture backward, flying kings, landing, majority, crowning, CK-11
EXPECTED = {
    "box": (8, W, True, True, ADJ, False, KING, True),
    "russian": (8, W, True, True, ANY, False, KING, False),
    "english": (8, B, False, False, ADJ, False, END, False),
    "brazilian": (8, W, True, True, ANY, True, MAN, False),
    "pool": (8, B, True, True, ANY, False, MAN, False),
    "international": (10, W, True, True, ANY, True, MAN, False),
}


def test_the_six_variants_exist() -> None:
    """box (the default), russian, english, brazilian, pool, international."""
    assert list(VARIANTS) == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_variant_switches_follow_rules_md(name: str) -> None:
    """Box: CK-1…CK-12; the others as the 'Other variants' section of RULES.md describes."""
    v = VARIANTS[name]
    assert v.name == name
    assert (
        v.board_size,
        v.first_to_move,
        v.men_capture_backward,
        v.flying_kings,
        v.king_landing,
        v.majority_capture,
        v.crowning,
        v.king_count_end,
    ) == EXPECTED[name]
    assert v.squares == v.board_size**2 // 2
    assert v.repetitions_for_draw == 3


def test_ck12_box_no_progress_count_is_thirty_plies() -> None:
    """CK-12: 30 consecutive plies of king moves without capture; English 40 moves each."""
    assert VARIANTS["box"].no_progress_plies == 30
    assert VARIANTS["english"].no_progress_plies == 80


def test_summary_states_the_rules_in_force() -> None:
    """The summary names each rule that players argue about."""
    box = VARIANTS["box"].summary()
    assert "white moves first" in box
    assert "men capture backward" in box
    assert "flying kings" in box
    assert "lands directly beyond" in box
    assert "capture is compulsory, any capture sequence" in box
    assert "mid-capture is crowned and goes on capturing as a king" in box
    assert "third repetition" in box
    assert "more kings wins" in box
    english = VARIANTS["english"].summary()
    assert "black moves first" in english
    assert "men capture forward only" in english
    assert "short kings" in english
    assert "is crowned and the move ends" in english
    assert "the most pieces must be chosen" in VARIANTS["international"].summary()
    assert "crowned only if it stops there" in VARIANTS["pool"].summary()
    assert VARIANTS["international"].summary().startswith("10×10")


@pytest.mark.parametrize("name", list(EXPECTED))
def test_a_registered_variant_unpickles_as_itself(name: str) -> None:
    """Games cross to the computer's and the drawing processes pickled: a copy of the variant
    per game would get flattened rules of its own each time (the engine keeps them per object)."""
    variant = VARIANTS[name]
    assert pickle.loads(pickle.dumps(variant)) is variant
    game = Game.new(name)
    assert pickle.loads(pickle.dumps(game)).variant is variant


def test_a_variant_of_ones_own_unpickles_as_an_equal_copy() -> None:
    own = replace(VARIANTS["box"], name="box without the king count", king_count_end=False)
    copy = pickle.loads(pickle.dumps(own))
    assert copy == own and copy is not own
