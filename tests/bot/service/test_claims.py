"""Where the bot cannot post: a win on time claimed by the waiting player, a missed deadline
settled by the players' next interaction, an expired challenge nobody may accept."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import outcomes as out
from bot.service.clock import FakeClock
from bot.service.errors import ActionNotAllowedError, GameOverError, NotAPlayerError
from bot.service.games import Games
from bot.service.operations import AcceptChallenge, Claim
from bot.store import GameKind, GamePlace, GameStatus
from tests.bot.service.conftest import ALICE, BOB, CAROL, CHANNEL

HOUR = timedelta(hours=1)


async def _in_a_dm(games: Games) -> int:
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.CHECKERS,
        place=GamePlace.DM,
        starter="challenger",
        time_limit=HOUR,
    )
    return posted.game.id


async def test_a_claim_is_refused_until_the_deadline_then_wins(
    games: Games, clock: FakeClock
) -> None:
    game_id = await _in_a_dm(games)
    with pytest.raises(ActionNotAllowedError) as pending:
        await games.act(game_id, BOB.id, Claim())
    assert pending.value.code == "svc.not_started"
    await games.act(game_id, BOB.id, AcceptChallenge.of(BOB))
    deadline = clock.now() + HOUR
    with pytest.raises(ActionNotAllowedError) as early:
        await games.act(game_id, BOB.id, Claim())
    assert early.value.code == "svc.claim.too_early"
    assert early.value.params["deadline"] == int(deadline.timestamp())
    with pytest.raises(ActionNotAllowedError) as own:
        await games.act(game_id, ALICE.id, Claim())  # Alice is to move
    assert own.value.code == "svc.claim.your_turn"
    with pytest.raises(NotAPlayerError):
        await games.act(game_id, CAROL.id, Claim())
    clock.advance(HOUR)
    assert await games.sweep() == []  # no sweeper where nobody could be told
    claimed = await games.act(game_id, BOB.id, Claim())
    assert claimed.outcomes[0] == out.WonOnTime(game_id, BOB.id, ALICE.id)
    assert claimed.game.status is GameStatus.FINISHED
    with pytest.raises(GameOverError):
        await games.act(game_id, BOB.id, Claim())


async def test_the_next_interaction_settles_only_for_the_players(
    games: Games, clock: FakeClock
) -> None:
    game_id = await _in_a_dm(games)
    await games.act(game_id, BOB.id, AcceptChallenge.of(BOB))
    assert await games.overdue(game_id, ALICE.id) is None  # nothing due yet
    clock.advance(HOUR + timedelta(seconds=1))
    assert await games.overdue(game_id, CAROL.id) is None  # a bystander settles nothing
    settled = await games.overdue(game_id, ALICE.id)
    assert settled is not None and settled.outcomes[0] == out.WonOnTime(game_id, BOB.id, ALICE.id)


async def test_an_expired_challenge_frees_the_dm_for_the_next(
    games: Games, clock: FakeClock
) -> None:
    first = await _in_a_dm(games)
    clock.advance(timedelta(days=2))
    second = await _in_a_dm(games)  # the expired one no longer holds the channel
    assert (await games.view(first)).status is GameStatus.EXPIRED
    assert second != first
