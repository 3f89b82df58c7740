"""Achievements decided from a player's past games, against counts made by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service.achievements import from_past
from bot.store.achievements import PastGame

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
