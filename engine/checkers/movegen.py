"""Move generation on bitboards: the one place that knows how pieces move and capture.

A side is described by three ints in the layout of `board.Geometry`: `own` (the mover's pieces),
`opp` (the other side's) and `kings` (kings of either colour). A generated move is a `RawMove`
tuple of bit indices; `position.Position` turns them into public `Move` values.

Quiet moves and the question "is there a capture, and by which pieces?" are answered for whole
sets of pieces at once by shifting bitboards; only pieces that can capture are searched one by
one for their complete capture sequences.
"""

from __future__ import annotations

from engine.checkers.board import geometry
from engine.checkers.variant import Crowning, KingLanding, Variant

# (from bit, to bit, mask of captured bits, crowned?, bits visited, bits captured in order)
RawMove = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...]]

# A diagonal direction as a shift: (amount, towards higher bits?). Index order: up-left,
# up-right, down-left, down-right; "up" is towards square 1.
Step = tuple[int, bool]


class Rules:
    """A variant's switches and board tables, flattened for the generator's inner loops."""

    __slots__ = (
        "adjacent_landing",
        "backward_men",
        "bottom_row",
        "crowning",
        "flying",
        "majority",
        "rays",
        "steps",
        "top_row",
        "valid",
        "variant",
    )

    def __init__(self, variant: Variant) -> None:
        geo = geometry(variant.board_size)
        self.variant = variant
        self.valid = geo.valid
        self.top_row = geo.top_row
        self.bottom_row = geo.bottom_row
        self.rays = geo.rays
        self.steps: tuple[Step, Step, Step, Step] = (
            (geo.half + 1, False),
            (geo.half, False),
            (geo.half, True),
            (geo.half + 1, True),
        )
        self.flying = variant.flying_kings
        self.backward_men = variant.men_capture_backward
        self.adjacent_landing = variant.king_landing is KingLanding.ADJACENT
        self.majority = variant.majority_capture
        self.crowning = variant.crowning

    def forward(self, white: bool) -> tuple[int, int]:
        """The direction indices a man of this colour moves in."""
        return (0, 1) if white else (2, 3)


_RULES: dict[int, Rules] = {}


def rules_for(variant: Variant) -> Rules:
    """The flattened rules of a variant (built once per variant object)."""
    rules = _RULES.get(id(variant))
    if rules is None or rules.variant is not variant:
        rules = Rules(variant)
        _RULES[id(variant)] = rules
    return rules


def _jumpers(rules: Rules, own: int, opp: int, kings: int, white: bool) -> int:
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


