"""The board picture of a table: engine values from the session to a render scene and PNG.

The public board holds still for a whole game: backgammon is seen from White's side (White's
home board bottom right) with the points numbered for the player on roll; checkers keeps the
side that moves first at the bottom (both as the recap's replay). It shows the last play or
move, the clock of the player to act, and after the end how the game ended; its alt text speaks
of both players in the third person. A private view (`/board private`) is drawn from the
reader's own side and speaks to them as "you".

The words in the picture and its alt text are in the language of the message it goes in:
`words_for` builds the renderer's `Words` from the catalog once per language.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from types import MappingProxyType
from typing import Any

import engine.checkers as ck
from bot.i18n import TEXTS, Localizer, language_of
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.outcomes import Finish
from bot.service.views import AnySession
from engine.backgammon import Position, Side
from engine.backgammon.cube import LEVEL_NAMES
from engine.backgammon.matchplay import Ending, Phase
from engine.checkers import VARIANTS, Color
from render import (
    ENDING_FIELDS,
    ENGLISH,
    LEVEL_FIELDS,
    LIGHT,
    PLURAL_FIELDS,
    TEMPLATE_FIELDS,
    BackgammonScene,
    CheckersScene,
    Prompt,
    Theme,
    Words,
    describe,
    render_png,
)

IMAGE_WIDTH = 800
FILENAME = "board.png"
THEME_SETTING = "theme"  # the server setting (/settings theme) naming a `render.THEMES` entry
COLOUR_OF_SEAT = (Color.WHITE, Color.BLACK)  # seat 0 plays White (the session's seats)


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board: PNG bytes and the alt text describing the same picture."""

    png: bytes
    alt_text: str


@dataclass(frozen=True, slots=True)
class Look:
    """How a board is drawn: the message's locale and the server's theme, the seconds the
    player to act had left when it was drawn (None: no clock), and the seat of a private view
    (None: the public board)."""

    locale: object = "en-US"
    theme: Theme = LIGHT
    time_left: int | None = None
    reader: int | None = None

    @property
    def words(self) -> Words:
        """The picture's words in the locale's language."""
        return words_for(self.locale)


def words_for(locale: object) -> Words:
    """The picture words for a Discord locale (a language without a catalog gets English)."""
    return _words(language_of(locale))


@cache
def _words(language: str) -> Words:
    """Built once per language: pictures are drawn on every turn."""
    texts = TEXTS[language]
    t = Localizer(language)
    # One mapping for both kinds of field: `Words` takes each by name.
    templates: dict[str, Any] = {
        name: texts.messages[f"picture.{name}"] for name in TEMPLATE_FIELDS
    }
    templates |= {name: texts.plurals[f"picture.{name}"] for name in PLURAL_FIELDS}
    templates |= {
        name: tuple(texts.messages[f"picture.{name}.{level}"] for level in LEVEL_NAMES)
        for name in LEVEL_FIELDS
    }
    templates |= {
        name: MappingProxyType(
            {
                reason: texts.messages[f"picture.{name}.{reason.name.lower()}"]
                for reason in getattr(ENGLISH, name)
            }
        )
        for name in ENDING_FIELDS
    }
    titles = {name: t(f"variant.title.{name}") for name in VARIANTS}
    return Words(**templates, plural_form=texts.plural_form, titles=MappingProxyType(titles))


def time_left(deadline: datetime | None, now: datetime) -> int:
    """Whole seconds from `now` to the turn's `deadline` (0 once it has passed)."""
    if deadline is None:
        return 0
    return max(0, int((deadline - now).total_seconds()))


def scene_of(
    session: AnySession, names: tuple[str, str], look: Look = Look()
) -> BackgammonScene | CheckersScene | None:
    """The scene a session shows (the public board unless `look` has a reader), or None before
    a board."""
    if isinstance(session, CheckersSession):
        return _checkers_scene(session, names, look)
    return _backgammon_scene(session, names, look)


