"""Alt text: it speaks the prompt and names every occupied point or square, within 1024 chars."""

from __future__ import annotations

import re

import pytest

from engine.backgammon import Position, Side
from engine.checkers import Color, Game
from engine.checkers import Position as CheckersPosition
from render import MAX_ALT_TEXT, BackgammonScene, CheckersScene, Prompt, describe

NAMES = ("Alice", "Bob")


def sentence(text: str, start: str) -> str:
    """The sentence of `text` that begins with `start`."""
    match = re.search(rf"(?:^|\. ){re.escape(start)}([^.]*)\.", text)
    assert match is not None, f"no sentence starting {start!r} in {text!r}"
    return match.group(1)


def test_bg1_opening_alt_text_names_every_occupied_point_from_the_viewers_side() -> None:
    text = describe(BackgammonScene(Position.initial(), names=NAMES, dice=(6, 3)))
    assert text.startswith("Your turn, 6-3 to play.")
    # BG-1 start, and Black's 24, 13, 8, 6 seen from White's side as 1, 12, 17, 19.
    assert sentence(text, "You:") == " 6-point 5, 8-point 3, 13-point 5, 24-point 2"
    assert sentence(text, "Bob:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"
    assert "Pips: you 167, Bob 167" in text


def test_alt_text_follows_the_perspective() -> None:
    text = describe(BackgammonScene(Position.initial(), names=NAMES, viewer=Side.BLACK))
    assert text.startswith("Alice's turn, to roll.")
    assert "You are Bob, Black" in text
    assert sentence(text, "Alice:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"


def test_every_occupied_point_bar_and_tray_is_named_after_real_plays() -> None:
    position = Position.initial()
    for dice in [(6, 4), (5, 2), (6, 6), (3, 1), (4, 4), (6, 5), (2, 1), (5, 5)]:
        position = position.apply(position.legal_plays(dice)[-1])
    viewer = position.turn
    text = describe(BackgammonScene(position, names=NAMES))
    for side, start in ((viewer, "You:"), (viewer.opponent, f"{NAMES[viewer.opponent]}:")):
        spoken = sentence(text, start)
        for own in range(1, 25):
            count = position.count(side, own)
            seen = own if side == viewer else 25 - own  # BG-1: p is the other side's 25 − p
            if count:
                assert f" {seen}-point {count}" in spoken, (seen, spoken)
            else:
                assert f" {seen}-point " not in spoken
        assert ("bar" in spoken) == bool(position.bar[side])


def test_alt_text_speaks_dice_left_cube_match_and_last_play() -> None:
    start = Position.initial()
    play = start.legal_plays((4, 2))[0]
    after = start.apply(play)
    scene = BackgammonScene(
        after,
        names=NAMES,
        dice=(5, 5),
        dice_left=(5, 5, 5),
        match_length=7,
        score=(3, 6),
        crawford=True,
        last_play=play,
    )
    text = describe(scene)
    assert text.startswith("Your turn, 5-5 rolled, three 5s still to play.")
    assert "Match to 7, Crawford game: you 6, Alice 3." in text
    assert "Cube in the middle." in text
    owned = BackgammonScene(after, names=NAMES, cube=2, cube_owner=Side.WHITE)
    assert "Cube at 2, owned by Alice." in describe(owned)
    assert f"Last play by Alice: {play.notation()}, in Alice's numbering." in text


def test_take_or_pass_is_put_to_the_taker() -> None:
    scene = BackgammonScene(
        Position.initial(), names=NAMES, prompt=Prompt.TAKE_OR_PASS, cube=2, cube_owner=Side.WHITE
    )
    assert describe(scene).startswith("Alice doubles to 4; take or pass?")


def test_checkers_alt_text_names_every_piece_square() -> None:
    position = CheckersPosition.from_fen("W:W21,22,K30:B1,2,K5", "box")
    text = describe(CheckersScene(position, names=NAMES))
    assert text.startswith("Your turn.")
    assert "You: men on 21, 22; kings on 30." in text
    assert "Bob: men on 1, 2; kings on 5." in text


def test_checkers_alt_text_says_capture_is_compulsory_and_last_move() -> None:
    game = Game.new("box").play("22-18").play("11-15")
    text = describe(CheckersScene(game.position, names=NAMES, last_move=game.moves[-1]))
    assert text.startswith("Your turn, capture is compulsory.")
    assert text.endswith("Last move by Bob: 11-15.")
    seen_from_black = describe(CheckersScene(game.position, names=NAMES, viewer=Color.BLACK))
    assert seen_from_black.startswith("Alice's turn")


@pytest.mark.parametrize("variant", ["box", "international"])
def test_alt_text_fits_discords_limit_even_with_long_names(variant: str) -> None:
    long_names = ("A" * 32, "B" * 32)
    position = CheckersPosition.initial(variant)
    text = describe(CheckersScene(position, names=long_names))
    assert len(text) <= MAX_ALT_TEXT
    for square, _ in position.pieces():
        assert re.search(rf"\b{square}\b", text), square


def test_describe_refuses_other_values() -> None:
    with pytest.raises(TypeError, match="BackgammonScene or CheckersScene"):
        describe("a board")  # type: ignore[arg-type]
