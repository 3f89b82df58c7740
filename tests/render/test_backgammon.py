"""Backgammon pictures: size and format, checkers where the rules put them, perspective, marks."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from PIL import Image

from engine.backgammon import Move, Play, Position, Side
from render import (
    DARK,
    LIGHT,
    BackgammonLayout,
    BackgammonScene,
    Prompt,
    Theme,
    draw_backgammon,
    render_backgammon,
)
from render.backgammon_scene import status_line, viewer_point
from render.draw import disc, paste_centred
from tests.render.pictures import count_colour, decode_png, pixel

LAYOUT = BackgammonLayout(800)
BOARD_COLOURS = {LIGHT.felt, LIGHT.point_a, LIGHT.point_b}


def board(
    white: dict[int, int],
    black: dict[int, int],
    *,
    bar: tuple[int, int] = (0, 0),
    turn: Side = Side.WHITE,
) -> Position:
    """A position from {own point: count} per side; checkers not placed are borne off."""
    rows = tuple(tuple(side.get(p, 0) for p in range(1, 25)) for side in (white, black))
    off = (15 - sum(white.values()) - bar[0], 15 - sum(black.values()) - bar[1])
    return Position((rows[0], rows[1]), bar, off, turn)


def picture(scene: BackgammonScene, *, theme: Theme = LIGHT) -> Image.Image:
    return decode_png(render_backgammon(scene, theme=theme))


# The opening position (BG-1) seen by White: White's 24, 13, 8, 6 are its own numbers; Black's
# 24, 13, 8, 6 are White's 1, 12, 17, 19 (a side's point p is the other side's 25 − p).
WHITE_START = {24: 2, 13: 5, 8: 3, 6: 5}
BLACK_SEEN_BY_WHITE = {1: 2, 12: 5, 17: 3, 19: 5}


@pytest.mark.parametrize("width", [320, 400, 800, 1200, 1600])
def test_output_is_png_of_documented_landscape_size(width: int) -> None:
    data = render_backgammon(BackgammonScene(Position.initial()), width=width)
    image = decode_png(data)
    assert image.size == (width, round(width * 0.8))
    assert image.size[0] > image.size[1]


def test_png_is_small() -> None:
    data = render_backgammon(BackgammonScene(Position.initial(), dice=(6, 3)))
    assert len(data) < 60_000


# Where the checkers of the 800-px picture seen by White are, measured on the picture itself
# (the centres of the discs of piece colour), not taken from the layout that draws them: the
# points are 54 px apart, the quadrants either side of the bar (12–7 and 6–1 at the bottom,
# 13–18 and 19–24 above them), and a stack grows 40 px a checker from the edge.
MEASURED_X = {
    **{point: 45 + 54 * (12 - point) for point in range(7, 13)},
    **{point: 411 + 54 * (6 - point) for point in range(1, 7)},
    **{point: 45 + 54 * (point - 13) for point in range(13, 19)},
    **{point: 411 + 54 * (point - 19) for point in range(19, 25)},
}


def measured_slot(point: int, slot: int) -> tuple[int, int]:
    """The centre of the `slot`-th checker (0 at the edge) on `point`, in White's numbering."""
    if point >= 13:
        return MEASURED_X[point], 98 + 40 * slot
    return MEASURED_X[point], 474 - 40 * slot


def test_bg1_opening_checkers_stand_where_the_rules_put_them() -> None:
    image = picture(BackgammonScene(Position.initial()))
    assert image.size == (800, 640)
    for point, count in WHITE_START.items():
        for slot in range(count):
            assert pixel(image, measured_slot(point, slot)) == LIGHT.light_piece, (point, slot)
        # One slot past the stack is no checker of its own (the stack across may reach it).
        assert pixel(image, measured_slot(point, count)) != LIGHT.light_piece, point
    for point, count in BLACK_SEEN_BY_WHITE.items():
        for slot in range(count):
            assert pixel(image, measured_slot(point, slot)) == LIGHT.dark_piece, (point, slot)
        assert pixel(image, measured_slot(point, count)) != LIGHT.dark_piece, point
    occupied = set(WHITE_START) | set(BLACK_SEEN_BY_WHITE)
    for point in set(range(1, 25)) - occupied:
        assert pixel(image, measured_slot(point, 0)) in BOARD_COLOURS, point


