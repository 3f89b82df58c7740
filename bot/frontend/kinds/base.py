"""What one game's buttons are: the `KindControls` each game kind registers."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.frontend.buttons import GameButton
from bot.i18n import Localizer
from bot.service.session import Session


class KindControls(Protocol):
    """The buttons one game has that another has not."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """The buttons of the moment while the game is played (the move menu aside)."""
        ...

    def resign_buttons(self, t: Localizer, game: int) -> list[GameButton]:
        """The buttons that confirm a resignation."""
        ...
