"""The one place where refusals from below become one short reply to the person who acted.

Only the documented refusals are refusals: the bot's own `Refusal`, the service's errors (option
and time-limit errors among them, and the store's that players can meet) and the engines'
`RefusalError`s; each but the first carries a `code` and language-neutral `params`. The known
kinds are worded through the catalog in the reader's language; a coded one from the catalog's
`refusal.<code>` after "Not possible:", or with its English reason when the catalog lacks the
code. Whatever the player typed and a refusal repeats is cut to `MAX_ECHO` characters, and no
reply passes Discord's 2,000. Anything else, a plain `ValueError` from an internal check
included, is logged with its traceback and answered with a short apology. Replies are always
private (ephemeral) and change nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import CATALOGS, DEFAULT_LANGUAGE, Localizer
from bot.service import errors as service_errors
from bot.store import StoreBusyError
from bot.wording.limits import MAX_CONTENT, MAX_ECHO, MAX_REASON, clip
from engine.reason import RefusalError

log = logging.getLogger("duelboard.errors")

EPHEMERAL_DEFER = "duelboard.ephemeral"  # Interaction.extras key: we deferred privately


class Refusal(Exception):
    """A refusal the bot itself makes, already worded for the reader."""


def explain(t: Localizer, error: BaseException, names: dict[int, str] | None = None) -> str:
    """The reply for `error`; logs it when it is not a refusal a player can meet."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or error
    match error:
        case Refusal():
            return clip(str(error), MAX_CONTENT)
        case service_errors.NotAPlayerError(game_id=game):
            return t("error.not_player", game=game)
        case service_errors.GameOverError(game_id=game):
            return t("error.game_over", game=game)
        case service_errors.ChannelBusyError():
            return t("error.busy", game=getattr(error, "game_id", None) or "?")
        case service_errors.ConflictError():
            return t("error.conflict")
        case service_errors.GameNotFoundError():
            return t("error.not_found", game=getattr(error, "game_id", "?"))
        case StoreBusyError():
            return t("error.store_busy")
        case app_commands.MissingPermissions():
            return t("error.permission")
        case service_errors.ServiceError() | RefusalError():
            reason = worded(t, error) or clip(str(error).strip(), MAX_REASON)
            return clip(t("error.refused", reason=reason[:1].upper() + reason[1:]), MAX_CONTENT)
    log.error("unexpected error in an interaction", exc_info=error)
    return t("error.unexpected")


def worded(t: Localizer, error: BaseException) -> str | None:
    """The reason of a coded refusal in the reader's language; None when it has no catalog text.

    Any error with a `code` and `params` (the service's, the engines') is worded from the catalog
    key `refusal.<code>`, text parameters cut to `MAX_ECHO` characters; an unknown code or a
    parameter the text does not get leaves the English reason to the caller.
    """
    code = getattr(error, "code", None)
    if not isinstance(code, str) or f"refusal.{code}" not in CATALOGS[DEFAULT_LANGUAGE]:
        return None
    given = getattr(error, "params", None) or {}
    # A text parameter is what the player typed (or a name): repeat only its beginning.
    params = {k: clip(v, MAX_ECHO) if isinstance(v, str) else v for k, v in given.items()}
    try:
        return t(f"refusal.{code}", **params).strip()
    except (KeyError, IndexError, ValueError):
        log.warning("refusal %s could not be worded with %r", code, params)
        return None


async def reply_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer `interaction` privately with the explanation of `error`, however far it got."""
    t = Localizer(interaction.locale)
    message = explain(t, error)
    response = interaction.response
    try:
        if not response.is_done():
            await response.send_message(message, ephemeral=True)
        elif interaction.extras.get(EPHEMERAL_DEFER):
            await interaction.edit_original_response(content=message)
        else:
            await interaction.followup.send(message, ephemeral=True)
    except discord.HTTPException:
        log.exception("could not tell the user why their action was refused")
