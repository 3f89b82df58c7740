"""The game messages' persistent dynamic items: a game's buttons and its move menu.

Every custom id carries the game id (`db:<game>:<action>[:<arg>]`, and `dbp:<game>:<version>`
for the move menu), so a click needs nothing from memory: after a restart, `setup_hook`
registers these classes again and old messages keep working. discord.py builds the item from
the click with only the interaction in hand, so the callbacks hand it to the game actions of the
client that received it (`Answering`), which checks who may act through the service. A refusal
goes to `reply_error` (discord.py would only log an error raised by a control).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

import discord

from bot.frontend.operations import Action
from bot.frontend.replies import Refusal, reply_error
from bot.i18n import Localizer

Style = discord.ButtonStyle


class ControlHandler(Protocol):
    """Who answers a click: the game actions."""

    async def on_button(
        self, interaction: discord.Interaction[Any], game_id: int, action: Action, arg: str | None
    ) -> None:
        """A game button was pressed."""

    async def on_pick(
        self, interaction: discord.Interaction[Any], game_id: int, value: str
    ) -> None:
        """A move was picked in the menu."""


class Answering(Protocol):
    """The client that received a click: it holds the game actions."""

    actions: ControlHandler


def handler(interaction: discord.Interaction[Any]) -> ControlHandler:
    return cast(Answering, interaction.client).actions


async def answered(
    interaction: discord.Interaction[Any], act: Callable[[], Awaitable[None]]
) -> None:
    """Run a control's work; any error is answered privately (discord.py would only log it),
    unknown ones are logged."""
    try:
        await act()
    except Exception as error:  # every error is answered; unknown ones are logged
        await reply_error(interaction, error)


def _action(interaction: discord.Interaction[Any], text: str) -> Action:
    """The action a custom id names; a forged or retired one is refused by name."""
    try:
        return Action(text)
    except ValueError:
        t = Localizer(interaction.locale)
        reason = t("refusal.bot.unknown_button", action=text)
        raise Refusal(t("error.refused", reason=reason)) from None


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"db:(?P<game>[0-9]+):(?P<action>[a-z]+)(?::(?P<arg>[a-z0-9]+))?",
):
    """A button of one game; the action (and its argument) ride in the custom id."""

    def __init__(
        self,
        game_id: int,
        action: str,
        arg: str | None = None,
        *,
        label: str = "",
        style: Style = Style.secondary,
    ) -> None:
        """A button for `action` in game `game_id`."""
        custom_id = f"db:{game_id}:{action}" + (f":{arg}" if arg else "")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.game_id = game_id
        self.action = action
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        """Rebuild the button from a click on any message, before or after a restart."""
        return cls(int(match["game"]), match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the game actions; a refusal is answered privately."""

        async def press() -> None:
            action = _action(interaction, self.action)
            await handler(interaction).on_button(interaction, self.game_id, action, self.arg)

        await answered(interaction, press)


class MoveMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dbp:(?P<game>[0-9]+):(?P<version>[0-9]+)",
):
    """The legal moves of the position on the board; the version makes each position's id new."""

    def __init__(
        self,
        game_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        """A menu for game `game_id` at `version`."""
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"dbp:{game_id}:{version}",
            options=options or [discord.SelectOption(label="-")],
            placeholder=placeholder,
        )
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MoveMenu:
        """Rebuild the menu from a pick."""
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the picked move."""
        data: Any = interaction.data or {}
        values = list(data.get("values", []))
        picked = values[0] if values else ""
        await answered(
            interaction, lambda: handler(interaction).on_pick(interaction, self.game_id, picked)
        )


def button(
    t: Localizer, game: int, action: Action, key: str, style: Style, arg: str | None = None
) -> GameButton:
    """A button of game `game` for `action`, labelled with the catalog text `key`."""
    return GameButton(game, action, arg, label=t(key), style=style)
