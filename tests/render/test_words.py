"""The words of the pictures come from the scene's `Words`: every template is used, none is
left in English when another language is given, and English stays the default."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from string import Formatter
from types import MappingProxyType
from typing import Any

import pytest

import render.backgammon
import render.checkers
from engine.backgammon import Play, Position, Side
from engine.checkers import Color, EndReason, Game, GameResult
from engine.checkers import Position as CheckersPosition
from render import (
    ENDING_FIELDS,
    ENGLISH,
    PLURAL_FIELDS,
    SIZE_FIELDS,
    TEMPLATE_FIELDS,
    BackgammonScene,
    CheckersScene,
    Prompt,
    Words,
    backgammon_replay_scenes,
    checkers_replay_scenes,
    describe,
    describe_replay,
    render_png,
)
from render.backgammon_scene import status_line

NAMES = ("Ann", "Ben")
EMPTY = (0,) * 24


def marked(template: str, field: str) -> str:
    """A template whose output shows which field it came from: `⟦field⟧` and its placeholders,
    without the template's own words (so any word left over was not a template's)."""
    fields = (
        "{" + name + (f":{spec}" if spec else "") + "}"
        for _, name, spec, _ in Formatter().parse(template)
        if name is not None
    )
    return f"⟦{field}⟧" + "|".join(fields)


# One mapping for every kind of field, as bot.pictures builds it: `Words` takes each by name.
_MARKED_TEMPLATES: dict[str, Any] = {
    name: marked(getattr(ENGLISH, name), name) for name in TEMPLATE_FIELDS
}
_MARKED_TEMPLATES |= {
    name: tuple(marked(form, name) for form in getattr(ENGLISH, name)) for name in PLURAL_FIELDS
}
_MARKED_TEMPLATES |= {
    name: tuple(
        marked(form, f"{name}_{size}") for size, form in enumerate(getattr(ENGLISH, name), start=1)
    )
    for name in SIZE_FIELDS
}
_MARKED_TEMPLATES |= {
    name: MappingProxyType(
        {
            reason: marked(form, f"{name}_{reason.name.lower()}")
            for reason, form in getattr(ENGLISH, name).items()
        }
    )
    for name in ENDING_FIELDS
}
MARKED = Words(
    **_MARKED_TEMPLATES,
    titles=MappingProxyType({"box": "⟦title⟧"}),
)


def point(side_points: dict[int, int]) -> tuple[int, ...]:
    """A side's 24 points (own numbering) from {point: checkers}."""
    return tuple(side_points.get(number, 0) for number in range(1, 25))


# White has one checker left, on its 1-point (1 pip); Black has all 15 on its 6-point.
LAST_CHECKER = Position((point({1: 1}), point({6: 15})), off=(14, 0))
# The same, but Black has borne one checker off: White's win is then a single game (BG-13).
LAST_CHECKER_SINGLE = Position((point({1: 1}), point({6: 14})), off=(14, 1))
# Black has one checker on the bar (BG-10), White is to roll.
ON_THE_BAR = Position((point({6: 15}), point({6: 14})), bar=(0, 1))


def bear_off_last(position: Position = LAST_CHECKER) -> tuple[Play, Position]:
    """White's (2, 1) bearing its last checker off (BG-12): the game is won."""
    [play] = [p for p in position.legal_plays((2, 1)) if p.moves]
    return play, position.apply(play)


def backgammon_scenes(words: Words) -> Iterator[BackgammonScene]:
    """A backgammon scene in every state a picture can show, for everyone and for one player."""
    for scene in _backgammon_states(words):
        yield scene
        yield replace(scene, viewer=None, numbered_for=None, reader=scene.perspective)


def _backgammon_states(words: Words) -> Iterator[BackgammonScene]:
    start = Position.initial()
    yield BackgammonScene(start, names=NAMES, clock=(Side.WHITE, 272), words=words)
    yield BackgammonScene(
        start,
        names=NAMES,
        dice=(3, 1),
        viewer=Side.BLACK,
        clock=(Side.WHITE, 187200),
        words=words,
    )
    yield BackgammonScene(start, names=NAMES, numbered_for=Side.BLACK, words=words)
    for left in ((5, 5, 5), (5, 5)):
        yield BackgammonScene(start, names=NAMES, dice=(5, 5), dice_left=left, words=words)
    for viewer in Side:
        yield BackgammonScene(
            start,
            names=NAMES,
            prompt=Prompt.TAKE_OR_PASS,
            cube=2,
            cube_owner=Side.WHITE,
            viewer=viewer,
            words=words,
        )
        yield BackgammonScene(
            start, names=NAMES, cube=4, cube_owner=Side.BLACK, viewer=viewer, words=words
        )
        yield BackgammonScene(
            start, names=NAMES, resignation=(Side.WHITE, 2), viewer=viewer, words=words
        )
    yield BackgammonScene(start, names=NAMES, prompt=Prompt.GAME_OVER, words=words)
    for crawford in (True, False):
        yield BackgammonScene(
            start, names=NAMES, match_length=5, score=(1, 3), crawford=crawford, words=words
        )
    yield BackgammonScene(LAST_CHECKER, names=NAMES, words=words)
    yield BackgammonScene(ON_THE_BAR, names=NAMES, words=words)
    _, won_single = bear_off_last(LAST_CHECKER_SINGLE)
    yield BackgammonScene(won_single, names=NAMES, words=words)
    play, won = bear_off_last()
    for viewer in Side:
        # The side that just played is White: "yours" from White's side, "theirs" from Black's.
        yield BackgammonScene(
            won, names=NAMES, dice=(2, 1), last_play=play, viewer=viewer, words=words
        )


