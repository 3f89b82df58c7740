"""The buttons and the move menu on game messages, as persistent dynamic items.

Every custom id carries the game id (`db:<game>:<action>[:<arg>]`, and `dbp:<game>:<version>`
for the move menu), so a click needs nothing from memory: after a restart, `setup_hook`
registers these classes again and old messages keep working. discord.py builds the item from
the click with only the interaction in hand, so the callbacks hand it to the game actions of the
client that received it (`Answering`), which checks who may act through the service. A refusal
goes to `reply_error` (discord.py would only log an error raised by a control).

The buttons that differ from one game to another are its `KindControls`, registered in
`CONTROLS`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol, cast

import discord

from bot.frontend.builder import build_items
from bot.frontend.operations import Action
from bot.frontend.replies import Refusal, reply_error
from bot.i18n import Localizer
from bot.service import building
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameKind, GameStatus
from engine.backgammon.matchplay import Phase, Size

MAX_MENU_OPTIONS = building.MENU_LIMIT  # Discord's limit for a select menu
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


def _handler(interaction: discord.Interaction[Any]) -> ControlHandler:
    return cast(Answering, interaction.client).actions


async def _answered(
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
            await _handler(interaction).on_button(interaction, self.game_id, action, self.arg)

        await _answered(interaction, press)


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
        await _answered(
            interaction, lambda: _handler(interaction).on_pick(interaction, self.game_id, picked)
        )


def _button(
    t: Localizer, game: int, action: Action, key: str, style: Style, arg: str | None = None
) -> GameButton:
    return GameButton(game, action, arg, label=t(key), style=style)


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
        items.append(_button(t, game, Action.ACCEPT_CHALLENGE, "btn.accept", Style.success))
        if view.opponent_id is not None:
            items.append(_button(t, game, Action.DECLINE_CHALLENGE, "btn.decline", Style.danger))
        items.append(_button(t, game, Action.WITHDRAW_CHALLENGE, "btn.withdraw", Style.secondary))
    elif view.status is GameStatus.FINISHED and view.options.tournament is None:
        # A tournament's game is followed by the next round, not by a rematch.
        items.append(_button(t, game, Action.REMATCH, "btn.rematch", Style.primary))
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
    return _button(t, game, Action.CLAIM, "btn.claim", Style.secondary)


def confirm_pass(t: Localizer, game: int) -> discord.ui.View:
    """The confirmation shown before passing a double."""
    controls = discord.ui.View(timeout=None)
    controls.add_item(_button(t, game, Action.PASS, "btn.confirm_pass", Style.danger))
    return controls


def confirm_resign(t: Localizer, view: GameView) -> discord.ui.View:
    """The confirmation shown before resigning: the sizes in backgammon, one button in checkers."""
    controls = discord.ui.View(timeout=None)
    for button in CONTROLS[view.kind].resign_buttons(t, view.id):
        controls.add_item(button)
    return controls


class KindControls(Protocol):
    """The buttons one game has that another has not."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """The buttons of the moment while the game is played (the move menu aside)."""
        ...

    def resign_buttons(self, t: Localizer, game: int) -> list[GameButton]:
        """The buttons that confirm a resignation."""
        ...


class BackgammonControls:
    """Roll and double, take and pass, and resigning at a size."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """Roll (and double when allowed); take or pass; accept or decline a resignation."""
        assert isinstance(session, BackgammonSession) and session.match is not None
        phase = session.match.game.phase
        if phase is Phase.DOUBLED:
            return [
                _button(t, game, Action.TAKE, "btn.take", Style.success),
                _button(t, game, Action.ASK_PASS, "btn.pass", Style.danger),
            ]
        if phase is Phase.RESIGNING:
            return [
                _button(t, game, Action.ACCEPT_OFFER, "btn.yes", Style.success),
                _button(t, game, Action.DECLINE_OFFER, "btn.no", Style.danger),
            ]
        items: list[discord.ui.Item[Any]] = []
        if phase is Phase.ROLLING:
            items.append(_button(t, game, Action.ROLL, "btn.roll", Style.primary))
            if session.may_double():
                items.append(_button(t, game, Action.DOUBLE, "btn.double", Style.secondary))
        items.append(_button(t, game, Action.ASK_RESIGN, "btn.resign", Style.danger))
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


class CheckersControls:
    """Offering a draw, and answering one."""

    def playing(self, t: Localizer, game: int, session: Session) -> list[discord.ui.Item[Any]]:
        """Offer a draw or resign; with a draw on offer, accept or decline it."""
        assert isinstance(session, CheckersSession)
        if session.draw_offered_by is not None:
            return [
                _button(t, game, Action.ACCEPT_OFFER, "btn.yes", Style.success),
                _button(t, game, Action.DECLINE_OFFER, "btn.no", Style.danger),
            ]
        return [
            _button(t, game, Action.DRAW, "btn.draw", Style.secondary),
            _button(t, game, Action.ASK_RESIGN, "btn.resign", Style.danger),
        ]

    def resign_buttons(self, t: Localizer, game: int) -> list[GameButton]:
        """One button: a checkers game is simply resigned."""
        return [_button(t, game, Action.RESIGN, "btn.confirm_resign", Style.danger, "1")]


CONTROLS: Mapping[GameKind, KindControls] = MappingProxyType(
    {GameKind.BACKGAMMON: BackgammonControls(), GameKind.CHECKERS: CheckersControls()}
)


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

        await _answered(interaction, sign)


def signup_controls(t: Localizer, tournament_id: int) -> discord.ui.View:
    """Join and Leave, while the tournament takes sign-ups."""
    controls = discord.ui.View(timeout=None)
    controls.add_item(SignupButton(tournament_id, "join", label=t("btn.join"), style=Style.success))
    controls.add_item(
        SignupButton(tournament_id, "leave", label=t("btn.leave"), style=Style.secondary)
    )
    return controls
