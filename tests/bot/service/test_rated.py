"""The `rated` option of a challenge: stored with the game, and obeyed by the ratings.

The rule: games against the bot and unrated games (an option on the challenge) do not move
ratings; ratings start at 1500 (Glicko-2). Runs on SQLite and, when configured, PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.errors import OptionError
from bot.service.games import Games
from bot.service.kinds import options_for
from bot.service.operations import AcceptChallenge, AcceptOffer, Resign
from bot.service.options import GameOptions
from bot.service.ratings import Ratings
from bot.service.views import ActionOutcomes, load_session
from bot.store import GameKind, GameStatus, Store
from bot.store.ratings import RatingStore
from bot.store.schema import GLOBAL_SCOPE
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL, GUILD, NOW

START = 1500.0  # Glicko-2 from 1500 / RD 350


@pytest.fixture
def ratings(store: Store) -> Ratings:
    """Ratings beside the test's store; the service's bot is never rated."""
    return Ratings(store, bot_id=BOT.id)


async def accepted(games: Games, kind: str, **choices: Any) -> ActionOutcomes:
    """Alice challenges Bob in the guild's channel with `choices`, and Bob accepts."""
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        guild_id=GUILD,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind(kind),
        **choices,
    )
    return await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))


async def resigned(games: Games, result: ActionOutcomes) -> tuple[int, int]:
    """The checkers player to move resigns (CK-12 ends the game); returns (game id, winner)."""
    view = result.game
    loser = view.to_move_id
    assert loser is not None
    finished = await games.act(view.id, loser, Resign())
    assert finished.game.status is GameStatus.FINISHED
    winner = (await games.store.get_game(view.id)).winner_id
    assert winner is not None and winner != loser
    return view.id, winner


@pytest.mark.parametrize("kind", [GameKind.BACKGAMMON, GameKind.CHECKERS], ids=str)
async def test_rated_choice_is_stored_in_the_game_options(games: Games, kind: GameKind) -> None:
    unrated = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=kind, rated=False
    )
    plain = await games.challenges.post(channel_id=CHANNEL + 1, challenger=ALICE, kind=kind)
    row = await games.store.get_game(unrated.game.id)
    assert row.options["rated"] is False  # what the ratings read from the game row
    assert load_session(row.state).options.rated is False
    assert (await games.store.get_game(plain.game.id)).options["rated"] is True  # the default
    # Accepting keeps the choice.
    started = await games.act(unrated.game.id, BOB.id, AcceptChallenge.of(BOB))
    assert started.game.options.rated is False
    assert (await games.store.get_game(unrated.game.id)).options["rated"] is False


async def test_a_game_against_the_bot_is_stored_unrated_whatever_was_asked(games: Games) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS, against_bot=True, rated=True
    )
    assert posted.game.status is GameStatus.ACTIVE
    assert (await games.store.get_game(posted.game.id)).options["rated"] is False


async def test_a_rated_value_that_is_not_on_or_off_is_refused_and_nothing_is_created(
    games: Games,
) -> None:
    with pytest.raises(OptionError, match="rated is on or off"):
        await games.challenges.post(
            channel_id=CHANNEL,
            challenger=ALICE,
            kind=GameKind.CHECKERS,
            rated="no",  # type: ignore[arg-type]  # a wrong value: refused at run time too
        )
    assert await games.store.active_game_in_channel(CHANNEL) is None


def test_options_stored_before_the_rated_option_read_back_as_rated() -> None:
    stored = options_for("backgammon", match_length=3).to_json()
    del stored["rated"]
    assert GameOptions.from_json(GameKind.BACKGAMMON, "standard", stored).rated is True
    unrated = options_for("checkers", rated=False)
    assert GameOptions.from_json(GameKind.CHECKERS, "box", unrated.to_json()) == unrated


async def test_an_unrated_finished_game_leaves_ratings_unchanged(
    games: Games, ratings: Ratings
) -> None:
    game_id, _ = await resigned(games, await accepted(games, "checkers", rated=False))
    counted = await ratings.count_finished(game_id, now=NOW)
    assert not counted.rated and counted.changes == ()
    # Counted for stats, but nobody has a rating on the ladder in either scope.
    assert {e.user_id for e in counted.entries} == {ALICE.id, BOB.id}
    assert all(not e.rated for e in counted.entries)
    for scope in (GUILD, GLOBAL_SCOPE):
        for player in (ALICE, BOB):
            assert await RatingStore(games.store).rating(scope, "checkers:box", player.id) is None
            rating = await ratings.rating(player.id, GameKind.CHECKERS, "box", scope)
            assert rating.rating == START
    # The next rated game between them starts both from 1500, as if the first never happened.
    game_id, _ = await resigned(games, await accepted(games, "checkers"))
    rated = await ratings.count_finished(game_id, now=NOW)
    assert rated.rated and {c.before for c in rated.changes} == {START}


async def test_an_unrated_backgammon_match_leaves_ratings_unchanged(
    games: Games, ratings: Ratings
) -> None:
    result = await accepted(games, "backgammon", rated=False)
    game_id = result.game.id
    first = result.game.to_move_id
    assert first is not None
    offered = await games.act(game_id, first, Resign(1))
    other = offered.game.to_move_id
    assert other is not None and other != first
    finished = await games.act(game_id, other, AcceptOffer())
    assert finished.game.status is GameStatus.FINISHED  # a money game ends with its one game
    counted = await ratings.count_finished(game_id, now=NOW)
    assert not counted.rated and counted.changes == ()
    assert await RatingStore(games.store).rating(GLOBAL_SCOPE, "backgammon", other) is None


async def test_a_rated_finished_game_moves_both_ratings(games: Games, ratings: Ratings) -> None:
    game_id, winner = await resigned(games, await accepted(games, "checkers", rated=True))
    loser = BOB.id if winner == ALICE.id else ALICE.id
    counted = await ratings.count_finished(game_id, now=NOW)
    assert counted.rated
    for scope in (GUILD, GLOBAL_SCOPE):
        won = await ratings.rating(winner, GameKind.CHECKERS, "box", scope)
        lost = await ratings.rating(loser, GameKind.CHECKERS, "box", scope)
        # Two new players of equal standing: Glicko-2 moves them by the same amount each way.
        assert won.rating > START > lost.rating
        assert won.rating - START == pytest.approx(START - lost.rating)
        change = counted.change_for(winner, scope)
        assert change is not None and change.before == START and change.delta > 0


async def test_the_bot_is_never_rated_even_when_asked(games: Games, ratings: Ratings) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        guild_id=GUILD,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        against_bot=True,
        rated=True,
    )
    assert posted.game.to_move_id == ALICE.id  # the bot has replied at once if it went first
    finished = await games.act(posted.game.id, ALICE.id, Resign())
    assert finished.game.status is GameStatus.FINISHED
    counted = await ratings.count_finished(posted.game.id, now=NOW)
    assert not counted.rated and counted.changes == ()
    assert await RatingStore(games.store).rating(GLOBAL_SCOPE, "checkers:box", ALICE.id) is None