def checkers_scenes(words: Words) -> Iterator[CheckersScene]:
    """A checkers scene in every state a picture can show, for everyone and for one player."""
    for scene in _checkers_states(words):
        yield scene
        yield replace(scene, viewer=None, reader=scene.perspective)


def _checkers_states(words: Words) -> Iterator[CheckersScene]:
    game = Game.new("box").play("22-18").play("11-15")
    yield CheckersScene(game.position, names=NAMES, last_move=game.moves[-1], words=words)
    yield CheckersScene(
        game.position, names=NAMES, last_move=game.moves[-1], viewer=Color.BLACK, words=words
    )
    start = Game.new("box").position
    yield CheckersScene(start, names=NAMES, clock=(Color.WHITE, 90), words=words)
    yield CheckersScene(start, names=NAMES, clock=(Color.BLACK, 4000), words=words)
    for viewer in Color:
        yield CheckersScene(
            start, names=NAMES, draw_offered_by=Color.BLACK, viewer=viewer, words=words
        )
    # One man and one king against nothing; a blocked man with no move (CK-10).
    yield CheckersScene(CheckersPosition.from_fen("W:W21,K30:B", "box"), names=NAMES, words=words)
    blocked = CheckersPosition.from_fen("W:W29:B25,22", "box")
    yield CheckersScene(blocked, names=NAMES, words=words)
    won = GameResult(Color.WHITE, EndReason.NO_PIECES)
    yield CheckersScene(blocked, names=NAMES, result=won, words=words)
    drawn = GameResult(None, EndReason.AGREEMENT)
    yield CheckersScene(blocked, names=NAMES, result=drawn, words=words)


def every_scene(words: Words) -> Iterator[BackgammonScene | CheckersScene]:
    """The scenes of both games (`backgammon_scenes`, then `checkers_scenes`)."""
    yield from backgammon_scenes(words)
    yield from checkers_scenes(words)


