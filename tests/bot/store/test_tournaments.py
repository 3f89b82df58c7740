"""The tournament tables: one open tournament per channel, sign-ups counted under the limit
even when they race, a round stored once, one game per pairing, a result counted once."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import GameKind, PairingTakenError, Store
from bot.store.tournament_rows import NewPairing, PairingClaim, TournamentRow, TournamentStatus
from bot.store.tournaments import Joined, TournamentStore
from tests.bot.store.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, NOW, later, new_game

OTHERS = list(range(1000, 1010))


async def open_tournament(
    tournaments: TournamentStore, channel_id: int = CHANNEL, player_limit: int = 8
) -> TournamentRow | None:
    """A checkers round robin organized by Alice."""
    return await tournaments.create(
        guild_id=GUILD,
        channel_id=channel_id,
        organizer_id=ALICE,
        kind=GameKind.CHECKERS,
        variant="box",
        format="round_robin",
        options={"rated": True},
        swiss_rounds=None,
        player_limit=player_limit,
        starts_at=None,
        now=NOW,
    )


@pytest.fixture
async def tournaments(seated: Store) -> TournamentStore:
    """The tournament tables beside a store that knows Alice, Bob, Carol and ten others."""
    for user_id in OTHERS:
        await seated.upsert_player(user_id, f"Player {user_id}", now=NOW)
    return TournamentStore(seated)


async def test_a_channel_holds_one_open_tournament(tournaments: TournamentStore) -> None:
    first = await open_tournament(tournaments)
    assert first is not None and first.status is TournamentStatus.SIGNUP and first.version == 0
    assert await open_tournament(tournaments) is None
    elsewhere = await open_tournament(tournaments, channel_id=CHANNEL + 1)
    assert elsewhere is not None
    assert await tournaments.change(first.id, 0, now=NOW, status="cancelled") is not None
    again = await open_tournament(tournaments)
    assert again is not None and again.id > elsewhere.id
    latest = await tournaments.latest_in_channel(CHANNEL)
    assert latest is not None and latest.id == again.id


async def test_sign_ups_that_race_never_pass_the_limit(tournaments: TournamentStore) -> None:
    row = await open_tournament(tournaments, player_limit=3)
    assert row is not None
    outcomes = await asyncio.gather(
        *(tournaments.join(row.id, user_id, now=NOW) for user_id in OTHERS)
    )
    assert outcomes.count(Joined.JOINED) == 3
    assert outcomes.count(Joined.FULL) == len(OTHERS) - 3
    assert len(await tournaments.entrants(row.id)) == 3
    entrant = (await tournaments.entrants(row.id))[0].user_id
    assert await tournaments.join(row.id, entrant, now=NOW) is Joined.ALREADY
    assert (await tournaments.get(row.id)).version == 3  # only the three sign-ups moved it


async def test_a_round_is_stored_once(tournaments: TournamentStore) -> None:
    row = await open_tournament(tournaments)
    assert row is not None
    for user_id in (ALICE, BOB, CAROL):
        await tournaments.join(row.id, user_id, now=NOW)
    signed = await tournaments.get(row.id)
    first_round = [NewPairing(1, ALICE, BOB), NewPairing(2, CAROL, None)]
    started = await tournaments.start(
        row.id, signed.version, ratings={}, rounds=3, pairings=first_round, now=NOW
    )
    assert started is not None and started.round == 1
    # Started twice from the same read: the second finds the version moved on.
    assert (
        await tournaments.start(
            row.id, signed.version, ratings={}, rounds=3, pairings=first_round, now=NOW
        )
        is None
    )
    second_round = [NewPairing(1, BOB, CAROL), NewPairing(2, ALICE, None)]
    paired = await tournaments.pair_round(row.id, started.version, 2, second_round, now=NOW)
    assert paired is not None and paired.round == 2
    stale = await tournaments.pair_round(row.id, started.version, 2, second_round, now=NOW)
    assert stale is None
    pairings = await tournaments.pairings(row.id)
    assert [(p.round, p.number) for p in pairings] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    # A bye is stored decided: a win for the player who sits out.
    bye = pairings[1]
    assert bye.done and bye.winner_id == CAROL and bye.game_id is None


async def test_a_pairing_gets_one_game_and_its_result_once(
    tournaments: TournamentStore, seated: Store
) -> None:
    row = await open_tournament(tournaments)
    assert row is not None
    for user_id in (ALICE, BOB):
        await tournaments.join(row.id, user_id, now=NOW)
    signed = await tournaments.get(row.id)
    await tournaments.start(
        row.id, signed.version, ratings={}, rounds=1, pairings=[NewPairing(1, ALICE, BOB)], now=NOW
    )
    claim = PairingClaim(row.id, 1, 1, None)
    game = await new_game(seated, channel_id=CHANNEL + 10, claim=claim)
    with pytest.raises(PairingTakenError):
        await new_game(seated, channel_id=CHANNEL + 11, claim=claim)
    # The refused game was never made: its channel is free and the next id is the next one.
    assert await seated.active_game_in_channel(CHANNEL + 11) is None
    [pairing] = await tournaments.pairings(row.id)
    assert pairing.game_id == game.id and pairing.games == 1
    assert await tournaments.pairing_of_game(game.id) == pairing
    assert await tournaments.settle(pairing, game.id, BOB, now=later(5))
    assert not await tournaments.settle(pairing, game.id, ALICE, now=later(6))
    [settled] = await tournaments.pairings(row.id)
    assert settled.done and settled.winner_id == BOB
    # A decided pairing takes no new game either.
    with pytest.raises(PairingTakenError):
        await new_game(seated, channel_id=CHANNEL + 12, claim=PairingClaim(row.id, 1, 1, game.id))


async def test_sign_ups_close_with_the_start(tournaments: TournamentStore) -> None:
    row = await open_tournament(tournaments)
    assert row is not None
    for user_id in (ALICE, BOB):
        await tournaments.join(row.id, user_id, now=NOW)
    signed = await tournaments.get(row.id)
    pairs = [NewPairing(1, ALICE, BOB)]
    await tournaments.start(row.id, signed.version, ratings={}, rounds=1, pairings=pairs, now=NOW)
    assert await tournaments.join(row.id, CAROL, now=NOW) is Joined.CLOSED
    assert not await tournaments.leave(row.id, BOB, now=NOW)
    assert await tournaments.withdraw(row.id, BOB, now=NOW)
    assert not await tournaments.withdraw(row.id, BOB, now=NOW)  # once
    entrants = {e.user_id: e.withdrawn for e in await tournaments.entrants(row.id)}
    assert entrants == {ALICE: False, BOB: True}
