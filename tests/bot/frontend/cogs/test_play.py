"""What /move suggests while you type: plays starting with it first, then those containing it."""

from __future__ import annotations

from bot.frontend.cogs.play import rank_choices

# The opening 3-1 worked out by hand (BG-1, BG-7: every play uses both dice; Black's five
# checkers on White's 12-point block 13/12), in the order the service offers them.
LEGAL_31 = [
    "24/23 24/21",
    "24/20",
    "24/21 8/7",
    "24/21 6/5",
    "24/23 13/10",
    "13/9",
    "13/10 8/7",
    "13/10 6/5",
    "24/23 8/5",
    "8/7 8/5",
    "8/5 6/5",
    "8/4",
    "24/23 6/3",
    "8/7 6/3",
    "6/5 6/3",
    "6/2",
]
DISCORD_LIMIT = 25  # Discord shows at most 25 autocomplete choices


def test_nothing_typed_offers_every_play_in_order() -> None:
    assert rank_choices(LEGAL_31, "") == LEGAL_31


def test_nothing_typed_offers_the_first_25_of_many() -> None:
    many = [f"{n}/{n - 1}" for n in range(30, 0, -1)]
    assert rank_choices(many, "") == [f"{n}/{n - 1}" for n in range(30, 5, -1)]


def test_typed_prefix_first_then_contained() -> None:
    assert rank_choices(LEGAL_31, "6/") == [
        "6/5 6/3",
        "6/2",
        "24/21 6/5",
        "13/10 6/5",
        "8/5 6/5",
        "24/23 6/3",
        "8/7 6/3",
    ]


def test_a_play_met_later_in_the_text_comes_after_those_starting_with_it() -> None:
    assert rank_choices(LEGAL_31, "13/10") == ["13/10 8/7", "13/10 6/5", "24/23 13/10"]


def test_dash_is_read_as_slash() -> None:
    assert rank_choices(LEGAL_31, "8-5 6-5") == ["8/5 6/5"]


def test_never_more_than_discord_allows() -> None:
    many = [f"{n}/{n - 1}" for n in range(24, 0, -1)] * 3
    assert len(rank_choices(many, "")) == DISCORD_LIMIT
    assert len(rank_choices(many, "1")) == DISCORD_LIMIT


def test_no_match_offers_nothing() -> None:
    assert rank_choices(LEGAL_31, "bar/") == []
