"""Discord's rule for the name of a slash command or option, in any language.

Discord documents it as `^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, every letter that has a
lowercase form in that form: Greek `ζάρια` and Chinese `掷骰子` are names, `Jouer` and
`deux mots` are not. The catalog check (`python -m bot.i18n check`) holds every `name.cmd.*`
and `name.opt.*` translation to it, so a name Discord would refuse at sync is caught first.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 32

# \p{sc=Deva} and \p{sc=Thai} by code point (Python's unicodedata has no Script property), less
# the Devanagari dandas (U+0964-U+0965) and the baht sign (U+0E3F), which are script Common.
SCRIPT_RANGES = (
    (0x0900, 0x0963),
    (0x0966, 0x097F),
    (0xA8E0, 0xA8FF),
    (0x11B00, 0x11B5F),
    (0x0E01, 0x0E3A),
    (0x0E40, 0x0E5B),
)


def _allowed(character: str) -> bool:
    if character in "-_" or unicodedata.category(character)[0] in "LN":
        return character.lower() == character
    point = ord(character)
    return any(low <= point <= high for low, high in SCRIPT_RANGES)


def is_command_name(name: str) -> bool:
    """Whether Discord accepts `name` for a slash command or option (or a localization of one)."""
    return 1 <= len(name) <= MAX_NAME and all(_allowed(character) for character in name)
