"""The computer's level on a challenge: stored with the game, and the bot's player chosen by it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine.checkers as ck
from ai.levels import Level
from bot.service.clock import FakeClock
from bot.service.computer.backgammon import SimpleBackgammonPlayer
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.errors import OptionError
from bot.service.games import Games
from bot.service.kinds import SimplePlayer, options_for
from bot.service.operations import Rematch, Resign
from bot.service.options import DEFAULT_LEVEL, LEVELS, GameOptions
from bot.store import GameKind, Store
from engine.backgammon import Play
from engine.backgammon.matchplay import Match
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL, fixed_seeds


class LevelPlayer(SimpleBackgammonPlayer, SimpleCheckersPlayer):
    """The bot's player at one level, for both kinds; it notes every decision it is asked for."""

    def __init__(self, level: str, notice: str | None = None) -> None:
        self.level = level
        self.notice = notice
        self.decisions = 0

    def for_kind(self, kind: GameKind) -> LevelPlayer:
        return self

    def choose_play(self, match: Match) -> Play:
        self.decisions += 1
        return super().choose_play(match)

    def choose_move(self, game: ck.Game) -> ck.Move:
        self.decisions += 1
        return super().choose_move(game)


class Factory:
    """One `LevelPlayer` per level, and the levels the service asked for, in order."""

    def __init__(self, notice: str | None = None) -> None:
        self.players = {level: LevelPlayer(level, notice) for level in LEVELS}
        self.asked: list[str] = []

    def __call__(self, level: str) -> LevelPlayer:
        self.asked.append(level)
        return self.players[level]


@pytest.fixture
def build(store: Store, clock: FakeClock) -> Callable[[Factory], Games]:
    """The service, its bot's players coming from a factory."""

    def make(factory: Factory) -> Games:
        dice = SeededDice(fixed_seeds())
        return Games(store, bot=BOT, dice=dice, clock=clock, opponents=factory)

    return make


def test_the_service_names_the_same_levels_as_the_computer() -> None:
    """The service cannot import `ai`, so its level names are checked against the ai's here."""
    assert tuple(level.value for level in Level) == LEVELS
    assert DEFAULT_LEVEL == "intermediate"


async def test_expert_is_stored_and_the_expert_player_makes_the_bots_moves(
    build: Callable[[Factory], Games], store: Store
) -> None:
    factory = Factory()
    games = build(factory)
    # Checkers with the bot to move first (CK-2: the opponent starts): it must move at once.
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        variant="english",
        against_bot=True,
        level="expert",
        starter="opponent",
    )
    row = await store.get_game(result.game.id)
    assert row.options["level"] == "expert"
    assert result.game.options.level == "expert"
    assert set(factory.asked) == {"expert"}
    assert factory.players["expert"].decisions == 1
    assert factory.players["beginner"].decisions == factory.players["intermediate"].decisions == 0
    assert result.game.to_move_id == ALICE.id


async def test_a_game_against_the_bot_without_a_level_is_played_at_the_default(
    build: Callable[[Factory], Games], store: Store
) -> None:
    factory = Factory()
    games = build(factory)
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        against_bot=True,
        starter="opponent",
    )
    assert (await store.get_game(result.game.id)).options["level"] == DEFAULT_LEVEL
    assert set(factory.asked) == {DEFAULT_LEVEL}


async def test_a_game_between_people_keeps_no_level(
    build: Callable[[Factory], Games], store: Store
) -> None:
    games = build(Factory())
    result = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, opponent=BOB, kind=GameKind.BACKGAMMON, level="expert"
    )
    assert (await store.get_game(result.game.id)).options["level"] is None
    assert result.game.options.level is None


async def test_an_unknown_level_is_refused_and_nothing_is_created(
    build: Callable[[Factory], Games], store: Store
) -> None:
    games = build(Factory())
    with pytest.raises(OptionError, match="beginner, intermediate, expert") as refused:
        await games.challenges.post(
            channel_id=CHANNEL,
            challenger=ALICE,
            kind=GameKind.CHECKERS,
            against_bot=True,
            level="god",
        )
    assert refused.value.code == "svc.option.level"
    assert await store.active_game_in_channel(CHANNEL) is None


async def test_a_rematch_against_the_bot_keeps_the_level(
    build: Callable[[Factory], Games], store: Store
) -> None:
    factory = Factory()
    games = build(factory)
    first = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        against_bot=True,
        level="beginner",
        starter="challenger",
    )
    finished = await games.act(first.game.id, ALICE.id, Resign())
    rematch = await games.act(finished.game.id, ALICE.id, Rematch())
    assert rematch.game.options.level == "beginner"
    assert (await store.get_game(rematch.game.id)).options["level"] == "beginner"


def test_options_stored_before_levels_and_hints_read_back_with_their_defaults() -> None:
    """A row written before this change has neither key."""
    stored = options_for("backgammon", match_length=3).to_json()
    del stored["level"], stored["hints"]
    read = GameOptions.from_json(GameKind.BACKGAMMON, "standard", stored)
    assert read.level is None and read.hints is False
    assert read == options_for("backgammon", match_length=3)


async def test_an_old_game_against_the_bot_is_played_at_the_default_level(
    build: Callable[[Factory], Games],
) -> None:
    factory = Factory()
    games = build(factory)
    assert games.opponent_for(None) is factory.players[DEFAULT_LEVEL]


def test_one_opponent_or_a_factory_not_both(store: Store) -> None:
    with pytest.raises(ValueError, match="not both"):
        Games(store, bot=BOT, opponent=SimplePlayer(), opponents=Factory())


async def test_one_opponent_plays_every_level(store: Store, clock: FakeClock) -> None:
    """`opponent=` (the existing tests' way) still seats one player at every level."""
    player = LevelPlayer("any")
    games = Games(store, bot=BOT, dice=SeededDice(fixed_seeds()), clock=clock, opponent=player)
    await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        against_bot=True,
        level="expert",
        starter="opponent",
    )
    assert player.decisions == 1


async def test_the_notice_is_told_for_backgammon_against_the_bot_only(
    build: Callable[[Factory], Games],
) -> None:
    notice = "Open Sage is not installed"
    games = build(Factory(notice))
    against_bot = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, kind=GameKind.BACKGAMMON, against_bot=True
    )
    assert games.notice_for(against_bot.game) == notice
    await games.act(against_bot.game.id, ALICE.id, Resign(1))
    people = await games.challenges.post(
        channel_id=CHANNEL + 1, challenger=ALICE, opponent=BOB, kind=GameKind.BACKGAMMON
    )
    assert games.notice_for(people.game) is None
    checkers = await games.challenges.post(
        channel_id=CHANNEL + 2, challenger=ALICE, kind=GameKind.CHECKERS, against_bot=True
    )
    assert games.notice_for(checkers.game) is None  # the notice is about backgammon's engine
