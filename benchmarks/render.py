"""Board picture speed and size: our Pillow route against the SVG route, side by side.

Run: .venv/bin/python -m benchmarks.render [width] [runs]

Our route: `render_backgammon` / `render_checkers` (scene in, palette PNG out), on one scene
drawn again and again, and on the pictures of a game as the bot draws them ("bot" rows): every
call draws the next position of a seeded random game, with the players' names, the roll or the
last move, and the clock of the player to act, which reads differently on every picture. The
SVG route: py-draughts' `svg.board` then `cairosvg.svg2png` at the same output width, the way
SVG-based bots draw. Each case is warmed up once (the first call draws and caches the static
board), then timed `runs` times; the table shows median and p90 wall-clock milliseconds, the
median CPU milliseconds of the rendering thread (less sensitive to other work on the machine),
and the PNG size in bytes.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator

import cairosvg
import draughts
from draughts import svg

from engine.backgammon import Position, Side
from engine.checkers import Game
from render import BackgammonScene, CheckersScene, Prompt, render_backgammon, render_checkers

NAMES = ("Konstantin", "Bartholomew")


def _timed(make: Callable[[], bytes], runs: int) -> tuple[float, float, float, float]:
    """Median and p90 wall-clock ms, median CPU ms (steadier on a busy machine), median bytes."""
    make()  # warm-up: the static background is drawn and cached here
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.thread_time()
        data = make()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        sizes.append(len(data))
    wall.sort()
    p90 = wall[min(len(wall) - 1, round(0.9 * len(wall)) - 1)]
    return statistics.median(wall), p90, statistics.median(cpu), statistics.median(sizes)


def _backgammon_scene() -> BackgammonScene:
    position = Position.initial()
    for dice in [(6, 4), (5, 2), (6, 6), (3, 1)]:
        position = position.apply(position.legal_plays(dice)[0])
    last = position.legal_plays((4, 2))[0]
    position = position.apply(last)
    return BackgammonScene(
        position,
        names=("Alice", "Bob"),
        dice=(6, 3),
        cube=2,
        cube_owner=Side.BLACK,
        match_length=7,
        score=(2, 4),
        last_play=last,
    )


def _checkers_scene(variant: str) -> CheckersScene:
    game = Game.new(variant)
    for _ in range(12):
        game = game.play(game.position.legal_moves()[0])
    return CheckersScene(game.position, names=("Alice", "Bob"), last_move=game.moves[-1])


def _clock(seed: int) -> Iterator[int]:
    """Seconds left to play: an hour, ticking down a few seconds per picture, then again."""
    rng = random.Random(seed)
    while True:
        left = 3600
        while left > 0:
            yield left
            left -= rng.randint(3, 40)


def _bot_backgammon(count: int, seed: int = 1) -> list[BackgammonScene]:
    """`count` pictures of seeded random games as the bot draws the public board: from White's
    side, numbered for the player on roll, the roll to play and the last play, a clock."""
    rng = random.Random(seed)
    clock = _clock(seed)
    position, last = Position.initial(), None
    scenes: list[BackgammonScene] = []
    while len(scenes) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        scenes.append(
            BackgammonScene(
                position,
                names=NAMES,
                dice=dice,
                prompt=Prompt.MOVE,
                match_length=5,
                score=(1, 2),
                last_play=last if last is not None and last.moves else None,
                viewer=Side.WHITE,
                numbered_for=position.turn,
                clock=(position.turn, next(clock)),
            )
        )
        last = rng.choice(position.legal_plays(dice))
        position = position.apply(last)
        if position.winner() is not None:
            position, last = Position.initial(), None
    return scenes


def _bot_checkers(variant: str, count: int, seed: int = 1) -> list[CheckersScene]:
    """`count` pictures of seeded random games as the bot draws the public board: the side
    that moves first at the bottom, the last move, a clock."""
    rng = random.Random(seed)
    clock = _clock(seed)
    game = Game.new(variant)
    scenes: list[CheckersScene] = []
    while len(scenes) < count:
        moves = game.position.legal_moves()
        if not moves:
            game = Game.new(variant)
            continue
        scenes.append(
            CheckersScene(
                game.position,
                names=NAMES,
                last_move=game.moves[-1] if game.moves else None,
                viewer=game.position.variant.first_to_move,
                clock=(game.position.turn, next(clock)),
            )
        )
        game = game.play(rng.choice(moves))
    return scenes


def _each(
    render: Callable[..., bytes], scenes: list[BackgammonScene] | list[CheckersScene], width: int
) -> Callable[[], bytes]:
    """A call that renders the next of `scenes` each time (the bot never draws one twice)."""
    pending = iter(scenes)
    return lambda: render(next(pending), width=width)


def _svg_route(board: object, width: int) -> Callable[[], bytes]:
    def make() -> bytes:
        text = svg.board(board, size=width)
        data = cairosvg.svg2png(bytestring=text.encode(), output_width=width)
        assert isinstance(data, bytes)
        return data

    return make


def main() -> None:
    """Print the comparison table."""
    width = int(sys.argv[1]) if len(sys.argv) > 1 else 800
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    american = draughts.AmericanBoard()
    international = draughts.StandardBoard()
    for move in list(american.legal_moves)[:1]:
        american.push(move)
    pictures = runs + 1  # the warm-up call draws one too
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("ours   backgammon", lambda: render_backgammon(_backgammon_scene_cached, width=width)),
        ("ours   checkers 8x8", lambda: render_checkers(_checkers_8, width=width)),
        ("ours   checkers 10x10", lambda: render_checkers(_checkers_10, width=width)),
        ("bot    backgammon", _each(render_backgammon, _bot_backgammon(pictures), width)),
        ("bot    checkers 8x8", _each(render_checkers, _bot_checkers("english", pictures), width)),
        (
            "bot    checkers 10x10",
            _each(render_checkers, _bot_checkers("international", pictures), width),
        ),
        ("svg    checkers 8x8", _svg_route(american, width)),
        ("svg    checkers 10x10", _svg_route(international, width)),
    ]
    results = {}
    print(f"width {width} px, {runs} runs each; load average {os.getloadavg()[0]:.1f}")
    print(f"{'route':24} {'median ms':>10} {'p90 ms':>10} {'cpu ms':>8} {'bytes':>9}")
    for name, make in cases:
        median, p90, cpu, size = _timed(make, runs)
        results[name] = median
        print(f"{name:24} {median:10.2f} {p90:10.2f} {cpu:8.2f} {size:9,.0f}")
    for size_name in ("8x8", "10x10"):
        ratio = results[f"svg    checkers {size_name}"] / results[f"ours   checkers {size_name}"]
        print(f"checkers {size_name}: ours is {ratio:.1f}× faster than the SVG route")
    ratio = results["svg    checkers 8x8"] / results["ours   backgammon"]
    print(f"backgammon (ours) vs the SVG route's 8x8 board: {ratio:.1f}× faster")


_backgammon_scene_cached = _backgammon_scene()
_checkers_8 = _checkers_scene("box")
_checkers_10 = _checkers_scene("international")

if __name__ == "__main__":
    main()
