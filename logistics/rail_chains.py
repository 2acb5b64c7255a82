"""Multi-source Dijkstras over a fixed digraph made mostly of chains (a side's rail net: the rail
element of 12B, each low-volume hex weighing 1,000,001), searched on its junctions alone.

About three rail hexes in four have exactly two rail neighbours, linked both ways: a chain between
junctions (forks, ends, one-way links). `contract` finds each chain's walks, once per graph, so
that a search runs on the graph of junctions alone, each walk one edge with its summed cost
(`rail_sides.RailNet`, `rail_search.FixedGraph`; on the synthetic maps 29 % of the nodes and 37 %
of the edges). A node inside a chain is then reached from one of the chain's ends, d(x) = min(d(a) +
cost a..x, d(b) + cost b..x), or from a start inside the same chain, read from whole arrays. The
walks along the chains are found by pointer jumping (log2 of the longest chain rounds of array
work, no Python loop per node). Distances are sums of whole-number weights, exact in float64 in
any order: the same bits as one Dijkstra over the whole graph.
"""
from __future__ import annotations

import numpy as np

from logistics.sorted_unique import sorted_unique


def own_nodes(size: int, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The nodes of 0..size-1 that some edge src[k] -> dst[k] touches, in order (a graph's node j
    is node nodes[j]), and each node's place among them (-1: none)."""
    used = np.zeros(size, dtype=bool)
    used[src] = True
    used[dst] = True
    nodes = np.flatnonzero(used)
    local = np.full(size, -1, dtype=np.int64)
    local[nodes] = np.arange(len(nodes))
    return nodes, local


def _inner_nodes(n: int, tail: np.ndarray, head: np.ndarray, junction: np.ndarray) -> np.ndarray:
    """Nodes with exactly two neighbours, each linked both ways, no loop, not in `junction`: two
    edges out and two in, from the same two nodes (the same sum and sum of squares, exact in
    float64 for fewer than 2^26 nodes)."""
    deg = np.bincount(tail, minlength=n) * 4 + np.bincount(head, minlength=n)
    same = np.bincount(tail, head, n) == np.bincount(head, tail, n)
    same &= np.bincount(tail, head * head.astype(float), n) == np.bincount(head, tail * tail.astype(float), n)
    looped = np.zeros(n, dtype=bool)
    looped[tail[tail == head]] = True
    return (deg == 10) & same & ~looped & ~junction


def _edges_into(inner: np.ndarray, head: np.ndarray) -> np.ndarray:
    """The two edges into each inner node, a row per node (another node's row means nothing)."""
    edges = np.flatnonzero(inner[head])
    one = np.full(len(inner), -1, dtype=np.int64)
    one[head[edges]] = edges                     # one of each node's two edges, whichever
    other = edges[one[head[edges]] != edges]
    into = np.stack([one, one], axis=1)
    into[head[other], 1] = other
    return into


def _walks(tail: np.ndarray, head: np.ndarray, cost: np.ndarray, inner: np.ndarray, into: np.ndarray):
    """Each edge's walk back along its chain to the junction it leaves: the walk's first edge
    (`first`), the summed cost from that junction to the edge's head (`total`) and the edge's
    place along the walk (`hops`, 0 for the first); or, if some walk never leaves a chain (a ring
    of inner nodes alone), that ring's nodes instead."""
    m = len(tail)
    # An edge u -> v out of an inner node u continues the walk that came into u from its other
    # neighbour: of u's two edges in, the one not from v.
    ptr = np.arange(m)
    from_inner = inner[tail]                     # each edge's: whether it leaves an inner node
    out_inner = np.flatnonzero(from_inner)
    u, v = tail[out_inner], head[out_inner]
    pair = into[u]
    ptr[out_inner] = np.where(tail[pair[:, 0]] != v, pair[:, 0], pair[:, 1])
    # Pointer jumping: `total` sums the costs of the edges after ptr[e] up to e, `hops` counts
    # them (none for a walk's first edge, which points at itself); only edges whose pointer is not
    # yet a first edge move (each round gathers the pointers once, and one mask per edge).
    total = cost.copy()
    total[~from_inner] = 0.0
    hops = from_inner.astype(np.int64)
    active = out_inner
    for _ in range(int(m).bit_length() + 1):
        step = ptr.take(active)
        moves = from_inner.take(step)
        active, step = active.compress(moves), step.compress(moves)
        if not active.size:
            return ptr, total + cost[ptr], hops, None
        total[active] += total[step]
        hops[active] += hops[step]
        ptr[active] = ptr[step]
    return None, None, None, np.unique(head[active])


def contract(n: int, tail: np.ndarray, head: np.ndarray, cost: np.ndarray) -> tuple[np.ndarray, ...]:
    """The chains of the digraph: its inner nodes (a mask), each inner node's two edges in
    (`_edges_into`) and each edge's walk (`_walks`: first edge, cost so far, place). A ring of
    inner nodes alone has its nodes made junctions."""
    promoted = np.zeros(n, dtype=bool)
    while True:
        inner = _inner_nodes(n, tail, head, promoted)
        into = _edges_into(inner, head)
        first, total, hops, ring = _walks(tail, head, cost, inner, into)
        if ring is None:
            return inner, into, first, total, hops
        promoted[ring] = True


def walk_order(head: np.ndarray, first: np.ndarray, total: np.ndarray, hops: np.ndarray,
               ends: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every edge in order along its walk (walk after walk: a counting sort by the walks' first
    edges and the edges' hops), as the edges' heads and costs so far; each edge's place in that
    order; and where each walk's run stops, at its first edge. `ends`: the edges into junctions."""
    length = np.zeros(len(head), dtype=np.int64)
    length[first[ends]] = hops[ends] + 1
    stop = np.cumsum(length)
    place = stop[first] - length[first] + hops
    order = np.empty(len(head), dtype=np.int64)
    order[place] = np.arange(len(head))
    return head[order], total[order], place, first, stop


class JunctionCore:
    """The junctions' graph with two kinds of junction left out of the rail Dijkstras (12B) and
    read after them, for distinct pairs `keys` (tail * nj + head) of junctions some walk joins:

    - *dead ends* (`dead`): a junction joined to one other junction alone (`dead_next`), that one
      joined to others: a branch line's end (15 % of the junctions at 100k);
    - *series junctions* (`series`): once the dead ends are gone, a junction joined to exactly two
      others (`series_a`, `series_b`), neither a series junction itself (7 % at 100k). Its walks
      a..y, y..b make one edge a -> b of their summed cost (and b -> a), merged into a pair of the
      core with the least cost.

    A left-out junction is reached only from its neighbours or as a start: after the Dijkstra over
    the rest (the core), d(y) = min(its offset, d(a) + cost a..y, d(b) + cost b..y), series first,
    then dead ends (whose neighbour may be a series junction); a start at one is passed on to its
    neighbours at its offset plus the walk's cost, dead ends first. A path through a dead end
    returns to where it came from, never shorter; one through a series junction is the merged
    edge. Exact: the same whole-number sums, in float64 in any order."""

    def __init__(self, nj: int, keys: np.ndarray):
        self.keys, tail, head = keys, keys // nj, keys % nj
        a, b = np.minimum(tail, head), np.maximum(tail, head)
        joined = sorted_unique(a * nj + b)
        a, b = joined // nj, joined % nj
        dead, nbr = self._few(nj, a, b, 1)
        kept = np.bincount(np.concatenate([a, b]), minlength=nj)[nbr[:, 0]] >= 2
        self.dead, self.dead_next = dead, dead_next = dead[kept], nbr[kept, 0]
        live = np.ones(nj, dtype=bool)
        live[dead] = False
        live = live[a] & live[b]
        series, nbrs = self._few(nj, a[live], b[live], 2)
        # No two series junctions joined: of two joined, the greater is kept in the core.
        two = np.zeros(nj, dtype=bool)
        two[series] = True
        drop = np.zeros(nj, dtype=bool)
        drop[np.maximum(series[:, None], nbrs)[two[nbrs]]] = True
        kept = ~drop[series]
        self.series, nbrs = series[kept], nbrs[kept]
        self.series_a, self.series_b = sa, sb = nbrs[:, 0], nbrs[:, 1]
        self.dead_rank, self.series_rank = np.full(nj, -1, dtype=np.int64), np.full(nj, -1, dtype=np.int64)
        self.dead_rank[dead] = np.arange(len(dead))
        self.series_rank[self.series] = np.arange(len(self.series))
        # Pair numbers of the walks read (len(keys): no such pair, its cost inf).
        self.dead_in, self.dead_out = self._pair(nj, dead_next, dead), self._pair(nj, dead, dead_next)
        y = self.series
        self.a_in, self.b_in = self._pair(nj, sa, y), self._pair(nj, sb, y)
        self.to_a, self.to_b = self._pair(nj, y, sa), self._pair(nj, y, sb)
        gone = (self.dead_rank >= 0) | (self.series_rank >= 0)
        self.core_pairs = np.flatnonzero(~gone[tail] & ~gone[head])
        ab, ba = sa * nj + sb, sb * nj + sa
        table = sorted_unique(np.concatenate([keys[self.core_pairs], ab, ba]))
        self.tail, self.head = table // nj, table % nj
        self.core_at, self.ab_at, self.ba_at = (np.searchsorted(table, k) for k in (keys[self.core_pairs], ab, ba))

    @staticmethod
    def _few(nj: int, a: np.ndarray, b: np.ndarray, degree: int) -> tuple[np.ndarray, np.ndarray]:
        """The nodes with `degree` (1 or 2) neighbours over the undirected links a[k] - b[k]
        (distinct), and their neighbours, a row each (no sort: one neighbour written, then the
        other)."""
        node, other = np.concatenate([a, b]), np.concatenate([b, a])
        few = np.flatnonzero(np.bincount(node, minlength=nj) == degree)
        one = np.full(nj, -1, dtype=np.int64)
        one[node] = other
        if degree == 1:
            return few, one[few, None]
        two = one.copy()
        rest = other != one[node]
        two[node[rest]] = other[rest]
        return few, np.stack([one[few], two[few]], axis=1)

    def _pair(self, nj: int, tail: np.ndarray, head: np.ndarray) -> np.ndarray:
        """Each walk's pair number, len(keys) if no walk joins the two."""
        if not len(self.keys):
            return np.zeros(len(tail), dtype=np.int64)
        key = tail * nj + head
        at = np.minimum(np.searchsorted(self.keys, key), len(self.keys) - 1)
        return np.where(self.keys[at] == key, at, len(self.keys))

    def side(self, least: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The core graph's edges (tail, head, cost) given each pair's least cost a side may follow
        (`least`, inf where none, one more inf at the end)."""
        table = np.full(len(self.tail), np.inf)
        table[self.core_at] = least[self.core_pairs]
        np.minimum.at(table, self.ab_at, least[self.a_in] + least[self.to_b])
        np.minimum.at(table, self.ba_at, least[self.b_in] + least[self.to_a])
        kept = np.flatnonzero(table != np.inf)
        return self.tail[kept], self.head[kept], table[kept]
