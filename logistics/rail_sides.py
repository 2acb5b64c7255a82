"""The rail element's Dijkstras (12B) for every side from one contraction of the map's whole rail
net: `RailNet` contracts its chains once (`rail_chains.contract`) and is kept with the map's
index, so both sides of a verdict and every later engine on the same map share it. A side
(`SideRail`) only says which of the net's walks it may follow.

A side's masks cut the net: a line may enter a node of `into` and leave a node of `out_of`
(a side's rail: 12A, 39A, 37C through `SideView.enter_rail`, and its own hexes). A walk from a
junction reaches the head of one of its edges when the junction may be entered (a line goes on
from it), every node passed on the way may be entered and left, and the head may be left; a chain
with a node the side may not pass is thus cut there, and nodes beyond are reached from the
chain's other end or not at all. The junctions' graph keeps the walks a side may follow end to
end (the least per pair of junctions). Distances are sums of whole numbers, exact in float64 in
any order: the same bits as one Dijkstra over the edges the side's masks keep.
"""
from __future__ import annotations

import numpy as np

from logistics.in_edges import shared
from logistics.network import HexIndex, IndexReach
from logistics.rail_chains import contract, own_nodes, walk_order
from logistics.rail_search import FixedGraph


class RailNet:
    """The edges `edges` of the index (each cost `weight`, or 1), reversed for searches from the
    seeds back, on their own nodes, with every chain contracted."""

    def __init__(self, index: HexIndex, edges: np.ndarray, weight: np.ndarray | None):
        keep = np.flatnonzero(edges)
        src, dst = index.src[keep], index.dst[keep]
        cost = np.ones(len(src)) if weight is None else weight[keep].astype(float)
        self.nodes, self.local = own_nodes(len(index), src, dst)    # graph node j is map node nodes[j]
        local = self.local
        # An index edge per ordered pair of adjacent hexes: no edge is repeated. Reversed.
        tail, head = local[dst], local[src]
        self.n = n = len(self.nodes)
        inner, into, first, total, hops = contract(n, tail, head, cost)
        self.inner, self.into, self.first = inner, into, first
        self.junctions = np.flatnonzero(~inner)
        self.junction_of = np.full(n, -1, dtype=np.int64)
        self.junction_of[self.junctions] = np.arange(len(self.junctions))
        self.start = tail[first]                  # the junction each edge's walk leaves
        self.head = head
        ends = np.flatnonzero(~inner[head])
        self.along_head, self.along_total, self.place, _, self.stop = walk_order(head, first, total, hops, ends)
        self.walk_begins = self.place - hops      # where each edge's walk begins in that order
        # The walks from a junction to another, sorted by pair of junctions (a walk back to its
        # own junction never shortens anything).
        ends = ends[self.start[ends] != head[ends]]
        nj = len(self.junctions)
        tails, heads = self.junction_of[self.start[ends]], self.junction_of[head[ends]]
        self._dead_ends(nj, tails, heads)
        dead = self.dead_rank[tails] >= 0
        dead |= self.dead_rank[heads] >= 0
        pair = tails * nj + heads
        for name, part in (("", ~dead), ("dead_", dead)):
            order = np.flatnonzero(part)[np.argsort(pair[part], kind="stable")]
            kept = ends[order]
            setattr(self, name + "ends", kept)
            setattr(self, name + "pair", pair[order])
            setattr(self, name + "end_cost", total[kept])
            # The pairs' tails and heads by look-up, not by division per side.
            setattr(self, name + "pair_tail", tails[order])
            setattr(self, name + "pair_head", heads[order])
        # Each inner node's two edges in (one per direction along its chain), as two rows: the
        # junction each walk left and its cost so far.
        self.inner_nodes = np.flatnonzero(inner)
        # Row by row in memory (a transpose, and what fancy indexing makes of it, is not): every
        # search gathers along these rows, a strided row reads a fifth slower.
        self.edges_in = np.ascontiguousarray(into[inner].T)
        # The same nodes as map nodes: a side's search writes its distances into the map's array.
        self.map_junctions, self.map_inner = self.nodes[self.junctions], self.nodes[self.inner_nodes]
        self.from_start, self.so_far = self.junction_of[self.start[self.edges_in]], total[self.edges_in]

    def _dead_ends(self, nj: int, tails: np.ndarray, heads: np.ndarray) -> None:
        """The junctions whose walks all join one other junction, that one joined to others (a
        branch line's end: 15 % of the junctions at 100k): `dead` (junction numbers), `dead_next`
        (the junction they join), `dead_rank` (a junction's place in `dead`, -1 for the others).
        The searches leave them out of the junctions' graph: a dead end x joined to y is reached
        only by its walk from y (or as a start), d(x) = min(its offset, d(y) + cost y..x), and a
        path through x back to y is never shorter than the walks' sums it adds, so only a start at
        x passes it on, at its offset + cost x..y (exact: the same whole-number sums)."""
        a, b = np.minimum(tails, heads), np.maximum(tails, heads)
        joined = np.unique(a * nj + b)
        a, b = joined // nj, joined % nj
        degree = np.bincount(a, minlength=nj) + np.bincount(b, minlength=nj)
        other = np.zeros(nj, dtype=np.int64)
        other[a], other[b] = b, a          # a junction of degree 1: its one neighbour
        dead = np.flatnonzero(degree == 1)
        self.dead = dead = dead[degree[other[dead]] >= 2]
        self.dead_next = other[dead]
        self.dead_rank = np.full(nj, -1, dtype=np.int64)
        self.dead_rank[dead] = np.arange(len(dead))

    def followed(self, into: np.ndarray, out_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Edge mask: the walk from its junction to the edge's head is one a line may follow,
        given node masks over the net's nodes (see the module's docstring); and the count of nodes
        barred (not passes) before each place in the walks' order (`SideRail._walks_from`)."""
        passes = into & out_of
        # Nodes passed before each edge, counted along the walks: none may be barred.
        # int32 (fewer places than 2**31 on any map) and take: 1.10 -> 0.90 ms a verdict at 100k.
        barred = np.zeros(len(self.along_head) + 1, dtype=np.int32)
        np.cumsum(~passes.take(self.along_head), out=barred[1:])
        clear = barred.take(self.place) == barred.take(self.walk_begins)
        return clear & into.take(self.start) & out_of.take(self.head), barred


