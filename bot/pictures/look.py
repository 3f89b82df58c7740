"""How a board is drawn (`Look`): the words of its language, the theme, the clock, the reader;
and the captions every game's board shares."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from bot.i18n import TEXTS, Localizer, language_of
from bot.service.outcomes import Finish
from bot.service.session import Session
from engine.backgammon.cube import Size
from engine.checkers import VARIANTS
from render import (
    ENDING_FIELDS,
    ENGLISH,
    LIGHT,
    PLURAL_FIELDS,
    SIZE_FIELDS,
    TEMPLATE_FIELDS,
    Theme,
    Words,
)


@dataclass(frozen=True, slots=True)
class Look:
    """How a board is drawn: the message's locale and the server's theme, the seconds the
    player to act had left when it was drawn (None: no clock), and the seat of a private board's
    reader (None: the public board)."""

    locale: object = "en-US"
    theme: Theme = LIGHT
    time_left: int | None = None
    reader: int | None = None

    @property
    def words(self) -> Words:
        """The picture's words in the locale's language."""
        return words_for(self.locale)


def words_for(locale: object) -> Words:
    """The picture words for a Discord locale (a language without a catalog gets English)."""
    return _words(language_of(locale))


@cache
def _words(language: str) -> Words:
    """Built once per language: pictures are drawn on every turn."""
    texts = TEXTS[language]
    t = Localizer(language)
    # One mapping for both kinds of field: `Words` takes each by name.
    templates: dict[str, Any] = {
        name: texts.messages[f"picture.{name}"] for name in TEMPLATE_FIELDS
    }
    templates |= {name: texts.plurals[f"picture.{name}"] for name in PLURAL_FIELDS}
    templates |= {
        name: tuple(texts.messages[f"picture.{name}.{size}"] for size in Size)
        for name in SIZE_FIELDS
    }
    templates |= {
        name: MappingProxyType(
            {
                reason: texts.messages[f"picture.{name}.{reason.name.lower()}"]
                for reason in getattr(ENGLISH, name)
            }
        )
        for name in ENDING_FIELDS
    }
    titles = {name: t(f"variant.title.{name}") for name in VARIANTS}
    return Words(**templates, plural_form=texts.plural_form, titles=MappingProxyType(titles))


def stopped_caption(session: Session, names: tuple[str, str], look: Look) -> str | None:
    """How a game ended that stopped outside the game's own rules: resigned (checkers), won on
    time, called off."""
    t = Localizer(look.locale)
    if session.stopped is Finish.ABORTED:
        return t("board.end.aborted")
    winner = session.stopped_winner
    if winner is None:
        return None
    players = {"winner": names[winner], "loser": names[1 - winner]}
    if session.stopped is Finish.TIME:
        return t("board.end.time", **players)
    if session.stopped is Finish.RESIGNED:
        return t("board.end.resigned", **players)
    return None
