"""Discord's limits on what the bot sends, and cutting text to fit them."""

from __future__ import annotations

MAX_CONTENT = 2000  # characters in a message's content
MAX_ECHO = 100  # characters of a player's own input a reply repeats
MAX_REASON = 200  # characters of an English reason that no catalog text words
ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """`text`, or its first characters and an ellipsis, in at most `limit` characters."""
    if len(text) <= limit:
        return text
    return text[: limit - len(ELLIPSIS)] + ELLIPSIS
