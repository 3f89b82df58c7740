"""The words of `/stats dice`: faces, doubles, pips per roll and entering from the bar against
what fair dice give, and the chi-square test's verdict in plain words."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.service.dice_stats import EXPECTED_DOUBLES, EXPECTED_PIPS, FACES, LEAST_ROLLS, DiceTally


def dice_lines(t: Localizer, title: str, counted: DiceTally) -> list[str]:
    """A player's or a server's dice statistics under `title` (already worded)."""
    lines = [title]
    if not counted.rolls:
        lines.append(t("dice.none"))
        return lines
    rolls = counted.rolls
    faces = " · ".join(f"{face}: {seen}" for face, seen in enumerate(counted.faces, start=1))
    lines.append(t("dice.faces", faces=faces, expected=t.decimal(2 * rolls / FACES, 1)))
    lines.append(
        t(
            "dice.doubles",
            doubles=counted.doubles,
            rolls=rolls,
            share=t.decimal(100 * counted.doubles / rolls, 1),
            expected=t.decimal(100 * EXPECTED_DOUBLES, 1),
        )
    )
    lines.append(
        t(
            "dice.pips",
            average=t.decimal(counted.pips / rolls, 2),
            expected=t.decimal(EXPECTED_PIPS, 2),
        )
    )
    if counted.bar_rolls:
        lines.append(
            t(
                "dice.bar",
                rolls=counted.bar_rolls,
                entered=counted.bar_entered,
                expected=t.decimal(counted.bar_expected, 1),
            )
        )
    if counted.unverified:
        lines.append(t("dice.unverified", count=counted.unverified))
    verdict = counted.verdict
    if verdict == "few":
        lines.append(t("dice.verdict.few", least=LEAST_ROLLS))
    else:
        lines.append(
            t(
                f"dice.verdict.{verdict}",
                chi=t.decimal(counted.chi_square, 2),
                p=t.decimal(counted.p_value, 3),
                percent=round(100 * counted.p_value),
            )
        )
    return lines
