"""The builder's picks as codes: read back against the game as it stands, and refused with the
engine's reason when they were made on another position or forged."""

from __future__ import annotations

import pytest

import engine.checkers as ck
from bot.service import building
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.kinds import options_for
from engine.backgammon import IllegalMoveError as BackgammonIllegal
from engine.backgammon.matchplay import Match
from engine.checkers import IllegalMoveError as CheckersIllegal

ALICE, BOB = 11, 22


def backgammon(white_die: int, black_die: int) -> BackgammonSession:
    """Alice (White) against Bob after the opening roll: the higher die plays both (BG-2)."""
    options = options_for("backgammon")
    match = Match.start(options.match_options()).opening_roll(white_die, black_die)
    return BackgammonSession(options, seats=(ALICE, BOB), match=match)


def test_picks_read_back_as_moves_with_their_dice() -> None:
    # Opening 6-5 for White: 24/18 (the 6) is "o", "i", "6" in the code's digits (24, 18, 6).
    session = backgammon(6, 5)
    start = building.stage(session, "")
    assert start.shown == "" and [g.die for g in start.groups] == [6, 5] and start.play is None
    sixes = {c.label: c.code for c in start.groups[0].choices}
    assert sixes == {"24/18": "oi6", "13/7": "d76", "8/2": "826"}
    then = building.stage(session, "oi6")
    assert then.shown == "24/18" and [g.die for g in then.groups] == [5]
    whole = building.stage(session, "oi6id5")  # 24/18, then 18/13 with the 5
    assert whole.play == "24/13" and whole.groups == ()
    assert building.undone("oi6id5", session) == "oi6"


@pytest.mark.parametrize("code", ["oi", "oi5", "OI6", "oi6??5", "oi6" * 30, "615"])
def test_a_forged_or_stale_code_is_refused_with_the_reason(code: str) -> None:
    # "oi5" plays a 5 from 24 to 18 (a 6); "615" moves from the blocked 1-point.
    with pytest.raises(BackgammonIllegal) as refused:
        building.stage(backgammon(6, 5), code)
    assert refused.value.code == "bg.build.stale"


def test_checkers_picks_are_squares() -> None:
    options = options_for("checkers", variant="russian")
    session = CheckersSession(options, seats=(ALICE, BOB), game=ck.Game.new("russian"))
    start = building.stage(session, "")
    assert [c.label for c in start.groups[0].choices] == ["21", "22", "23", "24"]
    assert building.stage(session, "0m").shown == "22"  # 22 = "0" * 36 + "m"
    whole = building.stage(session, "0m0i")  # 22, then 18
    assert whole.play == "22-18" and whole.shown == "22-18"
    with pytest.raises(CheckersIllegal) as refused:
        building.stage(session, "0m0j")  # 22 to 19 is no move
    assert refused.value.code == "ck.build.stale"
