"""Discord's rules for command names, descriptions and their localizations, checked at sync.

A slash command's or option's name, and each of its `name_localizations`, must match
`^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` and use the lowercase form of every letter
that has one (a context menu's name is any 1-32 characters); descriptions (and their
localizations) and choice names are 1-100 characters; localization keys are Discord's locales;
siblings (the commands of one type, the options of one command) cannot share a name in any
locale, since the user could not tell which one they pick.

Each check yields `(field, message)` for what Discord would refuse; `limits` turns the first one
into the 400 Invalid Form Body.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

# https://discord.com/developers/docs/reference#locales: the only keys a localization may use.
LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip
MAX_NAME, MAX_TEXT = 32, 100

# \p{sc=Deva} and \p{sc=Thai} by code point, as Python's unicodedata has no Script property. The
# Devanagari dandas (U+0964-U+0965) and the baht sign (U+0E3F) are script Common: left out.
_SCRIPT_RANGES = (
    (0x0900, 0x0963),
    (0x0966, 0x097F),
    (0xA8E0, 0xA8FF),
    (0x11B00, 0x11B5F),
    (0x0E01, 0x0E3A),
    (0x0E40, 0x0E5B),
)

Problems = Iterator[tuple[str, str]]


def _name_character(character: str) -> bool:
    if character in "-_" or unicodedata.category(character)[0] in "LN":
        return character.lower() == character
    point = ord(character)
    return any(low <= point <= high for low, high in _SCRIPT_RANGES)


def valid_name(name: str) -> bool:
    """Whether Discord accepts `name` for a slash command, an option or a localization of one."""
    return 1 <= len(name) <= MAX_NAME and all(_name_character(c) for c in name)


def name_problems(body: dict[str, Any], where: str, *, chat_input: bool) -> Problems:
    """A command's or option's name and name localizations Discord would refuse."""
    name = str(body.get("name") or "")
    if chat_input and not valid_name(name):
        yield f"{where}.name", f"Invalid command name {name!r}."
    yield from _shape_problems(body, "name_localizations", where)
    for locale, localized in _localizations(body, "name_localizations"):
        if not (valid_name(localized) if chat_input else 1 <= len(localized) <= MAX_NAME):
            yield f"{where}.name_localizations.{locale}", "Command name is invalid."


def text_problems(body: dict[str, Any], where: str, field: str) -> Problems:
    """A description or choice name (`field`), or one of its localizations, outside 1-100."""
    if not 1 <= len(str(body.get(field) or "")) <= MAX_TEXT:
        yield f"{where}.{field}", f"Must be between 1 and {MAX_TEXT} in length."
    localizations = f"{field}_localizations"
    yield from _shape_problems(body, localizations, where)
    for locale, localized in _localizations(body, localizations):
        if not 1 <= len(localized) <= MAX_TEXT:
            yield (
                f"{where}.{localizations}.{locale}",
                f"Must be between 1 and {MAX_TEXT} in length.",
            )


def sibling_problems(siblings: list[tuple[str, dict[str, Any]]]) -> Problems:
    """Siblings (each with its field path) sharing a name as some locale's users see it: the
    default name where a sibling has no localization for that locale."""
    seen: dict[tuple[str, str], str] = {}
    for where, body in siblings:
        localized = body.get("name_localizations") or {}
        for locale in ("", *sorted(LOCALES)):  # "": the default name, seen by everyone else
            shown = str(localized.get(locale) or body.get("name") or "")
            if (locale, shown) in seen:
                place = f" in locale {locale}" if locale else ""
                first = seen[locale, shown]
                yield f"{where}.name", f"Duplicate name {shown!r}{place}: {first} has it."
                return
            seen[locale, shown] = where


def _shape_problems(body: dict[str, Any], field: str, where: str) -> Problems:
    """A localization field that is not an object of Discord locales to strings."""
    given = body.get(field)
    if given is None:
        return
    if not isinstance(given, dict):
        yield f"{where}.{field}", "Expected an object of locale to text."
        return
    for locale, text in given.items():
        if locale not in LOCALES:
            yield f"{where}.{field}.{locale}", f"{locale!r} is not a valid locale."
        elif not isinstance(text, str):
            yield f"{where}.{field}.{locale}", "Expected a string."


def _localizations(body: dict[str, Any], field: str) -> list[tuple[str, str]]:
    """The well-formed (locale, text) pairs of a localization field."""
    given = body.get(field)
    if not isinstance(given, dict):
        return []
    return [(k, v) for k, v in given.items() if k in LOCALES and isinstance(v, str)]
