"""Player-written text in message text: shown literally, never as Markdown or a mention."""

from __future__ import annotations

from collections.abc import Mapping

import discord


def escaped(text: str) -> str:
    """`text` as message text shows it literally: no Markdown, and no mention pings or renders.

    A zero-width space after every `@` breaks `<@id>`, `<@&id>`, `@everyone` and `@here` alike
    (`discord.utils.escape_mentions` leaves ids shorter than a snowflake, which still render).
    """
    return discord.utils.escape_markdown(text).replace("@", "@\u200b")


def shown(names: Mapping[int, str]) -> dict[int, str]:
    """Display names as message text must carry them (the wording takes names as given)."""
    return {user_id: escaped(name) for user_id, name in names.items()}
