"""One Swiss round: the bye, then score groups paired top down (the rules are in `pairing`).

Players are ranked by points, then rating, then id, and numbered by that rank (0 is the top);
every set of players below is a bit mask of those numbers (see `matching`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby, islice

from bot.service.tournaments.matching import Matching, maximum_matching, members
from bot.service.tournaments.weighted import NONE, maximum_weight_matching

# How many candidate sets of floaters are tried one by one before a weighted matching decides.
_QUICK_TRIES = 32


@dataclass(frozen=True, slots=True)
class Player:
    """What the pairing needs to know of a player before the round."""

    id: int
    points: float
    rating: float
    met: frozenset[int]  # the ids of past opponents (byes are not opponents)
    byes: int
    balance: int  # games played first minus games played second
    last_first: bool | None  # True: played first in the latest game; None: no game yet


def pair(players: Sequence[Player]) -> list[tuple[int, int | None]]:
    """The round's pairings as (first, second) ids, top score group first, the bye last."""
    ranked = sorted(players, key=lambda p: (-p.points, -p.rating, p.id))
    number = {p.id: n for n, p in enumerate(ranked)}
    everyone = (1 << len(ranked)) - 1
    allowed = [
        everyone & ~(1 << n) & ~_mask(number[o] for o in p.met if o in number)
        for n, p in enumerate(ranked)
    ]
    field = everyone
    bye = None
    if len(ranked) % 2:
        bye = _bye(ranked, allowed)
        field &= ~(1 << bye)
    allowed = _allow_fewest_repeats(allowed, field)
    pairs: list[tuple[int, int | None]] = []
    carried: list[int] = []
    unpaired = field
    for _, group in groupby(members(field), key=lambda n: ranked[n].points):
        bracket = carried + list(group)
        below = unpaired & ~_mask(bracket)
        carried = _floaters(allowed, bracket, below)
        staying = [n for n in bracket if n not in carried]
        for top, other in _pair_bracket(allowed, staying, ranked):
            first, second = _order(ranked[top], ranked[other])
            pairs.append((first.id, second.id))
        unpaired &= ~_mask(staying)
    if bye is not None:
        pairs.append((ranked[bye].id, None))
    return pairs


def _mask(numbers: Iterator[int] | Sequence[int]) -> int:
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


def _bye(ranked: Sequence[Player], allowed: Sequence[int]) -> int:
    """The lowest-ranked player with the fewest byes (none, in all but over-long tournaments)
    whose bye leaves the others a pairing without repeats; if no bye does, the lowest-ranked
    player with the fewest byes."""
    fewest = min(p.byes for p in ranked)
    eligible = [n for n in reversed(range(len(ranked))) if ranked[n].byes == fewest]
    everyone = (1 << len(ranked)) - 1
    matching = maximum_matching(allowed, everyone)
    if matching.size() == len(ranked) // 2:
        for n in eligible:
            trial = matching.copy()
            trial.remove(n)
            if trial.complete():
                return n
    return eligible[0]


def _allow_fewest_repeats(allowed: Sequence[int], field: int) -> list[int]:
    """`allowed`, plus the fewest repeat pairings that give the field a complete pairing.

    A maximum matching of the not-yet-met pairs leaves as few players over as any pairing can;
    those are allowed to meet again, neighbours by rank.
    """
    leftover = maximum_matching(allowed, field).free()
    widened = list(allowed)
    for a, b in zip(leftover[::2], leftover[1::2], strict=True):
        widened[a] |= 1 << b
        widened[b] |= 1 << a
    return widened


def _floaters(allowed: Sequence[int], bracket: Sequence[int], below: int) -> list[int]:
    """The fewest, then lowest-ranked, players of the bracket to pair with players below it, such
    that the rest of the bracket pairs among themselves and the players below (with these
    floaters) can still be paired: none in the last bracket.

    Lowest-ranked: the highest-ranked floater as low as possible, then the next one, and so on.
    Usually the first candidates at the least possible count fit; when they do not, a weighted
    matching settles it, without trying sets one by one.
    """
    if not below:
        return []
    inside = maximum_matching(allowed, _mask(bracket))
    under = maximum_matching(allowed, below)
    # Each bound alone: the bracket's own maximum matching, and the players below who cannot be
    # paired among themselves. Both are counts of players, with the parity of the bracket.
    fewest = max(len(bracket) - 2 * inside.size(), below.bit_count() - 2 * under.size())
    can_float = [n for n in bracket if allowed[n] & below]
    for chosen in islice(_lowest_first(can_float, fewest), _QUICK_TRIES):
        if _leaves_pairable(inside, under, chosen):
            return list(chosen)
    return _floaters_by_weight(allowed, bracket, below)


