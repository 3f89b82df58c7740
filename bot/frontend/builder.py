"""The builder on the game message: menus of the next move, Undo and Play, as dynamic items.

Each item's custom id carries the game, the version it was drawn for and the picks so far
(`dbs:<game>:<version>:<die>` for a menu, whose options' values are the picks with one more;
`dbk:<game>:<version>:<u|c>:<picks>` for Undo and Play), so nothing is kept between clicks and
the builder survives a restart. A pick or an undo only changes the message's controls; the play
is made by Play, through the same path as a move picked from the one-step menu.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.frontend.replies import reply_error
from bot.i18n import Localizer
from bot.service.building import Stage

Style = discord.ButtonStyle
MAX_LABEL = 80  # Discord's longest button label
MAX_PLACEHOLDER = 150  # and a select menu's placeholder


class BuildHandler(Protocol):
    """Who answers a pick, an undo or a Play: the game actions."""

    async def on_build(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        picks: str,
        confirm: bool,
    ) -> None:
        """Show the build `picks` (or, with `confirm`, play it)."""


class Building(Protocol):
    """The client that received the click: it holds the game actions."""

    actions: BuildHandler


async def _hand_over(
    interaction: discord.Interaction[Any], game_id: int, version: int, picks: str, confirm: bool
) -> None:
    """Pass the click on; any error is answered privately (discord.py would only log it)."""
    try:
        actions = cast(Building, interaction.client).actions
        await actions.on_build(interaction, game_id, version, picks, confirm)
    except Exception as error:  # every error is answered; unknown ones are logged
        await reply_error(interaction, error)


class BuildMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"dbs:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<group>[0-9])",
):
    """The next moves of a build (for one die in backgammon); each value is the picks so far
    with that move added."""

    def __init__(
        self,
        game_id: int,
        version: int,
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        """Menu `group` of the build of game `game_id` at `version`."""
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"dbs:{game_id}:{version}:{group}",
            options=options or [discord.SelectOption(label="-")],
            placeholder=placeholder,
        )
        super().__init__(select)
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> BuildMenu:
        """Rebuild the menu from a pick, before or after a restart."""
        return cls(int(match["game"]), int(match["version"]), int(match["group"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the build with the move picked."""
        data: Any = interaction.data or {}
        values = list(data.get("values", []))
        picks = str(values[0]) if values else ""
        await _hand_over(interaction, self.game_id, self.version, picks, False)


class BuildButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dbk:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<op>[uc]):(?P<picks>[0-9a-z]*)",
):
    """Undo (`u`: the picks one back are in the id) or Play (`c`: the whole build)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        op: str,
        picks: str,
        *,
        label: str = "-",
        style: Style = Style.secondary,
    ) -> None:
        """Undo or Play for game `game_id` at `version`."""
        custom_id = f"dbk:{game_id}:{version}:{op}:{picks}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.game_id = game_id
        self.version = version
        self.op = op
        self.picks = picks

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> BuildButton:
        """Rebuild the button from a click, before or after a restart."""
        return cls(int(match["game"]), int(match["version"]), match["op"], match["picks"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Step back, or make the play."""
        confirm = self.op == "c"
        await _hand_over(interaction, self.game_id, self.version, self.picks, confirm)


def _cut(text: str, limit: int) -> str:
    """A label Discord accepts: a play longer than it fits ends in an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def build_items(
    t: Localizer, game_id: int, version: int, stage: Stage, undo_to: str | None
) -> list[discord.ui.Item[Any]]:
    """The menus of the next moves, then Undo (back to `undo_to`) and Play once whole."""
    items: list[discord.ui.Item[Any]] = []
    for index, group in enumerate(stage.groups):
        if group.die is not None:
            key = "build.next_die_after" if stage.shown else "build.next_die"
        else:
            key = "build.next_square_after" if stage.shown else "build.next_piece"
        placeholder = _cut(t(key, played=stage.shown, die=group.die or ""), MAX_PLACEHOLDER)
        options = [
            discord.SelectOption(label=choice.label, value=choice.code) for choice in group.choices
        ]
        items.append(BuildMenu(game_id, version, index, options, placeholder))
    if undo_to is not None:
        label = _cut(t("btn.undo"), MAX_LABEL)
        items.append(BuildButton(game_id, version, "u", undo_to, label=label))
    if stage.play is not None:
        label = _cut(t("btn.play", play=stage.play), MAX_LABEL)
        items.append(
            BuildButton(game_id, version, "c", stage.code, label=label, style=Style.success)
        )
    return items
