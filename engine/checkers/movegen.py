"""Move generation on bitboards: the one place that knows how pieces move and capture.

A side is described by three ints in the layout of `board.Geometry`: `own` (the mover's pieces),
`opp` (the other side's) and `kings` (kings of either colour). A generated move is a `RawMove`
tuple of bit indices; `position.Position` turns them into public `Move` values.
"""

from __future__ import annotations

from engine.checkers.board import Geometry, geometry
from engine.checkers.variant import Crowning, KingLanding, Variant

# (from bit, to bit, mask of captured bits, crowned?, bits visited, bits captured in order)
RawMove = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...]]

_UP_LEFT, _UP_RIGHT, _DOWN_LEFT, _DOWN_RIGHT = 0, 1, 2, 3
_ALL = (_UP_LEFT, _UP_RIGHT, _DOWN_LEFT, _DOWN_RIGHT)
_WHITE_FORWARD = (_UP_LEFT, _UP_RIGHT)
_BLACK_FORWARD = (_DOWN_LEFT, _DOWN_RIGHT)


def _shift(bits: int, step: int) -> int:
    """Move every bit one diagonal step (steps up the board are negative)."""
    return bits << step if step > 0 else bits >> -step


def has_capture(variant: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether the side to move has any capture (checked on whole sets of pieces at once)."""
    geo = geometry(variant.board_size)
    empty = geo.valid & ~(own | opp)
    men = own & ~kings
    own_kings = own & kings
    steps = geo.directions
    if men:
        man_dirs = _ALL if variant.men_capture_backward else _forward(white)
        for d in man_dirs:
            s = steps[d]
            if _shift(_shift(men, s) & opp, s) & empty:
                return True
    if own_kings:
        for s in steps:
            if variant.flying_kings:
                reach = _shift(own_kings, s)
                while reach:
                    if _shift(reach & opp, s) & empty:
                        return True
                    reach = _shift(reach & empty, s)
            elif _shift(_shift(own_kings, s) & opp, s) & empty:
                return True
    return False


def _forward(white: bool) -> tuple[int, int]:
    return _WHITE_FORWARD if white else _BLACK_FORWARD


def men_can_step(variant: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether any man of the side could make a non-capturing move."""
    geo = geometry(variant.board_size)
    empty = geo.valid & ~(own | opp)
    men = own & ~kings
    return any(_shift(men, geo.directions[d]) & empty for d in _forward(white))


def count_moves(variant: Variant, own: int, opp: int, kings: int, white: bool) -> int:
    """How many legal moves there are: equal to len(generate(...)), without building them."""
    if has_capture(variant, own, opp, kings, white):
        return len(captures(variant, own, opp, kings, white))
    geo = geometry(variant.board_size)
    empty = geo.valid & ~(own | opp)
    steps = geo.directions
    men = own & ~kings
    total = 0
    for d in _forward(white):
        total += (_shift(men, steps[d]) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        for s in steps:
            reach = _shift(own_kings, s) & empty
            total += reach.bit_count()
            if variant.flying_kings:
                while reach:
                    reach = _shift(reach, s) & empty
                    total += reach.bit_count()
    return total


def generate(variant: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every legal move: the captures if there are any (capture is compulsory), else the rest."""
    if has_capture(variant, own, opp, kings, white):
        return captures(variant, own, opp, kings, white)
    return quiet_moves(variant, own, opp, kings, white)


def quiet_moves(variant: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """The non-capturing moves of men (forward, one square) and kings."""
    geo = geometry(variant.board_size)
    empty = geo.valid & ~(own | opp)
    steps = geo.directions
    promotion = geo.top_row if white else geo.bottom_row
    moves: list[RawMove] = []
    men = own & ~kings
    for d in _forward(white):
        s = steps[d]
        targets = _shift(men, s) & empty
        while targets:
            low = targets & -targets
            to = low.bit_length() - 1
            frm = to - s
            moves.append((frm, to, 0, bool(promotion & low), (frm, to), ()))
            targets ^= low
    own_kings = own & kings
    if own_kings:
        for s in steps:
            reach = _shift(own_kings, s) & empty
            distance = 1
            while reach:
                targets = reach
                while targets:
                    low = targets & -targets
                    to = low.bit_length() - 1
                    frm = to - s * distance
                    moves.append((frm, to, 0, False, (frm, to), ()))
                    targets ^= low
                if not variant.flying_kings:
                    break
                reach = _shift(reach, s) & empty
                distance += 1
    return moves


def captures(variant: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every complete capture sequence allowed by the variant (empty when there is none)."""
    geo = geometry(variant.board_size)
    found: list[RawMove] = []
    pieces = own
    while pieces:
        low = pieces & -pieces
        start = low.bit_length() - 1
        pieces ^= low
        _Search(variant, geo, start, own | opp, opp, bool(kings & low), white, found).run()
    if not found:
        return found
    if variant.majority_capture:
        most = max(len(move[5]) for move in found)
        found = [move for move in found if len(move[5]) == most]
    return _distinct(found)


def _distinct(moves: list[RawMove]) -> list[RawMove]:
    """Drop sequences that start, end and capture exactly like an earlier one.

    Different routes around the same pieces (a king's "windmill") leave the same position; the
    published perft counts treat them as one move, and so do players.
    """
    seen: set[tuple[int, int, int, bool]] = set()
    unique: list[RawMove] = []
    for move in moves:
        key = (move[0], move[1], move[2], move[3])
        if key not in seen:
            seen.add(key)
            unique.append(move)
    return unique


class _Search:
    """Depth-first search of one piece's capture sequences."""

    __slots__ = (
        "_adjacent_only",
        "_crowning",
        "_found",
        "_man_dirs",
        "_occupied",
        "_opp",
        "_promotion",
        "_rays",
        "_start",
        "_start_king",
        "_variant",
    )

    def __init__(
        self,
        variant: Variant,
        geo: Geometry,
        start: int,
        occupied: int,
        opp: int,
        king: bool,
        white: bool,
        found: list[RawMove],
    ) -> None:
        self._variant = variant
        self._rays = geo.rays
        self._start = start
        # The mover has left its square: it may pass over or return to it.
        self._occupied = occupied & ~(1 << start)
        self._opp = opp
        self._start_king = king
        self._promotion = geo.top_row if white else geo.bottom_row
        self._man_dirs = _ALL if variant.men_capture_backward else _forward(white)
        self._adjacent_only = variant.king_landing is KingLanding.ADJACENT
        self._crowning = variant.crowning
        self._found = found

    def run(self) -> None:
        """Search from the start square; complete sequences go to the shared list."""
        self._extend(self._start, self._start_king, 0, (self._start,), ())

    def _record(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> None:
        crowned = not self._start_king and (king or bool(self._promotion >> at & 1))
        self._found.append((self._start, at, captured, crowned, path, taken))

    def _extend(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> None:
        if king and self._variant.flying_kings:
            extended = self._flying_jumps(at, captured, path, taken)
        else:
            extended = self._short_jumps(at, king, captured, path, taken)
        if not extended and taken:
            self._record(at, king, captured, path, taken)

    def _short_jumps(
        self, at: int, king: bool, captured: int, path: tuple[int, ...], taken: tuple[int, ...]
    ) -> bool:
        """Jumps over an adjacent piece onto the square beyond (men, and kings in english)."""
        occupied = self._occupied
        opp = self._opp
        rays = self._rays[at]
        extended = False
        for d in _ALL if king else self._man_dirs:
            ray = rays[d]
            if len(ray) < 2:
                continue
            victim, land = ray[0], ray[1]
            if not (opp >> victim & 1) or captured >> victim & 1 or occupied >> land & 1:
                continue
            extended = True
            now = captured | 1 << victim
            if not king and self._promotion >> land & 1:
                if self._crowning is Crowning.ENDS_MOVE:
                    self._record(land, True, now, (*path, land), (*taken, victim))
                    continue
                if self._crowning is Crowning.CONTINUES_AS_KING:
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
        targets: list[tuple[int, list[int]]] = []
        for ray in self._rays[at]:
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
                if self._adjacent_only:
                    break
                j += 1
            if landings:
                targets.append((victim, landings))
        return targets


def apply_raw(move: RawMove, own: int, opp: int, kings: int) -> tuple[int, int, int]:
    """The (own, opp, kings) after a move; captured pieces leave only now (CK-6)."""
    frm, to, taken, crowned = move[0], move[1], move[2], move[3]
    was_king = kings >> frm & 1
    own = (own & ~(1 << frm)) | 1 << to
    opp &= ~taken
    kings &= ~taken & ~(1 << frm)
    if was_king or crowned:
        kings |= 1 << to
    return own, opp, kings


def perft(variant: Variant, own: int, opp: int, kings: int, white: bool, depth: int) -> int:
    """Leaf count of the move tree `depth` plies deep (a whole capture sequence is one ply)."""
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(variant, own, opp, kings, white)
    total = 0
    for move in generate(variant, own, opp, kings, white):
        new_own, new_opp, new_kings = apply_raw(move, own, opp, kings)
        total += perft(variant, new_opp, new_own, new_kings, not white, depth - 1)
    return total