def test_bg1_flipping_the_perspective_moves_the_checkers() -> None:
    as_white = picture(BackgammonScene(Position.initial(), viewer=Side.WHITE))
    as_black = picture(BackgammonScene(Position.initial(), viewer=Side.BLACK))
    # The bottom-right point is the viewer's own 6-point: five of the viewer's checkers.
    spot = LAYOUT.checker_centre(6, 0)
    assert pixel(as_white, spot) == LIGHT.light_piece
    assert pixel(as_black, spot) == LIGHT.dark_piece
    # White's 24-point (two checkers) is Black's 1-point: top right for White, bottom right
    # for Black.
    assert pixel(as_white, LAYOUT.checker_centre(24, 0)) == LIGHT.light_piece
    assert pixel(as_black, LAYOUT.checker_centre(1, 0)) == LIGHT.light_piece
    assert pixel(as_black, LAYOUT.checker_centre(24, 0)) == LIGHT.dark_piece


def test_numbered_for_the_other_side_keeps_the_board_and_writes_its_numbers() -> None:
    """A board that holds still for the game can number the points for the player on roll."""
    scene = BackgammonScene(Position.initial(Side.BLACK), viewer=Side.WHITE)
    plain = picture(scene)
    renumbered = picture(replace(scene, numbered_for=Side.BLACK))
    # The same checkers where they were: White's 6-point still bottom right.
    assert pixel(renumbered, LAYOUT.checker_centre(6, 0)) == LIGHT.light_piece
    frame = LAYOUT.frame  # Pillow rounds a box's corners to whole pixels itself
    assert plain.crop(frame).tobytes() == renumbered.crop(frame).tobytes()

    def label(image: Image.Image, point: int) -> bytes:
        x, y = LAYOUT.number_centre(point)
        return image.crop((round(x) - 18, round(y) - 10, round(x) + 18, round(y) + 10)).tobytes()

    # Bottom right now reads 24 (Black's number for White's 1-point), top right reads 1.
    assert label(renumbered, 1) == label(plain, 24) != label(plain, 1)
    assert label(renumbered, 24) == label(plain, 1)


def test_picture_is_for_the_side_to_move_by_default() -> None:
    black_to_move = Position.initial(Side.BLACK)
    image = picture(BackgammonScene(black_to_move))
    assert pixel(image, LAYOUT.checker_centre(6, 0)) == LIGHT.dark_piece


def test_a_stack_past_five_shows_five_checkers_and_its_count() -> None:
    # White: 7 on the 6-point; 5 on the 8-point (no count); Black: 2 on its 1-point.
    position = board({6: 7, 8: 5, 13: 3}, {1: 2})
    image = picture(BackgammonScene(position))
    fill, rim = LIGHT.light_piece, LIGHT.light_edge
    radius = LAYOUT.checker * 0.25  # the square inside the rim
    # The count is written in the rim colour inside the fifth checker; a plain fifth has none.
    assert count_colour(image, LAYOUT.checker_centre(6, 4), radius, rim) > 20
    assert count_colour(image, LAYOUT.checker_centre(8, 4), radius, rim) == 0
    assert pixel(image, LAYOUT.checker_centre(8, 4)) == fill
    # Nothing is drawn past the fifth slot, however tall the stack.
    assert pixel(image, LAYOUT.checker_centre(6, 5)) in BOARD_COLOURS


@pytest.mark.parametrize("width", [320, 800, 1111])
def test_each_stack_is_drawn_as_its_checkers_pasted_one_by_one(width: int) -> None:
    # A stack is pasted as one sprite; it must leave the pixels each checker pasted on its own
    # leaves: points in both halves, every height up to five, and both bars.
    layout = BackgammonLayout(width)
    white = {24: 1, 20: 2, 13: 3, 6: 5}
    black = {18: 1, 16: 2, 9: 4, 2: 5}
    drawn = draw_backgammon(BackgammonScene(board(white, black, bar=(2, 3))), width=width)
    # The same board with every checker borne off, then each checker pasted by hand.
    expected = draw_backgammon(BackgammonScene(board({}, {})), width=width)
    for side, points, on_bar in ((Side.WHITE, white, 2), (Side.BLACK, black, 3)):
        checker = disc(layout.checker, *LIGHT.piece(side == Side.WHITE))
        centres = [
            layout.checker_centre(viewer_point(point, side, Side.WHITE), slot)
            for point, count in points.items()
            for slot in range(count)
        ]
        centres += [layout.bar_centre(side == Side.WHITE, slot) for slot in range(on_bar)]
        for centre in centres:
            paste_centred(expected, checker, centre)
    # The trays and the panel's pip counts differ: the two half boards and the bar must not.
    x0, y0 = (math.floor(v) for v in layout.left_field[:2])
    x1, y1 = (math.ceil(v) for v in layout.right_field[2:])
    assert drawn.crop((x0, y0, x1, y1)).tobytes() == expected.crop((x0, y0, x1, y1)).tobytes()


