"""Challenges: directed, open and against the bot; accept, decline, cancel, expiry, refusals."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any, cast

import pytest

from bot.service import outcomes as out
from bot.service.clock import FakeClock
from bot.service.errors import (
    ChallengeError,
    ChannelBusyError,
    GameOverError,
    OptionError,
)
from bot.service.games import Games
from bot.service.operations import Abort, AcceptChallenge, DeclineChallenge, WithdrawChallenge
from bot.service.views import Player
from bot.store import GameKind, GameStatus
from tests.bot.service.conftest import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD


async def test_directed_challenge_accepted_by_the_named_player(games: Games) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, guild_id=GUILD, challenger=ALICE, opponent=BOB, kind=GameKind.BACKGAMMON
    )
    game = posted.game
    assert game.status is GameStatus.PENDING
    assert posted.outcomes[0] == out.ChallengePosted(
        game.id,
        GameKind.BACKGAMMON,
        "standard",
        ALICE.id,
        BOB.id,
        game.turn_deadline,  # type: ignore[arg-type]
    )
    with pytest.raises(ChallengeError, match="for someone else"):
        await games.act(game.id, CAROL.id, AcceptChallenge.of(CAROL))
    with pytest.raises(ChallengeError, match="your own challenge"):
        await games.act(game.id, ALICE.id, AcceptChallenge.of(ALICE))
    assert (await games.view(game.id)).version == 0
    accepted = await games.act(game.id, BOB.id, AcceptChallenge.of(BOB))
    assert accepted.game.status is GameStatus.ACTIVE
    started = [o for o in accepted.outcomes if isinstance(o, out.GameStarted)]
    assert started and started[0].white_id == ALICE.id and started[0].black_id == BOB.id
    # The commitment published at the start is the SHA-256 of the (still secret) seed.
    row = await games.store.get_game(game.id)
    assert row.dice_secret is not None
    assert started[0].commitment == hashlib.sha256(row.dice_secret.encode()).hexdigest()
    assert accepted.game.seed is None
    with pytest.raises(ChallengeError, match="already accepted"):
        await games.act(game.id, BOB.id, AcceptChallenge.of(BOB))


async def test_open_challenge_anyone_but_the_challenger_may_accept(games: Games) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS
    )
    assert posted.game.opponent_id is None
    with pytest.raises(ChallengeError, match="cannot be declined"):
        await games.act(posted.game.id, CAROL.id, DeclineChallenge())
    accepted = await games.act(posted.game.id, CAROL.id, AcceptChallenge.of(CAROL))
    assert accepted.game.opponent_id == CAROL.id
    assert set(accepted.game.seats or ()) == {ALICE.id, CAROL.id}


@pytest.mark.parametrize(
    "bot",
    [BOT, Player(BOT.id, "Duelboard"), Player(707, "Another bot", is_bot=True)],
    ids=["the bot", "the bot's id", "another bot"],
)
async def test_no_bot_can_accept_an_open_rated_challenge(games: Games, bot: Player) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON
    )
    assert posted.game.options.rated
    with pytest.raises(ChallengeError) as caught:
        await games.act(posted.game.id, bot.id, AcceptChallenge.of(bot))
    assert caught.value.code == "svc.challenge.bot_accepts"
    assert "challenge it instead" in str(caught.value)
    game = await games.store.get_game(posted.game.id)
    assert (game.status, game.version, game.opponent_id) == (GameStatus.PENDING, 0, None)
    assert (
        await games.act(posted.game.id, CAROL.id, AcceptChallenge.of(CAROL))
    ).game.opponent_id == CAROL.id


async def test_nobody_can_challenge_themselves(games: Games) -> None:
    with pytest.raises(ChallengeError, match="cannot challenge yourself"):
        await games.challenges.post(
            channel_id=CHANNEL, challenger=ALICE, opponent=ALICE, kind=GameKind.CHECKERS
        )


async def test_a_busy_channel_refuses_a_second_game_and_names_the_first(games: Games) -> None:
    first = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS
    )
    with pytest.raises(ChannelBusyError, match=f"game #{first.game.id}"):
        await games.challenges.post(
            channel_id=CHANNEL, challenger=CAROL, opponent=BOB, kind=GameKind.CHECKERS
        )
    other = await games.challenges.post(
        channel_id=CHANNEL + 1, challenger=CAROL, kind=GameKind.CHECKERS
    )
    assert other.game.id != first.game.id


async def test_decline_and_cancel_close_the_challenge_and_free_the_channel(games: Games) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.CHECKERS
    )
    with pytest.raises(ChallengeError, match="Only the challenged player"):
        await games.act(posted.game.id, CAROL.id, DeclineChallenge())
    declined = await games.act(posted.game.id, BOB.id, DeclineChallenge())
    assert declined.game.status is GameStatus.CANCELLED
    assert declined.outcomes == (out.ChallengeDeclined(posted.game.id, BOB.id),)
    with pytest.raises(GameOverError, match="cancelled"):
        await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    again = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS
    )
    with pytest.raises(ChallengeError, match="Only the challenger"):
        await games.act(again.game.id, BOB.id, WithdrawChallenge())
    withdrawn = await games.act(again.game.id, ALICE.id, WithdrawChallenge())
    assert withdrawn.outcomes == (out.ChallengeWithdrawn(again.game.id, ALICE.id),)


async def test_abort_on_a_challenge_withdraws_or_declines_it(games: Games) -> None:
    """/abort before acceptance: the challenger withdraws, the challenged player declines;
    anyone else is told why not, and the challenge stands."""
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.CHECKERS
    )
    with pytest.raises(ChallengeError, match="Only the challenged player"):
        await games.act(posted.game.id, CAROL.id, Abort())
    assert (await games.view(posted.game.id)).status is GameStatus.PENDING
    declined = await games.act(posted.game.id, BOB.id, Abort())
    assert declined.outcomes == (out.ChallengeDeclined(posted.game.id, BOB.id),)
    assert declined.game.status is GameStatus.CANCELLED
    again = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON
    )
    with pytest.raises(ChallengeError, match="open challenge cannot be declined"):
        await games.act(again.game.id, BOB.id, Abort())
    withdrawn = await games.act(again.game.id, ALICE.id, Abort())
    assert withdrawn.outcomes == (out.ChallengeWithdrawn(again.game.id, ALICE.id),)
    assert await games.store.active_game_in_channel(CHANNEL) is None


async def test_options_that_apply_are_kept(games: Games) -> None:
    """Jacoby off in a money game, the Crawford rule in a match, who starts in Bad'Gammon; a
    game without the cube plays without the Jacoby rule (it would never let a gammon count)."""
    money = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON, jacoby=False
    )
    assert money.game.options.jacoby is False
    await games.act(money.game.id, ALICE.id, WithdrawChallenge())
    cubeless = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON, cube=False
    )
    assert cubeless.game.options.jacoby is False
    await games.act(cubeless.game.id, ALICE.id, WithdrawChallenge())
    match = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.BACKGAMMON,
        match_length=25,
        crawford=True,
    )
    assert match.game.options.crawford and match.game.options.match_length == 25
    await games.act(match.game.id, ALICE.id, WithdrawChallenge())
    badgammon = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.BACKGAMMON,
        variant="badgammon",
        starter="opponent",
    )
    started = await games.act(badgammon.game.id, BOB.id, AcceptChallenge.of(BOB))
    assert started.game.to_move_id == BOB.id
    assert out.StarterChosen(badgammon.game.id, BOB.id, False) in started.outcomes


async def test_unanswered_challenge_expires_after_15_minutes(
    games: Games, clock: FakeClock
) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.BACKGAMMON
    )
    clock.advance(timedelta(minutes=14, seconds=59))
    assert await games.sweep() == []
    clock.advance(timedelta(seconds=1))
    swept = await games.sweep()
    assert [r.outcomes for r in swept] == [(out.ChallengeExpired(posted.game.id),)]
    assert swept[0].game.status is GameStatus.EXPIRED
    with pytest.raises(GameOverError, match="expired"):
        await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))


async def test_challenge_against_the_bot_starts_at_once(games: Games) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.CHECKERS,
        starter="opponent",
    )
    game = result.game
    assert game.status is GameStatus.ACTIVE
    assert isinstance(result.outcomes[0], out.ChallengePosted)
    assert out.ChallengeAccepted(game.id, BOT.id) in result.outcomes
    # The bot started (starter="opponent") and has already made its first move.
    bot_moves = [o for o in result.outcomes if isinstance(o, out.Moved) and o.player_id == BOT.id]
    assert bot_moves
    assert game.to_move_id == ALICE.id


class Crash(Exception):
    """The process dies here: every write after the game's creation fails."""


