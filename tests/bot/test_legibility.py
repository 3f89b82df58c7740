"""Every word and number of every kind of picture reads on a phone: shown 340 px wide (what
Discord's phone app gives a picture), its smallest font size is at least 11 px.

The sizes are the ones the render code asks FreeType for: every text of a picture is drawn
through `render.draw.write_text` or `write_outlined`, which are watched here, each size with
the width of the picture it lands on (the render package's caches are emptied first, so the
boards kept from earlier pictures are drawn again, and seen). A size shown at 340 px wide is
the size times 340 / that width.
"""

from __future__ import annotations

import dataclasses
import io
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image

import render.draw
from bot.i18n import DEFAULT_LANGUAGE, translated_languages
from bot.pictures import IMAGE_WIDTH
from bot.pictures.look import words_for
from engine.backgammon import Play, Position, Side
from engine.checkers import VARIANTS, Color, Game, GameResult
from engine.checkers.game import EndReason
from render import (
    DARK,
    LIGHT,
    BackgammonScene,
    Bracket,
    BracketMatch,
    CheckersScene,
    Prompt,
    StandingsTable,
    Theme,
    Words,
    render_png,
    render_standings,
)
from render.replay import REPLAY_WIDTH
from render.size import MAX_WIDTH

PHONE_WIDTH = 340
SMALLEST = 11.0
LONG_NAME = "Maximilian-Alexander von Hohenberg"  # cut with an ellipsis, never shrunk

Picture = Callable[[], bytes]


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """The font size, as shown 340 px wide, of every text drawn from now on."""
    drawn: list[float] = []
    for name in ("write_text", "write_outlined"):
        original = getattr(render.draw, name)

        def watched(image: Image.Image, *args: Any, _original: Any = original, **kw: Any) -> None:
            drawn.append(int(kw["size"]) * PHONE_WIDTH / image.width)
            _original(image, *args, **kw)

        for module in [m for key, m in sys.modules.items() if key.startswith("render")]:
            if getattr(module, name, None) is original:
                monkeypatch.setattr(module, name, watched)
    _fresh()
    yield drawn


def _fresh() -> None:
    """Empty every cache of the render package: each text is then drawn, and seen, again."""
    for key, module in list(sys.modules.items()):
        if not key.startswith("render"):
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def smallest_on_phone(picture: Picture, drawn: list[float]) -> float:
    """The smallest font size of `picture` once shown 340 px wide."""
    drawn.clear()
    assert Image.open(io.BytesIO(picture())).width > PHONE_WIDTH  # a phone shrinks it to 340
    assert drawn, "the picture has text"
    return min(drawn)


def _backgammon_scenes(words: Words) -> Iterator[BackgammonScene]:
    """A backgammon board at each prompt, with a match, the cube owned, a long name, a clock,
    a private board and the end of a game."""
    position = Position.initial()
    play = position.legal_plays((6, 5))[0]
    after = position.apply(play)
    base = BackgammonScene(
        after,
        names=(LONG_NAME, "Bo"),
        dice=(4, 4),
        prompt=Prompt.MOVE,
        cube=4,
        cube_owner=Side.BLACK,
        match_length=7,
        score=(3, 6),
        crawford=False,
        last_play=play,
        clock=(Side.BLACK, 6 * 24 * 3600 + 3599),
        words=words,
    )
    yield base
    yield dataclasses.replace(base, prompt=Prompt.ROLL, dice=None, cube=1, cube_owner=None)
    yield dataclasses.replace(base, prompt=Prompt.TAKE_OR_PASS, dice=None)
    yield dataclasses.replace(
        base, prompt=Prompt.ANSWER_RESIGNATION, dice=None, resignation=(Side.WHITE, 2)
    )
    yield dataclasses.replace(base, reader=Side.WHITE, viewer=Side.WHITE, clock=(Side.BLACK, 42))
    # Stacks past five carry their count; a tray full of borne-off checkers carries its own.
    crowded = Position(((0,) * 5 + (10,) + (0,) * 18, (0,) * 23 + (14,)), bar=(0, 1), off=(5, 0))
    yield dataclasses.replace(
        base, position=crowded, last_play=None, crawford=True, cube=1, cube_owner=None
    )
    won = Position(((0,) * 24, (0,) * 23 + (15,)), off=(15, 0), turn=Side.BLACK)
    yield dataclasses.replace(
        base, position=won, prompt=Prompt.GAME_OVER, dice=None, last_play=Play(), clock=None
    )


