"""The matchings under the Swiss pairing, against brute force on small random graphs."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments.matching import UNMATCHED, Matching, maximum_matching, members
from bot.service.tournaments.weighted import NONE, maximum_weight_matching

Graph = tuple[int, list[tuple[int, int, int]]]


@st.composite
def graphs(draw: st.DrawFn, most: int, heaviest: int = 1) -> Graph:
    size = draw(st.integers(1, most))
    pairs = [(i, j) for i in range(size) for j in range(i + 1, size)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    weights = draw(st.lists(st.integers(1, heaviest), min_size=len(chosen), max_size=len(chosen)))
    return size, [(i, j, w) for (i, j), w in zip(chosen, weights, strict=True)]


def best(size: int, edges: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """(most pairs, greatest weight) over every matching, by brute force."""
    weight = {frozenset((i, j)): w for i, j, w in edges}

    def search(left: tuple[int, ...]) -> tuple[int, int]:
        if not left:
            return 0, 0
        v, rest = left[0], left[1:]
        pairs, total = search(rest)  # v stays single
        for n, u in enumerate(rest):
            if frozenset((v, u)) in weight:
                more, extra = search(rest[:n] + rest[n + 1 :])
                pairs = max(pairs, more + 1)
                total = max(total, extra + weight[frozenset((v, u))])
        return pairs, total

    return search(tuple(range(size)))


def allowed_masks(size: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    masks = [0] * size
    for i, j, _ in edges:
        masks[i] |= 1 << j
        masks[j] |= 1 << i
    return masks


@settings(max_examples=300, deadline=None)
@given(graphs(12))
def test_maximum_matching_has_the_most_pairs(graph: Graph) -> None:
    size, edges = graph
    allowed = allowed_masks(size, edges)
    matching = maximum_matching(allowed, (1 << size) - 1)
    for v in range(size):
        mate = matching.mate[v]
        assert mate == UNMATCHED or (matching.mate[mate] == v and allowed[v] >> mate & 1)
    assert matching.size() == best(size, edges)[0]


@settings(max_examples=200, deadline=None)
@given(graphs(12), st.data())
def test_complete_tells_whether_a_subset_pairs_up(graph: Graph, data: st.DataObject) -> None:
    size, edges = graph
    allowed = allowed_masks(size, edges)
    within = data.draw(st.integers(0, (1 << size) - 1))
    kept = list(members(within))
    inner = [(kept.index(i), kept.index(j), 1) for i, j, _ in edges if i in kept and j in kept]
    pairs = best(len(kept), inner)[0]
    trial = Matching(allowed, within)
    trial.fill_greedily()
    assert trial.complete() == (2 * pairs == len(kept))


@settings(max_examples=200, deadline=None)
@given(graphs(12), st.data())
def test_removing_players_and_growing_again_stays_maximum(
    graph: Graph, data: st.DataObject
) -> None:
    size, edges = graph
    allowed = allowed_masks(size, edges)
    matching = maximum_matching(allowed, (1 << size) - 1)
    gone = data.draw(st.sets(st.integers(0, size - 1)))
    for v in gone:
        matching.remove(v)
    matching.grow()
    kept = [v for v in range(size) if v not in gone]
    inner = [(kept.index(i), kept.index(j), 1) for i, j, _ in edges if i in kept and j in kept]
    assert matching.size() == best(len(kept), inner)[0]
    assert all(matching.mate[v] == UNMATCHED for v in gone)


@settings(max_examples=300, deadline=None)
@given(graphs(10, heaviest=40))
def test_maximum_weight_matching_has_the_greatest_weight(graph: Graph) -> None:
    size, edges = graph
    mate = maximum_weight_matching(size, edges)
    weight = {frozenset((i, j)): w for i, j, w in edges}
    for v in range(size):
        assert mate[v] == NONE or (mate[mate[v]] == v and frozenset((v, mate[v])) in weight)
    total = sum(weight[frozenset((v, mate[v]))] for v in range(size) if mate[v] > v)
    assert total == best(size, edges)[1]


def test_weights_as_large_as_the_floater_costs() -> None:
    # The Swiss weights run to 2**(size of a score group): 0-1 with 2-3 (five units) beats
    # every matching through the triangle's lighter edges.
    big = 1 << 200
    edges = [(0, 1, 3 * big), (1, 2, 2 * big), (0, 2, 2 * big), (2, 3, 2 * big)]
    assert maximum_weight_matching(4, edges) == [1, 0, 3, 2]
