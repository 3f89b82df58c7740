"""Player-written text in message text: shown literally, never as Markdown or a mention, and a
name always visible and in its place."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

import discord

# Characters that reorder the text around them: embeddings, overrides, isolates and marks. A name
# carrying one (a leading U+202E) turns the rest of the sentence around.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern), popular for
# names that look empty.
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
FIRST_STRONG_ISOLATE, POP_ISOLATE = "\u2068", "\u2069"


def escaped(text: str) -> str:
    """`text` as message text shows it literally: no Markdown, and no mention pings or renders.

    A zero-width space after every `@` breaks `<@id>`, `<@&id>`, `@everyone` and `@here` alike
    (`discord.utils.escape_mentions` leaves ids shorter than a snowflake, which still render).
    """
    return discord.utils.escape_markdown(text).replace("@", "@\u200b")


def readable(name: str, fallback: str) -> str:
    """`name` without the controls that reorder text, or `fallback` if nothing visible is left
    (a name of zero-width characters only): a reader sees every name, and tells them apart."""
    kept = "".join(c for c in name if c not in BIDI_CONTROLS)
    return kept if any(_draws(c) for c in kept) else fallback


def user_name(user: discord.abc.User) -> str:
    """The name to show for a Discord user: their display name if it can be seen, else their
    username (Discord's are visible letters, digits, `_` and `.`), else their id."""
    return readable(user.display_name, readable(user.name, str(user.id)))


def shown_name(user_id: int, name: str) -> str:
    """A display name as message text must carry it: visible (else the user's id), escaped, and
    isolated if it is written right to left, so that it cannot reorder the sentence around it."""
    return _isolated(escaped(readable(name, str(user_id))))


def shown(names: Mapping[int, str]) -> dict[int, str]:
    """Display names as message text must carry them (the wording takes names as given)."""
    return {user_id: shown_name(user_id, name) for user_id, name in names.items()}


def _draws(character: str) -> bool:
    """Whether a character puts ink on the page by itself (not a space, control, format
    character, lone combining mark or blank letter)."""
    return unicodedata.category(character)[0] not in "CZM" and character not in BLANK_GLYPHS


def _isolated(name: str) -> str:
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name):
        return f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}"
    return name
