"""The words of /hint: the best plays for the player to move, in the reader's language."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.service.coach import EQUITY, LOSS, MEN, WIN, Hint, Suggestion
from bot.wording.kinds import WORDS


def number(t: Localizer, value: float, places: int) -> str:
    """A signed decimal in the reader's writing (+0.213, or +0,213 in French and German)."""
    return t.decimal(value, places, signed=True)


def suggestion_line(t: Localizer, rank: int, item: Suggestion, unit: str) -> str:
    """One numbered line: the play and, where the unit has them, its value and loss."""
    play = f"`{item.notation}`"  # code style: a hit's `*` is not Markdown there
    if item.forced == WIN:
        text = t("coach.line.win", play=play)
    elif item.forced == LOSS:
        text = t("coach.line.loss", play=play)
    elif item.value is None or unit not in (EQUITY, MEN):
        text = play
    else:
        places = 3 if unit == EQUITY else 2
        values = {"play": play, "loss": number(t, -(item.loss or 0.0), places)}
        if unit == EQUITY:
            values["equity"] = number(t, item.value, places)
        else:
            values["score"] = number(t, item.value, places)
        best = rank == 1 or not item.loss
        text = t(f"coach.line.{unit}{'_best' if best else ''}", **values)
    return f"{rank}. {text}"


def hint_text(t: Localizer, hint: Hint) -> str:
    """The private reply: a title, the ranked plays best first, and what the numbers mean."""
    unit = hint.advice.unit
    lines = [WORDS[hint.kind].hint_title(t, hint)]
    for rank, item in enumerate(hint.advice.suggestions, start=1):
        lines.append(suggestion_line(t, rank, item, unit))
    lines.append(f"-# {t(f'coach.note.{unit}')}")
    return "\n".join(lines)
