"""What a user asks of a game, as one typed value: the operation `Games.act` carries out.

A button or a command names its operation once, and the value travels as it is to the service:
no wrapper per verb, no loose keyword arguments. The operations of a seated player name the
session's `Op` they become (the event's kind); the others answer a challenge, claim a win on time
or start a rematch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from bot.service.session import Op
from bot.service.views import Player


class _Seated:
    """An operation a seated player makes on a game under way: the session's `op`, and the
    `argument` it takes (none but a play's text and a resignation's size)."""

    __slots__ = ()
    op: ClassVar[Op]

    @property
    def argument(self) -> str | int | None:
        """What the session's action takes besides the op."""
        return None


@dataclass(frozen=True, slots=True)
class Roll(_Seated):
    """Roll the dice instead of doubling (backgammon)."""

    op: ClassVar[Op] = Op.ROLL


@dataclass(frozen=True, slots=True)
class Move(_Seated):
    """Make a play: backgammon notation (`8/5 6/5`) or a checkers move (PDN, `11-15`).

    Forced plays and the bot's turns follow it.
    """

    text: str
    op: ClassVar[Op] = Op.MOVE

    @property
    def argument(self) -> str:
        """The play's text."""
        return self.text


@dataclass(frozen=True, slots=True)
class Double(_Seated):
    """Offer a double (backgammon)."""

    op: ClassVar[Op] = Op.DOUBLE


@dataclass(frozen=True, slots=True)
class Take(_Seated):
    """Take the double on offer."""

    op: ClassVar[Op] = Op.TAKE


@dataclass(frozen=True, slots=True)
class Pass(_Seated):
    """Pass the double on offer: the game is lost at the cube's value before the double."""

    op: ClassVar[Op] = Op.PASS


@dataclass(frozen=True, slots=True)
class Resign(_Seated):
    """Backgammon: offer to resign at a `size` (1, 2, 3 or its word; None: the least the
    position allows). Checkers: resign the game. Either player may, also on the other's turn."""

    size: str | int | None = None
    op: ClassVar[Op] = Op.RESIGN

    @property
    def argument(self) -> str | int | None:
        """The size offered."""
        return self.size


@dataclass(frozen=True, slots=True)
class OfferDraw(_Seated):
    """Offer a draw (checkers)."""

    op: ClassVar[Op] = Op.OFFER_DRAW


@dataclass(frozen=True, slots=True)
class AcceptOffer(_Seated):
    """Accept the resignation or the draw on offer."""

    op: ClassVar[Op] = Op.ACCEPT_OFFER


@dataclass(frozen=True, slots=True)
class DeclineOffer(_Seated):
    """Decline the resignation or the draw on offer; play goes on."""

    op: ClassVar[Op] = Op.DECLINE_OFFER


@dataclass(frozen=True, slots=True)
class Abort(_Seated):
    """Call the game off before both sides have moved; either player may. A challenge not yet
    accepted is called off too: its challenger withdraws it, the member it names declines it."""

    op: ClassVar[Op] = Op.ABORT


@dataclass(frozen=True, slots=True)
class AcceptChallenge:
    """Accept a challenge (the member it names, or anyone for an open one); play begins.

    `name` is the accepting player's name to show, `is_bot` whether that user is a bot (the bot
    accepts only what it is challenged to, other bots nothing).
    """

    name: str
    is_bot: bool = False

    @classmethod
    def of(cls, player: Player) -> AcceptChallenge:
        """`player` accepting (the actor: `Games.act` is given their id)."""
        return cls(player.name, player.is_bot)


@dataclass(frozen=True, slots=True)
class DeclineChallenge:
    """The member a challenge names declines it; the game is cancelled."""


@dataclass(frozen=True, slots=True)
class WithdrawChallenge:
    """The challenger withdraws the challenge; the game is cancelled."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The waiting player claims the win on time (where no sweeper calls it); refused before the
    other's deadline and to the player whose turn it is."""


@dataclass(frozen=True, slots=True)
class Rematch:
    """Challenge the same opponent again from a finished game, in its channel, colours swapped."""


Seated: TypeAlias = (
    Roll | Move | Double | Take | Pass | Resign | OfferDraw | AcceptOffer | DeclineOffer | Abort
)
"""The operations of a seated player on a game under way."""

Operation: TypeAlias = (
    Seated | AcceptChallenge | DeclineChallenge | WithdrawChallenge | Claim | Rematch
)
"""Everything `Games.act` carries out."""
