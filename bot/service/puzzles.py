"""Positions worth solving: a blunder from a server's reviewed games, or a built-in position.

A puzzle is the match just before a checker play, the plays offered (the best, the blunder
played when it came from a game, and the coach's next best) and the coach's equity for each.
It is found once and stored (`PuzzleStore`); the position of the day and /puzzle both read it.
Only finished games are looked at, and a puzzle keeps no player's name or id.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise

from bot.service.backgammon import BackgammonSession
from bot.service.coach import EQUITY, Coach
from bot.service.computer.backgammon import BackgammonCoach
from bot.service.log import GameLog
from bot.service.options import GameOptions
from bot.service.recap import review_for
from bot.service.review import Mistake, Reviewer, match_history
from bot.store import GameKind, JsonValue, Store
from bot.store.puzzles import PuzzleStore, StoredPuzzle
from engine.backgammon.matchplay import Match, Phase

log = logging.getLogger("duelboard")

CHOICES = 4  # plays offered: the best, the blunder and the next best (Discord allows 10)
BLUNDER = 0.16  # equity a play must lose, by the coach's figures, to be worth a puzzle
CLEAR = 0.04  # how far the best play must stand above the next, by the coach's figures
GAMES_PER_SEARCH = 5  # games reviewed at most by one search (a review takes seconds)
# The opening rolls that make a point: each has one clearly best play (by GNU Backgammon, 8/5
# 6/5, 8/4 6/4 and 13/7 8/7 stand 0.09 to 0.17 above the next); the others' best plays are close.
BUILT_IN_OPENINGS = ((3, 1), (4, 2), (6, 1))


@dataclass(frozen=True, slots=True)
class Choice:
    """A play offered and the coach's equity for it (None where the coach gives none)."""

    notation: str
    equity: float | None


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position to solve: the match before the play, the plays offered best first, and the
    blunder played (None for a built-in position)."""

    match: Match
    choices: tuple[Choice, ...]
    played: str | None
    options: GameOptions

    @property
    def best(self) -> Choice:
        """The coach's best play."""
        return self.choices[0]

    @property
    def dice(self) -> tuple[int, int]:
        """The roll to play."""
        dice = self.match.game.dice
        assert dice is not None  # a puzzle is a position with the dice rolled
        return dice

    def session(self) -> BackgammonSession:
        """The position as a session with no one seated, for the board picture."""
        return BackgammonSession(self.options, match=self.match)

    def to_json(self) -> dict[str, JsonValue]:
        """What the store keeps."""
        return {
            "match": self.match.to_text(),
            "variant": self.options.variant,
            "options": self.options.to_json(),
            "played": self.played,
            "choices": [[c.notation, c.equity] for c in self.choices],
        }

    @classmethod
    def from_json(cls, data: dict[str, JsonValue]) -> Puzzle:
        """A puzzle from what the store kept."""
        choices = data["choices"]
        assert isinstance(choices, list)
        options = GameOptions.from_json(GameKind.BACKGAMMON, str(data["variant"]), data["options"])
        return cls(
            Match.from_text(str(data["match"])),
            tuple(_choice(item) for item in choices),
            None if data["played"] is None else str(data["played"]),
            options,
        )


def _choice(item: JsonValue) -> Choice:
    assert isinstance(item, list) and len(item) == 2
    notation, equity = item
    return Choice(str(notation), float(equity) if isinstance(equity, int | float) else None)


def position_before(history: Sequence[Match], mistake: Mistake) -> Match | None:
    """The match just before the play `mistake` names (its game and turn, turns counted as the
    review counts them: every play of the game, forced ones included); None if not found."""
    played = 0
    for before, after in pairwise(history):
        if before.game_number != after.game_number:
            played = 0
            continue
        moved = before.game.phase is Phase.MOVING and after.game.phase in (
            Phase.ROLLING,
            Phase.OVER,
        )
        if not moved:
            continue
        if before.game_number == mistake.game and played + 1 == mistake.move:
            plays = [p for p in before.game.legal_plays() if p.notation() == mistake.played]
            return before if plays else None
        played += 1
    return None


