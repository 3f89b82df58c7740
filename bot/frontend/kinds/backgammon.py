"""Backgammon's own buttons: roll and double, take and pass, resigning at a size."""

from __future__ import annotations

from typing import Any

import discord

from bot.frontend.buttons import GameButton, Style, button
from bot.frontend.operations import Action
from bot.i18n import Localizer
from bot.service.backgammon import BackgammonSession
from bot.service.session import Session
from engine.backgammon.matchplay import Phase, Size


class BackgammonControls:
    """Roll and double, take and pass, and resigning at a size."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """Roll (and double when allowed); take or pass; accept or decline a resignation."""
        assert isinstance(session, BackgammonSession) and session.match is not None
        phase = session.match.game.phase
        if phase is Phase.DOUBLED:
            return [
                button(t, game, Action.TAKE, "btn.take", Style.success),
                button(t, game, Action.ASK_PASS, "btn.pass", Style.danger),
            ]
        if phase is Phase.RESIGNING:
            return [
                button(t, game, Action.ACCEPT_OFFER, "btn.yes", Style.success),
                button(t, game, Action.DECLINE_OFFER, "btn.no", Style.danger),
            ]
        items: list[discord.ui.Item[Any]] = []
        if phase is Phase.ROLLING:
            items.append(button(t, game, Action.ROLL, "btn.roll", Style.primary))
            if session.may_double():
                items.append(button(t, game, Action.DOUBLE, "btn.double", Style.secondary))
        items.append(button(t, game, Action.ASK_RESIGN, "btn.resign", Style.danger))
        return items

    def resign_buttons(self, t: Localizer, game: int) -> list[GameButton]:
        """One button per size: a single game, a gammon, a backgammon."""
        return [
            GameButton(
                game,
                Action.RESIGN,
                str(size),
                label=t(f"btn.resign_size.{size}"),
                style=Style.danger,
            )
            for size in Size
        ]
