"""The service's side of the review: its event log read back as match values, people graded only.

A game against the bot is played through the service, every choice Alice really had written down
as she makes it; the analysis must find exactly those decisions in the replayed log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from ai.backgammon.analysis import decisions
from bot.service.backgammon import BackgammonSession
from bot.service.computer.backgammon import SimpleBackgammonPlayer
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.log import GameLog
from bot.service.operations import Double, Move, Pass, Roll, Take
from bot.service.recap import review_for
from bot.service.review import match_history, review_game
from bot.service.views import ActionOutcomes
from bot.store import GameKind
from engine.backgammon import Side
from engine.backgammon.matchplay import Match, Phase
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL
from tests.bot.service.drive import play_backgammon, play_checkers, start_game

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


class DoublingBot(SimpleBackgammonPlayer):
    """Doubles whenever the rules let it (and takes every double, as SimplePlayer does)."""

    def wants_to_double(self, match: Match) -> bool:
        return True


@dataclass
class Report:
    """What a stub reviewer answers for one side."""

    side: Side
    decisions: int = 0
    error_rate: float = 0.0
    doubtful: int = 0
    errors: int = 0
    blunders: int = 0
    worst: tuple[()] = ()
    pr: float = 0.0
    label: str = "world_class"
    luck: float = 0.0
    result: float = 0.0
    luck_adjusted: float = 0.0


class NotingReviewer:
    """Keeps what it was asked to review; reports each side's decision count."""

    available = True

    def __init__(self) -> None:
        self.asked: list[tuple[list[Match], list[Side]]] = []

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[Report]:
        self.asked.append((list(history), list(sides)))
        found = decisions(history)
        return [Report(side, sum(1 for d in found if d.side is side)) for side in sides]


class AbsentReviewer(NotingReviewer):
    """As the reviewer is without Open Sage."""

    available = False


async def play_against_the_bot(games: Games, length: int) -> tuple[int, list[str]]:
    """Alice plays a match against a doubling bot; returns the game id and her real choices.

    She doubles on every fifth turn she may, takes the first double of each game and passes the
    next, and plays a legal play picked by the action count.
    """
    result: ActionOutcomes = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.BACKGAMMON,
        match_length=length,
    )
    choices: list[str] = []
    taken_in_game: set[int] = set()
    for count in range(3000):
        view = result.game
        if not view.status.is_open:
            return view.id, choices
        session = view.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        assert view.to_move_id == ALICE.id
        game = session.match.game
        if game.phase is Phase.MOVING:
            plays = game.legal_plays()
            assert len(plays) > 1  # forced plays are made by the service, not asked of her
            choices.append("play")
            result = await games.act(
                view.id, ALICE.id, Move(plays[(count * 7) % len(plays)].notation())
            )
        elif game.phase is Phase.ROLLING:
            assert session.may_double()  # otherwise the service rolls for her
            if count % 5 == 0:
                choices.append("double")
                result = await games.act(view.id, ALICE.id, Double())
            else:
                choices.append("no double")
                result = await games.act(view.id, ALICE.id, Roll())
        elif game.phase is Phase.DOUBLED:
            number = session.match.game_number
            if number in taken_in_game:
                choices.append("pass")
                result = await games.act(view.id, ALICE.id, Pass())
            else:
                taken_in_game.add(number)
                choices.append("take")
                result = await games.act(view.id, ALICE.id, Take())
        else:
            raise AssertionError(f"Alice is asked to act in phase {game.phase}")
    raise AssertionError("the match did not end")


async def log_of(games: Games, game_id: int) -> GameLog:
    row = await games.store.get_game(game_id)
    return GameLog.replay(row, await games.store.events_for(game_id))


@pytest.fixture
def bot_games(make_games: Callable[..., Games]) -> Games:
    games = make_games()
    games.opponent = SimplePlayer({GameKind.BACKGAMMON: DoublingBot()})
    return games


async def test_the_log_holds_exactly_the_choices_alice_made(bot_games: Games) -> None:
    game_id, choices = await play_against_the_bot(bot_games, length=3)
    log = await log_of(bot_games, game_id)
    seats = log.final.seats
    assert seats is not None
    alice = Side(seats.index(ALICE.id))
    history = match_history(log)
    assert history[-1].winner is not None  # the whole match, to its end
    found = [d.kind.value for d in decisions(history) if d.side is alice]
    assert found == choices
    assert {"play", "double", "no double", "take", "pass"} <= set(choices)


async def test_only_the_person_is_graded_in_the_bots_game(bot_games: Games) -> None:
    game_id, choices = await play_against_the_bot(bot_games, length=1)
    log = await log_of(bot_games, game_id)
    reviewer = NotingReviewer()
    review = review_game(log, reviewer, BOT.id)
    assert review is not None and review.available
    [(history, sides)] = reviewer.asked
    seats = log.final.seats
    assert seats is not None and sides == [Side(seats.index(ALICE.id))]
    assert history == match_history(log)
    [player] = review.players
    assert (player.user_id, player.report.decisions) == (ALICE.id, len(choices))


async def test_both_people_are_graded_and_named_by_their_seats(games: Games) -> None:
    played = await play_backgammon(games, await start_game(games, "backgammon", match_length=1))
    log = await log_of(games, played[-1].game.id)
    review = review_game(log, NotingReviewer(), BOT.id)
    assert review is not None
    seats = log.final.seats
    assert seats is not None
    assert [(p.user_id, p.report.side) for p in review.players] == [
        (seats[0], Side.WHITE),
        (seats[1], Side.BLACK),
    ]
    assert {p.user_id for p in review.players} == {ALICE.id, BOB.id}


async def test_without_open_sage_the_review_says_it_is_unavailable(bot_games: Games) -> None:
    game_id, _ = await play_against_the_bot(bot_games, length=1)
    reviewer = AbsentReviewer()
    review = review_game(await log_of(bot_games, game_id), reviewer, BOT.id)
    assert review is not None and not review.available and review.players == ()
    assert reviewer.asked == []


async def test_checkers_games_are_not_reviewed(games: Games) -> None:
    played = await play_checkers(games, await start_game(games, "checkers"))
    reviewer = NotingReviewer()
    assert review_game(await log_of(games, played[-1].game.id), reviewer, BOT.id) is None
    assert reviewer.asked == []


async def test_review_for_loads_the_game_and_reviews_it(bot_games: Games) -> None:
    game_id, choices = await play_against_the_bot(bot_games, length=1)
    review = await review_for(bot_games.store, game_id, NotingReviewer(), BOT.id)
    assert review is not None
    assert [(p.user_id, p.report.decisions) for p in review.players] == [(ALICE.id, len(choices))]