def judged(match: Match, played: str | None, options: GameOptions, coach: Coach) -> Puzzle | None:
    """The puzzle of `match` by the coach's figures, or None when it is not one: no equities,
    a best play not clearly best, or (from a game) a play that was no blunder.

    CPU-bound: run it in a worker thread."""
    plays = match.game.legal_plays()
    if len(plays) < 2:
        return None
    backgammon: BackgammonCoach = coach.for_kind(GameKind.BACKGAMMON)
    advice = backgammon.advice(match, len(plays))
    if advice.unit != EQUITY or len(advice.suggestions) < 2:
        return None
    ranked = [Choice(s.notation, s.value) for s in advice.suggestions]
    equities = [c.equity for c in ranked]
    if any(e is None for e in equities):
        return None
    best, second = ranked[0], ranked[1]
    assert best.equity is not None and second.equity is not None
    if best.equity - second.equity < CLEAR:
        return None
    offered = ranked[:CHOICES]
    if played is not None:
        chosen = next((c for c in ranked if c.notation == played), None)
        if chosen is None or chosen.equity is None or best.equity - chosen.equity < BLUNDER:
            return None
        if chosen not in offered:
            offered = [*ranked[: CHOICES - 1], chosen]
    return Puzzle(match, tuple(offered), played, options)


async def find_in_games(
    store: Store,
    puzzles: PuzzleStore,
    guild_id: int,
    reviewer: Reviewer,
    coach: Coach,
    bot_id: int,
    *,
    now: datetime,
) -> StoredPuzzle | None:
    """A new puzzle from the server's newest finished backgammon games (stored), or None: the
    people's blunders in checker play, worst first, that the coach agrees on."""
    known = await puzzles.sources(guild_id)
    looked = 0
    for game_id in await puzzles.finished_backgammon_games([guild_id]):
        if any(source.startswith(f"game:{game_id}:") for source in known):
            continue
        if looked == GAMES_PER_SEARCH:
            break
        looked += 1
        try:
            found = await _in_game(store, game_id, reviewer, coach, bot_id, known)
        except Exception:  # one game the review cannot read must not hide the others
            log.exception("looking for a puzzle in game #%s failed", game_id)
            found = None
        if found is None:
            # Kept as looked at (no position), so a game is reviewed for this once only.
            await puzzles.keep(guild_id, f"game:{game_id}:none", {}, now=now)
            continue
        source, puzzle = found
        return await puzzles.keep(guild_id, source, puzzle.to_json(), now=now)
    return None


async def _in_game(
    store: Store, game_id: int, reviewer: Reviewer, coach: Coach, bot_id: int, known: set[str]
) -> tuple[str, Puzzle] | None:
    review = await review_for(store, game_id, reviewer, bot_id)
    if review is None or not review.available:
        return None
    mistakes = [m for p in review.players for m in p.report.worst if not m.cube and m.mark == "??"]
    mistakes.sort(key=lambda m: -m.loss)
    if not mistakes:
        return None
    game_log = GameLog.replay(await store.get_game(game_id), await store.events_for(game_id))
    history = match_history(game_log)
    final = game_log.final
    assert isinstance(final, BackgammonSession)
    for mistake in mistakes:
        source = f"game:{game_id}:{mistake.game}:{mistake.move}"
        match = position_before(history, mistake)
        if source in known or match is None:
            continue
        puzzle = await asyncio.to_thread(judged, match, mistake.played, final.options, coach)
        if puzzle is not None:
            return source, puzzle
    return None


async def built_in(puzzles: PuzzleStore, coach: Coach, *, now: datetime) -> list[StoredPuzzle]:
    """The built-in positions (the point-making opening rolls), judged by the
    coach once and stored; none where the coach gives no equities."""
    kept = await puzzles.puzzles_of([None])
    if kept:
        return kept
    options = GameOptions(GameKind.BACKGAMMON, "standard", cube=False)
    for dice in BUILT_IN_OPENINGS:
        match = Match.start(options.match_options()).opening_roll(*dice)
        puzzle = await asyncio.to_thread(judged, match, None, options, coach)
        if puzzle is not None:
            source = f"opening:{dice[0]}{dice[1]}"
            kept.append(await puzzles.keep(None, source, puzzle.to_json(), now=now))
    return kept
