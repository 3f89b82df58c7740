"""Achievements decided from a player's past games and from a game's record, against what
was scripted or counted by hand; nothing from an aborted game, nothing twice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bot.service.achievements import Achievements, from_past
from bot.service.dice import ScriptedDice
from bot.service.games import Games
from bot.service.operations import Abort
from bot.service.outcomes import Rolled
from bot.store import Store
from bot.store.achievements import PastGame
from tests.bot.service.conftest import ALICE, BOB, BOT
from tests.bot.service.drive import play_backgammon
from tests.bot.service.play import challenge

START = datetime(2026, 1, 1, tzinfo=UTC)


def games(*played: tuple[str, str]) -> list[PastGame]:
    """Finished games oldest first, one a day: (outcome, how it ended)."""
    return [
        PastGame(n + 1, outcome, reason, START + timedelta(days=n))
        for n, (outcome, reason) in enumerate(played)
    ]


def test_no_games_earn_nothing_and_one_win_earns_the_first() -> None:
    assert from_past([]) == set()
    assert from_past(games(("loss", "played: single"))) == set()
    assert from_past(games(("loss", "time"), ("win", "resigned"))) == {"first_win"}


def test_five_wins_in_a_row_count_only_unbroken() -> None:
    broken = [("win", "played")] * 4 + [("draw", "agreement")] + [("win", "played")] * 4
    assert "five_in_a_row" not in from_past(games(*broken))
    assert "five_in_a_row" in from_past(games(*broken, ("win", "played")))


def test_ten_games_without_resigning_restart_after_each_resignation() -> None:
    nine = [("loss", "played: gammon")] * 5 + [("win", "resigned")] * 4  # the other resigned
    assert "never_give_up" not in from_past(games(*nine, ("loss", "resigned: single")))
    assert "never_give_up" in from_past(games(*nine, ("loss", "time")))
    counted = from_past(games(*([("win", "played")] * 10), *([("loss", "played")] * 40)))
    assert {"first_win", "ten_wins", "fifty_games", "never_give_up"} <= counted
    assert "century" not in counted


async def test_hot_dice_goes_to_the_player_who_rolled_three_doubles_in_a_row(
    store: Store, make_games: Callable[..., Games]
) -> None:
    # After the opening 3-1, the second player rolls only doubles, the first only 2-1.
    script = [(3, 1)] + [(6, 6), (2, 1), (5, 5), (2, 1), (4, 4), (2, 1)] * 60
    games = make_games(ScriptedDice(script))
    history = await play_backgammon(games, await challenge(games, "backgammon", ALICE, BOB))
    game_id = history[-1].game.id
    rolled = [o for result in history for o in result.outcomes if isinstance(o, Rolled)]
    doubler = rolled[0].player_id  # the first (6, 6)
    assert rolled[0].dice == (6, 6) and rolled[2].player_id == doubler
    earned = await Achievements(store, BOT.id).count(game_id)
    codes = {(one.user_id, one.code) for one in earned}
    other = ALICE.id if doubler == BOB.id else BOB.id
    assert (doubler, "hot_dice") in codes and (other, "hot_dice") not in codes
    again = await Achievements(store, BOT.id).count(game_id)
    assert again == []  # awarded once: counting the game again gives nothing new


async def test_an_aborted_game_earns_nothing(store: Store, games: Games) -> None:
    started = await challenge(games, "checkers", ALICE, BOB)
    aborted = await games.act(started.game.id, ALICE.id, Abort())
    assert not aborted.game.status.is_open
    assert await Achievements(store, BOT.id).count(started.game.id) == []