def test_bg10_bar_and_bg13_borne_off_checkers_are_drawn() -> None:
    # White has 1 on the bar and 4 off; Black has 2 on the bar and none off.
    position = board({6: 5, 5: 5}, {24: 5, 23: 3, 22: 3, 21: 2}, bar=(1, 2))
    image = picture(BackgammonScene(position))
    # The viewer's bar checker sits above the middle, the opponent's below.
    assert pixel(image, LAYOUT.bar_centre(True, 0)) == LIGHT.light_piece
    assert pixel(image, LAYOUT.bar_centre(False, 0)) == LIGHT.dark_piece
    assert pixel(image, LAYOUT.bar_centre(False, 1)) == LIGHT.dark_piece
    assert pixel(image, LAYOUT.bar_centre(True, 1)) == LIGHT.frame
    # Four slabs in the viewer's tray, the fifth slot empty; the opponent's tray is empty.
    for index in range(4):
        x0, y0, x1, y1 = LAYOUT.tray_slab(True, index)
        assert pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) == LIGHT.light_piece
    # (Its middle holds the count, written just past the stack: its edge shows the felt.)
    x0, y0, x1, y1 = LAYOUT.tray_slab(True, 4)
    assert pixel(image, (x0 + LAYOUT.u(3), (y0 + y1) / 2)) == LIGHT.felt
    x0, y0, x1, y1 = LAYOUT.tray_slab(False, 0)
    assert pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) == LIGHT.felt


@pytest.mark.parametrize(("white_off", "black_off"), [(15, 10), (15, 15), (3, 1), (14, 15)])
def test_each_sides_borne_off_count_is_written_against_its_own_stack(
    white_off: int, black_off: int
) -> None:
    """With both sides' checkers off (a finished game), two counts side by side in the tray's
    middle did not say whose was whose: each is written just past the end of its own stack."""
    white = {1: 15 - white_off} if white_off < 15 else {}
    black = {1: 15 - black_off} if black_off < 15 else {}
    image = picture(BackgammonScene(board(white, black), viewer=Side.WHITE))
    x0, tray_top, x1, tray_bottom = LAYOUT.tray

    def ink(top: float, bottom: float) -> int:
        """The count's ink (the theme's text colour) between two heights of the tray."""
        if bottom <= top:
            return 0
        box = image.crop((round(x0), round(top), round(x1), round(bottom)))
        colours = box.getcolors(box.width * box.height) or []
        return sum(count for count, colour in colours if colour == LIGHT.text)

    mine_end = LAYOUT.tray_slab(True, white_off - 1)[1]  # the top of the viewer's stack
    theirs_end = LAYOUT.tray_slab(False, black_off - 1)[3]  # the bottom of the other's
    reach = LAYOUT.u(13) + LAYOUT.text(27)  # a count's height, and a little room
    _, cube_top, _, cube_bottom = LAYOUT.cube_box(None)  # the centred cube writes its 64
    assert ink(mine_end - reach, mine_end) > 0
    assert ink(theirs_end, theirs_end + reach) > 0
    # Nothing else between the two (but the cube), nor on the slabs.
    assert ink(theirs_end + reach, min(cube_top, mine_end - reach)) == 0
    assert ink(max(cube_bottom, theirs_end + reach), mine_end - reach) == 0
    assert ink(tray_top, theirs_end) == ink(mine_end, tray_bottom) == 0


@pytest.mark.parametrize(("dice", "spots"), [((6, 3), (False, True)), ((3, 6), (True, False))])
def test_dice_show_their_numbers_in_the_movers_half(
    dice: tuple[int, int], spots: tuple[bool, bool]
) -> None:
    # A die's centre has a spot for 1, 3 and 5 and none for 2, 4 and 6.
    image = picture(BackgammonScene(Position.initial(), dice=dice))
    for centre, spot in zip(LAYOUT.dice_centres(True, 2), spots, strict=True):
        expected = LIGHT.light_edge if spot else LIGHT.light_piece
        assert pixel(image, centre) == expected
    left_half = LAYOUT.dice_centres(False, 2)
    assert all(pixel(image, c) not in (LIGHT.light_piece, LIGHT.light_edge) for c in left_half)


def test_bg6_doubles_show_four_dice_and_used_ones_fade() -> None:
    image = picture(BackgammonScene(Position.initial(), dice=(5, 5), dice_left=(5, 5)))
    centres = LAYOUT.dice_centres(True, 4)
    assert [pixel(image, c) == LIGHT.light_edge for c in centres] == [True, True, False, False]


