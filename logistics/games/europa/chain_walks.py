"""Rail lines walked a chain at a time (issue 19: most rounds of `walks.walk_many` stepped along
rail one node per round).

Inside a chain of the map's rail net (`rail_sides.RailNet`: nodes with exactly two rail neighbours,
linked both ways) a rail search's line back has no choice once it has stepped in: it came from one
neighbour, whose distance is higher by a positive weight, so its one step back is the other
neighbour (`IndexReach.next_step`: the least (node, weight) lowering the distance by the step's
weight; a rail search's edges are rail edges alone). So a walk that steps into a chain follows it
to the junction at its end in one round, each node passed with its step and weight, the same as
the rounds would record them. A walk jumps only when the distances say its line runs to the
junction (no seed inside the chain on the way), and each step passed is still checked at the end
of its batch (the node reached at a distance above 0, the step lowering it by exactly its weight,
the masks letting the line through); should one check fail, the whole batch is walked again one
step per round (`walks.walk_many`)."""
from __future__ import annotations

import numpy as np

from logistics.in_edges import shared
from logistics.network import HexIndex, IndexReach
from logistics.rail_sides import rail_net


class ChainWalks:
    """The map's rail chains as walks back toward their junctions, made once per index: for each
    rail edge of the net in the order of its walk (`RailNet.along_head`), the map node it enters,
    the node before it along the walk (the junction for a walk's first edge) and its weight."""

    def __init__(self, index: HexIndex):
        net = rail_net(index)
        self.net = net
        # int32 (node numbers and places): at 1M hexes about 800k places.
        self.node = net.nodes[net.along_head].astype(np.int32)     # map node at each place
        first = np.zeros(len(net.along_head), dtype=bool)
        first[net.walk_begins] = True
        before = np.empty_like(self.node)
        before[1:] = self.node[:-1]
        # A walk's first edge leaves its junction: the place's edge runs from that junction.
        order_edge = np.empty(len(net.place), dtype=np.int64)
        order_edge[net.place] = np.arange(len(net.place))
        before[first] = net.nodes[net.start[order_edge[first]]]
        self.before = before.astype(np.int32)
        weight = net.along_total.copy()
        weight[~first] -= net.along_total[np.flatnonzero(~first) - 1]
        self.weight = weight
        self.begin = net.walk_begins[order_edge].astype(np.int32)     # where each place's walk begins

    def jump(self, reach: IndexReach, came: np.ndarray, entered: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where the walks that stepped from `came` into `entered` (each a step back of `reach`)
        go on from: the junction at the end of the chain an entered node lies in, when the
        distances say the line runs to it (its distance below the entered node's by the chain's
        cost from there: no seed on the way), else the entered node; and the places (in the walks'
        order) of the walks that jumped, their nodes for `passed`."""
        net, nxt = self.net, entered.copy()
        local = net.local.take(entered)
        at = np.flatnonzero(local >= 0)
        at = at[net.inner.take(local.take(at))]
        if not at.size:
            return nxt, at
        rows = net.place.take(net.into.take(local.take(at), axis=0))     # its two walks in
        # Of the two walks into the entered node, the one that does not come from `came`: the
        # line goes on away from where it came from, toward that walk's junction.
        place = np.where(self.before.take(rows[:, 0]) == came.take(at), rows[:, 1], rows[:, 0])
        junction = self.before.take(self.begin.take(place))
        dist = reach.dist.array
        through = dist.take(entered.take(at)) - dist.take(junction) == net.along_total.take(place)
        nxt[at[through]] = junction[through]
        return nxt, place[through]

    def passed(self, reach: IndexReach, places: np.ndarray) -> tuple[np.ndarray, ...] | None:
        """The nodes the jumps at `places` passed (each walk from its entered node to the last
        node before its junction), with their steps and weights; each step checked against the
        rule of `IndexReach.next_step` (its node reached at a distance above 0 that the step
        lowers by its weight, the masks letting the line through: the one step back there is).
        None if a step fails its check."""
        count = places - self.begin.take(places) + 1
        total = int(count.sum())
        k = np.repeat(places + np.cumsum(count) - count, count) - np.arange(total)  # places, walked back
        node, step, weight = self.node.take(k), self.before.take(k), self.weight.take(k)
        dist = reach.dist.array
        d = dist.take(node)
        ok = (d > 0) & (d < np.inf) & (dist.take(step) + weight == d)
        ok &= reach.out_of.take(node) & reach.into.take(step)
        if not ok.all():
            return None
        return node.astype(np.int64), step.astype(np.int64), weight


def walks_along_chains(reach: IndexReach) -> bool:
    """Whether `reach` is a whole search over the index's rail edges with their weights (the rail
    element, 12B: what the chains were made from), so that its walks may jump along them."""
    ix = reach.index
    return reach.mask_edges is ix.rail and reach.weight is ix.rail_weight and reach.cutoff is None


def chain_walks(index: HexIndex) -> ChainWalks:
    """The index's rail chains as walks, made once per index (in_edges.shared)."""
    return shared(index, "rail chain walks", lambda: ChainWalks(index))
