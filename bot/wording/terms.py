"""Words the bot splices into other texts, in the reader's language: names, dice, durations,
variant names, a checkers variant's rules and what a failed dice audit found.

The service and the engines name these things by stable values (a `timedelta`, a variant's
fields); here they become catalog texts (`duration.*`, `variant.*`, `ck.rules.*` in the catalogs
of `bot/locales/`). Each stands on its own where it goes (a label, a count, a line); how a game
ended is no such phrase but a whole sentence of its own (see `bot.wording.game`). Pure functions
of those values and a `Localizer`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta

from bot.i18n import CATALOGS, DEFAULT_LANGUAGE, Localizer
from bot.service.dice import VerifyReport
from engine.checkers import KingLanding, Variant

_DURATION_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60))
# Display names by user id, ready for where they go (see `name_of`).
Names = Mapping[int, str]


def _known(key: str) -> bool:
    return key in CATALOGS[DEFAULT_LANGUAGE]


def name_of(names: Names, user_id: int | None) -> str:
    """The display name of a user (their id when unknown, `?` for nobody), as `names` carries
    it: escaped by the front end for message text, as written for pictures and alt text."""
    if user_id is None:
        return "?"
    return names.get(user_id, str(user_id))


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players write them: 6-1."""
    return "-".join(str(die) for die in dice)


def duration(t: Localizer, limit: timedelta) -> str:
    """A duration in the largest whole unit that fits: `24 hours`, `90 minutes`, `1 Tag`."""
    seconds = int(limit.total_seconds())
    for unit, size in _DURATION_UNITS:
        if seconds and seconds % size == 0:
            count = seconds // size
            return t.plural(f"duration.{unit}", count)
    return t.plural("duration.second", seconds)


def variant_name(t: Localizer, kind: str, variant: str) -> str:
    """A variant's short name (`standard`, `anglaise`); an unknown one is shown as it is."""
    key = f"variant.{kind}.{variant}"
    return t(key) if _known(key) else variant


def variant_rules(t: Localizer, kind: str, name: str, **fields: object) -> str:
    """Variant `name`'s rules: its own text (`rules.<kind>.<name>`) where its rules differ from
    the game's text (`rules.<kind>`), which the other variants share."""
    key = f"rules.{kind}.{name}"
    return t(key if _known(key) else f"rules.{kind}", **fields)


def ladder_name(t: Localizer, ladder: str) -> str:
    """A ladder's name (`backgammon`, `checkers:box` -> `checkers (box rules)`), the same words
    as the ladder choices of /leaderboard; an unknown ladder is shown as it is."""
    key = f"name.choice.{ladder}"
    return t(key) if _known(key) else ladder


def checkers_title(t: Localizer, rules: Variant) -> str:
    """A checkers variant's full title (`English draughts (American checkers)`)."""
    key = f"variant.title.{rules.name}"
    return t(key) if _known(key) else rules.title


def checkers_summary(t: Localizer, rules: Variant) -> str:
    """The rules in force in one line a player can check, from the variant's own switches."""
    parts = [
        t("ck.rules.board", size=rules.board_size),
        t(f"ck.rules.first.{rules.first_to_move.name.lower()}"),
        t("ck.rules.men_backward" if rules.men_capture_backward else "ck.rules.men_forward"),
        t("ck.rules.flying_kings" if rules.flying_kings else "ck.rules.short_kings"),
    ]
    if rules.flying_kings:
        adjacent = rules.king_landing is KingLanding.ADJACENT
        parts.append(t("ck.rules.land_adjacent" if adjacent else "ck.rules.land_any"))
    parts.append(t("ck.rules.majority" if rules.majority_capture else "ck.rules.any_capture"))
    parts.append(t(f"ck.rules.crowning.{rules.crowning.name.lower()}"))
    if rules.king_count_end:
        parts.append(t("ck.rules.king_count"))
    parts.append(t("ck.rules.repetition", count=rules.repetitions_for_draw))
    parts.append(t("ck.rules.no_progress", plies=rules.no_progress_plies))
    return t("ck.rules.separator").join(parts)


def verify_details(t: Localizer, report: VerifyReport, *, draw: bool = False) -> str:
    """What a failed dice audit found, one line each: the commitment, then each wrong roll.

    `draw`: the seed decided only a checkers game's random draw, which is told as such (a
    checkers player sees no dice). The report's `problems` (a stored seed or roll number that
    cannot be read at all) are kept in the service's English.
    """
    lines = [] if report.commitment_ok else [t("verify.commitment_bad")]
    lines.extend(report.problems)
    if draw:
        lines.extend(t("verify.draw_mismatch") for _ in report.mismatches)
        return "\n".join(lines)
    lines.extend(
        t(
            "verify.mismatch",
            number=wrong.number,
            logged="-".join(map(str, wrong.logged)),
            derived="-".join(map(str, wrong.derived)),
        )
        for wrong in report.mismatches
    )
    return "\n".join(lines)
