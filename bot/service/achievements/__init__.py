"""Achievements: what a player earned, each decided from stored game records (so the whole set
can be recomputed), awarded when a game is counted and announced in its recap.

A game earns nothing when it was not finished (aborted, cancelled) or when one player sat on
both sides; the bot earns nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from bot.service.achievements.backgammon import backgammon_earned
from bot.service.achievements.checkers import checkers_earned
from bot.service.log import GameLog
from bot.store import GameKind, GameStatus, Store
from bot.store.achievements import Achievement, AchievementStore, PastGame

# Every achievement, in the order /stats lists them: both games, then backgammon, then checkers.
CODES: tuple[str, ...] = (
    "first_win",
    "ten_wins",
    "fifty_games",
    "century",
    "five_in_a_row",
    "never_give_up",
    "gammon",
    "backgammon",
    "closed_out",
    "hit_from_bar",
    "hot_dice",
    "high_stakes",
    "match_winner",
    "triple_capture",
    "early_king",
    "flawless",
)
STREAK = 5
NO_RESIGNING = 10

Earner = Callable[[GameLog], dict[int, set[str]]]
EARNERS: Mapping[GameKind, Earner] = MappingProxyType(
    {GameKind.BACKGAMMON: backgammon_earned, GameKind.CHECKERS: checkers_earned}
)


def from_past(past: Sequence[PastGame]) -> set[str]:
    """What a player's finished games, oldest first, earn together."""
    earned = set()
    wins = sum(game.outcome == "win" for game in past)
    for count, code in ((1, "first_win"), (10, "ten_wins")):
        if wins >= count:
            earned.add(code)
    for count, code in ((50, "fifty_games"), (100, "century")):
        if len(past) >= count:
            earned.add(code)
    run = best = 0
    for game in past:
        run = run + 1 if game.outcome == "win" else 0
        best = max(best, run)
    if best >= STREAK:
        earned.add("five_in_a_row")
    kept_on = 0
    for game in past:
        resigned = game.outcome == "loss" and game.reason.startswith("resigned")
        kept_on = 0 if resigned else kept_on + 1
        if kept_on >= NO_RESIGNING:
            earned.add("never_give_up")
    return earned


class Achievements:
    """Achievements decided when a game is counted, and each player's list."""

    def __init__(self, store: Store, bot_id: int) -> None:
        """Read the records from `store`; `bot_id` (the bot) earns nothing."""
        self.store = store
        self.kept = AchievementStore(store)
        self.bot_id = bot_id

    async def count(self, game_id: int) -> list[Achievement]:
        """Award what the finished game earned its players; the new ones, for its recap."""
        game = await self.store.get_game(game_id)
        if game.status is not GameStatus.FINISHED or game.challenger_id == game.opponent_id:
            return []
        log = GameLog.replay(game, await self.store.events_for(game_id))
        seats = log.final.seats
        if seats is None or seats[0] == seats[1]:
            return []
        in_game = EARNERS[game.kind](log)
        earned = []
        for user_id in seats:
            if user_id == self.bot_id:
                continue
            past = await self.kept.past_games(user_id, up_to=game_id)
            codes = in_game.get(user_id, set()) | from_past(past)
            earned += [
                Achievement(user_id, code, game_id, game.updated_at)
                for code in CODES
                if code in codes
            ]
        return await self.kept.award(earned)

    async def of(self, user_id: int) -> list[Achievement]:
        """The player's achievements, earliest first."""
        return await self.kept.of(user_id)