def _checkers_scenes(words: Words) -> Iterator[CheckersScene]:
    """Every variant's board with numbered squares and a clock, a draw offer and an end."""
    for name in sorted(VARIANTS):
        game = Game.new(name)
        for _ in range(6):
            game = game.play(game.position.legal_moves()[0])
        scene = CheckersScene(
            game.position,
            names=(LONG_NAME, "Bo"),
            last_move=game.moves[-1],
            clock=(game.position.turn, 3 * 24 * 3600),
            words=words,
        )
        yield scene
        yield dataclasses.replace(scene, draw_offered_by=Color.WHITE, clock=None)
        yield dataclasses.replace(
            scene, result=GameResult(Color.BLACK, EndReason.NO_MOVES), clock=None
        )


def _standings() -> Iterator[StandingsTable | Bracket]:
    headings = ("#", "Player", "Points", "Buchholz", "S-B")
    rows = tuple((str(n), f"{LONG_NAME} {n}", "3½", "10.5", "7.25") for n in range(1, 9))
    yield StandingsTable("Tournament #12: standings after round 3 of 5", headings, rows)
    first = tuple(BracketMatch((f"Player {n}", f"Player {n + 8}"), None) for n in range(1, 9))
    second = tuple(BracketMatch((f"Player {n}", ""), None) for n in range(1, 5))
    third = tuple(BracketMatch(("", ""), None) for _ in range(2))
    final = (BracketMatch(("", ""), None),)
    rounds = (("Round 1", first), ("Round 2", second), ("Semi-final", third), ("Final", final))
    yield Bracket("Tournament #12: bracket", rounds)


def _pictures(words: Words, theme: Theme, width: int) -> Iterator[tuple[str, Picture]]:
    scenes: list[BackgammonScene | CheckersScene] = [
        *_backgammon_scenes(words),
        *_checkers_scenes(words),
    ]
    for index, scene in enumerate(scenes):
        yield (
            f"{type(scene).__name__} {index}",
            partial(render_png, scene, theme=theme, width=width),
        )


# Every language in the light theme, and the dark theme (the same sizes, other colours) in the
# template's language and in the one drawn with a second font (Chinese).
CASES = [
    *[(language, LIGHT) for language in (DEFAULT_LANGUAGE, *translated_languages())],
    (DEFAULT_LANGUAGE, DARK),
    ("zh_CN", DARK),
]


@pytest.mark.parametrize(("language", "theme"), CASES)
def test_every_board_reads_at_11_px_on_a_phone(
    language: str, theme: Theme, sizes: list[float]
) -> None:
    pictures = _pictures(words_for(language), theme, IMAGE_WIDTH)
    small = {name: smallest_on_phone(picture, sizes) for name, picture in pictures}
    assert min(small.values()) >= SMALLEST, {k: v for k, v in small.items() if v < SMALLEST}


@pytest.mark.parametrize("width", [REPLAY_WIDTH, 1000, MAX_WIDTH])
def test_every_width_keeps_its_text_legible(width: int, sizes: list[float]) -> None:
    """The recap's replay frames (480 px) and any width the layout takes."""
    pictures = _pictures(words_for(DEFAULT_LANGUAGE), LIGHT, width)
    small = {name: smallest_on_phone(picture, sizes) for name, picture in pictures}
    assert min(small.values()) >= SMALLEST, {k: v for k, v in small.items() if v < SMALLEST}


def test_the_standings_read_at_11_px_on_a_phone(sizes: list[float]) -> None:
    for scene in _standings():
        size = smallest_on_phone(partial(render_standings, scene), sizes)
        assert size >= SMALLEST, (scene.title, size)


def test_the_measure_sees_the_text_drawn(sizes: list[float]) -> None:
    # The point numbers are 27 design units of 800: at 340 px wide, 27 * 340 / 800 = 11.475.
    scene = BackgammonScene(Position.initial(), dice=(3, 1), prompt=Prompt.MOVE)
    assert smallest_on_phone(lambda: render_png(scene), sizes) == 27 * 340 / 800
    assert len(sizes) >= 24 + 2  # the 24 numbers, both names and more
