"""Multi-source Dijkstras over a fixed digraph made mostly of chains (a side's rail net: the rail
element of 12B, each low-volume hex weighing 1,000,001), searched on its junctions alone.

About three rail hexes in four have exactly two rail neighbours, linked both ways: a chain between
junctions (forks, ends, one-way links). `ChainGraph` contracts each chain, once per graph, into one
edge per direction between its two end junctions, with the chain's summed cost, and searches that
graph of junctions (`rail_search.FixedGraph`; on the synthetic maps 29 % of the nodes and 37 % of
the edges). A node inside a chain is then reached from one of the chain's ends, d(x) = min(d(a) +
cost a..x, d(b) + cost b..x), or from a start inside the same chain, read from whole arrays. The
walks along the chains are found by pointer jumping (log2 of the longest chain rounds of array
work, no Python loop per node). Distances are sums of whole-number weights, exact in float64 in
any order: the same bits as one Dijkstra over the whole graph.
"""
from __future__ import annotations

from functools import cached_property

import numpy as np

from logistics.rail_search import FixedGraph


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
    out_inner = np.flatnonzero(inner[tail])
    u, v = tail[out_inner], head[out_inner]
    pair = into[u]
    ptr[out_inner] = np.where(tail[pair[:, 0]] != v, pair[:, 0], pair[:, 1])
    # Pointer jumping: `total` sums the costs of the edges after ptr[e] up to e, `hops` counts
    # them (none for a walk's first edge, which points at itself); only edges whose pointer is not
    # yet a first edge move.
    total = cost.copy()
    total[~inner[tail]] = 0.0
    hops = inner[tail].astype(np.int64)
    active = out_inner
    for _ in range(int(m).bit_length() + 1):
        active = active[inner[tail[ptr[active]]]]
        if not active.size:
            return ptr, total + cost[ptr], hops, None
        step = ptr[active]
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


class ChainGraph:
    """A digraph on nodes 0..n-1 with edges tail[k] -> head[k] of cost[k] (positive, whole
    numbers; no edge given twice), searched from many sets of starts over its junctions."""

    def __init__(self, n: int, tail: np.ndarray, head: np.ndarray, cost: np.ndarray,
                 use_scipy: bool | None = None):
        tail, head = np.asarray(tail, dtype=np.int64), np.asarray(head, dtype=np.int64)
        cost = np.asarray(cost, dtype=float)
        self.n = n
        inner, into, first, total, hops = contract(n, tail, head, cost)
        self.inner = inner
        self.junctions = np.flatnonzero(~inner)
        local = np.full(n, -1, dtype=np.int64)
        local[self.junctions] = np.arange(len(self.junctions))
        start = local[tail[first]]                      # the junction each walk leaves
        # One edge per walk that ends at a junction (the least cost per pair: a compressed matrix
        # would add two); a walk back to its own junction never shortens anything.
        ends = np.flatnonzero(~inner[head])
        nj = len(self.junctions)
        pair = start[ends] * nj + local[head[ends]]
        keep = start[ends] != local[head[ends]]
        pair, c = pair[keep], total[ends][keep]
        order = np.argsort(pair, kind="stable")
        pair, c = pair[order], c[order]
        cut = np.flatnonzero(np.diff(pair, prepend=-1))
        self.graph = FixedGraph(nj, pair[cut] // nj, pair[cut] % nj, np.minimum.reduceat(c, cut), use_scipy)
        # Each inner node's two edges in (one per direction along its chain), as two rows: the
        # junction each walk left and its cost so far.
        self.inner_nodes = np.flatnonzero(inner)
        edges_in = into[inner].T
        self.from_start, self.so_far = start[first[edges_in]], total[edges_in]
        self.local, self._walk_parts = local, (into, head, first, total, hops, ends)

    @cached_property
    def along(self) -> tuple[np.ndarray, ...]:
        """The inner nodes' edges in and `walk_order`. A start inside a chain enters the junctions'
        graph at the far ends of its two walks and reaches the rest of them directly. Made at the
        first such start."""
        into, head, first, total, hops, ends = self._walk_parts
        return (into, *walk_order(head, first, total, hops, ends))

    def distances(self, starts: np.ndarray) -> np.ndarray:
        """Each node's least cost from any of `starts` (node numbers, at least one), inf if none
        reaches it, as float64."""
        starts = np.asarray(starts, dtype=np.int64)
        inner = self.inner[starts]
        nodes, offsets = self.local[starts[~inner]], np.zeros(len(starts) - inner.sum())
        if inner.any():
            into, along_head, along_total, place, first, stop = self.along
            entered = into[starts[inner]].ravel()          # the start's two walks, at the start
            here, last = place[entered], stop[first[entered]] - 1
            nodes = np.concatenate([nodes, self.local[along_head[last]]])
            offsets = np.concatenate([offsets, along_total[last] - along_total[here]])
        order = np.lexsort((offsets, nodes))
        nodes, offsets = nodes[order], offsets[order]
        least = np.ones(len(nodes), dtype=bool)
        least[1:] = nodes[1:] != nodes[:-1]
        dist = np.empty(self.n)
        if nodes.size:
            at_junctions = self.graph.distances(nodes[least], offsets[least])
        else:
            at_junctions = np.full(len(self.junctions), np.inf)
        dist[self.junctions] = at_junctions
        via = at_junctions[self.from_start] + self.so_far
        dist[self.inner_nodes] = np.minimum(via[0], via[1])
        if inner.any():
            for lo, hi in zip(here.tolist(), last.tolist()):   # the rest of the start's walk, directly
                heads = along_head[lo + 1:hi]
                dist[heads] = np.minimum(dist[heads], along_total[lo + 1:hi] - along_total[lo])
        dist[starts] = 0.0
        return dist