@pytest.mark.parametrize("starter", ["challenger", "opponent"])
async def test_a_crash_never_leaves_a_challenge_to_the_bot_pending(
    games: Games, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, starter: str
) -> None:
    store = games.store

    async def crash(*_args: object, **_kwargs: object) -> None:
        raise Crash

    with monkeypatch.context() as patched:
        patched.setattr(store, "commit", crash)
        try:
            await games.challenges.post(
                channel_id=CHANNEL,
                challenger=ALICE,
                against_bot=True,
                kind=GameKind.CHECKERS,
                starter=starter,
            )
        except Crash:
            assert starter == "opponent"  # only the bot's own first turn is written apart
    # What the crash left: a game the bot has accepted, never a challenge waiting for it.
    row = await store.active_game_in_channel(CHANNEL)
    assert row is not None
    assert (row.status, row.opponent_id, row.version) == (GameStatus.ACTIVE, BOT.id, 1)
    assert [event.kind for event in await store.events_for(row.id)] == ["accepted"]
    assert await games.replay(row.id) == row.state
    if starter == "opponent":
        # The bot's turn has its grace period, after which the sweeper makes it.
        assert row.to_move_id == BOT.id
        clock.advance(timedelta(minutes=1))
        [swept] = await games.sweep()
        assert swept.game.to_move_id == ALICE.id
    else:
        assert row.to_move_id == ALICE.id


