"""Which results move which ratings, on SQLite and PostgreSQL, through the real service.

Expected numbers are Glicko-2's for two new players (1500 / 350 / 0.06): one game moves the
winner to 1662.31 and the loser to 1337.69, both with RD 290.32; a draw leaves both at 1500.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from bot.service.games import Games
from bot.service.ratings import (
    NotRateableError,
    Ratings,
    change_of,
    is_rated,
    ladder_for,
    rate_pair,
    scopes_for,
)
from bot.store import GameKind, GameStatus
from bot.store.ratings import AlreadyCountedError, RatingStore, ResultEntry, Standing, WinLossDraw
from bot.store.schema import GLOBAL_SCOPE
from tests.bot.service.conftest import ALICE, BOB, BOT, CAROL, GUILD, NOW
from tests.bot.service.play import (
    backgammon_win,
    challenge,
    checkers_draw,
    checkers_win,
)

ONE_WIN, ONE_LOSS, ONE_GAME_RD = 1662.3109, 1337.6891, 290.3190
OTHER_GUILD = 9500


async def test_rated_checkers_game_moves_both_ratings_in_server_and_global(
    games: Games, ratings: Ratings
) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    counted = await ratings.count_finished(game_id, now=NOW)
    assert counted.rated and counted.ladder == "checkers:box"
    for scope in (GUILD, GLOBAL_SCOPE):
        alice = await ratings.rating(ALICE.id, GameKind.CHECKERS, "box", scope)
        bob = await ratings.rating(BOB.id, GameKind.CHECKERS, "box", scope)
        assert alice.rating == pytest.approx(ONE_WIN, abs=1e-3)
        assert bob.rating == pytest.approx(ONE_LOSS, abs=1e-3)
        assert alice.deviation == pytest.approx(ONE_GAME_RD, abs=1e-3)
        change = counted.change_for(BOB.id, scope)
        assert change is not None and change.before == 1500.0 and change.delta == -162


async def test_draw_scores_half_between_equal_players(games: Games, ratings: Ratings) -> None:
    game_id = await checkers_draw(games, await challenge(games, "checkers", ALICE, BOB))
    counted = await ratings.count_finished(game_id, now=NOW)
    assert [e.outcome for e in counted.entries] == ["draw", "draw"]
    alice = await ratings.rating(ALICE.id, GameKind.CHECKERS, "box", GLOBAL_SCOPE)
    assert alice.rating == pytest.approx(1500.0)
    assert alice.deviation == pytest.approx(ONE_GAME_RD, abs=1e-3)


async def test_checkers_variants_are_separate_ladders(games: Games, ratings: Ratings) -> None:
    box = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    await ratings.count_finished(box, now=NOW)
    russian = await challenge(games, "checkers", ALICE, BOB, variant="russian")
    await ratings.count_finished(await checkers_win(games, russian, BOB.id), now=NOW)
    on_box = await ratings.rating(ALICE.id, GameKind.CHECKERS, "box", GLOBAL_SCOPE)
    on_russian = await ratings.rating(ALICE.id, GameKind.CHECKERS, "russian", GLOBAL_SCOPE)
    assert on_box.rating == pytest.approx(ONE_WIN, abs=1e-3)
    assert on_russian.rating == pytest.approx(ONE_LOSS, abs=1e-3)


async def test_server_ladders_are_separate_and_global_counts_both(
    games: Games, ratings: Ratings
) -> None:
    first = await challenge(games, "checkers", ALICE, BOB)
    await ratings.count_finished(await checkers_win(games, first, ALICE.id), now=NOW)
    second = await challenge(games, "checkers", ALICE, BOB, guild_id=OTHER_GUILD)
    await ratings.count_finished(await checkers_win(games, second, ALICE.id), now=NOW)
    store = RatingStore(games.store)
    here = await store.rating(GUILD, "checkers:box", ALICE.id)
    there = await store.rating(OTHER_GUILD, "checkers:box", ALICE.id)
    everywhere = await store.rating(GLOBAL_SCOPE, "checkers:box", ALICE.id)
    assert here is not None and there is not None and everywhere is not None
    assert (here.games, there.games, everywhere.games) == (1, 1, 2)
    assert here.rating == pytest.approx(ONE_WIN, abs=1e-3)
    assert everywhere.rating > here.rating  # a second win on the global ladder


async def test_a_backgammon_match_counts_as_one_result(games: Games, ratings: Ratings) -> None:
    # A 3-point match: Bob resigns three single games (the third is the Crawford game).
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=3)
    game_id = await backgammon_win(games, result, ALICE.id)
    counted = await ratings.count_finished(game_id, now=NOW)
    alice = next(e for e in counted.entries if e.user_id == ALICE.id)
    assert (alice.outcome, alice.points) == ("win", 3)
    row = await RatingStore(games.store).rating(GLOBAL_SCOPE, "backgammon", ALICE.id)
    assert row is not None and (row.games, row.wins) == (1, 1)
    assert row.rating == pytest.approx(ONE_WIN, abs=1e-3)


async def test_money_games_count_one_result_per_game(games: Games, ratings: Ratings) -> None:
    for winner in (ALICE, BOB, ALICE):
        result = await challenge(games, "backgammon", ALICE, BOB)
        game_id = await backgammon_win(games, result, winner.id, double=True)
        await ratings.count_finished(game_id, now=NOW)
    row = await RatingStore(games.store).rating(GLOBAL_SCOPE, "backgammon", BOB.id)
    assert row is not None and (row.games, row.wins, row.losses) == (3, 1, 2)


async def test_gammons_and_backgammons_are_tallied(games: Games, ratings: Ratings) -> None:
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=5)
    game_id = await backgammon_win(games, result, ALICE.id, size=3)
    counted = await ratings.count_finished(game_id, now=NOW)
    alice = next(e for e in counted.entries if e.user_id == ALICE.id)
    bob = next(e for e in counted.entries if e.user_id == BOB.id)
    # Two resigned backgammons (3 + 2 capped at the match length, BG-16) win a 5-point match.
    assert (alice.backgammons_won, bob.backgammons_lost, alice.points) == (2, 2, 5)
    assert (alice.gammons_won, bob.gammons_won) == (0, 0)


async def test_games_against_the_bot_do_not_move_ratings(games: Games, ratings: Ratings) -> None:
    posted = await games.challenges.post(
        channel_id=9100, guild_id=GUILD, challenger=ALICE, kind=GameKind.CHECKERS, against_bot=True
    )
    game_id = await checkers_win(games, posted, BOT.id)
    counted = await ratings.count_finished(game_id, now=NOW)
    assert not counted.rated and counted.changes == ()
    assert [e.user_id for e in counted.entries] == [ALICE.id]  # the bot keeps no result
    assert await RatingStore(games.store).rating(GLOBAL_SCOPE, "checkers:box", ALICE.id) is None


async def test_unrated_games_do_not_move_ratings(games: Games, ratings: Ratings) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), BOB.id)
    row = await games.store.get_game(game_id)
    assert is_rated(row, BOT.id, bot_seated=False)
    unrated = replace(row, options={**row.options, "rated": False})
    assert not is_rated(unrated, BOT.id, bot_seated=False)
    assert not is_rated(row, BOT.id, bot_seated=True)


async def test_recording_a_game_twice_is_refused_and_changes_nothing(
    games: Games, ratings: Ratings
) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    await ratings.count_finished(game_id, now=NOW)
    with pytest.raises(AlreadyCountedError, match=f"game #{game_id} is already counted"):
        await ratings.count_finished(game_id, now=NOW)
    alice = await ratings.rating(ALICE.id, GameKind.CHECKERS, "box", GLOBAL_SCOPE)
    assert alice.rating == pytest.approx(ONE_WIN, abs=1e-3)


async def test_an_open_game_has_no_result(games: Games, ratings: Ratings) -> None:
    result = await challenge(games, "checkers", ALICE, BOB)
    assert result.game.status is GameStatus.ACTIVE
    with pytest.raises(NotRateableError, match="no result to record"):
        await ratings.count_finished(result.game.id, now=NOW)
    assert await RatingStore(games.store).results_for_game(result.game.id) == []


async def test_stake_preview_equals_the_change_the_game_then_makes(
    games: Games, ratings: Ratings
) -> None:
    # Ratings apart first: Alice beats Carol, then Alice plays Bob with both stakes shown.
    first = await challenge(games, "checkers", ALICE, CAROL)
    await ratings.count_finished(await checkers_win(games, first, ALICE.id), now=NOW)
    stake = await ratings.stake(BOB.id, ALICE.id, GameKind.CHECKERS, "box", GUILD)
    assert stake.scope == GUILD and stake.challenger_win > 0 > stake.challenger_loss
    # The underdog has more to win than to lose.
    assert stake.challenger_win > -stake.challenger_loss
    second = await challenge(games, "checkers", BOB, ALICE)
    counted = await ratings.count_finished(await checkers_win(games, second, BOB.id), now=NOW)
    bob, alice = counted.change_for(BOB.id, GUILD), counted.change_for(ALICE.id, GUILD)
    assert bob is not None and alice is not None
    assert round(bob.after - bob.before) == stake.challenger_win
    assert round(alice.after - alice.before) == stake.opponent_loss


async def test_provisional_while_rd_above_110(games: Games) -> None:
    # Sixteen rated games alternately won and lost (stored straight into the store).
    store = RatingStore(games.store)
    for user in (ALICE, BOB):
        await games.store.upsert_player(user.id, user.name, now=NOW)
    deviations = []
    for number in range(16):
        alice_won = number % 2 == 1
        entries = [
            _entry(number + 1, ALICE.id, BOB.id, "win" if alice_won else "loss"),
            _entry(number + 1, BOB.id, ALICE.id, "loss" if alice_won else "win"),
        ]
        scores = {ALICE.id: float(alice_won), BOB.id: float(not alice_won)}

        def rate(_scope: int, current: Mapping[int, Standing]) -> dict[int, Standing]:
            return rate_pair(current, scores)  # noqa: B023 - called before the loop moves on

        changes = await store.count_result(entries, scopes=[GLOBAL_SCOPE], rate=rate, now=NOW)
        mine = next(change_of(c) for c in changes if c.user_id == ALICE.id)
        assert mine.provisional == (mine.deviation > 110)
        deviations.append(mine.deviation)
    assert deviations[0] > 110 > deviations[-1]  # settles within sixteen games


def _entry(game_id: int, user_id: int, opponent_id: int, outcome: WinLossDraw) -> ResultEntry:
    return ResultEntry(
        game_id, user_id, opponent_id, "checkers:box", outcome, 0, 0, 0, 0, 0, True, NOW
    )


def test_ladders_and_scopes() -> None:
    assert ladder_for("backgammon", "five_limit") == "backgammon"
    assert ladder_for("checkers", "pool") == "checkers:pool"
    assert scopes_for(None) == (GLOBAL_SCOPE,)
    assert scopes_for(GUILD) == (GUILD, GLOBAL_SCOPE)
    with pytest.raises(ValueError, match="no ladder for game kind 'chess'"):
        ladder_for("chess", "standard")
