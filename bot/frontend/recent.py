"""A bounded in-memory cache: the most recently used entries stay, the oldest go.

The bot keeps a few lookups per game and per user in memory (where a game's message is, its
last turn ping, display names); the store holds them all, so forgetting one only costs a read.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most `size` entries; reading or writing one makes it the most recent."""

    def __init__(self, size: int) -> None:
        """An empty cache of `size` entries (at least one)."""
        if size < 1:
            raise ValueError(f"a cache holds at least one entry, not {size}")
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for `key`, or None."""
        if key not in self._entries:
            return None
        self._entries.move_to_end(key)
        return self._entries[key]

    def __setitem__(self, key: K, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def pop(self, key: K) -> V | None:
        """Forget `key`; the value it had, or None."""
        return self._entries.pop(key, None)
