"""Ratings in the service: which results count, Glicko-2 per ladder and scope, the stake preview.

A ladder is `backgammon` (every backgammon variant) or `checkers:<variant>`; a scope is the
guild the game was in, and `GLOBAL_SCOPE` for every server together. One finished game is one
result: a whole backgammon match, one money game, one checkers game. Games against the bot and
games challenged as unrated (option `rated: false`) are counted for stats but move no rating.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.service.errors import ServiceError
from bot.service.glicko2 import (
    BASE_DEVIATION,
    BASE_RATING,
    BASE_VOLATILITY,
    RatedGame,
    Rating,
    stake,
    update,
)
from bot.service.kinds import KINDS
from bot.service.log import GameLog
from bot.store import GameKind, GameRow, GameStatus, Store
from bot.store.ratings import (
    RatingChangeRow,
    RatingStore,
    ResultEntry,
    Standing,
    WinLossDraw,
)
from bot.store.schema import GLOBAL_SCOPE
from engine.backgammon.cube import Size

RATED_OPTION = "rated"


class NotRateableError(ServiceError):
    """The game has no result to count (still open, cancelled, or never seated)."""


def ladder_for(kind: str, variant: str) -> str:
    """The ladder a game's result counts on, as its game's rules say (backgammon, or checkers
    per variant)."""
    if kind not in KINDS:
        raise ValueError(f"no ladder for game kind {kind!r}")
    return KINDS[GameKind(kind)].ladder(variant)


def scopes_for(guild_id: int | None) -> tuple[int, ...]:
    """Where a game's rating moves: its server (if any) and the global ladder."""
    return (GLOBAL_SCOPE,) if guild_id is None else (guild_id, GLOBAL_SCOPE)


def ladder_server(game: GameRow) -> int | None:
    """The server whose ladder a game counts on: its own if it added the bot; none for a game
    in a DM, a group DM or a server that never added the bot (the global ladder only)."""
    return game.guild_id if game.place.bot_posts else None


UNRATED: Standing = (BASE_RATING, BASE_DEVIATION, BASE_VOLATILITY)


def rate_pair(current: Mapping[int, Standing], scores: Mapping[int, float]) -> dict[int, Standing]:
    """Both players' new standings after one game, each rated against the other's old rating."""
    first, second = list(scores)
    old = {user: Rating(*current[user]) for user in (first, second)}
    new = {
        first: update(old[first], [RatedGame(old[second], scores[first])]),
        second: update(old[second], [RatedGame(old[first], scores[second])]),
    }
    return {user: (r.rating, r.deviation, r.volatility) for user, r in new.items()}


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating before and after a game, in one scope."""

    user_id: int
    scope: int
    before: float
    after: float
    deviation: float

    @property
    def delta(self) -> int:
        """The whole rating gained (negative when lost), as shown to players."""
        return round(self.after) - round(self.before)

    @property
    def provisional(self) -> bool:
        """True while the new rating is still provisional (RD above 110)."""
        return Rating(self.after, self.deviation).provisional


@dataclass(frozen=True, slots=True)
class CountedResult:
    """What recording a finished game did: each player's entry and rating changes."""

    game_id: int
    ladder: str
    rated: bool
    entries: tuple[ResultEntry, ...]
    changes: tuple[RatingChange, ...]

    def change_for(self, user_id: int, scope: int) -> RatingChange | None:
        """The player's change in a scope (None for unrated games)."""
        for change in self.changes:
            if change.user_id == user_id and change.scope == scope:
                return change
        return None


@dataclass(frozen=True, slots=True)
class Stake:
    """What a rated challenge puts at stake for each side, in one scope."""

    scope: int
    challenger: Rating
    opponent: Rating
    challenger_win: int
    challenger_loss: int
    opponent_win: int
    opponent_loss: int


def is_rated(game: GameRow, bot_id: int, *, bot_seated: bool) -> bool:
    """Whether a finished game moves ratings: no bot at it, and not challenged as unrated."""
    if bot_seated or bot_id in (game.challenger_id, game.opponent_id):
        return False
    return game.options.get(RATED_OPTION, True) is not False


