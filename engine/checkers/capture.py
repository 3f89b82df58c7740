"""Captures: which pieces can capture (on whole bitboards) and their complete sequences.

Only pieces that can capture are searched one by one, depth first. Captured pieces stay on the
board, blocking, until the sequence ends, and none is jumped twice (CK-6).
"""

from __future__ import annotations

from engine.checkers.rules import RawMove, Rules
from engine.checkers.variant import Crowning


def jumpers(rules: Rules, own: int, opp: int, kings: int, white: bool) -> int:
    """The mover's pieces that have at least one capture, found for all pieces at once."""
    empty = rules.valid & ~(own | opp)
    men = own & ~kings
    own_kings = own & kings
    found = 0
    man_dirs = (0, 1, 2, 3) if rules.backward_men else rules.forward(white)
    for d, (amount, left) in enumerate(rules.steps):
        # Opposing pieces with a free square just beyond them in this direction.
        if left:
            prey = opp & (empty >> amount)
            before = prey >> amount
        else:
            prey = opp & (empty << amount)
            before = prey << amount
        if not prey:
            continue
        if d in man_dirs:
            found |= men & before
        if own_kings:
            if rules.flying:
                # Walk back from each victim through free squares to the kings that see it.
                reach = before
                frontier = before & empty
                while frontier:
                    frontier = (frontier >> amount if left else frontier << amount) & rules.valid
                    reach |= frontier
                    frontier &= empty
                found |= own_kings & reach
            else:
                found |= own_kings & before
    return found


def capture_sequences(
    rules: Rules,
    own: int,
    opp: int,
    kings: int,
    white: bool,
    pieces: int,
    every_route: bool = False,
) -> list[RawMove]:
    """The complete capture sequences of `pieces` (the jumpers), after the majority rule.

    Routes that end alike are kept once unless `every_route` is set (to read any route a
    player writes).
    """
    search = _Search(rules, own | opp, opp, white)
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        search.run(low.bit_length() - 1, bool(kings & low))
    found = search.found
    if rules.majority:
        most = max(len(move[5]) for move in found)
        found = [move for move in found if len(move[5]) == most]
    return found if every_route else _distinct(found)


def _distinct(moves: list[RawMove]) -> list[RawMove]:
    """Discard sequences that start, end, capture and crown exactly like an earlier one.

    Different routes around the same pieces (a king's "windmill") leave the same position; the
    published perft counts treat them as one move, and so do players.
    """
    if len(moves) < 2:
        return moves
    seen: set[tuple[int, int, int, bool]] = set()
    unique: list[RawMove] = []
    for move in moves:
        key = (move[0], move[1], move[2], move[3])
        if key not in seen:
            seen.add(key)
            unique.append(move)
    return unique


class _Search:
    """Depth-first search of capture sequences, one starting piece at a time."""

    __slots__ = (
        "_all_pieces",
        "_man_dirs",
        "_occupied",
        "_opp",
        "_promotion",
        "_rules",
        "_start",
        "_start_king",
        "found",
    )

    def __init__(self, rules: Rules, occupied: int, opp: int, white: bool) -> None:
        self._rules = rules
        self._all_pieces = occupied
        self._occupied = occupied
        self._opp = opp
        self._promotion = rules.top_row if white else rules.bottom_row
        self._man_dirs = (0, 1, 2, 3) if rules.backward_men else rules.forward(white)
        self._start = 0
        self._start_king = False
        self.found: list[RawMove] = []

    def run(self, start: int, king: bool) -> None:
        """Add every complete capture sequence of the piece on `start` to `found`."""
        self._start = start
        self._start_king = king
        # The mover has left its square: it may pass over or return to it.
        self._occupied = self._all_pieces & ~(1 << start)
        self._extend(start, king, 0, (start,), ())

    def _note(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> None:
        crowned = not self._start_king and (king or bool(self._promotion >> at & 1))
        self.found.append((self._start, at, captured, crowned, path, taken))

    def _extend(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> None:
        if king and self._rules.flying:
            extended = self._flying_jumps(at, captured, path, taken)
        else:
            extended = self._short_jumps(at, king, captured, path, taken)
        if not extended and taken:
            self._note(at, king, captured, path, taken)

    def _short_jumps(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> bool:
        """Jumps over an adjacent piece onto the square beyond (men, and kings in english)."""
        occupied = self._occupied
        opp = self._opp
        rays = self._rules.rays[at]
        extended = False
        for d in (0, 1, 2, 3) if king else self._man_dirs:
            ray = rays[d]
            if len(ray) < 2:
                continue
            victim, land = ray[0], ray[1]
            if not (opp >> victim & 1) or captured >> victim & 1 or occupied >> land & 1:
                continue
            extended = True
            now = captured | 1 << victim
            if not king and self._promotion >> land & 1:
                crowning = self._rules.crowning
                if crowning is Crowning.ENDS_MOVE:
                    self._note(land, True, now, (*path, land), (*taken, victim))
                    continue
                if crowning is Crowning.CONTINUES_AS_KING:
                    self._extend(land, True, now, (*path, land), (*taken, victim))
                    continue
            self._extend(land, king, now, (*path, land), (*taken, victim))
        return extended

    def _flying_jumps(
        self, at: int, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> bool:
        """A flying king's jumps: along a free diagonal, over one piece, onto a free square."""
        extended = False
        for victim, landings in self._king_targets(at, captured):
            now = captured | 1 << victim
            if len(landings) > 1:
                # A king that can keep capturing must land where it can (russian, FMJD 4.6).
                onward = [sq for sq in landings if self._king_targets(sq, now)]
                if onward:
                    landings = onward
            extended = True
            for land in landings:
                self._extend(land, True, now, (*path, land), (*taken, victim))
        return extended

    def _king_targets(self, at: int, captured: int) -> list[tuple[int, list[int]]]:
        """For each diagonal from `at`, the piece a flying king could take and where it may land."""
        occupied = self._occupied
        adjacent_only = self._rules.adjacent_landing
        targets: list[tuple[int, list[int]]] = []
        for ray in self._rules.rays[at]:
            n = len(ray)
            i = 0
            while i < n and not occupied >> ray[i] & 1:
                i += 1
            if i >= n - 1:
                continue
            victim = ray[i]
            if not (self._opp >> victim & 1) or captured >> victim & 1:
                continue
            landings: list[int] = []
            j = i + 1
            while j < n and not occupied >> ray[j] & 1:
                landings.append(ray[j])
                if adjacent_only:
                    break
                j += 1
            if landings:
                targets.append((victim, landings))
        return targets
