"""Maximum-weight matching in a general graph: Edmonds' primal-dual blossom algorithm, O(n³).

Following Galil, "Efficient algorithms for finding maximum matching in graphs" (1986), in the
arrangement of Van Rantwijk's well-known implementation: one stage per augmentation, each stage
growing alternating trees from every free vertex and changing the dual variables until an edge
becomes tight. Weights are integers, and every dual variable is kept doubled, so the arithmetic
stays exact: an edge k = (i, j) has slack `dual[i] + dual[j] - 2 * w`, and the slack of an edge
between two outer blossoms is even, so halving it is exact.

Vertices are 0…n-1; a blossom is numbered n…2n-1. An endpoint `p` names one end of an edge:
edge `p // 2`, end `p % 2`, and `p ^ 1` is the other end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

NONE = -1
FREE, OUTER, INNER = 0, 1, 2
_BREADCRUMB = 4  # marks an outer blossom on the path being traced by `_find_base`


class _Solver:
    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]]) -> None:
        self.n = n
        self.edges = edges
        self.end = [v for i, j, _ in edges for v in (i, j)]
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for k, (i, j, _) in enumerate(edges):
            self.incident[i].append(2 * k + 1)
            self.incident[j].append(2 * k)
        top = max((w for _, _, w in edges), default=0)
        self.mate = [NONE] * n  # the remote endpoint of the matched edge
        self.label = [FREE] * (2 * n)
        self.label_end = [NONE] * (2 * n)  # the endpoint through which the label was given
        self.in_blossom = list(range(n))  # the top-level blossom of each vertex
        self.parent = [NONE] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [NONE] * n
        self.child_ends: list[list[int]] = [[] for _ in range(2 * n)]
        self.best_edge = [NONE] * (2 * n)
        self.best_edges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.tight = [False] * len(edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        i, j, w = self.edges[k]
        return self.dual[i] + self.dual[j] - 2 * w

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
        else:
            for child in self.children[b]:
                yield from self.leaves(child)

    def assign_label(self, w: int, label: int, p: int) -> None:
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = label
        self.label_end[w] = self.label_end[b] = p
        self.best_edge[w] = self.best_edge[b] = NONE
        if label == OUTER:
            self.queue.extend(self.leaves(b))
        else:
            # An inner blossom's base is matched: its mate becomes outer.
            base_mate = self.mate[self.base[b]]
            self.assign_label(self.end[base_mate], OUTER, base_mate ^ 1)

    def find_base(self, v: int, w: int) -> int:
        """Trace back from v and w to the roots: the base of the blossom their edge closes, or
        NONE if the trees differ (an augmenting path)."""
        path = []
        base = NONE
        while v != NONE or w != NONE:
            b = self.in_blossom[v]
            if self.label[b] & _BREADCRUMB:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = OUTER | _BREADCRUMB
            if self.label_end[b] == NONE:
                v = NONE  # reached a root
            else:
                v = self.end[self.label_end[b]]
                b = self.in_blossom[v]
                v = self.end[self.label_end[b]]
            if w != NONE:
                v, w = w, v
        for b in path:
            self.label[b] = OUTER
        return base

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = NONE
        self.parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            ends.append(self.label_end[bv])
            v = self.end[self.label_end[bv]]
            bv = self.in_blossom[v]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            ends.append(self.label_end[bw] ^ 1)
            w = self.end[self.label_end[bw]]
            bw = self.in_blossom[w]
        self.children[b], self.child_ends[b] = path, ends
        self.label[b] = OUTER
        self.label_end[b] = self.label_end[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == INNER:
                self.queue.append(leaf)  # inner vertices become outer inside the blossom
            self.in_blossom[leaf] = b
        # The least-slack edge from the new blossom to each other outer blossom.
        best_to = [NONE] * (2 * self.n)
        for child in path:
            known = self.best_edges[child]
            if known is None:
                lists = [[p // 2 for p in self.incident[leaf]] for leaf in self.leaves(child)]
            else:
                lists = [known]
            for edge_list in lists:
                for e in edge_list:
                    i, j, _ = self.edges[e]
                    if self.in_blossom[j] == b:
                        i, j = j, i
                    bj = self.in_blossom[j]
                    if (
                        bj != b
                        and self.label[bj] == OUTER
                        and (best_to[bj] == NONE or self.slack(e) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = e
            self.best_edges[child] = None
            self.best_edge[child] = NONE
        self.best_edges[b] = [e for e in best_to if e != NONE]
        self.best_edge[b] = NONE
        for e in self.best_edges[b] or ():
            if self.best_edge[b] == NONE or self.slack(e) < self.slack(self.best_edge[b]):
                self.best_edge[b] = e

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        for child in self.children[b]:
            self.parent[child] = NONE
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_of_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_of_stage and self.label[b] == INNER:
            self._relabel_expanded(b)
        self.label[b] = self.label_end[b] = NONE
        self.children[b], self.child_ends[b] = [], []
        self.base[b] = NONE
        self.best_edges[b] = None
        self.best_edge[b] = NONE
        self.unused.append(b)

    def _relabel_expanded(self, b: int) -> None:
        """An inner blossom expanded mid-stage: its children on the even-length path from the
        entry child to the base take alternate labels; the others are free or reachable."""
        children, ends = self.children[b], self.child_ends[b]
        entry = self.in_blossom[self.end[self.label_end[b] ^ 1]]
        j = children.index(entry)
        if j & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = self.label_end[b]
        while j != 0:
            self.label[self.end[p ^ 1]] = FREE
            self.label[self.end[ends[j - trick] ^ trick ^ 1]] = FREE
            self.assign_label(self.end[p ^ 1], INNER, p)
            self.tight[ends[j - trick] // 2] = True
            j += step
            p = ends[j - trick] ^ trick
            self.tight[p // 2] = True
            j += step
        bv = children[j]
        self.label[self.end[p ^ 1]] = self.label[bv] = INNER
        self.label_end[self.end[p ^ 1]] = self.label_end[bv] = p
        self.best_edge[bv] = NONE
        j += step
        while children[j] != entry:
            bv = children[j]
            if self.label[bv] == OUTER:
                j += step
                continue
            reached = next((leaf for leaf in self.leaves(bv) if self.label[leaf] != FREE), None)
            if reached is not None:
                self.label[reached] = FREE
                self.label[self.end[self.mate[self.base[bv]]]] = FREE
                self.assign_label(reached, INNER, self.label_end[reached])
            j += step

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside blossom b so that vertex v becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, ends = self.children[b], self.child_ends[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = ends[j - trick] ^ trick
            if t >= self.n:
                self.augment_blossom(t, self.end[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.end[p ^ 1])
            self.mate[self.end[p]] = p ^ 1
            self.mate[self.end[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.child_ends[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        """Flip the augmenting path through edge k, back to the roots of both trees."""
        v, w, _ = self.edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.label_end[bs] == NONE:
                    break  # the root of the tree
                t = self.end[self.label_end[bs]]
                bt = self.in_blossom[t]
                s = self.end[self.label_end[bt]]
                j = self.end[self.label_end[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.label_end[bt]
                p = self.label_end[bt] ^ 1

    def stage(self) -> bool:
        """Grow the trees until an augmentation (True) or until no augmentation can raise the
        weight (False: the matching is maximum)."""
        n = self.n
        self.label = [FREE] * (2 * n)
        self.best_edge = [NONE] * (2 * n)
        self.best_edges[n:] = [None] * n
        self.tight = [False] * len(self.edges)
        self.queue = []
        for v in range(n):
            if self.mate[v] == NONE and self.label[self.in_blossom[v]] == FREE:
                self.assign_label(v, OUTER, NONE)
        while True:
            if self.scan():
                return True
            if not self.change_duals():
                return False

    def scan(self) -> bool:
        """Examine the edges of outer vertices in the queue; True once an augmentation is made."""
        while self.queue:
            v = self.queue.pop()
            for p in self.incident[v]:
                k, w = p // 2, self.end[p]
                if self.in_blossom[v] == self.in_blossom[w]:
                    continue
                k_slack = 0
                if not self.tight[k]:
                    k_slack = self.slack(k)
                    if k_slack <= 0:
                        self.tight[k] = True
                if self.tight[k]:
                    bw = self.in_blossom[w]
                    if self.label[bw] == FREE:
                        self.assign_label(w, INNER, p ^ 1)
                    elif self.label[bw] == OUTER:
                        base = self.find_base(v, w)
                        if base == NONE:
                            self.augment(k)
                            return True
                        self.add_blossom(base, k)
                    elif self.label[w] == FREE:
                        self.label[w] = INNER
                        self.label_end[w] = p ^ 1
                elif self.label[self.in_blossom[w]] == OUTER:
                    b = self.in_blossom[v]
                    if self.best_edge[b] == NONE or k_slack < self.slack(self.best_edge[b]):
                        self.best_edge[b] = k
                elif self.label[w] == FREE and (
                    self.best_edge[w] == NONE or k_slack < self.slack(self.best_edge[w])
                ):
                    self.best_edge[w] = k
        return False

    def change_duals(self) -> bool:
        """Move the duals by the largest step that keeps them feasible; False when a vertex dual
        reaches zero (no augmentation can add weight any more)."""
        n = self.n
        kind, delta = 1, min(self.dual[:n])
        edge = blossom = NONE
        for v in range(n):
            if self.label[self.in_blossom[v]] == FREE and self.best_edge[v] != NONE:
                d = self.slack(self.best_edge[v])
                if d < delta:
                    kind, delta, edge = 2, d, self.best_edge[v]
        for b in range(2 * n):
            if self.parent[b] == NONE and self.label[b] == OUTER and self.best_edge[b] != NONE:
                d = self.slack(self.best_edge[b]) // 2
                if d < delta:
                    kind, delta, edge = 3, d, self.best_edge[b]
        for b in range(n, 2 * n):
            if (
                self.base[b] != NONE
                and self.parent[b] == NONE
                and self.label[b] == INNER
                and self.dual[b] < delta
            ):
                kind, delta, blossom = 4, self.dual[b], b
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            if label == OUTER:
                self.dual[v] -= delta
            elif label == INNER:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] != NONE and self.parent[b] == NONE:
                if self.label[b] == OUTER:
                    self.dual[b] += delta
                elif self.label[b] == INNER:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 4:
            self.expand_blossom(blossom, False)
            return True
        self.tight[edge] = True
        i, j, _ = self.edges[edge]
        self.queue.append(i if self.label[self.in_blossom[i]] == OUTER else j)
        return True

    def solve(self) -> list[int]:
        for _ in range(self.n):
            if not self.stage():
                break
            # Blossoms whose dual fell to zero are undone between stages.
            for b in range(self.n, 2 * self.n):
                if (
                    self.parent[b] == NONE
                    and self.base[b] != NONE
                    and self.label[b] == OUTER
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [self.end[p] if p != NONE else NONE for p in self.mate]


def maximum_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """The partner of each vertex 0…n-1 (NONE if unmatched) in a matching of greatest total
    weight; `edges` are (i, j, weight) with integer weights, i != j."""
    return _Solver(n, edges).solve()
