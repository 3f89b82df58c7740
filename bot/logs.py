"""Where log lines go: Duelboard's own loggers at one level, libraries at another, no secrets.

At DEBUG, discord.py logs every gateway event and request URL (interaction tokens, which let
anyone answer or edit as the bot for 15 minutes) and aiosqlite (SQLAlchemy too, from INFO) logs
every statement with its parameters (a live game's dice seed, which tells every roll still to
come). Libraries therefore stay at WARNING unless asked, and every line, at any level, is
redacted on its way out (discord.py's rate-limit warnings carry webhook URLs).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import TextIO

OWN_LOGGER = "duelboard"
# Libraries that set their own logger's level on import (SQLAlchemy: WARNING), so that the root
# logger's level alone would not reach them.
PINNED_LIBRARY_LOGGERS = ("sqlalchemy",)
LINE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
REDACTED = "[redacted]"

# Each pattern keeps its first group and replaces the rest of the match.
_SECRETS = (
    # Interaction tokens in webhook and callback routes: /webhooks/{app}/{token}/...,
    # /interactions/{id}/{token}/callback.
    re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s?#'\"]+"),
    # Any `token` field of a gateway event or a JSON body, as a dict or as JSON.
    re.compile(r"""(['"]\w*token['"]\s*:\s*['"])[^'"]+"""),
    # A dice seed is 64 hex digits; the commitments published for it have the same shape and
    # are redacted too, since no pattern can tell the two apart.
    re.compile(r"()(?<![0-9A-Fa-f])[0-9A-Fa-f]{64}(?![0-9A-Fa-f])"),
)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with interaction tokens, 64-hex-digit values and each of `secrets` hidden."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    for pattern in _SECRETS:
        text = pattern.sub(rf"\1{REDACTED}", text)
    return text


class RedactingFormatter(logging.Formatter):
    """The usual line (message, traceback and stack included), redacted as a whole."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        """Redact the patterns above and, word for word, each of `secrets` (the bot token)."""
        super().__init__(LINE_FORMAT)
        self.secrets = tuple(secret for secret in secrets if secret)

    def format(self, record: logging.LogRecord) -> str:
        """The formatted record with every secret hidden."""
        return redact(super().format(record), self.secrets)


def configure(
    level: int, library_level: int = logging.WARNING, secrets: Iterable[str] = ()
) -> logging.StreamHandler[TextIO]:
    """Log Duelboard's records from `level` and everyone else's from `library_level` to stderr.

    Returns the one handler it adds to the root logger.
    """
    handler: logging.StreamHandler[TextIO] = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter(secrets))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(library_level)
    for name in PINNED_LIBRARY_LOGGERS:
        logging.getLogger(name).setLevel(library_level)
    logging.getLogger(OWN_LOGGER).setLevel(level)
    return handler
