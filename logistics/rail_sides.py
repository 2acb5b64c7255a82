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
from logistics.rail_chains import JunctionCore, contract, own_nodes, walk_order
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
        pair = self.junction_of[self.start[ends]] * nj + self.junction_of[head[ends]]
        order = np.argsort(pair, kind="stable")
        self.ends, pair = ends[order], pair[order]
        self.end_cost = total[self.ends]
        # Each walk's pair's number among the distinct pairs (sorted already: no np.unique).
        new = np.diff(pair, prepend=-1) != 0
        self.end_pair = np.cumsum(new) - 1
        keys = pair[new]
        self.core = JunctionCore(nj, keys)
        # Each inner node's two edges in (one per direction along its chain), as two rows: the
        # junction each walk left and its cost so far.
        self.inner_nodes = np.flatnonzero(inner)
        # Row by row in memory (a transpose, and what fancy indexing makes of it, is not): every
        # search gathers along these rows, a strided row reads a fifth slower.
        self.edges_in = np.ascontiguousarray(into[inner].T)
        # The same nodes as map nodes: a side's search writes its distances into the map's array.
        self.map_junctions, self.map_inner = self.nodes[self.junctions], self.nodes[self.inner_nodes]
        self.from_start, self.so_far = self.junction_of[self.start[self.edges_in]], total[self.edges_in]

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
        ends = followed[net.ends]
        pair, cost = net.end_pair[ends], net.end_cost[ends]
        cut = np.flatnonzero(np.diff(pair, prepend=-1))
        core = net.core
        least = np.full(len(core.keys) + 1, np.inf)    # each pair's least cost; the last: no pair
        if cut.size:
            least[pair[cut]] = np.minimum.reduceat(cost, cut)
        self.graph = FixedGraph(len(net.junctions), *core.side(least))
        # The walks' costs to and from the junctions left out of the graph.
        self.dead_in, self.dead_out = least[core.dead_in], least[core.dead_out]
        self.a_in, self.b_in, self.to_a, self.to_b = (least[k] for k in (core.a_in, core.b_in, core.to_a, core.to_b))
        # The inner nodes' costs so far along their two walks, infinite where the side may not
        # follow the walk.
        self.so_far = np.where(followed[net.edges_in], net.so_far, np.inf)

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
        nodes, offsets, dead_starts, series_starts = self._passed_on(nodes, offsets)
        order = np.lexsort((offsets, nodes))
        nodes, offsets = nodes[order], offsets[order]
        least = np.ones(len(nodes), dtype=bool)
        least[1:] = nodes[1:] != nodes[:-1]
        least &= offsets != np.inf
        if least.any():
            at_junctions = self.graph.distances(nodes[least], offsets[least])
        else:
            at_junctions = np.full(len(net.junctions), np.inf)
        core = net.core
        from_a, from_b = at_junctions.take(core.series_a), at_junctions.take(core.series_b)
        from_a += self.a_in
        from_b += self.b_in
        at_junctions[core.series] = np.minimum(from_a, from_b, out=from_a)
        if series_starts is not None:
            np.minimum.at(at_junctions, *series_starts)
        at_dead_ends = at_junctions.take(core.dead_next)
        at_dead_ends += self.dead_in
        at_junctions[core.dead] = at_dead_ends
        if dead_starts is not None:
            np.minimum.at(at_junctions, *dead_starts)
        dist[junctions] = at_junctions
        via = at_junctions.take(net.from_start)     # each inner node's two walks: made once, added in place
        via += self.so_far
        dist[inner_nodes] = np.minimum(via[0], via[1], out=via[0])
        if inside.size:                            # the rest of the starts' walks, directly
            np.minimum.at(dist, heads if place is None else place[heads], costs)

    def _passed_on(self, nodes: np.ndarray, offsets: np.ndarray) -> tuple:
        """Starts (junction numbers, offsets) at dead ends, then at series junctions
        (`rail_chains.JunctionCore`) passed on to their neighbours: the starts in the core, and the
        dead and series starts themselves (junctions, offsets; None if none) for their own distance."""
        core, passed = self.net.core, []
        for rank_of, left, nexts in ((core.dead_rank, core.dead, ((core.dead_next, self.dead_out),)),
                                     (core.series_rank, core.series, ((core.series_a, self.to_a),
                                                                      (core.series_b, self.to_b)))):
            rank = rank_of[nodes]
            at = rank >= 0
            if not at.any():
                passed.append(None)
                continue
            rank, there = rank[at], offsets[at]
            passed.append((left[rank], there))
            nodes = np.concatenate([nodes[~at]] + [nxt[rank] for nxt, _ in nexts])
            offsets = np.concatenate([offsets[~at]] + [there + cost[rank] for _, cost in nexts])
        return nodes, offsets, passed[0], passed[1]

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