BAD_OPTIONS: list[tuple[str, dict[str, Any], str]] = [
    ("chess", {}, "unknown game"),
    ("backgammon", {"variant": "acey_deucey"}, "unknown backgammon variant"),
    ("checkers", {"match_length": 5}, "one game at a time"),
    ("backgammon", {"match_length": -1}, "match length"),
    ("backgammon", {"time_limit": timedelta(minutes=1)}, "between 5 minutes and 7 days"),
    ("backgammon", {"time_limit": timedelta(days=8)}, "between 5 minutes and 7 days"),
    ("checkers", {"starter": "youngest"}, "who starts"),
    ("checkers", {"colour": "red"}, "unknown option"),
    ("backgammon", {"cube": "yes"}, "on or off"),
    # The bound /backgammon's `points` option has, said with both ends (not the engine's 64).
    ("backgammon", {"match_length": 30}, r"points is 0 \(a money game\) or .* 1 to 25, not 30"),
    # Options where they do not apply would silently do nothing.
    ("backgammon", {"match_length": 5, "jacoby": False}, "Jacoby rule .* is for money games"),
    ("backgammon", {"match_length": 5, "jacoby": True}, "Jacoby rule .* is for money games"),
    ("checkers", {"jacoby": True}, "Jacoby rule .* is for money games"),
    ("backgammon", {"cube": False, "jacoby": True}, "Jacoby rule .* needs the cube"),
    ("backgammon", {"crawford": False}, "Crawford rule .* is for matches"),
    ("backgammon", {"starter": "challenger"}, "chosen only in Bad'Gammon"),
    ("backgammon", {"variant": "five_limit", "starter": "random"}, "chosen only in Bad'Gammon"),
]


async def test_bad_options_are_refused_and_nothing_is_created(games: Games) -> None:
    for kind, choices, message in BAD_OPTIONS:
        with pytest.raises(OptionError, match=message):
            # A kind given as text no game has is refused by name as well.
            unchecked = cast(GameKind, kind)
            await games.challenges.post(
                channel_id=CHANNEL, challenger=ALICE, kind=unchecked, **choices
            )
    assert await games.store.active_game_in_channel(CHANNEL) is None
    assert await games.store.get_player(ALICE.id) is None