def _floaters_by_weight(allowed: Sequence[int], bracket: Sequence[int], below: int) -> list[int]:
    """`_floaters` by one maximum-weight matching.

    When the players below number at least 2r + 2, where r is the most opponents any player
    left may not meet, they and any floaters can always be paired (Dirac: everyone may meet at
    least half of them), so only the bracket matters: a pair is worth 2**k for each of its two
    players, k places above the bracket's bottom, and the heaviest matching covers the
    highest-ranked players it can (the greedy basis of the matching matroid), leaving the fewest,
    lowest-ranked ones to float. Otherwise the players below are few, and the bracket and they
    are matched together: a pair across the bracket's edge costs more than all the floaters'
    preferences together, plus 2**k for a floater k places above the bottom, and every weight is
    large enough that any complete pairing outweighs any incomplete one.
    """
    size = len(bracket)
    unpaired = _mask(bracket) | below
    barred = max((unpaired & ~allowed[n]).bit_count() - 1 for n in members(unpaired))
    if below.bit_count() >= 2 * barred + 2:
        worth = [1 << (size - 1 - a) for a in range(size)]
        edges = [
            (a, b, worth[a] + worth[b])
            for a in range(size)
            for b in range(a + 1, size)
            if allowed[bracket[a]] >> bracket[b] & 1
        ]
        mate = maximum_weight_matching(size, edges)
        return [n for a, n in enumerate(bracket) if mate[a] == NONE]
    players = [*bracket, *members(below)]
    cross = 1 << size
    whole = (len(players) + 1) << size
    edges = []
    for a, u in enumerate(players):
        for b in range(a + 1, len(players)):
            if allowed[u] >> players[b] & 1:
                cost = cross + (1 << (size - 1 - a)) if a < size <= b else 0
                edges.append((a, b, whole - cost))
    mate = maximum_weight_matching(len(players), edges)
    return [n for a, n in enumerate(bracket) if mate[a] >= size]


def _lowest_first(pool: Sequence[int], count: int, start: int = 0) -> Iterator[tuple[int, ...]]:
    """Sets of `count` players of `pool` (in rank order), the highest-ranked member as low as
    possible first, then the next member, and so on."""
    if count == 0:
        yield ()
        return
    for i in range(len(pool) - count, start - 1, -1):
        for rest in _lowest_first(pool, count - 1, i + 1):
            yield (pool[i], *rest)


def _leaves_pairable(inside: Matching, under: Matching, chosen: Sequence[int]) -> bool:
    rest = inside.copy()
    for n in chosen:
        rest.remove(n)
    if not rest.complete():
        return False
    lower = under.copy()
    for n in chosen:
        lower.add(n)
    return lower.complete()


def _pair_bracket(
    allowed: Sequence[int], staying: Sequence[int], ranked: Sequence[Player]
) -> list[tuple[int, int]]:
    """Pair a bracket that has a complete pairing: the top half against the bottom half in
    order, each player in rank order taking the first opponent, in that order, that still leaves
    the rest a complete pairing; opponents due the other turn come first within the bottom half."""
    matching = Matching(allowed, _mask(staying))
    matching.fill_greedily()
    if not matching.complete():
        raise AssertionError("the bracket was chosen to have a complete pairing")
    order = list(staying)
    pairs = []
    while order:
        top = order[0]
        half = len(order) // 2
        bottom = sorted(order[half:], key=lambda n: not _turns_fit(ranked[top], ranked[n]))
        for other in bottom + order[half - 1 : 0 : -1]:
            kept = _with_pair(matching, top, other)
            if kept is not None:
                matching = kept
                break
        else:
            raise AssertionError("the top player's partner in the matching is a candidate")
        pairs.append((top, other))
        order.remove(top)
        order.remove(other)
    return pairs


def _with_pair(matching: Matching, a: int, b: int) -> Matching | None:
    """The matching of the others once a and b are paired, or None if a and b may not meet or
    the others would then have no complete pairing."""
    if not matching.allowed[a] >> b & 1:
        return None
    rest = matching if matching.mate[a] == b else matching.copy()
    rest.remove(a)
    rest.remove(b)
    return rest if rest.complete() else None


def _due_first(player: Player) -> bool | None:
    if player.balance:
        return player.balance < 0
    return None if player.last_first is None else not player.last_first


def _turns_fit(a: Player, b: Player) -> bool:
    due_a, due_b = _due_first(a), _due_first(b)
    return due_a is None or due_b is None or due_a != due_b


def _order(higher: Player, lower: Player) -> tuple[Player, Player]:
    """(first, second): the player who has played first less often, then the one who played
    second in the latest game, then the higher-ranked."""

    def claim(p: Player) -> tuple[int, int]:
        return p.balance, {False: 0, None: 1, True: 2}[p.last_first]

    return (lower, higher) if claim(lower) < claim(higher) else (higher, lower)
