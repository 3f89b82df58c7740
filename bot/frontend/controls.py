"""The controls that fit each moment of a game (its buttons and move menu, `bot.frontend.buttons`)
and a tournament's sign-up buttons.

The buttons that differ from one game to another are its `KindControls`, registered in
`bot.frontend.kinds.CONTROLS`.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.frontend.builder import build_items
from bot.frontend.buttons import GameButton, MoveMenu, Style, answered, button
from bot.frontend.kinds import CONTROLS
from bot.frontend.operations import Action
from bot.i18n import Localizer
from bot.service import building
from bot.service.views import GameView
from bot.store import GameStatus

MAX_MENU_OPTIONS = building.MENU_LIMIT  # Discord's limit for a select menu


def legal_choices(view: GameView) -> list[str]:
    """The notations of the legal plays or moves the actor may choose now (empty if none)."""
    if not view.status.is_open or view.to_move_id is None:
        return []
    return view.session.legal_choices()


def game_controls(t: Localizer, view: GameView) -> discord.ui.View | None:
    """The controls that fit this moment of the game, or None when there are none."""
    game = view.id
    items: list[discord.ui.Item[Any]] = []
    if view.status is GameStatus.PENDING:
        items.append(button(t, game, Action.ACCEPT_CHALLENGE, "btn.accept", Style.success))
        if view.opponent_id is not None:
            items.append(button(t, game, Action.DECLINE_CHALLENGE, "btn.decline", Style.danger))
        items.append(button(t, game, Action.WITHDRAW_CHALLENGE, "btn.withdraw", Style.secondary))
    elif view.status is GameStatus.FINISHED and view.options.tournament is None:
        # A tournament's game is followed by the next round, not by a rematch.
        items.append(button(t, game, Action.REMATCH, "btn.rematch", Style.primary))
    elif view.status is GameStatus.ACTIVE:
        items.extend(_playing_items(t, view))
    if not items:
        return None
    controls = discord.ui.View(timeout=None)
    for item in items:
        controls.add_item(item)
    return controls


def _playing_items(t: Localizer, view: GameView) -> list[discord.ui.Item[Any]]:
    game = view.id
    items: list[discord.ui.Item[Any]] = []
    choices = legal_choices(view)
    if 1 < len(choices) <= MAX_MENU_OPTIONS:
        options = [discord.SelectOption(label=choice, value=choice) for choice in choices]
        placeholder = t("select.placeholder", count=len(choices))
        items.append(MoveMenu(game, view.version, options, placeholder))
    elif len(choices) > MAX_MENU_OPTIONS:
        # Too many for one menu: the play is built one move at a time.
        return _build_items(t, view, building.stage(view.session, ""))
    items.extend(CONTROLS[view.kind].playing(t, game, view.session))
    return items


def _build_items(t: Localizer, view: GameView, stage: building.Stage) -> list[discord.ui.Item[Any]]:
    undo_to = building.undone(stage.code, view.session) if stage.code else None
    items = build_items(t, view.id, view.version, stage, undo_to)
    return [*items, *CONTROLS[view.kind].playing(t, view.id, view.session)]


def build_controls(t: Localizer, view: GameView, stage: building.Stage) -> discord.ui.View:
    """The game's controls with the builder at `stage`: its menus, Undo, Play, then the rest."""
    controls = discord.ui.View(timeout=None)
    for item in _build_items(t, view, stage):
        controls.add_item(item)
    return controls


def claim_button(t: Localizer, game: int) -> GameButton:
    """Claim the win on time: on a game's message where only interactions reach it."""
    return button(t, game, Action.CLAIM, "btn.claim", Style.secondary)


def confirm_pass(t: Localizer, game: int) -> discord.ui.View:
    """The confirmation shown before passing a double."""
    controls = discord.ui.View(timeout=None)
    controls.add_item(button(t, game, Action.PASS, "btn.confirm_pass", Style.danger))
    return controls


def confirm_resign(t: Localizer, view: GameView) -> discord.ui.View:
    """The confirmation shown before resigning: the sizes in backgammon, one button in checkers."""
    controls = discord.ui.View(timeout=None)
    for confirm in CONTROLS[view.kind].resign_buttons(t, view.id):
        controls.add_item(confirm)
    return controls


class SignupHandler(Protocol):
    """Who answers a click on a tournament's sign-up message: the tournament actions."""

    async def on_signup(
        self, interaction: discord.Interaction[Any], tournament_id: int, join: bool
    ) -> None:
        """Join (or leave) the tournament."""


class Signing(Protocol):
    """The client that received the click: it holds the tournament actions."""

    tournament_actions: SignupHandler


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"dbt:(?P<tournament>[0-9]+):(?P<action>join|leave)",
):
    """Join or Leave on a tournament's sign-up message; the tournament rides in the custom id."""

    def __init__(
        self, tournament_id: int, action: str, *, label: str = "", style: Style = Style.secondary
    ) -> None:
        """A `join` or `leave` button of tournament `tournament_id`."""
        custom_id = f"dbt:{tournament_id}:{action}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> SignupButton:
        """Rebuild the button from a click, before or after a restart."""
        return cls(int(match["tournament"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the tournament actions; a refusal is answered privately."""

        async def sign() -> None:
            tournament_actions = cast(Signing, interaction.client).tournament_actions
            join = self.action == "join"
            await tournament_actions.on_signup(interaction, self.tournament_id, join)

        await answered(interaction, sign)


def signup_controls(t: Localizer, tournament_id: int) -> discord.ui.View:
    """Join and Leave, while the tournament takes sign-ups."""
    controls = discord.ui.View(timeout=None)
    controls.add_item(SignupButton(tournament_id, "join", label=t("btn.join"), style=Style.success))
    controls.add_item(
        SignupButton(tournament_id, "leave", label=t("btn.leave"), style=Style.secondary)
    )
    return controls
