"""GNU Backgammon Position IDs (BG-17): the published example and refusals of bad IDs."""

from __future__ import annotations

import pytest

from engine.backgammon import Position, Side
from tests.engine.backgammon.boards import row


def test_bg17_starting_position_id() -> None:
    # The starting position's ID as printed in the GNU Backgammon manual.
    assert Position.initial().position_id() == "4HPwATDgc/ABMA"
    assert Position.from_position_id("4HPwATDgc/ABMA", Side.BLACK) == Position.initial(Side.BLACK)


def test_bg17_id_is_from_the_side_on_roll() -> None:
    position = Position((row(p6=15), row(p1=15)))
    swapped = Position((row(p6=15), row(p1=15)), turn=Side.BLACK)
    assert position.position_id() != swapped.position_id()
    assert Position.from_position_id(swapped.position_id(), Side.BLACK) == swapped


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("4HPwATDgc/AB", "14 characters"),
        ("4HPwATDgc/AB!A", "not a Position ID"),
        ("//////////////", "not a Position ID"),
    ],
)
def test_bg17_malformed_ids_are_refused(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Position.from_position_id(text, Side.WHITE)