def result_entries(log: GameLog, *, rated: bool, finished_at: datetime) -> list[ResultEntry]:
    """Each seated player's entry for a finished game: outcome, points, gammons."""
    game = log.game
    seats = log.final.seats
    if game.status is not GameStatus.FINISHED or seats is None:
        raise NotRateableError("svc.rating.no_result", game=game.id, status=game.status.value)
    ladder = ladder_for(game.kind, game.variant)
    tally: dict[int, list[int]] = {user: [0, 0, 0, 0, 0] for user in seats}
    for ended in log.games_ended():
        if ended.winner_id is None or ended.loser_id is None:
            continue
        tally[ended.winner_id][0] += ended.points
        if ended.size in (Size.GAMMON, Size.BACKGAMMON):
            # index 1/2: gammons/backgammons won; 3/4: lost
            column = 1 if ended.size == Size.GAMMON else 2
            tally[ended.winner_id][column] += 1
            tally[ended.loser_id][column + 2] += 1
    entries = []
    for seat, user in enumerate(seats):
        outcome: WinLossDraw = (
            "draw" if game.winner_id is None else "win" if game.winner_id == user else "loss"
        )
        points, g_won, bg_won, g_lost, bg_lost = tally[user]
        entries.append(
            ResultEntry(
                game.id,
                user,
                seats[1 - seat],
                ladder,
                outcome,
                points,
                g_won,
                bg_won,
                g_lost,
                bg_lost,
                rated,
                finished_at,
            )
        )
    return entries


class Ratings:
    """Counts finished games and answers rating questions for the service and the bot."""

    def __init__(self, store: Store, *, bot_id: int) -> None:
        """Keep ratings beside `store`; games with `bot_id` seated are never rated."""
        self.store = store
        self.ratings = RatingStore(store)
        self.bot_id = bot_id

    async def count_finished(self, game_id: int, *, now: datetime) -> CountedResult:
        """Count a finished game's result once, moving ratings if it is rated.

        Raises `NotRateableError` for a game without a result and the store's
        `AlreadyCountedError` if it was counted before.
        """
        game = await self.store.get_game(game_id)
        log = GameLog.replay(game, await self.store.events_for(game_id))
        seats = log.final.seats
        bot_seated = False
        if seats is not None:
            for user in seats:
                player = await self.store.get_player(user)
                bot_seated = bot_seated or user == self.bot_id or bool(player and player.is_bot)
        rated = is_rated(game, self.bot_id, bot_seated=bot_seated)
        entries = result_entries(log, rated=rated, finished_at=game.updated_at)
        humans = [e for e in entries if e.user_id != self.bot_id]
        scores = {e.user_id: {"win": 1.0, "loss": 0.0, "draw": 0.5}[e.outcome] for e in entries}

        def rate(_scope: int, current: Mapping[int, Standing]) -> Mapping[int, Standing]:
            return rate_pair(current, scores)

        rows = await self.ratings.count_result(
            humans,
            scopes=scopes_for(ladder_server(game)),
            rate=rate if rated else None,
            now=now,
            unrated=UNRATED,
        )
        return CountedResult(
            game.id,
            entries[0].ladder,
            rated,
            tuple(humans),
            tuple(change_of(row) for row in rows),
        )

    async def rating(self, user_id: int, kind: GameKind, variant: str, scope: int) -> Rating:
        """A player's rating on the game's ladder in a scope (the starting rating if unrated)."""
        row = await self.ratings.rating(scope, ladder_for(kind, variant), user_id)
        return Rating() if row is None else Rating(row.rating, row.deviation, row.volatility)

    async def stake(
        self,
        challenger_id: int,
        opponent_id: int,
        kind: GameKind,
        variant: str,
        guild_id: int | None,
    ) -> Stake:
        """What a challenge puts at stake ("win +8 / lose -12"), on the server's ladder if any."""
        scope = scopes_for(guild_id)[0]
        mine = await self.rating(challenger_id, kind, variant, scope)
        theirs = await self.rating(opponent_id, kind, variant, scope)
        win, loss = stake(mine, theirs)
        their_win, their_loss = stake(theirs, mine)
        return Stake(scope, mine, theirs, win, loss, their_win, their_loss)


def change_of(row: RatingChangeRow) -> RatingChange:
    """A stored rating change, as the service reads it."""
    return RatingChange(
        row.user_id, row.scope, row.rating_before, row.rating_after, row.deviation_after
    )
