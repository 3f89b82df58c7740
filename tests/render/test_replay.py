"""Animated recaps: one frame per move, sensible timing, a small looping GIF."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.backgammon import Move, Play, Position, Side
from engine.checkers import Game
from render import (
    LIGHT,
    backgammon_replay_scenes,
    checkers_replay_scenes,
    describe_replay,
    replay_gif,
)
from render.backgammon_layout import BackgammonLayout
from render.replay import FIRST_FRAME_MS, LAST_FRAME_MS, MOVE_FRAME_MS, frame_durations

CHECKERS_MOVES = ["22-18", "11-15", "18x11", "8x15", "24-19", "15x24", "28x19"]


def frames(data: bytes) -> list[tuple[Image.Image, int]]:
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF"
    assert gif.info.get("loop") == 0
    out = []
    for index in range(getattr(gif, "n_frames", 1)):
        gif.seek(index)
        out.append((gif.convert("RGB"), int(gif.info["duration"])))
    return out


def test_checkers_replay_has_one_frame_per_move_and_the_start() -> None:
    game = Game.new("box")
    for move in CHECKERS_MOVES:
        game = game.play(move)
    scenes = checkers_replay_scenes(game, names=("Ann", "Ben"))
    assert len(scenes) == len(CHECKERS_MOVES) + 1
    assert scenes[3].caption == "3. Ann: 18x11"
    decoded = frames(replay_gif(scenes, width=480))
    assert len(decoded) == len(scenes)
    assert [d for _, d in decoded] == frame_durations(len(scenes))
    assert all(image.size == (480, 384) for image, _ in decoded)


def test_the_last_caption_says_how_the_game_ended() -> None:
    """White takes Black's last man (CK-10); a draw agreed (CK-12): one sentence each."""
    won = Game.new("box", "W:W18:B15").play("18x11")
    scenes = checkers_replay_scenes(won, names=("Ann", "Ben"))
    assert scenes[-1].caption == "1. Ann: 18x11. White wins: no pieces left."
    drawn = Game.new("box").play("22-18").agree_draw()
    scenes = checkers_replay_scenes(drawn, names=("Ann", "Ben"))
    assert scenes[-1].caption == "1. Ann: 22-18. Draw: draw agreed."


def test_frame_times_hold_the_start_and_the_end() -> None:
    assert frame_durations(1) == [LAST_FRAME_MS]
    assert frame_durations(4) == [FIRST_FRAME_MS, MOVE_FRAME_MS, MOVE_FRAME_MS, LAST_FRAME_MS]
    assert FIRST_FRAME_MS > MOVE_FRAME_MS >= 500
    with pytest.raises(ValueError, match="at least one frame"):
        frame_durations(0)


def test_backgammon_replay_frames_show_each_position_from_one_side() -> None:
    start = Position.initial()
    turns: list[tuple[tuple[int, int], Play]] = []
    position = start
    for dice in [(3, 1), (6, 4), (5, 5), (2, 1)]:
        play = position.legal_plays(dice)[0]
        turns.append((dice, play))
        position = position.apply(play)
    scenes = backgammon_replay_scenes(start, turns, names=("Ann", "Ben"))
    decoded = frames(replay_gif(scenes, width=480))
    assert len(decoded) == 5
    layout = BackgammonLayout(480)
    # The start frame shows White's five on its 6-point from White's side (BG-1); every frame
    # keeps White's numbering, so Black's 6-point stays top right (White's 19).
    first, _ = decoded[0]
    x, y = layout.checker_centre(6, 0)
    assert first.getpixel((round(x), round(y))) == LIGHT.light_piece
    x, y = layout.checker_centre(19, 0)
    assert all(image.getpixel((round(x), round(y))) == LIGHT.dark_piece for image, _ in decoded)
    assert scenes[1].caption is not None and scenes[1].caption.startswith("1. Ann 3-1: ")


def test_a_long_replay_stays_small() -> None:
    game = Game.new("box")
    for _ in range(40):
        moves = game.position.legal_moves()
        if not moves or game.result() is not None:
            break
        game = game.play(moves[len(game.moves) % len(moves)])
    data = replay_gif(checkers_replay_scenes(game))
    # Delta frames: about 5 KB a move at 480 px, far under Discord's upload limit.
    assert len(data) < 10_000 * (len(game.moves) + 1)


def test_an_illegal_turn_is_refused_naming_the_turn() -> None:
    bogus = Play((Move(24, 20), Move(24, 20)))
    with pytest.raises(ValueError, match=r"turn 1: .* is not a legal play of 6-1"):
        backgammon_replay_scenes(Position.initial(), [((6, 1), bogus)])


def test_replay_alt_text_counts_moves_and_describes_the_end() -> None:
    game = Game.new("box").play("22-18")
    text = describe_replay(checkers_replay_scenes(game, names=("Ann", "Ben")))
    assert text.startswith("Animated replay of 1 move. Final position: 1. Ann: 22-18. ")
    assert "Ben, Black: men on 1, 2, 3" in text
    assert "You" not in text  # a recap is for everyone: the third person


def test_replay_without_frames_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        replay_gif([])
    with pytest.raises(TypeError, match="board scene"):
        replay_gif([Side.WHITE])  # type: ignore[list-item]