def _checkers_scene(
    session: CheckersSession, names: tuple[str, str], look: Look
) -> CheckersScene | None:
    game = session.game
    if game is None:
        return None
    actor = session.actor()
    reader = None if look.reader is None else COLOUR_OF_SEAT[look.reader]
    offerer = session.draw_offered_by
    return CheckersScene(
        game.position,
        names=names,
        last_move=session.last_move,
        viewer=game.position.variant.first_to_move if reader is None else None,
        reader=reader,
        outcome=game.outcome(),
        caption=_stopped_caption(session, names, look),
        clock=None
        if actor is None or look.time_left is None
        else (
            COLOUR_OF_SEAT[actor],
            look.time_left,
        ),
        draw_offered_by=None if offerer is None or session.over else COLOUR_OF_SEAT[offerer],
        words=look.words,
    )


def _backgammon_scene(
    session: BackgammonSession, names: tuple[str, str], look: Look
) -> BackgammonScene | None:
    match = session.match
    if match is None:
        return None
    game = match.game
    prompt = {
        Phase.ROLLING: Prompt.ROLL,
        Phase.MOVING: Prompt.MOVE,
        Phase.DOUBLED: Prompt.TAKE_OR_PASS,
        Phase.RESIGNING: Prompt.ACCEPT_OR_DECLINE,
        Phase.OVER: Prompt.GAME_OVER,
    }.get(game.phase)
    if session.over:
        prompt = Prompt.GAME_OVER
    resigner = game.resigned_by if prompt is Prompt.ACCEPT_OR_DECLINE else None
    # A resignation offered after the roll keeps the dice on the board: play resumes with them.
    rolled = game.phase in (Phase.MOVING, Phase.RESIGNING)
    dice = game.dice if rolled and not session.over else None
    actor = session.actor()
    last = session.last_play
    public = look.reader is None
    return BackgammonScene(
        game.position,
        names=names,
        dice=dice,
        prompt=prompt if prompt is not Prompt.MOVE or dice is not None else None,
        resignation=None if resigner is None else (resigner, game.resignation),
        cube=game.cube.value,
        cube_owner=game.cube.owner,
        cube_in_play=game.cube_in_play,
        match_length=session.options.match_length,
        score=match.score,
        crawford=game.crawford,
        last_play=last if last is not None and last.moves else None,
        viewer=Side.WHITE if public else None,
        numbered_for=game.position.turn if public else None,
        reader=None if look.reader is None else Side(look.reader),
        caption=_stopped_caption(session, names, look) or _ending_caption(session, names, look),
        clock=None if actor is None or look.time_left is None else (Side(actor), look.time_left),
        words=look.words,
    )


def _stopped_caption(session: AnySession, names: tuple[str, str], look: Look) -> str | None:
    """How a table ended that stopped outside the game's own rules: resigned (checkers), won on
    time, called off."""
    t = Localizer(look.locale)
    if session.stopped is Finish.ABORTED:
        return t("board.end.aborted")
    winner = session.stopped_winner
    if winner is None:
        return None
    players = {"winner": names[winner], "loser": names[1 - winner]}
    if session.stopped is Finish.TIME:
        return t("board.end.time", **players)
    if session.stopped is Finish.RESIGNED:
        return t("board.end.resigned", **players)
    return None


def _ending_caption(session: BackgammonSession, names: tuple[str, str], look: Look) -> str | None:
    """How the last backgammon game ended when no checker race decided it: resigned or a
    double passed (a game borne off says who won by itself)."""
    if session.match is None or not session.over:
        return None
    result = session.match.game.result
    if result is None or result.ending is Ending.PLAYED:
        return None
    t = Localizer(look.locale)
    winner = int(result.winner)
    players = {"winner": names[winner], "loser": names[1 - winner]}
    if result.ending is Ending.DROPPED:
        return t("board.end.dropped", **players)
    return t(f"board.end.resigned_bg.{result.level}", **players)


def warm_up() -> None:
    """Draw one board of each kind, so the first game does not wait for fonts and sprites."""
    for scene in (BackgammonScene(Position.initial()), CheckersScene(ck.Game.new().position)):
        render_png(scene, width=IMAGE_WIDTH)


def draw(session: AnySession, names: tuple[str, str], look: Look = Look()) -> Picture | None:
    """Render the board (call through `asyncio.to_thread`: it takes milliseconds of CPU).

    `names` are White's and Black's; `look` says in which words and theme, with which clock,
    and for whom (the public board by default, in English).
    """
    scene = scene_of(session, names, look)
    if scene is None:
        return None
    return Picture(render_png(scene, theme=look.theme, width=IMAGE_WIDTH), describe(scene))
