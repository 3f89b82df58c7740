"""Regenerate the picture gallery in docs/images/ (run: .venv/bin/python scripts/gallery.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from engine.backgammon import Play, Position, Side
from engine.checkers import Game
from engine.checkers import Position as CheckersPosition
from render import (
    DARK,
    LIGHT,
    BackgammonScene,
    CheckersScene,
    backgammon_replay_scenes,
    checkers_replay_scenes,
    describe,
    describe_replay,
    render_png,
    replay_gif,
)

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ("Alice", "Bob")


def find_play(position: Position, dice: tuple[int, int], text: str) -> Play:
    """The legal play written `text` (fails loudly if the engine disagrees)."""
    for play in position.legal_plays(dice):
        if play.notation() == text:
            return play
    choices = ", ".join(p.notation() for p in position.legal_plays(dice))
    raise SystemExit(f"{text} is not legal with {dice}: {choices}")


def opening() -> BackgammonScene:
    """The opening position (BG-1), White to play an opening 3-1."""
    return BackgammonScene(Position.initial(), names=NAMES, dice=(3, 1), match_length=7)


def bar_and_cube() -> BackgammonScene:
    """White was hit twice after taking a double; now on the bar, facing a 4-3."""
    position = Position.initial()
    for dice, text in (((6, 2), "24/18 13/11"), ((6, 1), "13/7* 8/7"), ((6, 4), "bar/21 11/5")):
        position = position.apply(find_play(position, dice, text))
    last = find_play(position, (4, 1), "24/20* 6/5")
    position = position.apply(last)
    return BackgammonScene(
        position,
        names=NAMES,
        dice=(4, 3),
        cube=2,
        cube_owner=Side.WHITE,
        match_length=7,
        score=(3, 5),
        last_play=last,
        clock=(272, 1385),
    )


def bear_off() -> BackgammonScene:
    """Both sides bearing off in the Crawford game; Black to play 6-5 (BG-12)."""
    white = (1, 1, 3, 2, 3, 2, *([0] * 18))
    black = (0, 2, 2, 4, 2, 3, *([0] * 18))
    position = Position((white, black), (0, 0), (3, 2), Side.BLACK)
    return BackgammonScene(
        position, names=NAMES, dice=(6, 5), match_length=5, score=(2, 4), crawford=True
    )


def checkers_middle_game() -> CheckersScene:
    """A box-rules middle game with kings on both sides, just after a capture.

    Found by a seeded random playout (the first seed whose game reaches such a position), so
    the picture is the same on every run.
    """
    for seed in range(1000):
        rng = random.Random(seed)
        game = Game.new("box")
        while game.outcome() is None and len(game.moves) < 90:
            game = game.play(rng.choice(game.position.legal_moves()))
            pieces = [piece for _, piece in game.position.pieces()]
            kings = {piece.color for piece in pieces if piece.king}
            if len(kings) == 2 and len(pieces) >= 10 and game.moves[-1].is_capture:
                return CheckersScene(game.position, names=NAMES, last_move=game.moves[-1])
    raise SystemExit("no seed gave a middle game with kings")


def international() -> CheckersScene:
    """International draughts on 10×10 after a few opening moves."""
    game = Game.new("international")
    for move in ["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]:
        game = game.play(move)
    return CheckersScene(game.position, names=NAMES, last_move=game.moves[-1])


def checkers_dark() -> CheckersScene:
    """A kings endgame from Black's side, for the dark theme."""
    position = CheckersPosition.from_fen("B:W18,K26,K3:B10,K27,K14", "box")
    return CheckersScene(position, names=NAMES, clock=(3 * 86_400 + 7200, 41_000))


def main() -> None:
    """Write every gallery picture and print its size and alt text."""
    OUT.mkdir(parents=True, exist_ok=True)
    pictures: list[tuple[str, Callable[[], BackgammonScene | CheckersScene], bool]] = [
        ("backgammon-opening.png", opening, False),
        ("backgammon-bar-cube.png", bar_and_cube, False),
        ("backgammon-bear-off.png", bear_off, False),
        ("backgammon-dark.png", bar_and_cube, True),
        ("checkers-middle-game.png", checkers_middle_game, False),
        ("checkers-10x10.png", international, False),
        ("checkers-dark.png", checkers_dark, True),
    ]
    for name, make, dark in pictures:
        scene = make()
        data = render_png(scene, theme=DARK if dark else LIGHT)
        (OUT / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes\n  alt: {describe(scene)}")
    # The size a phone shows a chat image at: the layout must still read here.
    data = render_png(bar_and_cube(), width=400)
    (OUT / "backgammon-400px.png").write_bytes(data)
    print(f"backgammon-400px.png: {len(data):,} bytes")
    game = Game.new("box")
    for move in ["22-18", "11-15", "18x11", "8x15", "24-19", "15x24", "28x19", "9-14", "19-16"]:
        game = game.play(move)
    scenes = checkers_replay_scenes(game, names=NAMES)
    data = replay_gif(scenes)
    (OUT / "checkers-replay.gif").write_bytes(data)
    print(f"checkers-replay.gif: {len(data):,} bytes\n  alt: {describe_replay(scenes)}")
    start = Position.initial()
    position = start
    rng = random.Random(7)
    turns = []
    for _ in range(12):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(position.legal_plays(dice))
        turns.append((dice, play))
        position = position.apply(play)
    bg_scenes = backgammon_replay_scenes(start, turns, names=NAMES)
    data = replay_gif(bg_scenes)
    (OUT / "backgammon-replay.gif").write_bytes(data)
    print(f"backgammon-replay.gif: {len(data):,} bytes\n  alt: {describe_replay(bg_scenes)}")


if __name__ == "__main__":
    main()