def test_last_play_rings_the_landing_checkers_and_marks_the_hit() -> None:
    # Black rolls 2-1 and plays 13/11* 24/23, hitting White's blot on White's 14 (= Black's
    # 11): White goes to the bar, and Black's hitter stands on what White calls its 14-point.
    before = board(
        {24: 1, 14: 1, 13: 5, 8: 3, 6: 5},
        {24: 2, 13: 5, 8: 3, 6: 5},
        turn=Side.BLACK,
    )
    (play,) = [p for p in before.legal_plays((2, 1)) if p.notation() == "24/23 13/11*"]
    after = before.apply(play)
    assert after.bar == (1, 0)
    with_play = picture(BackgammonScene(after, last_play=play))
    without = picture(BackgammonScene(after))
    landing = LAYOUT.checker_centre(14, 0)
    radius = LAYOUT.checker * 0.6
    assert count_colour(with_play, landing, radius, LIGHT.accent) > 40
    assert count_colour(without, landing, radius, LIGHT.accent) == 0
    # The arrow runs from White's 12 (Black's 13) towards 14: its middle is amber.
    source, target = LAYOUT.checker_centre(12, 4), landing
    middle = ((source[0] + target[0]) / 2, (source[1] + target[1]) / 2)
    assert count_colour(with_play, middle, 4, LIGHT.accent) > 5
    assert count_colour(without, middle, 4, LIGHT.accent) == 0


def test_dark_theme_draws_with_its_own_colours() -> None:
    image = picture(BackgammonScene(Position.initial()), theme=DARK)
    assert pixel(image, LAYOUT.checker_centre(6, 0)) == DARK.light_piece
    assert pixel(image, LAYOUT.checker_centre(19, 0)) == DARK.dark_piece
    assert pixel(image, (LAYOUT.width - 2, 2)) == DARK.canvas


def test_status_says_what_the_side_to_act_must_do() -> None:
    start = Position.initial()
    names = ("Ann", "Ben")
    assert status_line(BackgammonScene(start, names=names)) == "Ann to roll"
    assert status_line(BackgammonScene(start, names=names, dice=(6, 3))) == "Ann to play 6-3"
    double = BackgammonScene(
        start, names=names, prompt=Prompt.TAKE_OR_PASS, cube=2, cube_owner=Side.WHITE
    )
    assert status_line(double) == "Ann doubles to 4: Ben to take or pass"
    # The picture of a double is for the taker.
    assert double.perspective == Side.BLACK
    # BG-15: a resignation waits for the other side's answer, offered on either side's turn.
    offered = BackgammonScene(start, names=names, resignation=(Side.BLACK, 2))
    assert status_line(offered) == "Ben offers to resign a gammon: Ann to accept or decline"
    assert offered.action is Prompt.ANSWER_RESIGNATION and offered.actor == Side.WHITE
    after_roll = BackgammonScene(start, names=names, dice=(6, 3), resignation=(Side.WHITE, 1))
    assert status_line(after_roll) == (
        "Ann offers to resign a single game: Ben to accept or decline"
    )
    assert after_roll.actor == Side.BLACK
    # BG-13: Black has borne off none -> gammon; with a checker in White's home -> backgammon.
    gammon = board({}, {6: 15}, turn=Side.BLACK)
    assert status_line(BackgammonScene(gammon, names=names)) == "Ann wins a gammon"
    backgammon = board({}, {6: 14, 20: 1}, turn=Side.BLACK)
    assert status_line(BackgammonScene(backgammon, names=names)) == "Ann wins a backgammon"
    single = board({}, {6: 14}, turn=Side.BLACK)
    assert status_line(BackgammonScene(single, names=names)) == "Ann wins a single game"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dice": (7, 1)}, "dice must be two numbers 1–6"),
        ({"dice": (6, 3), "dice_left": (5,)}, "not part of the roll"),
        ({"dice_left": (3,)}, "needs the dice"),
        ({"cube": 3}, "cube must be one of"),
        ({"cube": 2}, "a cube above 1 has an owner"),
        ({"match_length": 5, "score": (6, 0)}, "past the match length"),
        ({"crawford": True}, "Crawford game needs a match length"),
        (
            {"crawford": True, "match_length": 5, "cube": 2, "cube_owner": Side.WHITE},
            "no doubling in the Crawford game",
        ),
        ({"cube_owner": Side.WHITE}, "a cube at 1 is in the middle"),
        ({"prompt": Prompt.MOVE}, "before the dice are rolled"),
        ({"names": ("Solo",)}, "one name per side"),
        # BG-14: White is to roll, so only White may double, with its own or a centred cube.
        (
            {"prompt": Prompt.TAKE_OR_PASS, "cube": 2, "cube_owner": Side.BLACK},
            "only the cube's owner",
        ),
        ({"prompt": Prompt.TAKE_OR_PASS, "cube": 64, "cube_owner": Side.WHITE}, "past 64"),
        ({"prompt": Prompt.TAKE_OR_PASS, "dice": (3, 1)}, "before the roll"),
        ({"prompt": Prompt.TAKE_OR_PASS, "cube_in_play": False}, "without the cube"),
        ({"prompt": Prompt.ANSWER_RESIGNATION}, "needs the resignation offered"),
        ({"resignation": (Side.WHITE, 4)}, "size 1, 2 or 3"),
        ({"resignation": (Side.WHITE, 1), "prompt": Prompt.ROLL}, "waits for its answer"),
    ],
)
def test_bad_scene_is_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BackgammonScene(Position.initial(), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("width", [100, 319, 1601, 5000])
def test_width_out_of_range_is_refused(width: int) -> None:
    with pytest.raises(ValueError, match="width must be 320–1600"):
        render_backgammon(BackgammonScene(Position.initial()), width=width)


def test_width_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="width must be an int"):
        render_backgammon(BackgammonScene(Position.initial()), width=800.0)  # type: ignore[arg-type]


