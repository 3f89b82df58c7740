"""The pictures of a review's worst decisions: each position with the best choice shown.

A checker play is drawn as the board after the best play, its arrows showing that play, the
roll named in the caption; a cube action as the board it was decided on. The caption says where it
came, what was played, the best choice and the equity lost. The board is seen from the graded
player's side. Drawn in the drawing processes like every board (`Painter.mistakes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Localizer
from bot.pictures.look import Look
from bot.service.review import Mistake
from engine.backgammon import Play, Side
from engine.backgammon.matchplay import Match
from render import BackgammonScene, describe, render_png

WIDTH = 640  # smaller than a game's board: up to six of them go in one message


@dataclass(frozen=True, slots=True)
class MistakePicture:
    """What a mistake's picture needs, in values that pickle to a drawing process."""

    side: Side
    before: Match
    best_play: Play | None
    game: int
    move: int
    cube: bool
    played: str
    best: str
    loss: float
    mark: str
    games: int  # games of the match: the caption names the game when more than one

    @classmethod
    def of(cls, side: Side, mistake: Mistake, games: int) -> MistakePicture | None:
        """The picture of `mistake` by `side`; None when the review kept no position."""
        # Another game's review (checkers) keeps no backgammon match: it gets no picture here.
        before = getattr(mistake, "before", None)
        if not isinstance(before, Match):
            return None
        best_play = getattr(mistake, "best_play", None)
        return cls(
            side,
            before,
            best_play if isinstance(best_play, Play) else None,
            mistake.game,
            mistake.move,
            mistake.cube,
            mistake.played,
            mistake.best,
            mistake.loss,
            mistake.mark,
            games,
        )


def scene(picture: MistakePicture, names: tuple[str, str], look: Look) -> BackgammonScene:
    """The board of the decision with the best choice shown and the caption."""
    t = Localizer(look.locale)
    match = picture.before
    game = match.game
    figures = {
        "game": picture.game,
        "move": picture.move,
        "played": _choice(t, picture.played, picture.cube),
        "mark": picture.mark,
        "best": _choice(t, picture.best, picture.cube),
        "loss": t.decimal(-picture.loss, 3),
    }
    if picture.cube or game.dice is None:
        # A cube action comes before the roll: the recap's line for it says it all.
        key = "review.mistake" if picture.games == 1 else "review.mistake_in_game"
        caption = t(key, **figures).strip()
    else:
        key = "review.picture" if picture.games == 1 else "review.picture_in_game"
        caption = t(key, dice=f"{game.dice[0]}-{game.dice[1]}", **figures)
    # The roll is in the caption: drawn on the board after the best play, the dice would be
    # in the colour of the side then on roll, the opponent.
    position, last_play = game.position, None
    if not picture.cube and picture.best_play is not None:
        position, last_play = game.position.apply(picture.best_play), picture.best_play
    owner = game.cube.owner if game.cube.value > 1 else None
    return BackgammonScene(
        position,
        names=names,
        cube=game.cube.value,
        cube_owner=owner,
        cube_in_play=game.cube_in_play,
        match_length=match.options.match_length,
        score=match.score,
        crawford=game.crawford,
        last_play=last_play if last_play is not None and last_play.moves else None,
        viewer=picture.side,
        numbered_for=picture.side,
        caption=caption,
        words=look.words,
    )


def _choice(t: Localizer, text: str, cube: bool) -> str:
    """A play as written, a cube action in the reader's words."""
    return t(f"review.cube.{text.replace(' ', '_')}") if cube else text


def draw_mistakes(
    pictures: Sequence[MistakePicture], names: tuple[str, str], look: Look
) -> list[tuple[bytes, str]]:
    """Each mistake's picture: PNG bytes and its alt text."""
    drawn = []
    for picture in pictures:
        shown = scene(picture, names, look)
        drawn.append((render_png(shown, theme=look.theme, width=WIDTH), describe(shown)))
    return drawn