def rail_net(index: HexIndex) -> RailNet:
    """The map's rail net (its rail edges, each low-volume hex weighing 1,000,001), made once and
    kept with the index (in_edges.shared)."""
    return shared(index, "rail net", lambda: RailNet(index, index.rail, index.rail_weight))


class SideRail:
    """`network.search` without a cutoff over `net` (made from `edges` and `weight`) with a side's
    node masks, repeated for many sets of seeds: each one Dijkstra over the junctions the side's
    walks join."""

    def __init__(self, net: RailNet, index: HexIndex, edges: np.ndarray, into: np.ndarray,
                 out_of: np.ndarray, weight: np.ndarray | None = None):
        self.net, self.index, self.edges, self.into, self.out_of, self.weight = net, index, edges, into, out_of, weight
        self.into_net, self.out_of_net = into[net.nodes], out_of[net.nodes]
        followed, self.barred = net.followed(self.into_net, self.out_of_net)
        tail, head, cost = self._pairs(followed, "")
        self.graph = FixedGraph(len(net.junctions), tail, head, cost)
        # The dead ends' walks (RailNet._dead_ends): the least cost into each from its one
        # neighbour and out of it to that neighbour, inf where the side follows none.
        self.dead_in, self.dead_out = np.full(len(net.dead), np.inf), np.full(len(net.dead), np.inf)
        tail, head, cost = self._pairs(followed, "dead_")
        into = net.dead_rank[head] >= 0
        self.dead_in[net.dead_rank[head[into]]] = cost[into]
        self.dead_out[net.dead_rank[tail[~into]]] = cost[~into]
        # The inner nodes' costs so far along their two walks, infinite where the side may not
        # follow the walk.
        self.so_far = np.where(followed[net.edges_in], net.so_far, np.inf)

    def _pairs(self, followed: np.ndarray, part: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The pairs of junctions some followed walk of the net's `part` ends (sorted by pair)
        joins, tail, head and least cost."""
        net = self.net
        ends = followed[getattr(net, part + "ends")]
        pair, cost = getattr(net, part + "pair")[ends], getattr(net, part + "end_cost")[ends]
        cut = np.flatnonzero(np.diff(pair, prepend=-1))
        return (getattr(net, part + "pair_tail")[ends][cut], getattr(net, part + "pair_head")[ends][cut],
                np.minimum.reduceat(cost, cut) if cut.size else cost[:0])

    def _walks_from(self, inside: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The nodes a start inside a chain reaches along its two walks before the first node it
        may not pass (that node too if it may be left), with their costs, walk after walk."""
        net, barred = self.net, self.barred
        entered = net.into[inside].ravel()         # the start's two walks, at the start
        begin = net.place[entered] + 1             # the places after the start's, in the walks' order
        # A walk's run ends at its stop, or just after its first place p >= begin whose node may
        # not be passed (12B: that node reached, no further): the first p + 1 where the count of
        # barred nodes before it passes the count before begin (the count never falls).
        end = np.minimum(np.searchsorted(barred, barred[begin] + 1), net.stop[net.first[entered]])
        length = end - begin
        # Each run's places begin, begin + 1, ..., end - 1, the runs one after the other.
        places = np.arange(length.sum()) + np.repeat(begin - (np.cumsum(length) - length), length)
        heads = net.along_head[places]
        costs = net.along_total[places] - np.repeat(net.along_total[begin - 1], length)
        leave = self.out_of_net[heads]
        return heads[leave], costs[leave]

    def distances(self, starts: np.ndarray) -> np.ndarray:
        """Each net node's least cost from any of `starts` (net node numbers), inf if none reaches it."""
        net = self.net
        dist = np.empty(net.n)
        self._fill(dist, starts, net.junctions, net.inner_nodes, None)
        dist[starts] = 0.0
        return dist

    def _fill(self, dist: np.ndarray, starts: np.ndarray, junctions: np.ndarray, inner_nodes: np.ndarray,
              place: np.ndarray | None) -> None:
        """Write the distances from `starts` (net node numbers) of the net's junctions and inner
        nodes into `dist` at `junctions` and `inner_nodes`, and the rest of the starts' walks at
        `place`[net node] (None: the net's own numbers); the starts themselves are left to the caller."""
        net = self.net
        inner = net.inner[starts]
        nodes, offsets = net.junction_of[starts[~inner]], np.zeros(len(starts) - inner.sum())
        inside = starts[inner & self.into_net[starts]]          # a start a line may go on from
        if inside.size:
            heads, costs = self._walks_from(inside)
            at_junction = ~net.inner[heads]                     # the far end of a walk, reached
            nodes = np.concatenate([nodes, net.junction_of[heads[at_junction]]])
            offsets = np.concatenate([offsets, costs[at_junction]])
        rank = net.dead_rank[nodes]
        at_dead = rank >= 0
        if at_dead.any():                                       # passed on to their neighbours
            rank, dead_offsets = rank[at_dead], offsets[at_dead]
            nodes = np.concatenate([nodes[~at_dead], net.dead_next[rank]])
            offsets = np.concatenate([offsets[~at_dead], dead_offsets + self.dead_out[rank]])
        order = np.lexsort((offsets, nodes))
        nodes, offsets = nodes[order], offsets[order]
        least = np.ones(len(nodes), dtype=bool)
        least[1:] = nodes[1:] != nodes[:-1]
        least &= offsets != np.inf
        if least.any():
            at_junctions = self.graph.distances(nodes[least], offsets[least])
        else:
            at_junctions = np.full(len(net.junctions), np.inf)
        at_dead_ends = at_junctions.take(net.dead_next)
        at_dead_ends += self.dead_in
        at_junctions[net.dead] = at_dead_ends
        if at_dead.any():
            np.minimum.at(at_junctions, net.dead[rank], dead_offsets)
        dist[junctions] = at_junctions
        via = at_junctions.take(net.from_start)     # each inner node's two walks: made once, added in place
        via += self.so_far
        dist[inner_nodes] = np.minimum(via[0], via[1], out=via[0])
        if inside.size:                            # the rest of the starts' walks, directly
            np.minimum.at(dist, heads if place is None else place[heads], costs)

    def search(self, seeds: np.ndarray) -> IndexReach:
        dist = np.full(len(self.index), np.inf)
        starts = np.flatnonzero(seeds)
        net = self.net
        inside = net.local[starts]
        inside = inside[inside >= 0]
        if inside.size:          # straight into the map's array: no net-sized one copied into it
            self._fill(dist, inside, net.map_junctions, net.map_inner, net.nodes)
        dist[starts] = 0.0       # its starts in the net among them
        return IndexReach(self.index, seeds, self.edges, self.into, self.out_of, self.weight, None, dist)


def side_rail(index: HexIndex, into: np.ndarray, out_of: np.ndarray) -> SideRail:
    """A side's rail searches (12B) over the map's shared rail net."""
    return SideRail(rail_net(index), index, index.rail, into, out_of, index.rail_weight)
