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
