"""Animated end-of-game recaps: one GIF frame per move, on the theme's fixed palette."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from PIL import Image

from engine.backgammon import Play, Position, Side
from engine.checkers import Color, Game
from render.backgammon_scene import BackgammonScene
from render.checkers import CheckersScene
from render.describe import MAX_ALT_TEXT
from render.encode import gif_bytes, to_palette
from render.scenes import Scene, describe, draw_scene
from render.theme import LIGHT, Theme
from render.words import ENGLISH, Words

# A recap is watched, not studied: about a second per move, with time to take in the start
# and a long hold on the final position before the loop restarts.
FIRST_FRAME_MS = 1500
MOVE_FRAME_MS = 1000
LAST_FRAME_MS = 4000
REPLAY_WIDTH = 480


def frame_durations(count: int) -> list[int]:
    """Milliseconds per frame for a replay of `count` frames."""
    if count < 1:
        raise ValueError("a replay needs at least one frame")
    if count == 1:
        return [LAST_FRAME_MS]
    return [FIRST_FRAME_MS] + [MOVE_FRAME_MS] * (count - 2) + [LAST_FRAME_MS]


def replay_frames(
    scenes: Sequence[Scene], *, theme: Theme = LIGHT, width: int = REPLAY_WIDTH
) -> Iterator[Image.Image]:
    """Each scene's frame, on the theme's palette, one at a time: a caller with other work may
    do it between two frames (see `replay_gif`)."""
    for scene in scenes:
        frame = draw_scene(scene, theme=theme, width=width)
        # Each frame goes onto the palette at once: a third of the memory of keeping RGB frames.
        yield to_palette(frame, theme)


def replay_of(frames: Sequence[Image.Image], theme: Theme = LIGHT) -> bytes:
    """The looping GIF of `replay_frames`' frames (start position first, final position last)."""
    return gif_bytes(frames, frame_durations(len(frames)), theme)


def replay_gif(
    scenes: Sequence[Scene], *, theme: Theme = LIGHT, width: int = REPLAY_WIDTH
) -> bytes:
    """A looping GIF with one frame per scene (start position first, final position last)."""
    return replay_of(list(replay_frames(scenes, theme=theme, width=width)), theme)


def describe_replay(scenes: Sequence[Scene]) -> str:
    """Alt text for a replay: how many moves, then the final picture's description.

    Worded in the final scene's words, as the replay builders give every frame the same.
    """
    if not scenes:
        raise ValueError("a replay needs at least one frame")
    moves = len(scenes) - 1
    words = scenes[-1].words
    text = words.count(words.replay_alt, moves, final=describe(scenes[-1]))
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"


def backgammon_replay_scenes(
    start: Position,
    turns: Sequence[tuple[tuple[int, int], Play]],
    *,
    names: tuple[str, str] = ("White", "Black"),
    viewer: Side = Side.WHITE,
    words: Words = ENGLISH,
) -> list[BackgammonScene]:
    """Scenes for a backgammon recap: the start, then the board after each (dice, play) turn.

    Every play is checked against `legal_plays`; a wrong one raises ValueError naming the turn.
    The whole recap is numbered for `viewer`, so the board does not turn round between frames.
    """
    # The recap does not track the cube, so none is drawn rather than a misleading one.
    scenes = [
        BackgammonScene(
            start,
            names=names,
            viewer=viewer,
            caption=words.replay_start,
            cube_in_play=False,
            words=words,
        )
    ]
    position = start
    for number, (dice, play) in enumerate(turns, start=1):
        mover = position.turn
        if play not in position.legal_plays(dice):
            raise ValueError(
                f"turn {number}: {play.notation()} is not a legal play of {dice[0]}-{dice[1]}"
            )
        position = position.apply(play)
        caption = words.replay_bg_turn.format(
            number=number, name=names[mover], roll=f"{dice[0]}-{dice[1]}", play=play.notation()
        )
        winner = position.winner()
        if winner is not None:
            caption = words.replay_bg_won.format(turn=caption, name=names[winner])
        last = play if play.moves else None
        scenes.append(
            BackgammonScene(
                position,
                names=names,
                viewer=viewer,
                last_play=last,
                caption=caption,
                cube_in_play=False,
                words=words,
            )
        )
    return scenes


def checkers_replay_scenes(
    game: Game, *, names: tuple[str, str] = ("White", "Black"), words: Words = ENGLISH
) -> list[CheckersScene]:
    """Scenes for a checkers recap: the start, then the board after each move of `game`.

    The board keeps the first mover's orientation throughout, so pieces do not jump about.
    """
    first = game.positions[0]
    viewer = first.turn
    scenes = [
        CheckersScene(first, names=names, viewer=viewer, caption=words.replay_start, words=words)
    ]
    pairs = list(zip(game.moves, game.positions[1:], strict=True))
    ended = game.result()
    for number, (move, position) in enumerate(pairs, start=1):
        mover = names[0] if position.turn.opponent is Color.WHITE else names[1]
        caption = words.replay_ck_turn.format(number=number, name=mover, move=move.pdn())
        if number == len(pairs) and ended is not None:
            # The result names the winning colour, as the engine's own description does.
            if ended.winner is None:
                templates = words.replay_ck_draw
            elif ended.winner is Color.WHITE:
                templates = words.replay_ck_white_wins
            else:
                templates = words.replay_ck_black_wins
            caption = templates[ended.reason].format(turn=caption)
        scenes.append(
            CheckersScene(
                position,
                names=names,
                viewer=viewer,
                last_move=move,
                caption=caption,
                words=words,
            )
        )
    return scenes
