"""A finished game's recap: animated replay, result, rating change, record file.

`build_recap` is pure and CPU-bound (a few hundred milliseconds: it draws every frame), so the
service calls `recap_for`, which reads the game and has it drawn off the event loop: by the
bot's drawing process (`recap_steps`, which pauses after every frame so that the boards of games
still going are drawn between two frames), or in a worker thread. For a backgammon match the
replay shows the last game (a whole match would make a GIF too long to watch), and a long game
its last `MAX_FRAMES` moves; the record file always has everything.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from bot.service import outcomes as out
from bot.service.errors import ActionNotAllowedError
from bot.service.kinds import rules_for
from bot.service.log import GameLog
from bot.service.views import load_session
from bot.store import GameEvent, GameRow
from render import ENGLISH, LIGHT, Theme, Words, describe_replay, replay_frames, replay_of

if TYPE_CHECKING:  # the drawing process imports this module, and never the database's
    from bot.service.ratings import CountedResult
    from bot.service.review import GameReview, Reviewer
    from bot.store import Store

T = TypeVar("T")

Encode = Callable[[], bytes]
"""What a recap's steps yield for the replay's GIF: its encoding, one long call (about a tenth of a
second) for whoever runs the steps to make, in a thread if it has other work meanwhile (Pillow's
encoders run in C without the interpreter lock), and to send its bytes back into the steps."""

Steps = Generator[Encode | None, bytes | None, T]
"""A recap drawn a step at a time: each step yields None once done, or the `Encode` to make."""
MAX_FRAMES = 80  # a GIF of a long game shows its last moves; the record keeps the whole game


@dataclass(frozen=True, slots=True)
class RecordFile:
    """The game record to attach: its file name and text."""

    filename: str
    text: str


@dataclass(frozen=True, slots=True)
class Recap:
    """Everything the end-of-game message shows; the Discord layer words the result."""

    game_id: int
    winner_id: int | None
    loser_id: int | None
    score: tuple[int, int] | None
    finish: out.Finish
    replay_gif: bytes
    replay_alt: str
    record: RecordFile
    rating: CountedResult | None


def _final_outcome(log: GameLog) -> out.GameEnded:
    ended = log.games_ended()
    if not ended:
        raise ValueError(f"game #{log.game.id} has no result to recap")
    return ended[-1]


def build_recap(
    log: GameLog,
    names: tuple[str, str],
    rating: CountedResult | None = None,
    *,
    words: Words = ENGLISH,
    theme: Theme = LIGHT,
) -> Recap:
    """Draw the recap of a finished game; `names` are White's and Black's display names.

    The replay is worded in `words` (the bot passes the channel's language) and drawn in
    `theme` (the server's, as its boards).
    """
    return replace(finish(_steps(log, names, words, theme)), rating=rating)


def recap_steps(
    game: GameRow,
    events: Sequence[GameEvent],
    names: tuple[str, str],
    *,
    words: Words = ENGLISH,
    theme: Theme = LIGHT,
) -> Steps[Recap]:
    """`build_recap` of the game stored as `game` and `events` (without a rating change), a
    step at a time: it yields after replaying the log and after every frame, then the replay's
    `Encode`, and returns the recap."""
    log = GameLog.replay(game, events)
    yield None
    return (yield from _steps(log, names, words, theme))


def finish(steps: Steps[T]) -> T:
    """Run `steps` to the end (each `Encode` here, in turn); what they return."""
    encoded: bytes | None = None
    while True:
        try:
            encode = steps.send(encoded)
        except StopIteration as done:
            value: T = done.value
            return value
        encoded = None if encode is None else encode()


def _steps(log: GameLog, names: tuple[str, str], words: Words, theme: Theme) -> Steps[Recap]:
    ended = _final_outcome(log)
    game = log.game
    if log.final.seats is None:
        raise ValueError(f"game #{game.id} never started: there is nothing to recap")
    scenes = rules_for(game.kind).replay_scenes(log, names, words, MAX_FRAMES)
    frames = []
    for frame in replay_frames(scenes, theme=theme):
        frames.append(frame)
        yield None
    replay_gif = yield lambda: replay_of(frames, theme)
    assert replay_gif is not None, "an Encode's bytes are sent back into the steps"
    return Recap(
        game_id=game.id,
        winner_id=ended.winner_id,
        loser_id=ended.loser_id,
        score=log.final.score(),
        finish=ended.finish,
        replay_gif=replay_gif,
        replay_alt=describe_replay(scenes),
        record=_record(log, names),
        rating=None,
    )


def _record(log: GameLog, names: tuple[str, str]) -> RecordFile:
    """The record file of a game, in its kind's format."""
    rules = rules_for(log.game.kind)
    return RecordFile(
        f"duelboard-{log.game.id}.{rules.record_suffix}", rules.record_text(log, names)
    )


async def _load(store: Store, game_id: int) -> tuple[GameLog, tuple[str, str]]:
    """A game's replayed log and its players' names (White's, Black's)."""
    row = await store.get_game(game_id)
    log = GameLog.replay(row, await store.events_for(game_id))
    seats = log.final.seats
    if seats is None:
        raise ActionNotAllowedError("svc.never_started", game=game_id)
    return log, await _names(store, seats)


async def _names(store: Store, seats: tuple[int, int]) -> tuple[str, str]:
    """The display names of the players in these seats (White's, Black's)."""
    names = []
    for user in seats:
        player = await store.get_player(user)
        names.append(str(user) if player is None else player.display_name)
    return names[0], names[1]


# Draws a recap elsewhere (the bot's drawing process): the game, its events, its players'
# names, the theme; the recap without a rating change.
Draw = Callable[[GameRow, Sequence[GameEvent], tuple[str, str], Theme], Awaitable[Recap]]


async def recap_for(
    store: Store,
    game_id: int,
    rating: CountedResult | None = None,
    *,
    words: Words = ENGLISH,
    theme: Theme = LIGHT,
    draw: Draw | None = None,
) -> Recap:
    """Read a finished game and draw its recap off the event loop (as `build_recap`): by
    `draw`, which words it as it was given to, or in a worker thread in `words`."""
    game = await store.get_game(game_id)
    events = await store.events_for(game_id)
    seats = load_session(game.state).seats  # a closed game's state is its final session
    if seats is None:
        raise ActionNotAllowedError("svc.never_started", game=game_id)
    names = await _names(store, seats)
    if draw is not None:
        made = await draw(game, events, names, theme)
    else:
        steps = recap_steps(game, events, names, words=words, theme=theme)
        made = await asyncio.to_thread(finish, steps)
    return replace(made, rating=rating)


async def review_for(
    store: Store, game_id: int, reviewer: Reviewer, bot_id: int
) -> GameReview | None:
    """Review the people (not `bot_id`) of a finished game, in a worker thread; None for a
    game without a review.

    Slower than the recap (seconds for a long match), so it is shown once done, not awaited
    before the final board.
    """
    log, _ = await _load(store, game_id)
    review = rules_for(log.game.kind).review
    if review is None:
        return None
    return await asyncio.to_thread(review, log, reviewer, bot_id)


async def record_for(store: Store, game_id: int) -> RecordFile:
    """The record file of a game (`.mat` or `.pdn`), for `/export`; the seed only once closed."""
    log, names = await _load(store, game_id)
    return _record(log, names)
