"""Maximum matchings among players who may still meet, by Edmonds' augmenting paths with blossoms.

Players are numbered 0…n-1 and sets of them are bit masks (`1 << v`), because the graphs a Swiss
round asks about are dense (everyone may meet almost everyone) and mask arithmetic keeps a
neighbourhood a single integer operation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence

UNMATCHED = -1


def members(mask: int) -> Iterator[int]:
    """The players in a set, lowest number first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Matching:
    """A matching inside a set of players; `allowed[v]` is the mask of who v may meet.

    `mate[v]` is v's partner or UNMATCHED; players outside the set are always UNMATCHED.
    """

    __slots__ = ("allowed", "mate", "within")

    def __init__(self, allowed: Sequence[int], within: int) -> None:
        self.allowed = allowed
        self.within = within
        self.mate = [UNMATCHED] * len(allowed)

    def copy(self) -> Matching:
        """An independent copy, to try a change and keep the original if it fails."""
        twin = Matching(self.allowed, self.within)
        twin.mate = self.mate.copy()
        return twin

    def pair(self, a: int, b: int) -> None:
        """Match two free players of the set to each other."""
        self.mate[a], self.mate[b] = b, a

    def remove(self, v: int) -> None:
        """Take a player out of the set; its partner, if any, becomes free."""
        partner = self.mate[v]
        if partner != UNMATCHED:
            self.mate[partner] = UNMATCHED
            self.mate[v] = UNMATCHED
        self.within &= ~(1 << v)

    def add(self, v: int) -> None:
        """Bring a player into the set, free."""
        self.within |= 1 << v

    def free(self) -> list[int]:
        """The players of the set without a partner."""
        return [v for v in members(self.within) if self.mate[v] == UNMATCHED]

    def size(self) -> int:
        """The number of pairs."""
        return sum(1 for v in members(self.within) if self.mate[v] > v)

    def fill_greedily(self) -> None:
        """Pair free players with free neighbours, in number order: a quick start for `grow`."""
        free = self.within & ~self._matched_mask()
        for v in members(free):
            if not free >> v & 1:
                continue
            partners = self.allowed[v] & free
            if partners:
                partner = (partners & -partners).bit_length() - 1
                self.pair(v, partner)
                free &= ~((1 << v) | (1 << partner))

    def grow(self) -> bool:
        """Make the matching maximum; True if it then covers the whole set (a perfect matching).

        One search from each free player is enough: a player with no augmenting path now never
        gets one later (Edmonds), and no other search can end at it, since a path is a path from
        either end. A path joins two free players, so the last one left is not searched from.
        """
        free = self.free()
        searchable = len(free)
        for v in free:
            if searchable < 2:
                break
            if self.mate[v] == UNMATCHED:
                searchable -= 2 if self.augment(v) else 1
        return not self.free()

    def complete(self) -> bool:
        """Grow the matching into a perfect one; False, and stop, at the first player that stays
        free (the matching is then left part-grown: work on a copy)."""
        if self.within.bit_count() % 2:
            return False
        return all(self.mate[v] != UNMATCHED or self.augment(v) for v in self.free())

    def augment(self, root: int) -> bool:
        """Search an augmenting path from the free player `root` and flip it; False if none."""
        mate, allowed, within = self.mate, self.allowed, self.within
        parent = [UNMATCHED] * len(mate)
        base = list(range(len(mate)))
        outer = [False] * len(mate)
        outer[root] = True
        queue = deque([root])
        while queue:
            v = queue.popleft()
            for to in members(allowed[v] & within):
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != UNMATCHED and parent[mate[to]] != UNMATCHED):
                    # An odd cycle: shrink it to one outer vertex (a blossom) and go on.
                    self._shrink(v, to, parent, base, outer, queue)
                elif parent[to] == UNMATCHED:
                    parent[to] = v
                    if mate[to] == UNMATCHED:
                        self._flip(to, parent)
                        return True
                    outer[mate[to]] = True
                    queue.append(mate[to])
        return False

    def _matched_mask(self) -> int:
        matched = 0
        for v in members(self.within):
            if self.mate[v] != UNMATCHED:
                matched |= 1 << v
        return matched

    def _flip(self, end: int, parent: list[int]) -> None:
        mate = self.mate
        v = end
        while v != UNMATCHED:
            previous = parent[v]
            next_v = mate[previous]
            mate[v], mate[previous] = previous, v
            v = next_v

    def _shrink(
        self,
        v: int,
        to: int,
        parent: list[int],
        base: list[int],
        outer: list[bool],
        queue: deque[int],
    ) -> None:
        top = self._common_base(v, to, parent, base)
        in_blossom = [False] * len(base)
        self._mark_path(v, top, to, parent, base, in_blossom)
        self._mark_path(to, top, v, parent, base, in_blossom)
        for u in members(self.within):
            if in_blossom[base[u]]:
                base[u] = top
                if not outer[u]:
                    outer[u] = True
                    queue.append(u)

    def _common_base(self, a: int, b: int, parent: list[int], base: list[int]) -> int:
        mate = self.mate
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == UNMATCHED:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def _mark_path(
        self,
        v: int,
        top: int,
        child: int,
        parent: list[int],
        base: list[int],
        in_blossom: list[bool],
    ) -> None:
        mate = self.mate
        while base[v] != top:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]


def maximum_matching(allowed: Sequence[int], within: int) -> Matching:
    """A maximum matching of the players in `within`."""
    matching = Matching(allowed, within)
    matching.fill_greedily()
    matching.grow()
    return matching
