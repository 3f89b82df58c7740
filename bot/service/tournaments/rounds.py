"""Moving a running tournament on: the results of its games, the next round, the end.

`advance` may run at any time, as often as wanted, from any number of callers at once: after a
game of the tournament closed, and from the sweeper. It reads what is stored, records what the
closed games decided, and pairs the next round once the current one is complete. Every write is
conditional (a pairing's result only while it waits for exactly that game; the next round only
against the tournament's version), so a result seen twice counts once and a round is paired
once; a restart loses nothing, since nothing lives outside the store.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Mapping

from bot.service.clock import Clock
from bot.service.tournaments import pairing as rules
from bot.service.tournaments.tournament import Progress, Tournament
from bot.store import GameStatus
from bot.store.tournament_rows import NewPairing, PairingRow, TournamentStatus
from bot.store.tournaments import TournamentStore


class Rounds:
    """Records results and pairs rounds for the tournaments on one store."""

    def __init__(self, store: TournamentStore, clock: Clock) -> None:
        """Work on `store`, stamping times from `clock`."""
        self.store = store
        self.clock = clock

    async def get(self, tournament_id: int) -> Tournament:
        """The tournament as it now stands."""
        row = await self.store.get(tournament_id)
        entrants = await self.store.entrants(tournament_id)
        pairings = await self.store.pairings(tournament_id)
        organizer = await self.store.player_name(row.organizer_id)
        return Tournament(row, tuple(entrants), tuple(pairings), organizer)

    async def advance(self, tournament_id: int) -> Progress:
        """Record what the current round's closed games decided; pair the next round when the
        current one is complete (unless paused), or end the tournament after its last."""
        completed: list[int] = []
        paired: list[int] = []
        finished = False
        tournament = await self.get(tournament_id)
        # Each pass completes at most one round: a round of walkovers completes at once.
        for _ in range(tournament.row.rounds or 0):
            row = tournament.row
            if row.status is not TournamentStatus.RUNNING:
                break
            if await self._settle(tournament):
                tournament = await self.get(tournament_id)
            if not all(p.done for p in tournament.round(row.round)):
                break
            if row.round >= (row.rounds or 0) or len(_to_pair(tournament)) < 2:
                winner = tournament.standings()[0].id
                now = self.clock.now()
                ended = await self.store.change(
                    row.id,
                    row.version,
                    now=now,
                    status=TournamentStatus.FINISHED.value,
                    winner_id=winner,
                )
                if ended is not None:  # else another caller ended it, and says so
                    completed.append(row.round)
                    finished = True
                break
            if row.paused or not await self._pair_next(tournament):
                break
            completed.append(row.round)
            paired.append(row.round + 1)
            tournament = await self.get(tournament_id)
        tournament = await self.get(tournament_id)
        waiting = await self.waiting(tournament)
        return Progress(
            tournament, tuple(completed), tuple(paired), finished, to_seat=tuple(waiting)
        )

    async def waiting(self, tournament: Tournament) -> list[PairingRow]:
        """The current round's pairings that wait for a game: none yet, or one whose game
        closed without deciding it (a knockout draw, played again; a game called off)."""
        row = tournament.row
        if row.status is not TournamentStatus.RUNNING:
            return []
        current = [p for p in tournament.round(row.round) if not p.done]
        closed = await self.store.closed_games([p.game_id for p in current if p.game_id])
        knockout = tournament.format is rules.Format.KNOCKOUT
        return [p for p in current if _verdict(p, closed, knockout) is Verdict.REPLAY]

    async def _settle(self, tournament: Tournament) -> bool:
        """Give the current round's pairings the results their closed games decided, and
        players removed from the tournament their walkovers; whether anything changed."""
        row = tournament.row
        current = [p for p in tournament.round(row.round) if not p.done]
        closed = await self.store.closed_games([p.game_id for p in current if p.game_id])
        withdrawn = tournament.withdrawn()
        knockout = tournament.format is rules.Format.KNOCKOUT
        changed = False
        now = self.clock.now()
        for pairing in current:
            verdict = _verdict(pairing, closed, knockout)
            if verdict is Verdict.DECIDED and pairing.game_id is not None:
                winner = closed[pairing.game_id][1]
                changed |= await self.store.settle(pairing, pairing.game_id, winner, now=now)
                continue
            # Waiting for a game, and none is on: a player removed from the tournament loses
            # the pairing without playing.
            gone = {pairing.first_id, pairing.second_id} & withdrawn
            if gone and verdict is Verdict.REPLAY:
                changed |= await self.store.walk_over(pairing, _walkover(pairing, gone), now=now)
        return changed

    async def _pair_next(self, tournament: Tournament) -> bool:
        """Pair the round after the current one; False if another caller paired it first."""
        row = tournament.row
        number = row.round + 1
        # Off the event loop: a late Swiss round of a big field takes long to pair.
        pairs = await asyncio.to_thread(
            rules.pair_round, tournament.format, _to_pair(tournament), tournament.results(), number
        )
        new = [NewPairing(number, p.first, p.second) for number, p in enumerate(pairs, start=1)]
        now = self.clock.now()
        stored = await self.store.pair_round(row.id, row.version, number, new, now=now)
        return stored is not None


def _to_pair(tournament: Tournament) -> list[rules.Entrant]:
    """Whom the pairing rules get: a knockout's bracket and a round robin's schedule are
    everyone who started (a removed player's games are walkovers); a Swiss pairs only the
    players still in."""
    if tournament.format is not rules.Format.SWISS:
        return tournament.seeds()
    gone = tournament.withdrawn()
    return [entrant for entrant in tournament.seeds() if entrant.id not in gone]


class Verdict(enum.Enum):
    """What a pairing without a result waits for."""

    PLAYING = "playing"  # its game is on
    DECIDED = "decided"  # its game finished with a result that counts: record it
    REPLAY = "replay"  # a game: none yet, or its game closed without deciding


def _verdict(
    pairing: PairingRow, closed: Mapping[int, tuple[GameStatus, int | None]], knockout: bool
) -> Verdict:
    """Where a pairing without a result stands, from its game's status and winner (`closed`
    holds the games that are no longer open). A knockout's draw decides nothing."""
    if pairing.game_id is None:
        return Verdict.REPLAY
    game = closed.get(pairing.game_id)
    if game is None:
        return Verdict.PLAYING
    status, winner = game
    if status is GameStatus.FINISHED and (winner is not None or not knockout):
        return Verdict.DECIDED
    return Verdict.REPLAY


def _walkover(pairing: PairingRow, gone: set[int | None]) -> int:
    """Who wins a pairing one of whose players was removed: the other; if both were, the one
    listed first (a knockout still needs a winner to go on)."""
    second = pairing.second_id
    if second is not None and pairing.first_id in gone and second not in gone:
        return second
    return pairing.first_id
