"""Cutting text to Discord's limits."""

from __future__ import annotations

from bot.wording.limits import clip


def test_text_within_the_limit_is_kept_whole() -> None:
    assert clip("13/7 8/7", 100) == "13/7 8/7"
    assert clip("x" * 100, 100) == "x" * 100


def test_longer_text_is_cut_with_an_ellipsis_to_the_limit() -> None:
    cut = clip("x" * 5000, 100)
    assert cut == "x" * 99 + "…" and len(cut) == 100
