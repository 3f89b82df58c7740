"""The bounded cache the game messages keep per game and per user."""

from __future__ import annotations

import pytest

from bot.frontend.recent import Recent


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: Recent[int, str] = Recent(2)
    cache[1] = "one"
    cache[2] = "two"
    assert cache.get(1) == "one"  # 1 is now more recent than 2
    cache[3] = "three"
    assert len(cache) == 2
    assert 2 not in cache and cache.get(1) == "one" and cache.get(3) == "three"


def test_writing_again_refreshes_and_pop_forgets() -> None:
    cache: Recent[int, str] = Recent(2)
    cache[1], cache[2] = "one", "two"
    cache[1] = "uno"
    cache[3] = "three"
    assert cache.get(1) == "uno" and 2 not in cache
    assert cache.pop(1) == "uno" and cache.pop(1) is None and 1 not in cache


def test_ten_thousand_games_keep_only_the_bound() -> None:
    cache: Recent[int, int] = Recent(100)
    for game in range(10_000):
        cache[game] = game
    assert len(cache) == 100 and cache.get(9_999) == 9_999 and cache.get(0) is None


def test_a_cache_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Recent(0)
