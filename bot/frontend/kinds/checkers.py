"""Checkers' own buttons: offering a draw, answering one, resigning."""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.buttons import GameButton, Style, button
from bot.frontend.operations import Action
from bot.i18n import Localizer
from bot.service.checkers import CheckersSession
from bot.service.session import Session


class CheckersControls:
    """Offering a draw, and answering one."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """Offer a draw or resign; with a draw on offer, accept or decline it."""
        assert isinstance(session, CheckersSession)
        if session.draw_offered_by is not None:
            return [
                button(t, game, Action.ACCEPT_OFFER, "btn.yes", Style.success),
                button(t, game, Action.DECLINE_OFFER, "btn.no", Style.danger),
            ]
        return [
            button(t, game, Action.DRAW, "btn.draw", Style.secondary),
            button(t, game, Action.ASK_RESIGN, "btn.resign", Style.danger),
        ]

    def resign_buttons(self, t: Localizer, game: int) -> list[GameButton]:
        """One button: a checkers game is simply resigned."""
        return [button(t, game, Action.RESIGN, "btn.confirm_resign", Style.danger, "1")]
