"""What /move suggests while you type: plays starting with it first, then those containing it."""

from __future__ import annotations

from bot.cogs.play import MAX_CHOICES, rank_choices
from engine.backgammon import Position

# The opening 3-1 (BG-7: every legal play uses both dice).
LEGAL_31 = [play.notation() for play in Position.initial().legal_plays((3, 1))]


def test_nothing_typed_offers_the_first_25() -> None:
    assert rank_choices(LEGAL_31, "") == LEGAL_31[:MAX_CHOICES]


def test_typed_prefix_first_then_contained() -> None:
    ranked = rank_choices(LEGAL_31, "6/")
    starting = [p for p in LEGAL_31 if p.startswith("6/")]
    assert ranked[: len(starting)] == starting
    assert set(ranked) == {p for p in LEGAL_31 if "6/" in p}


def test_dash_is_read_as_slash() -> None:
    assert rank_choices(LEGAL_31, "8-5 6-5") == ["8/5 6/5"]


def test_never_more_than_discord_allows() -> None:
    many = [f"{n}/{n - 1}" for n in range(24, 0, -1)] * 3
    assert len(rank_choices(many, "")) == MAX_CHOICES
    assert len(rank_choices(many, "1")) == MAX_CHOICES


def test_no_match_offers_nothing() -> None:
    assert rank_choices(LEGAL_31, "bar/") == []
