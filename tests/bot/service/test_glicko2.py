"""Glicko-2 against the worked example in Glickman's paper, and the rating rules of PLAYING.md."""

from __future__ import annotations

import pytest

from bot.service.glicko2 import RatedGame, Rating, stake, update


def test_glickman_paper_example() -> None:
    # "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and
    # 1700/300, with tau = 0.5 -> 1464.06 / 151.52 / 0.05999.
    player = Rating(1500, 200, 0.06)
    results = [
        RatedGame(Rating(1400, 30), 1.0),
        RatedGame(Rating(1550, 100), 0.0),
        RatedGame(Rating(1700, 300), 0.0),
    ]
    after = update(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_widens_the_deviation_only() -> None:
    player = Rating(1600, 80, 0.06)
    after = update(player, [])
    assert after.rating == player.rating
    assert after.volatility == player.volatility
    assert 80 < after.deviation < 81  # sqrt(phi^2 + sigma^2) on the Glicko scale: ~80.6


def test_deviation_never_exceeds_the_starting_value() -> None:
    assert update(Rating(), []).deviation == 350


def test_new_players_start_provisional_and_settle_below_rd_110() -> None:
    assert Rating().provisional
    assert not Rating(1500, 110).provisional
    assert Rating(1500, 110.5).provisional


def test_stake_against_a_stronger_player_risks_less_than_it_wins() -> None:
    player, stronger = Rating(1500, 60), Rating(1700, 60)
    win, loss = stake(player, stronger)
    assert win > 0 > loss
    assert win > -loss


def test_stake_between_equal_settled_players_is_symmetric() -> None:
    win, loss = stake(Rating(1500, 50), Rating(1500, 50))
    assert win == -loss
