"""Tournaments from sign-up to the end: create, join, leave, start, pause, cancel, remove.

Like `Games`, nothing is kept in memory: every call reads the store and writes conditionally,
so a restart loses nothing and several processes may share one database. The organizer (who
created it) and members with Manage Server direct a tournament; anyone may enter it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.service.errors import ServiceError, TournamentError
from bot.service.games import Games
from bot.service.ratings import Ratings
from bot.service.tournaments import pairing as rules
from bot.service.tournaments.rounds import Rounds
from bot.service.tournaments.setup import MIN_PLAYERS, setup_for
from bot.service.tournaments.tournament import Progress, Tournament, seats_of
from bot.service.views import ActionOutcomes, Player
from bot.settings import ONE_SHARD, Shards
from bot.store.tournament_rows import (
    NewPairing,
    PairingClaim,
    PairingRow,
    TournamentRow,
    TournamentStatus,
)
from bot.store.tournaments import Joined, TournamentStore

ATTEMPTS = 3  # re-reads of a tournament another writer moved on meanwhile


class Tournaments:
    """Every tournament of the bot; one per process, holding no state of its own."""

    def __init__(self, games: Games) -> None:
        """Keep tournaments beside the games of `games`, which plays their pairings."""
        self.games = games
        self.games_store = games.store
        self.store = TournamentStore(games.store)
        self.clock = games.clock
        self.ratings = Ratings(games.store, bot_id=games.bot.id)
        self.rounds = Rounds(self.store, games.clock)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organizer: Player,
        kind: str,
        format: str,
        variant: str | None = None,
        rounds: int | None = None,
        players: int | None = None,
        start: str | None = None,
        **game_choices: Any,
    ) -> Tournament:
        """Open a tournament for sign-ups in a channel (one open tournament per channel)."""
        now = self.clock.now()
        setup = setup_for(
            kind,
            format,
            variant=variant,
            rounds=rounds,
            players=players,
            start=start,
            now=now,
            **game_choices,
        )
        holder = await self.store.open_in_channel(channel_id)
        if holder is not None:
            raise TournamentError("svc.tournament.channel_busy", tournament=holder.id)
        await self.games_store.upsert_player(organizer.id, organizer.name, now=now)
        games = setup.games
        row = await self.store.create(
            guild_id=guild_id,
            channel_id=channel_id,
            organizer_id=organizer.id,
            kind=games.kind,
            variant=games.variant,
            format=setup.format.value,
            options=games.to_json(),
            swiss_rounds=setup.swiss_rounds,
            player_limit=setup.player_limit,
            starts_at=setup.starts_at,
            now=now,
        )
        if row is None:  # another one was opened in the channel a moment ago
            holder = await self.store.open_in_channel(channel_id)
            number = "?" if holder is None else holder.id
            raise TournamentError("svc.tournament.channel_busy", tournament=number)
        return await self.get(row.id)

    async def get(self, tournament_id: int) -> Tournament:
        """The tournament as it now stands."""
        return await self.rounds.get(tournament_id)

    async def here(self, channel_id: int) -> Tournament:
        """The newest tournament held in a channel, open or not."""
        row = await self.store.latest_in_channel(channel_id)
        if row is None:
            raise TournamentError("svc.tournament.none_here")
        return await self.get(row.id)

    async def join(self, tournament_id: int, player: Player) -> Tournament:
        """Enter `player`, while sign-ups are open and there is room."""
        now = self.clock.now()
        await self.games_store.upsert_player(player.id, player.name, now=now)
        joined = await self.store.join(tournament_id, player.id, now=now)
        row = await self.store.get(tournament_id)
        if joined is Joined.ALREADY:
            raise TournamentError("svc.tournament.already_in", tournament=row.id)
        if joined is Joined.FULL:
            raise TournamentError("svc.tournament.full", tournament=row.id, most=row.player_limit)
        if joined is Joined.CLOSED:
            raise _closed(row)
        return await self.get(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Take `user_id` off the list, before the start."""
        row = await self.store.get(tournament_id)
        if not await self.store.leave(tournament_id, user_id, now=self.clock.now()):
            row = await self.store.get(tournament_id)
            if row.status is TournamentStatus.RUNNING:
                raise TournamentError("svc.tournament.leave_started", tournament=row.id)
            if not row.status.is_open:
                raise _closed(row)
            raise TournamentError("svc.tournament.not_entered", tournament=row.id)
        return await self.get(tournament_id)

    async def start(
        self, tournament_id: int, user_id: int | None = None, *, manager: bool = False
    ) -> Progress:
        """Start now and pair round 1: by its director (`user_id`), or at its start time (no
        user: then too few players call it off instead of refusing)."""
        for _ in range(ATTEMPTS):
            tournament = await self.get(tournament_id)
            row = tournament.row
            if user_id is not None:
                _may_direct(row, user_id, manager)
            if row.status is not TournamentStatus.SIGNUP:
                if row.status is TournamentStatus.RUNNING:
                    raise TournamentError("svc.tournament.already_started", tournament=row.id)
                raise _closed(row)
            if row.paused and user_id is not None:
                raise TournamentError("svc.tournament.start_paused", tournament=row.id)
            count = len(tournament.entrants)
            if count < MIN_PLAYERS:
                if user_id is not None:
                    raise TournamentError(
                        "svc.tournament.too_few", tournament=row.id, least=MIN_PLAYERS, count=count
                    )
                return await self._call_off(tournament)
            if await self._start(tournament) is not None:
                progress = await self.rounds.advance(tournament_id)
                return Progress(
                    progress.tournament,
                    progress.completed,
                    (1, *progress.paired),
                    progress.finished,
                    to_seat=progress.to_seat,
                )
        raise TournamentError("svc.tournament.busy", tournament=tournament_id)

    async def _start(self, tournament: Tournament) -> TournamentRow | None:
        """Seed the entrants by their ratings and store round 1; None if the tournament
        moved on since `tournament` was read."""
        row = tournament.row
        scope = row.guild_id
        ratings = {}
        for entrant in tournament.entrants:
            rating = await self.ratings.rating(entrant.user_id, row.kind, row.variant, scope)
            ratings[entrant.user_id] = rating.rating
        seeds = [rules.Entrant(user_id, rating) for user_id, rating in ratings.items()]
        swiss = None
        if row.swiss_rounds is not None:
            # No more rounds than a round robin has: nobody needs to meet anyone twice.
            swiss = min(row.swiss_rounds, rules.rounds(rules.Format.ROUND_ROBIN, len(seeds)))
        total = rules.rounds(tournament.format, len(seeds), swiss)
        pairs = await asyncio.to_thread(rules.pair_round, tournament.format, seeds, [], 1)
        new = [NewPairing(number, p.first, p.second) for number, p in enumerate(pairs, start=1)]
        return await self.store.start(
            row.id, row.version, ratings=ratings, rounds=total, pairings=new, now=self.clock.now()
        )

    async def _call_off(self, tournament: Tournament) -> Progress:
        """The start time came with too few players: the tournament is cancelled."""
        row = tournament.row
        now = self.clock.now()
        columns = {"status": TournamentStatus.CANCELLED.value}
        changed = await self.store.change(row.id, row.version, now=now, **columns)
        return Progress(await self.get(row.id), called_off=changed is not None)

    async def pause(self, tournament_id: int, user_id: int, *, manager: bool) -> Tournament:
        """Hold the tournament: no new round is paired, nor is it started at its start time
        (games already on go on)."""

        def check(row: TournamentRow) -> dict[str, object]:
            if row.paused:
                raise TournamentError("svc.tournament.already_paused", tournament=row.id)
            return {"paused": True}

        await self._direct(tournament_id, user_id, manager, check)
        return await self.get(tournament_id)

    async def resume(self, tournament_id: int, user_id: int, *, manager: bool) -> Progress:
        """Go on after a pause: a round already complete is paired at once."""

        def check(row: TournamentRow) -> dict[str, object]:
            if not row.paused:
                raise TournamentError("svc.tournament.not_paused", tournament=row.id)
            return {"paused": False}

        await self._direct(tournament_id, user_id, manager, check)
        return await self.rounds.advance(tournament_id)

    async def cancel(self, tournament_id: int, user_id: int, *, manager: bool) -> Tournament:
        """Call the tournament off; games already on go on as games of their own."""

        def check(_row: TournamentRow) -> dict[str, object]:
            return {"status": TournamentStatus.CANCELLED.value, "paused": False}

        await self._direct(tournament_id, user_id, manager, check)
        return await self.get(tournament_id)

    async def remove(
        self, tournament_id: int, user_id: int, player: Player, *, manager: bool
    ) -> Progress:
        """Take `player` out: off the list before the start; after it, paired no more (a game
        they are playing goes on; every later pairing of theirs is a walkover)."""
        row = await self.store.get(tournament_id)
        _may_direct(row, user_id, manager)
        if not row.status.is_open:
            raise _closed(row)
        now = self.clock.now()
        if row.status is TournamentStatus.SIGNUP:
            done = await self.store.leave(tournament_id, player.id, now=now)
        else:
            done = await self.store.withdraw(tournament_id, player.id, now=now)
        if not done:
            name = player.name
            raise TournamentError("svc.tournament.player_not_entered", tournament=row.id, name=name)
        return await self.rounds.advance(tournament_id)

    async def seat(self, pairing: PairingRow, channel_id: int) -> ActionOutcomes:
        """Play a pairing's game (its first, or a replay) as a new game in `channel_id`, a
        channel of its own; `PairingTakenError` if the pairing has its game already."""
        tournament = await self.get(pairing.tournament_id)
        row = tournament.row
        first, second = seats_of(pairing)
        names = tournament.names()
        options = replace(tournament.games, tournament=row.id, tournament_round=pairing.round)
        return await self.games.challenges.start_pairing(
            channel_id=channel_id,
            guild_id=row.guild_id,
            first=Player(first, names.get(first, str(first))),
            second=Player(second, names.get(second, str(second))),
            options=options,
            claim=PairingClaim(row.id, pairing.round, pairing.number, pairing.game_id),
        )

    async def advance(self, tournament_id: int) -> Progress:
        """Record results and pair what is due (see `Rounds.advance`)."""
        return await self.rounds.advance(tournament_id)

    async def open_ones(self, shards: Shards = ONE_SHARD) -> list[TournamentRow]:
        """The tournaments of `shards` taking sign-ups or running."""
        return await self.store.open_ones(shards)

    async def tick(self, row: TournamentRow, now: datetime | None = None) -> Progress | None:
        """What the clock does for one open tournament: start it once its start time came
        (unless paused), or move a running one on (what a restart or a lost follow-up left
        undone); None when there is nothing to tell."""
        moment = self.clock.now() if now is None else now
        try:
            if row.status is TournamentStatus.SIGNUP:
                if row.starts_at is None or row.starts_at > moment or row.paused:
                    return None
                progress = await self.start(row.id)
            else:
                progress = await self.rounds.advance(row.id)
        except ServiceError:
            return None  # it moved on meanwhile; the next sweep sees how it stands
        return progress if progress.news else None

    async def sweep(
        self, now: datetime | None = None, shards: Shards = ONE_SHARD
    ) -> list[Progress]:
        """`tick` every open tournament of `shards`; a progress for each with news."""
        found = [await self.tick(row, now) for row in await self.open_ones(shards)]
        return [progress for progress in found if progress is not None]

    async def _direct(
        self,
        tournament_id: int,
        user_id: int,
        manager: bool,
        change: Callable[[TournamentRow], dict[str, object]],
    ) -> TournamentRow:
        """Apply a director's `change` (columns, from the tournament as read) to an open
        tournament, against its version, reading again if another writer moved it on."""
        for _ in range(ATTEMPTS):
            row = await self.store.get(tournament_id)
            _may_direct(row, user_id, manager)
            if not row.status.is_open:
                raise _closed(row)
            columns = change(row)
            now = self.clock.now()
            changed = await self.store.change(row.id, row.version, now=now, **columns)
            if changed is not None:
                return changed
        raise TournamentError("svc.tournament.busy", tournament=tournament_id)


def _may_direct(row: TournamentRow, user_id: int, manager: bool) -> None:
    """Refuse anyone but the organizer and members with Manage Server."""
    if user_id != row.organizer_id and not manager:
        raise TournamentError("svc.tournament.organizer_only", tournament=row.id)


def _closed(row: TournamentRow) -> TournamentError:
    """The refusal for a tournament that no longer takes what was asked."""
    if row.status is TournamentStatus.RUNNING:
        return TournamentError("svc.tournament.started", tournament=row.id)
    return TournamentError("svc.tournament.over", tournament=row.id)