def has_capture(variant: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether the side to move has any capture (checked on whole sets of pieces at once)."""
    return bool(_jumpers(rules_for(variant), own, opp, kings, white))


def men_can_step(variant: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether any man of the side could make a non-capturing move."""
    rules = rules_for(variant)
    empty = rules.valid & ~(own | opp)
    men = own & ~kings
    for d in rules.forward(white):
        amount, left = rules.steps[d]
        if (men << amount if left else men >> amount) & empty:
            return True
    return False


def count_moves(variant: Variant, own: int, opp: int, kings: int, white: bool) -> int:
    """How many legal moves there are: equal to len(generate(...)), without building them."""
    return _count(rules_for(variant), own, opp, kings, white)


def _count(rules: Rules, own: int, opp: int, kings: int, white: bool) -> int:
    jumpers = _jumpers(rules, own, opp, kings, white)
    if jumpers:
        return len(_captures(rules, own, opp, kings, white, jumpers))
    empty = rules.valid & ~(own | opp)
    men = own & ~kings
    if white:
        amount = rules.steps[1][0]
        total = ((men >> amount) & empty).bit_count() + ((men >> amount + 1) & empty).bit_count()
    else:
        amount = rules.steps[2][0]
        total = ((men << amount) & empty).bit_count() + ((men << amount + 1) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        for amount, left in rules.steps:
            reach = (own_kings << amount if left else own_kings >> amount) & empty
            total += reach.bit_count()
            if rules.flying:
                while reach:
                    reach = (reach << amount if left else reach >> amount) & empty
                    total += reach.bit_count()
    return total


def generate(variant: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every legal move: the captures if there are any (capture is compulsory), else the rest."""
    return _generate(rules_for(variant), own, opp, kings, white)


def _generate(rules: Rules, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    jumpers = _jumpers(rules, own, opp, kings, white)
    if jumpers:
        return _captures(rules, own, opp, kings, white, jumpers)
    return _quiet_moves(rules, own, opp, kings, white)


def _quiet_moves(rules: Rules, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """The non-capturing moves of men (one square forward) and kings."""
    empty = rules.valid & ~(own | opp)
    promotion = rules.top_row if white else rules.bottom_row
    moves: list[RawMove] = []
    men = own & ~kings
    for d in rules.forward(white):
        amount, left = rules.steps[d]
        targets = (men << amount if left else men >> amount) & empty
        back = -amount if left else amount
        while targets:
            low = targets & -targets
            to = low.bit_length() - 1
            frm = to + back
            moves.append((frm, to, 0, bool(promotion & low), (frm, to), ()))
            targets ^= low
    own_kings = own & kings
    if own_kings:
        for amount, left in rules.steps:
            reach = (own_kings << amount if left else own_kings >> amount) & empty
            back = -amount if left else amount
            distance = 1
            while reach:
                targets = reach
                while targets:
                    low = targets & -targets
                    to = low.bit_length() - 1
                    frm = to + back * distance
                    moves.append((frm, to, 0, False, (frm, to), ()))
                    targets ^= low
                if not rules.flying:
                    break
                reach = (reach << amount if left else reach >> amount) & empty
                distance += 1
    return moves


def captures(variant: Variant, own: int, opp: int, kings: int, white: bool) -> list[RawMove]:
    """Every complete capture sequence allowed by the variant (empty when there is none)."""
    rules = rules_for(variant)
    jumpers = _jumpers(rules, own, opp, kings, white)
    return _captures(rules, own, opp, kings, white, jumpers) if jumpers else []


def _captures(
    rules: Rules, own: int, opp: int, kings: int, white: bool, jumpers: int
) -> list[RawMove]:
    search = _Search(rules, own | opp, opp, white)
    while jumpers:
        low = jumpers & -jumpers
        jumpers ^= low
        search.run(low.bit_length() - 1, bool(kings & low))
    found = search.found
    if rules.majority:
        most = max(len(move[5]) for move in found)
        found = [move for move in found if len(move[5]) == most]
    return _distinct(found)


def _distinct(moves: list[RawMove]) -> list[RawMove]:
    """Drop sequences that start, end, capture and crown exactly like an earlier one.

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
        "_man_dirs",
        "_occupied",
        "_opp",
        "_promotion",
        "_rules",
        "_start",
        "_start_king",
        "_taken_by",
        "found",
    )

    def __init__(self, rules: Rules, occupied: int, opp: int, white: bool) -> None:
        self._rules = rules
        self._taken_by = occupied
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
        self._occupied = self._taken_by & ~(1 << start)
        self._extend(start, king, 0, (start,), ())

    def _record(
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
            self._record(at, king, captured, path, taken)

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
                    self._record(land, True, now, (*path, land), (*taken, victim))
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
    return _perft(rules_for(variant), own, opp, kings, white, depth)


def _perft(rules: Rules, own: int, opp: int, kings: int, white: bool, depth: int) -> int:
    if depth == 1:
        return _count(rules, own, opp, kings, white)
    total = 0
    for move in _generate(rules, own, opp, kings, white):
        frm, to, taken, crowned = move[0], move[1], move[2], move[3]
        new_own = (own & ~(1 << frm)) | 1 << to
        new_kings = kings & ~taken & ~(1 << frm)
        if crowned or kings >> frm & 1:
            new_kings |= 1 << to
        total += _perft(rules, opp & ~taken, new_own, new_kings, not white, depth - 1)
    return total
