"""Errors the store raises; each message is one short sentence a user or operator can act on."""

from __future__ import annotations

from bot.settings import Shards


class StoreError(Exception):
    """Base class for everything the store refuses at run time."""


class StoreConfigError(StoreError, ValueError):
    """The database URL or store options are unusable; the message says how to fix them."""


class StoreBusyError(StoreError):
    """Another process held SQLite's write lock past the busy timeout; nothing was written."""

    def __init__(self) -> None:
        super().__init__("The database is busy; nothing was changed, try again in a moment.")


class GameNotFoundError(StoreError, LookupError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game #{game_id}.")
        self.game_id = game_id


class PlayerNotFoundError(StoreError, LookupError):
    """A game names a player the store has not seen; upsert the player first."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"Player {user_id} is unknown to the store; store the player first.")
        self.user_id = user_id


class ChannelBusyError(StoreError):
    """The channel already has a pending or active game (one per channel; use a thread)."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        where = f"<#{channel_id}>"
        which = f" (game #{game_id})" if game_id is not None else ""
        super().__init__(
            f"There is already a game in progress in {where}{which}; "
            "finish it or start the new one in a thread."
        )
        self.channel_id = channel_id
        self.game_id = game_id


class ConflictError(StoreError):
    """The game moved on since the caller read it: the write was refused, nothing changed."""

    def __init__(self, game_id: int, expected_version: int, actual_version: int) -> None:
        super().__init__(
            f"That move was already made: game #{game_id} is at version {actual_version}, "
            f"not {expected_version}."
        )
        self.game_id = game_id
        self.expected_version = expected_version
        self.actual_version = actual_version


class PairingTakenError(StoreError):
    """A tournament pairing already has its game (or a result): no second game was made."""

    def __init__(self, tournament_id: int, round_number: int, number: int) -> None:
        super().__init__(
            f"Pairing {number} of round {round_number} of tournament #{tournament_id} already "
            "has its game."
        )
        self.tournament_id = tournament_id
        self.round = round_number
        self.number = number


class TournamentNotFoundError(StoreError, LookupError):
    """No tournament has this id."""

    def __init__(self, tournament_id: int) -> None:
        super().__init__(f"There is no tournament #{tournament_id}.")
        self.tournament_id = tournament_id


class ShardsTakenError(StoreError):
    """Another live process of the bot holds some of the shards this one was started for."""

    def __init__(self, shards: Shards, taken: tuple[int, ...]) -> None:
        self.shards = shards
        self.taken = taken
        if shards.count == 1:
            held = "Another process of the bot already runs on this database"
        elif len(taken) == 1:
            held = f"Shard {taken[0]} of {shards.count} is already run by another process"
        else:
            which = ", ".join(map(str, taken))
            held = f"Shards {which} of {shards.count} are already run by another process"
        super().__init__(
            f"{held}: both would answer the same servers. Stop that process first, or give this "
            "one other SHARD_IDS."
        )