def replays(words: Words) -> list[list[Any]]:
    """Replays of one move and of several, ending in each way a game can end."""
    play, _ = bear_off_last(LAST_CHECKER_SINGLE)
    one_turn = backgammon_replay_scenes(
        LAST_CHECKER_SINGLE, [((2, 1), play)], names=NAMES, words=words
    )
    # White takes Black's last man, then the mirror; a draw agreed after two moves (CK-10, 12).
    white_wins = Game.new("box", "W:W18:B15").play("18x11")
    black_wins = Game.new("box", "B:W18:B15").play("15x22")
    drawn = Game.new("box").play("22-18").play("11-15").agree_draw()
    return [
        one_turn,
        *(checkers_replay_scenes(g, names=NAMES, words=words) for g in (white_wins, black_wins)),
        checkers_replay_scenes(drawn, names=NAMES, words=words),
    ]


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the panels draw, noted as the pictures are drawn."""
    texts: list[str] = []

    def noting(original: Callable[..., None]) -> Callable[..., None]:
        def draw(image: object, where: object, text: str, **kwargs: object) -> None:
            texts.append(text)
            original(image, where, text, **kwargs)

        return draw

    for module in (render.backgammon, render.checkers):
        monkeypatch.setattr(module, "text_fitted", noting(module.text_fitted))
    return texts


def everything_written(words: Words) -> str:
    """The alt text and prompt of every scene and replay, one per line."""
    lines: list[str] = []
    for scene in every_scene(words):
        lines.append(describe(scene))
        if isinstance(scene, BackgammonScene):
            lines.append(status_line(scene))
        else:
            lines.append(render.checkers.status_line(scene))
    for scenes in replays(words):
        lines.append(describe_replay(scenes))
        lines.append(describe_replay(scenes[:2]))
        lines.extend(scene.caption for scene in scenes)
    return "\n".join(lines)


def test_every_template_is_drawn_or_written_in_some_state(drawn_text: list[str]) -> None:
    for scene in every_scene(MARKED):
        render_png(scene, width=400)
    text = everything_written(MARKED) + "\n" + "\n".join(drawn_text)
    used = set(re.findall(r"⟦(\w+)⟧", text))
    assert sorted(set(TEMPLATE_FIELDS) - used) == []
    with_size = {name.rpartition("_")[0] for name in used if name[-1].isdigit()}
    assert sorted(set(SIZE_FIELDS) - with_size) == []
    assert {"bg_wins_1", "bg_wins_2", "ck_wins_no_pieces", "ck_draw_agreement", "title"} <= used
    with_ending = {
        field for field in ENDING_FIELDS for name in used if name.startswith(field + "_")
    }
    assert sorted(set(ENDING_FIELDS) - with_ending) == []


def test_no_english_word_is_left_when_every_template_is_replaced(
    drawn_text: list[str],
) -> None:
    """With every template marked, what is left of each text is names, numbers and notation."""
    for scene in every_scene(MARKED):
        render_png(scene, width=400)
    text = everything_written(MARKED) + "\n" + "\n".join(drawn_text)
    leftover = re.sub(r"⟦\w+⟧", " ", text)
    words = set(re.findall(r"[A-Za-z]{2,}", leftover)) - {"Ann", "Ben", "bar", "off"}
    assert words == set()


FRENCHISH = replace(
    ENGLISH,
    bg_to_roll="À {name} de lancer",
    alt_to_roll="{whose} : lancer les dés.",
    alt_your_turn="À vous",
    alt_ck_must_capture="{whose}, la prise est obligatoire",
    ck_must_capture="À {name} de jouer, prise obligatoire",
    replay_start="Début",
    replay_bg_turn="{number}. {name} {roll} : {play}",
    replay_ck_turn="{number}. {name} : {move}",
    replay_alt=(
        "Rejeu animé de {count} coup. Position finale : {final}",
        "Rejeu animé de {count} coups. Position finale : {final}",
    ),
    plural_form=lambda count: int(count > 1),  # French: 0 and 1 take the singular
    titles=MappingProxyType({"box": "Dames (règles du coffret)"}),
)


def test_other_words_change_the_prompt_the_alt_text_and_the_replay() -> None:
    scene = BackgammonScene(Position.initial(), names=NAMES, words=FRENCHISH)
    assert status_line(scene) == "À Ann de lancer"
    assert describe(scene).startswith("À Ann de lancer. Points are numbered")
    mine = replace(scene, reader=Side.WHITE)
    assert describe(mine).startswith("À vous : lancer les dés. You are Ann, White;")
    game = Game.new("box").play("22-18").play("11-15")
    checkers = CheckersScene(game.position, names=NAMES, words=FRENCHISH)
    assert render.checkers.status_line(checkers) == "À Ann de jouer, prise obligatoire"
    assert describe(checkers).startswith("À Ann de jouer, prise obligatoire. Dames (règles")
    assert describe(replace(checkers, reader=Color.WHITE)).startswith(
        "À vous, la prise est obligatoire. Dames (règles du coffret), 8×8."
    )
    play, _ = bear_off_last()
    scenes = backgammon_replay_scenes(LAST_CHECKER, [((2, 1), play)], names=NAMES, words=FRENCHISH)
    assert [s.caption for s in scenes] == ["Début", f"1. Ann 2-1 : {play.notation()}. Ann wins"]
    assert describe_replay(scenes).startswith("Rejeu animé de 1 coup. Position finale : ")
    replayed = checkers_replay_scenes(game, names=NAMES, words=FRENCHISH)
    assert [s.caption for s in replayed] == ["Début", "1. Ann : 22-18", "2. Ben : 11-15"]


def test_other_words_change_the_picture() -> None:
    scene = BackgammonScene(Position.initial(), names=NAMES)
    assert render_png(scene) != render_png(replace(scene, words=FRENCHISH))


def test_english_is_the_default_of_every_scene_and_replay() -> None:
    assert BackgammonScene(Position.initial()).words is ENGLISH
    assert CheckersScene(Game.new("box").position).words is ENGLISH
    play, _ = bear_off_last()
    for scene in backgammon_replay_scenes(LAST_CHECKER, [((2, 1), play)]):
        assert scene.words is ENGLISH


def test_counts_use_the_one_and_the_many_form() -> None:
    assert ENGLISH.count(ENGLISH.men, 1) == "1 man"
    assert ENGLISH.count(ENGLISH.men, 0) == "0 men"
    assert ENGLISH.count(ENGLISH.pips, 1) == "1 pip"
    assert ENGLISH.count(ENGLISH.pips, 167) == "167 pips"


def test_counts_take_the_form_the_languages_rule_picks() -> None:
    """A language with three forms (Polish's gettext rule) gets each of them."""
    polish = replace(
        ENGLISH,
        men=("{count} pion", "{count} piony", "{count} pionów"),
        plural_form=lambda n: (
            0 if n == 1 else 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2
        ),
    )
    counted = [polish.count(polish.men, n) for n in (1, 3, 5, 22)]
    assert counted == ["1 pion", "3 piony", "5 pionów", "22 piony"]
