"""A finished game's recap: animated replay, result, rating change, record file.

`build_recap` is pure and CPU-bound (it draws every frame), so the service calls `recap_for`,
which reads the log and draws in a worker thread. For a backgammon match the replay shows the
last game (a whole match would make a GIF too long to watch), and a long game its last
`MAX_FRAMES` moves; the record file always has everything.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.service import outcomes as out
from bot.service.errors import ActionNotAllowedError
from bot.service.kinds import rules_for
from bot.service.log import GameLog
from bot.service.ratings import CountedResult
from bot.service.review import GameReview, Reviewer
from bot.store import Store
from render import ENGLISH, LIGHT, Theme, Words, describe_replay, replay_gif

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
    ended = _final_outcome(log)
    game = log.game
    if log.final.seats is None:
        raise ValueError(f"game #{game.id} never started: there is nothing to recap")
    rules = rules_for(game.kind)
    scenes = rules.replay_scenes(log, names, words, MAX_FRAMES)
    return Recap(
        game_id=game.id,
        winner_id=ended.winner_id,
        loser_id=ended.loser_id,
        score=log.final.score(),
        finish=ended.finish,
        replay_gif=replay_gif(scenes, theme=theme),
        replay_alt=describe_replay(scenes),
        record=_record(log, names),
        rating=rating,
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
    names = []
    for user in seats:
        player = await store.get_player(user)
        names.append(str(user) if player is None else player.display_name)
    return log, (names[0], names[1])


async def recap_for(
    store: Store,
    game_id: int,
    rating: CountedResult | None = None,
    *,
    words: Words = ENGLISH,
    theme: Theme = LIGHT,
) -> Recap:
    """Load a finished game and draw its recap off the event loop (as `build_recap`)."""
    log, names = await _load(store, game_id)
    return await asyncio.to_thread(
        lambda: build_recap(log, names, rating, words=words, theme=theme)
    )


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
