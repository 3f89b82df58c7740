"""What a game's buttons and commands ask for: the `Action` a custom id names, and the service
operation (`bot.service.operations`) each becomes, handed as it is to `Games.act`.

The actions' values ride in the custom ids of messages already posted, so they never change; a
confirmation's question (`ASK_PASS`, `ASK_RESIGN`) is answered by the front end itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from bot.service.operations import (
    Abort,
    AcceptChallenge,
    AcceptOffer,
    Claim,
    DeclineChallenge,
    DeclineOffer,
    Double,
    OfferDraw,
    Operation,
    Pass,
    Rematch,
    Resign,
    Roll,
    Take,
    WithdrawChallenge,
)
from bot.service.views import Player


class Action(StrEnum):
    """What a button (or a command) asks for; the value rides in the button's custom id."""

    ACCEPT_CHALLENGE = "accept"
    DECLINE_CHALLENGE = "decline"
    WITHDRAW_CHALLENGE = "cancel"
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    ASK_PASS = "askdrop"  # shows the confirmation; PASS passes (old buttons carry the values)
    PASS = "drop"
    ASK_RESIGN = "askresign"  # shows the confirmation; RESIGN resigns
    RESIGN = "resign"
    DRAW = "draw"
    ACCEPT_OFFER = "yes"  # the resignation or draw on offer (old buttons carry the value)
    DECLINE_OFFER = "no"
    ABORT = "abort"
    REMATCH = "rematch"
    CLAIM = "claim"  # the win on time, where no sweeper can call it (refused before the deadline)


# The operation each button asks of the service, as it is: the others take what the click says
# (a resignation's size, the accepting player's name), and the two asks are answered here.
_OPERATIONS: Mapping[Action, Operation] = MappingProxyType(
    {
        Action.DECLINE_CHALLENGE: DeclineChallenge(),
        Action.WITHDRAW_CHALLENGE: WithdrawChallenge(),
        Action.ROLL: Roll(),
        Action.DOUBLE: Double(),
        Action.TAKE: Take(),
        Action.PASS: Pass(),
        Action.DRAW: OfferDraw(),
        Action.ACCEPT_OFFER: AcceptOffer(),
        Action.DECLINE_OFFER: DeclineOffer(),
        Action.ABORT: Abort(),
        Action.REMATCH: Rematch(),
        Action.CLAIM: Claim(),
    }
)


def operation_of(action: Action, arg: str | None, player: Player) -> Operation | None:
    """The operation a button's `action` (with its `arg`) asks of the service for `player`;
    None for a confirmation's question, which the front end asks itself."""
    if action is Action.RESIGN:
        return resign(arg)
    if action is Action.ACCEPT_CHALLENGE:
        return AcceptChallenge.of(player)
    return _OPERATIONS.get(action)


def resign(size: str | None) -> Resign:
    """Resigning at the size a button or `/resign level` names (its number, as text)."""
    return Resign(int(size) if size and size.isdigit() else size)