def test_a_hit_gets_a_cross_badge_that_a_quiet_move_does_not() -> None:
    # Black's 13/11 onto White's 14-point, once marked as a hit and once not: only the hit
    # carries the badge on the landing checker's outer rim.
    after = board(
        {24: 1, 13: 5, 8: 3, 6: 5},
        {24: 2, 13: 4, 11: 1, 8: 3, 6: 5},
        bar=(1, 0),
    )
    x, y = LAYOUT.checker_centre(14, 0)
    badge = (x + LAYOUT.checker * 0.35, y - LAYOUT.checker / 2)
    hit = picture(BackgammonScene(after, last_play=Play((Move(13, 11, hit=True),))))
    quiet = picture(BackgammonScene(after, last_play=Play((Move(13, 11),))))
    assert count_colour(hit, badge, 6, LIGHT.accent) > count_colour(quiet, badge, 6, LIGHT.accent)
    assert count_colour(hit, badge, 6, LIGHT.accent_edge) > 10


def test_bg12_borne_off_checkers_of_the_last_play_are_outlined_in_the_tray() -> None:
    # Black bears off 6/off 5/off with 6-5 (BG-12); seen from White, Black's tray is the upper.
    before = board({6: 5, 8: 3, 13: 5}, {1: 2, 2: 2, 3: 3, 4: 3, 5: 2, 6: 3}, turn=Side.BLACK)
    (play,) = [p for p in before.legal_plays((6, 5)) if p.notation() == "6/off 5/off"]
    after = before.apply(play)
    assert after.off[Side.BLACK] == 2
    marked = picture(BackgammonScene(after, last_play=play))
    plain = picture(BackgammonScene(after))
    for index in (0, 1):
        x0, y0, _, y1 = LAYOUT.tray_slab(False, index)
        rim = (x0 + 1, (y0 + y1) / 2)
        assert count_colour(marked, rim, 2, LIGHT.accent) > 0
        assert count_colour(plain, rim, 2, LIGHT.accent) == 0


@pytest.mark.parametrize("width", [400, 800, 1600])
def test_a_long_prompt_wraps_to_two_lines_whole(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long names and a wordier language: the whole prompt is written, on two lines, in the
    band under the board, at one size."""
    import render.backgammon

    prompts = [
        "Maximilian-Alexander doubles to 64: Anna-Katharina to take or pass",
        "Maximilian offers to resign a backgammon: Anna-Katharina to accept or decline",
        "Maximilian-Alexander verdoppelt auf 64: Anna-Katharina, nimmst du an oder gibst du auf?",
    ]
    for prompt in prompts:
        written: list[tuple[str, int, float]] = []

        def note(
            image: Image.Image,
            where: tuple[float, float],
            text: str,
            *,
            size: int,
            max_width: float,
            _written: list[tuple[str, int, float]] = written,
            **kw: object,
        ) -> None:
            _written.append((text, size, max_width))

        monkeypatch.setattr(render.backgammon, "status_line", lambda scene, p=prompt: p)
        monkeypatch.setattr(render.backgammon, "text_fitted", note)
        draw_backgammon(BackgammonScene(Position.initial()), width=width)
        band = BackgammonLayout(width).status_band
        lines = [(t, size) for t, size, room in written if room == band[2] - band[0]]
        assert " ".join(t for t, _ in lines[:2]) == prompt
        assert {size for _, size in lines[:2]} == {BackgammonLayout(width).text(27)}
