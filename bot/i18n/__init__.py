"""The message catalogs: every text the bot shows, by key, from gettext catalogs.

`bot/locales/duelboard.pot` is the English source; `bot/locales/<language>/LC_MESSAGES/
duelboard.po` is a translation (read with Babel at import). Each message's `msgctxt` is the key
the code uses and its `msgid` the English; a count is an `ngettext` entry (`msgid_plural`,
`msgstr[n]`) whose form the catalog's `Plural-Forms` rule picks. Templates are `str.format`
fields; a list (`engine.reason.Listing`) is joined by the reader's CLDR list pattern before
formatting. A Discord locale ("fr", "de", "en-GB", "pt-BR"…) picks the catalog named for the
whole locale (`pt_BR`), else for its language (`es` for `es-ES` and `es-419`); a locale without
one, and a text a catalog lacks, fall back to English.
`python -m bot.i18n update` brings the catalogs up to date; see docs/TRANSLATING.md.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from babel.lists import format_list
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from engine.reason import Listing

DEFAULT_LANGUAGE = "en"
DOMAIN = "duelboard"
LOCALES = Path(__file__).resolve().parent.parent / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"


def catalog_path(language: str) -> Path:
    """Where the translation of `language` lives."""
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated_languages() -> tuple[str, ...]:
    """The languages with a catalog, besides English."""
    return tuple(
        sorted(path.parent.parent.name for path in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    )


def read_catalog(path: Path) -> Catalog:
    """A `.po` or `.pot` file as Babel reads it."""
    with path.open("rb") as file:
        return read_po(file)


@dataclass(frozen=True, slots=True)
class Texts:
    """One language's texts: plain templates and counted ones by key, and its plural rule."""

    messages: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    plural_form: Callable[[int], int]


def keyed(catalog: Catalog) -> dict[str, Message]:
    """The entries of a catalog by key (`msgctxt`); a key defined twice is an error."""
    entries: dict[str, Message] = {}
    for message in catalog:
        if not message.context:
            continue
        if message.context in entries:
            raise KeyError(f"message key {message.context!r} is defined twice")
        entries[message.context] = message
    return entries


def forms(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """A msgid or msgstr as its forms (a plain entry has one)."""
    if text is None or isinstance(text, str):
        return (text or "",)
    return tuple(text)


def _texts(entries: Mapping[str, tuple[bool, tuple[str, ...]]], plural_expr: str) -> Texts:
    """`Texts` from (counted?, forms) by key and a gettext plural expression."""
    return Texts(
        messages={key: texts[0] for key, (counted, texts) in entries.items() if not counted},
        plurals={key: texts for key, (counted, texts) in entries.items() if counted},
        plural_form=gettext.c2py(plural_expr),
    )


def _english(template: Catalog) -> Texts:
    """The English of the template: the msgids, and English's plural rule."""
    entries = {key: (m.pluralizable, forms(m.id)) for key, m in keyed(template).items()}
    return _texts(entries, get_plural(DEFAULT_LANGUAGE).plural_expr)


def _translated(catalog: Catalog) -> Texts:
    """The translated, reviewed entries of a `.po` (an empty or fuzzy one falls back to English)."""
    entries = {
        key: (m.pluralizable, forms(m.string))
        for key, m in keyed(catalog).items()
        if not m.fuzzy and all(forms(m.string))
    }
    return _texts(entries, catalog.plural_expr)


TEXTS: Mapping[str, Texts] = MappingProxyType(
    {
        DEFAULT_LANGUAGE: _english(read_catalog(TEMPLATE)),
        **{
            language: _translated(read_catalog(catalog_path(language)))
            for language in translated_languages()
        },
    }
)
CATALOGS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {language: MappingProxyType(dict(texts.messages)) for language, texts in TEXTS.items()}
)
"""The plain (uncounted) templates of every language by key."""


def catalog_for(locale: object, languages: Collection[str]) -> str:
    """Which of `languages` (catalog names) serves a locale (a Discord value, `pt-BR`, or a
    catalog name, `pt_BR`), English when none does.

    The whole locale first (`pt-BR` reads `pt_BR`), then its language (`es-419` and `es-ES`
    read `es`): a catalog named for a region serves only that region, so `zh-TW` (traditional
    characters) never gets `zh_CN`.
    """
    text = str(getattr(locale, "value", locale) or "").replace("_", "-")
    language, _, region = text.partition("-")
    candidates = (f"{language.lower()}_{region.upper()}", language.lower())
    return next((name for name in candidates if name in languages), DEFAULT_LANGUAGE)


def language_of(locale: object) -> str:
    """The catalog language for a Discord locale (its value or str), English by default."""
    return catalog_for(locale, TEXTS)


def _filled(language: str, template: str, values: Mapping[str, object]) -> str:
    """`template` with `values`, a `Listing` joined by the language's list pattern."""
    listed = {
        name: format_list(value.shown(), style=value.style, locale=language)  # type: ignore[arg-type]
        for name, value in values.items()
        if isinstance(value, Listing)
    }
    return template.format(**{**values, **listed})


def text(locale: object, key: str, **values: object) -> str:
    """The message `key` in the locale's language, with `values` filled in."""
    language = language_of(locale)
    template = TEXTS[language].messages.get(key)
    if template is None:
        template = TEXTS[DEFAULT_LANGUAGE].messages[key]
    return _filled(language, template, values)


def plural(locale: object, key: str, count: int, **values: object) -> str:
    """The counted message `key` in the form `count` takes in the locale's language."""
    language = language_of(locale)
    texts = TEXTS[language]
    if key not in texts.plurals:
        texts = TEXTS[DEFAULT_LANGUAGE]
    forms = texts.plurals[key]
    return _filled(language, forms[texts.plural_form(count)], {"count": count, **values})


MINUS = "\u2212"  # a true minus sign: a hyphen before a number reads as a dash


def decimal(locale: object, value: float, places: int, *, signed: bool = False) -> str:
    """`value` with `places` decimals in the locale's writing, by CLDR (`0.213` in English,
    `0,213` in French), a negative with a minus sign and, when `signed`, a positive with `+`."""
    pattern = "0." + "0" * places if places else "0"
    digits = format_decimal(abs(value), format=pattern, locale=language_of(locale))
    sign = MINUS if value < 0 else "+" if signed else ""
    return sign + digits


def placeholders(template: str) -> frozenset[str]:
    """The field names a template uses."""
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


class Localizer:
    """Texts for one reader: `t("key", name=...)` and `t.plural("key", count)` in their language."""

    def __init__(self, locale: object) -> None:
        """Remember the reader's locale."""
        self.language = language_of(locale)

    def __call__(self, key: str, **values: object) -> str:
        """The message `key` with `values`."""
        return text(self.language, key, **values)

    def plural(self, key: str, count: int, **values: object) -> str:
        """The counted message `key` for `count` (also its `{count}` field), with `values`."""
        return plural(self.language, key, count, **values)

    def decimal(self, value: float, places: int, *, signed: bool = False) -> str:
        """`value` with `places` decimals in the reader's writing (see `decimal`)."""
        return decimal(self.language, value, places, signed=signed)
