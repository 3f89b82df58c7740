"""Hints in a game: who may ask, when, and what the coach's answer holds.

The coach is the real one (`ai.coach.ComputerCoach`, expert level); what the tests check comes
from the engine (the legal plays of the position on the board) and from arithmetic on the values
returned (best first, losses measured from the best), not from a copy of its output.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from ai.coach import ComputerCoach
from bot.service.checkers import CheckersSession
from bot.service.clock import FakeClock
from bot.service.coach import EQUITY, HINT_COUNT, MEN, Hint, Suggestion
from bot.service.dice import SeededDice
from bot.service.errors import (
    ActionNotAllowedError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
    OptionError,
    ServiceError,
)
from bot.service.games import Games
from bot.service.operations import Abort, AcceptChallenge, Double, Move, OfferDraw, Resign
from bot.service.views import ActionOutcomes
from bot.store import GameKind, Store
from engine.backgammon.matchplay import Phase
from tests.bot.service.conftest import ALICE, BOB, BOT, CAROL, CHANNEL, fixed_seeds
from tests.bot.service.drive import match_of

COACH = ComputerCoach()  # one for the module: the evaluator is built once


@pytest.fixture
def games(store: Store, clock: FakeClock) -> Games:
    """The service with seeded dice, the simple bot player and the expert coach."""
    return Games(store, bot=BOT, dice=SeededDice(fixed_seeds()), clock=clock, coach=COACH)


async def hints_game(games: Games, kind: str, **options: Any) -> tuple[ActionOutcomes, int, int]:
    """An accepted unrated game between Alice and Bob with hints on: the result, the player to
    move and the other player."""
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind(kind),
        rated=False,
        hints=True,
        **options,
    )
    result = await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    first = result.game.to_move_id
    assert first is not None
    return result, first, BOB.id if first == ALICE.id else ALICE.id


def assert_ranked(suggestions: Sequence[Suggestion], legal: set[str]) -> None:
    """Legal, distinct, best first, and each loss is the distance from the best value."""
    notations = [s.notation for s in suggestions]
    assert set(notations) <= legal
    assert len(set(notations)) == len(notations) == min(HINT_COUNT, len(legal))
    values = [s.value for s in suggestions]
    assert all(value is not None for value in values)
    assert values == sorted(values, reverse=True)  # type: ignore[type-var]
    best = values[0]
    assert best is not None
    for suggestion in suggestions:
        assert suggestion.value is not None and suggestion.loss is not None
        assert suggestion.loss == pytest.approx(best - suggestion.value)
    assert suggestions[0].loss == 0


async def refused(games: Games, store: Store, game_id: int, user_id: int) -> ServiceError:
    """The refusal of a hint, checked to change nothing (no event, same version)."""
    before = await store.get_game(game_id)
    events = len(await store.events_for(game_id))
    with pytest.raises(ServiceError) as caught:
        await games.hint(game_id, user_id)
    after = await store.get_game(game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert len(await store.events_for(game_id)) == events
    return caught.value


async def test_a_hint_against_the_bot_ranks_legal_plays_of_the_dice_rolled(
    games: Games, store: Store
) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON, against_bot=True, cube=False
    )
    game = match_of(result).game
    assert result.game.to_move_id == ALICE.id and game.phase is Phase.MOVING  # no cube: rolled
    before = await store.get_game(result.game.id)
    hint = await games.hint(result.game.id, ALICE.id)
    assert isinstance(hint, Hint) and hint.advice.unit == EQUITY
    assert hint.dice == game.dice and hint.user_id == ALICE.id
    assert_ranked(hint.advice.suggestions, {play.notation() for play in game.legal_plays()})
    # Logged as an event without steps: the position and the turn stay as they were.
    after = await store.get_game(result.game.id)
    assert after.version == before.version + 1 and after.state == before.state
    logged = (await store.events_for(result.game.id))[-1]
    assert (logged.kind, logged.actor_id) == ("hint", ALICE.id)
    assert logged.payload["plays"] == [s.notation for s in hint.advice.suggestions]
    assert await games.replay(result.game.id) == after.state
    # The player can then make the play suggested.
    moved = await games.act(result.game.id, ALICE.id, Move(hint.advice.suggestions[0].notation))
    assert moved.game.version > after.version


async def test_asking_again_for_the_same_position_logs_no_second_hint(
    games: Games, store: Store
) -> None:
    result, first, second = await hints_game(games, "checkers", starter="challenger")
    game_id = result.game.id
    events = len(await store.events_for(game_id))
    hints = [await games.hint(game_id, first) for _ in range(2)]
    assert hints[0].advice.suggestions and hints[1].advice.suggestions
    logged = await store.events_for(game_id)
    assert [(e.kind, e.actor_id) for e in logged[events:]] == [("hint", first)]
    # A new position is a new hint.
    moved = await games.act(game_id, first, Move(hints[1].advice.suggestions[0].notation))
    assert moved.game.to_move_id == second
    await games.hint(game_id, second)
    logged = await store.events_for(game_id)
    assert [(e.kind, e.actor_id) for e in logged[events:]] == [
        ("hint", first),
        ("move", first),
        ("hint", second),
    ]
    assert await games.replay(game_id) == (await store.get_game(game_id)).state


async def test_a_checkers_hint_against_the_bot_ranks_legal_moves_in_men(
    games: Games, store: Store
) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        variant="russian",
        against_bot=True,
        starter="challenger",
    )
    session = result.game.session
    assert isinstance(session, CheckersSession) and session.game is not None
    hint = await games.hint(result.game.id, ALICE.id)
    assert hint.advice.unit == MEN and hint.dice is None
    legal = {move.pdn() for move in session.game.position.legal_moves()}
    assert_ranked(hint.advice.suggestions, legal)
    # The opening is level: nothing near a man's worth separates the best moves from zero.
    assert all(abs(s.value or 0.0) < 1 for s in hint.advice.suggestions)


async def test_both_players_of_an_unrated_game_with_hints_on_get_hints_on_their_turn(
    games: Games, store: Store
) -> None:
    result, first, second = await hints_game(games, "backgammon", cube=False)
    hint = await games.hint(result.game.id, first)
    legal = {play.notation() for play in match_of(result).game.legal_plays()}
    assert_ranked(hint.advice.suggestions, legal)
    waiting = await refused(games, store, result.game.id, second)
    assert isinstance(waiting, NotYourTurnError)
    moved = await games.act(result.game.id, first, Move(hint.advice.suggestions[0].notation))
    assert moved.game.to_move_id == second
    reply = await games.hint(result.game.id, second)
    legal = {play.notation() for play in match_of(moved).game.legal_plays()}
    assert_ranked(reply.advice.suggestions, legal)


async def test_rated_games_and_games_without_hints_are_refused(games: Games, store: Store) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.CHECKERS,
        starter="challenger",
    )
    rated = await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    error = await refused(games, store, rated.game.id, ALICE.id)
    assert isinstance(error, ActionNotAllowedError) and error.code == "svc.hint.rated"
    assert "rated" in str(error)
    await games.act(rated.game.id, ALICE.id, Resign())
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.CHECKERS,
        rated=False,
        starter="challenger",
    )
    unrated = await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    error = await refused(games, store, unrated.game.id, ALICE.id)
    assert error.code == "svc.hint.not_agreed"


async def test_someone_not_seated_is_refused(games: Games, store: Store) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS, against_bot=True
    )
    error = await refused(games, store, result.game.id, CAROL.id)
    assert isinstance(error, NotAPlayerError)


async def test_no_hint_before_the_roll_or_while_a_double_waits_for_an_answer(
    games: Games, store: Store
) -> None:
    result, first, second = await hints_game(games, "backgammon")
    play = match_of(result).game.legal_plays()[0].notation()
    moved = await games.act(result.game.id, first, Move(play))
    assert match_of(moved).game.phase is Phase.ROLLING
    error = await refused(games, store, result.game.id, second)
    assert error.code == "svc.hint.roll_first" and "roll first" in str(error)
    doubled = await games.act(result.game.id, second, Double())
    assert match_of(doubled).game.phase is Phase.DOUBLED
    error = await refused(games, store, result.game.id, first)
    assert error.code == "svc.hint.answer_offer_first"


async def test_no_hint_while_a_draw_offer_waits_for_an_answer(games: Games, store: Store) -> None:
    result, first, _ = await hints_game(games, "checkers", starter="challenger")
    assert first == ALICE.id
    offered = await games.act(result.game.id, ALICE.id, OfferDraw())
    assert offered.game.to_move_id == BOB.id
    error = await refused(games, store, result.game.id, BOB.id)
    assert error.code == "svc.hint.answer_draw_first"


async def test_no_hint_before_the_start_or_after_the_end(games: Games, store: Store) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.CHECKERS, rated=False
    )
    error = await refused(games, store, posted.game.id, ALICE.id)
    assert error.code == "svc.not_started"
    await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    await games.act(posted.game.id, ALICE.id, Abort())
    error = await refused(games, store, posted.game.id, ALICE.id)
    assert isinstance(error, GameOverError)


async def test_a_service_without_a_coach_refuses_hints(store: Store, clock: FakeClock) -> None:
    games = Games(store, bot=BOT, dice=SeededDice(fixed_seeds()), clock=clock)
    result = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.CHECKERS, against_bot=True
    )
    error = await refused(games, store, result.game.id, ALICE.id)
    assert error.code == "svc.hint.unavailable"


async def test_a_rated_challenge_with_hints_on_is_refused_and_nothing_is_created(
    games: Games, store: Store
) -> None:
    with pytest.raises(OptionError, match="only in unrated games") as caught:
        await games.challenges.post(
            channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.BACKGAMMON, hints=True
        )
    assert caught.value.code == "svc.option.hints_rated"
    assert await store.active_game_in_channel(CHANNEL) is None


async def test_hints_on_against_the_bot_is_no_contradiction(games: Games, store: Store) -> None:
    """The bot's games are never rated, whatever the challenge said."""
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        against_bot=True,
        rated=True,
        hints=True,
    )
    row = await store.get_game(result.game.id)
    assert row.options["rated"] is False and row.options["hints"] is True
