"""The recap's lines for the achievements a game earned."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Localizer
from bot.store.achievements import Achievement
from bot.wording.terms import name_of


def achievement_lines(
    t: Localizer, names: Mapping[int, str], earned: Sequence[Achievement]
) -> list[str]:
    """One line per achievement earned: who, its name and what it is for."""
    return [
        t(
            "recap.achievement",
            player=name_of(names, one.user_id),
            name=t(f"achievement.{one.code}.name"),
            about=t(f"achievement.{one.code}.about"),
        )
        for one in earned
    ]
