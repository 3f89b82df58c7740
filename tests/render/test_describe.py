"""Alt text: it speaks the prompt and names every occupied point or square, within 1024 chars."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.backgammon import Position, Side
from engine.checkers import Color, Game
from engine.checkers import Position as CheckersPosition
from render import ENGLISH, MAX_ALT_TEXT, BackgammonScene, CheckersScene, Prompt, describe

NAMES = ("Alice", "Bob")


def sentence(text: str, start: str) -> str:
    """The sentence of `text` that begins with `start`."""
    match = re.search(rf"(?:^|\. ){re.escape(start)}([^.]*)\.", text)
    assert match is not None, f"no sentence starting {start!r} in {text!r}"
    return match.group(1)


def test_bg1_opening_alt_text_names_every_occupied_point_from_the_readers_side() -> None:
    scene = BackgammonScene(Position.initial(), names=NAMES, dice=(6, 3), reader=Side.WHITE)
    text = describe(scene)
    assert text.startswith("Your turn, 6-3 to play.")
    # BG-1 start, and Black's 24, 13, 8, 6 seen from White's side as 1, 12, 17, 19.
    assert sentence(text, "You:") == " 6-point 5, 8-point 3, 13-point 5, 24-point 2"
    assert sentence(text, "Bob:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"
    assert "Pips: you 167, Bob 167" in text


def test_alt_text_follows_the_reader() -> None:
    text = describe(BackgammonScene(Position.initial(), names=NAMES, reader=Side.BLACK))
    assert text.startswith("Alice's turn, to roll.")
    assert "You are Bob, Black" in text
    assert sentence(text, "Alice:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"


def test_without_a_reader_alt_text_speaks_in_the_third_person() -> None:
    """A picture everyone sees: the prompt as drawn, each side by name, no "you"."""
    scene = BackgammonScene(Position.initial(), names=NAMES, dice=(6, 3), match_length=5)
    text = describe(scene)
    assert text.startswith("Alice to play 6-3. Points are numbered from Alice's side.")
    assert sentence(text, "Alice, White:") == " 6-point 5, 8-point 3, 13-point 5, 24-point 2"
    assert sentence(text, "Bob, Black:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"
    assert "Pips: Alice 167, Bob 167." in text
    assert "Match to 5: Alice 0, Bob 0." in text
    assert not re.search(r"\b(you|your)\b", text, re.IGNORECASE)


def test_points_are_spoken_as_numbered_on_the_picture() -> None:
    """Seen from White's side but numbered for Black, the player on roll: Black's numbers."""
    position = Position.initial(Side.BLACK)
    scene = BackgammonScene(position, names=NAMES, viewer=Side.WHITE, numbered_for=Side.BLACK)
    text = describe(scene)
    assert "Points are numbered from Bob's side." in text
    assert sentence(text, "Bob, Black:") == " 6-point 5, 8-point 3, 13-point 5, 24-point 2"
    assert sentence(text, "Alice, White:") == " 1-point 2, 12-point 5, 17-point 3, 19-point 5"


def test_a_reader_sees_the_board_from_their_own_side() -> None:
    with pytest.raises(ValueError, match="their own side"):
        BackgammonScene(Position.initial(), viewer=Side.WHITE, reader=Side.BLACK)
    with pytest.raises(ValueError, match="their own side"):
        BackgammonScene(Position.initial(), numbered_for=Side.WHITE, reader=Side.BLACK)
    with pytest.raises(ValueError, match="their own side"):
        CheckersScene(CheckersPosition.initial("box"), viewer=Color.WHITE, reader=Color.BLACK)


def test_every_occupied_point_bar_and_tray_is_named_after_real_plays() -> None:
    position = Position.initial()
    for dice in [(6, 4), (5, 2), (6, 6), (3, 1), (4, 4), (6, 5), (2, 1), (5, 5)]:
        position = position.apply(position.legal_plays(dice)[-1])
    viewer = position.turn
    text = describe(BackgammonScene(position, names=NAMES, reader=viewer))
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
        reader=Side.BLACK,
    )
    text = describe(scene)
    assert text.startswith("Your turn, 5-5 rolled, three 5s still to play.")
    assert "Match to 7, Crawford game: you 6, Alice 3." in text
    assert "Cube in the middle." in text
    owned = BackgammonScene(after, names=NAMES, cube=2, cube_owner=Side.WHITE, reader=Side.BLACK)
    assert "Cube at 2, owned by Alice." in describe(owned)
    assert "Cube at 2, owned by you." in describe(replace(owned, reader=Side.WHITE))
    assert f"Last play by Alice: {play.notation()}, in Alice's numbering." in text


def test_take_or_pass_is_put_to_the_taker() -> None:
    scene = BackgammonScene(
        Position.initial(),
        names=NAMES,
        prompt=Prompt.TAKE_OR_PASS,
        cube=2,
        cube_owner=Side.WHITE,
        reader=Side.BLACK,
    )
    assert describe(scene).startswith("Alice doubles to 4; take or pass?")
    public = describe(replace(scene, reader=None))
    assert public.startswith("Alice doubles to 4: Bob to take or pass. Points are numbered")


def test_a_resignation_offer_is_put_to_the_other_side() -> None:
    scene = BackgammonScene(
        Position.initial(), names=NAMES, dice=(6, 5), resignation=(Side.WHITE, 2)
    )
    public = describe(scene)
    assert public.startswith(
        "Alice offers to resign a gammon: Bob to accept or decline. Points are numbered"
    )
    assert "Dice 6-5." in public
    assert not re.search(r"\b(you|your)\b", public, re.IGNORECASE)
    assert describe(replace(scene, reader=Side.BLACK)).startswith(
        "Alice offers to resign a gammon; accept or decline? You are Bob, Black;"
    )
    assert describe(replace(scene, reader=Side.WHITE)).startswith(
        "You offer to resign a gammon; Bob to accept or decline. You are Alice, White;"
    )


def test_a_draw_offer_is_put_to_the_other_side() -> None:
    scene = CheckersScene(CheckersPosition.initial("box"), names=NAMES, draw_offered_by=Color.BLACK)
    public = describe(scene)
    assert public.startswith(
        "Bob offers a draw: Alice to accept or decline. Checkers (box rules), 8×8."
    )
    assert not re.search(r"\b(you|your)\b", public, re.IGNORECASE)
    assert describe(replace(scene, reader=Color.WHITE)).startswith(
        "Bob offers a draw; accept or decline? Checkers (box rules), 8×8."
    )
    assert describe(replace(scene, reader=Color.BLACK)).startswith(
        "You offer a draw; Alice to accept or decline. Checkers (box rules), 8×8."
    )


def test_checkers_alt_text_names_every_piece_square() -> None:
    position = CheckersPosition.from_fen("W:W21,22,K30:B1,2,K5", "box")
    text = describe(CheckersScene(position, names=NAMES, reader=Color.WHITE))
    assert text.startswith("Your turn.")
    assert "You: men on 21, 22; kings on 30." in text
    assert "Bob: men on 1, 2; kings on 5." in text
    public = describe(CheckersScene(position, names=NAMES, viewer=Color.BLACK))
    assert public.startswith("Alice to move. Checkers (box rules), 8×8. At the bottom: Bob, Black.")
    assert (
        "Bob, Black: men on 1, 2; kings on 5. Alice, White: men on 21, 22; kings on 30." in public
    )
    assert not re.search(r"\b(you|your)\b", public, re.IGNORECASE)


def test_checkers_alt_text_says_capture_is_compulsory_and_last_move() -> None:
    game = Game.new("box").play("22-18").play("11-15")
    scene = CheckersScene(game.position, names=NAMES, last_move=game.moves[-1], reader=Color.WHITE)
    text = describe(scene)
    assert text.startswith("Your turn, capture is compulsory.")
    assert text.endswith("Last move by Bob: 11-15.")
    read_by_black = describe(replace(scene, reader=Color.BLACK))
    assert read_by_black.startswith("Alice's turn")
    assert read_by_black.endswith("Last move by you: 11-15.")
    public = describe(replace(scene, reader=None))
    assert public.startswith("Alice to move: capture is compulsory.")
    assert public.endswith("Last move by Bob: 11-15.")


def test_a_caption_says_how_the_game_ended() -> None:
    """The bot's final boards (resigned, on time, called off) are captioned: no one is to move."""
    position = Game.new("box").play("22-18").position
    ended = "Bob wins: Alice resigned"
    for reader in (None, Color.WHITE):
        text = describe(CheckersScene(position, names=NAMES, caption=ended, reader=reader))
        assert text.startswith("Bob wins: Alice resigned.")
        assert "turn" not in text and "to move" not in text
    scene = BackgammonScene(Position.initial(), names=NAMES, caption="Alice wins on time")
    assert describe(scene).startswith("Alice wins on time. ")
    read = describe(replace(scene, reader=Side.BLACK))
    assert read.startswith("Alice wins on time. You are Bob")


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


def test_a_caption_ends_with_the_full_stop_of_its_language() -> None:
    """A caption has no full stop on the picture; the alt text adds the language's (`.` in
    English, `。` in Chinese, also after a roll such as 3-1), and nothing after a caption that
    already ends a sentence."""
    scene = BackgammonScene(Position.initial(), names=NAMES, dice=(6, 3))
    chinese = replace(ENGLISH, full_stop="。")
    for caption, words, first in [
        ("Alice wins", ENGLISH, "Alice wins."),
        ("Alice 以单倍胜获胜", chinese, "Alice 以单倍胜获胜。"),
        ("轮到 Alice 走 3-1", chinese, "轮到 Alice 走 3-1。"),
        ("Alice 赢了！", chinese, "Alice 赢了！"),
    ]:
        text = describe(replace(scene, caption=caption, words=words))
        assert text.startswith(first + " ")
