"""The message catalog: every reply text by key, in English, French and German.

A Discord locale ("fr", "de", "en-GB", "pt-BR"…) picks the catalog by its language; anything
without a catalog falls back to English. Placeholders are `str.format` fields.

The per-language modules hold the core texts; a feature may keep its texts in a topic module of
its own (a module in `bot/i18n/topics/` with `EN`, `FR` and `DE` dicts), merged in here. A key
lives in one place only: a clash is an error at import.
"""

from __future__ import annotations

import importlib
import pkgutil
import string
from collections.abc import Mapping
from types import ModuleType

from bot.i18n import de, en, fr, topics

DEFAULT_LANGUAGE = "en"
TOPICS: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"{topics.__name__}.{info.name}")
    for info in sorted(pkgutil.iter_modules(topics.__path__), key=lambda info: info.name)
)


def _merged(language: str, core: Mapping[str, str]) -> dict[str, str]:
    """The core catalog of `language` with every topic module's texts for it."""
    merged = dict(core)
    for topic in TOPICS:
        for key, message in getattr(topic, language.upper()).items():
            if key in merged:
                raise KeyError(f"message key {key!r} of {topic.__name__} is defined twice")
            merged[key] = message
    return merged


CATALOGS: Mapping[str, Mapping[str, str]] = {
    "en": _merged("en", en.MESSAGES),
    "fr": _merged("fr", fr.MESSAGES),
    "de": _merged("de", de.MESSAGES),
}


def language_of(locale: object) -> str:
    """The catalog language for a Discord locale (its value or str), English by default."""
    text = str(getattr(locale, "value", locale) or "").lower()
    language = text.split("-")[0]
    return language if language in CATALOGS else DEFAULT_LANGUAGE


def text(locale: object, key: str, **values: object) -> str:
    """The message `key` in the locale's language, with `values` filled in."""
    catalog = CATALOGS[language_of(locale)]
    template = catalog.get(key)
    if template is None:
        template = CATALOGS[DEFAULT_LANGUAGE][key]
    return template.format(**values)


def placeholders(template: str) -> frozenset[str]:
    """The field names a template uses."""
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


class Localizer:
    """Texts for one reader: `t("key", name=...)` in their language."""

    def __init__(self, locale: object) -> None:
        """Remember the reader's locale."""
        self.language = language_of(locale)

    def __call__(self, key: str, **values: object) -> str:
        """The message `key` with `values`."""
        return text(self.language, key, **values)
