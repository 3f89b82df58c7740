"""Move generation on bitboards: quiet moves, counting, applying and perft.

Quiet moves are found for whole sets of pieces at once by shifting bitboards (see `rules` for the
layout); captures come from `capture`.
"""

from __future__ import annotations

from engine.checkers.capture import capture_sequences, jumpers
from engine.checkers.rules import RawMove, Rules, rules_for
from engine.checkers.variant import Variant


def has_capture(variant: Variant, own: int, opp: int, kings: int, white: bool) -> bool:
    """Whether the side to move has any capture (checked on whole sets of pieces at once)."""
    return bool(jumpers(rules_for(variant), own, opp, kings, white))


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
    able = jumpers(rules, own, opp, kings, white)
    if able:
        return len(capture_sequences(rules, own, opp, kings, white, able))
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
    able = jumpers(rules, own, opp, kings, white)
    if able:
        return capture_sequences(rules, own, opp, kings, white, able)
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


def captures(
    variant: Variant, own: int, opp: int, kings: int, white: bool, every_route: bool = False
) -> list[RawMove]:
    """Every complete capture sequence allowed by the variant (empty when there is none)."""
    rules = rules_for(variant)
    able = jumpers(rules, own, opp, kings, white)
    if not able:
        return []
    return capture_sequences(rules, own, opp, kings, white, able, every_route)


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
