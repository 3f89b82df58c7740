"""Everything the table refuses, as one hierarchy with messages fit to show a player.

Store errors that players can meet (`GameNotFoundError`, `ChannelBusyError`, `ConflictError` —
"that move was already made") are re-exported here unchanged; engine parse errors
(`InvalidMoveError`, `IllegalMoveError`, `AmbiguousMoveError`, all `ValueError`) pass through
with their reasons.
"""

from __future__ import annotations

from bot.store import ChannelBusyError, ConflictError, GameNotFoundError

__all__ = [
    "ActionNotAllowedError",
    "ChallengeError",
    "ChannelBusyError",
    "ConflictError",
    "GameNotFoundError",
    "GameOverError",
    "NotAPlayerError",
    "NotYourTurnError",
    "OptionError",
    "ServiceError",
]


class ServiceError(Exception):
    """Base class for the table's refusals; nothing was changed when one is raised."""


class NotAPlayerError(ServiceError):
    """Someone who is not seated at the game tried to act in it."""

    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"You are not playing in game #{game_id}.")
        self.game_id = game_id
        self.user_id = user_id


class NotYourTurnError(ServiceError):
    """A player acted while the table waits for the other player."""

    def __init__(self, game_id: int, waiting_for: str) -> None:
        super().__init__(f"It is not your turn in game #{game_id}: waiting for {waiting_for}.")
        self.game_id = game_id


class GameOverError(ServiceError):
    """An action in a game that has finished, was cancelled or expired."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"Game #{game_id} is over ({status}); start a new one or ask a rematch.")
        self.game_id = game_id
        self.status = status


class ActionNotAllowedError(ServiceError):
    """The player may act, but not in this way now; the message says why and what is possible."""


class ChallengeError(ServiceError):
    """A challenge that cannot be made, accepted, declined or cancelled; the message says why."""


class OptionError(ServiceError, ValueError):
    """A game option that does not exist for this game or is out of range."""
