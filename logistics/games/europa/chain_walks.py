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

# A batch of rail walks runs 10-30 rounds; a round from the table saves about 60 us of a round read
# at its front, whatever its size. The table costs about 13 ns a junction's edge at 100k hexes
# (9.7k junctions, 30k edges: 0.36-0.48 ms, paid back 1.5-2x), but 40 ns at 1M (98k junctions,
# 309k edges: 11-12 ms against 6-9 ms saved, the fronts' own gathers being most of a round
# there): it is read for nets of fewer junctions than this (maps to about 200k hexes).
TABLE_UNDER = 20_000


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
        self.s_j = None                                # `_junction_slots`, made when first read

    def _junction_slots(self, index: HexIndex) -> None:
        """Each junction's rail edges out (a step back of a rail search, `IndexReach.next_step`),
        by junction then neighbour, each with its weight and, when the neighbour lies inside a chain,
        where a walk entering it jumps (`jump`): that walk's place and the junction at its end."""
        net = self.net
        junction = net.map_junctions
        # Map node -> junction number; any other node -> one past the last (`junction_steps`' -2).
        self.junction_of = np.full(len(index), len(junction), dtype=np.int32)
        self.junction_of[junction] = np.arange(len(junction))
        nbr, eid = index.nbr.take(junction, axis=0), index.out_eid.take(junction, axis=0)
        rail = (eid >= 0) & index.rail.take(eid)
        # Each junction's row sorted by neighbour, the least first (as `next_step`), then its rail
        # edges read in row order: by junction, then neighbour.
        width = nbr.shape[1]
        col = np.where(rail, nbr, len(index)).argsort(axis=1)
        flat = (col + width * np.arange(len(junction))[:, None]).ravel()
        flat = flat.compress(rail.ravel().take(flat))
        self.s_j, b, e = flat // width, nbr.ravel().take(flat), eid.ravel().take(flat)
        self.s_node, self.s_b, self.s_w = junction.take(self.s_j), b, index.rail_weight.take(e).astype(float)
        self.w_less_one, rest = [], self.s_w
        while rest.size:                               # the weights' few distinct values, less one
            self.w_less_one.append(rest.item(0) - 1)
            rest = rest.compress(rest != rest.item(0))
        local = net.local.take(b)
        inner = np.flatnonzero(net.inner.take(local))
        pair = net.place.take(net.into.take(local.take(inner), axis=0))
        place = np.where(self.before.take(pair[:, 0]) == self.s_node.take(inner), pair[:, 1], pair[:, 0])
        self.s_place = np.full(len(b), -1, dtype=np.int64)
        self.s_place[inner] = place
        self.s_far = np.zeros(len(b), dtype=np.int64)  # the junction the walk ends at (0: none)
        self.s_far[inner] = self.before.take(self.begin.take(place))
        self.s_along = np.zeros(len(b))
        self.s_along[inner] = net.along_total.take(place)

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

    def table_pays(self) -> bool:
        """Whether a batch of rail walks (more than `walks.FEW`) pays for `junction_steps` by its
        cheaper rounds (see TABLE_UNDER)."""
        return len(self.net.junctions) < TABLE_UNDER

    def junction_steps(self, reach: IndexReach) -> tuple[np.ndarray, ...]:
        """Every junction's step back in `reach` (a rail search, `walks_along_chains`), read at once
        as `walks.steps_back` and `jump` would read it: per junction number, where its line goes on
        (`ahead`; -1: it ends there, at a seed or a node not reached; -2: undecided, left to
        `steps_back`; one more cell, -2, for the nodes that are no junction) and the edge of its
        step (`slot`, -1: none; read back by `junction_walked`)."""
        if self.s_j is None:
            self._junction_slots(reach.index)
        d, nj = reach.dist.array, len(self.net.junctions)
        dnode = d.take(self.net.map_junctions)
        ends = (dnode <= 0) | (dnode == np.inf)        # at a seed, or not reached: no step back
        dj, db = dnode.take(self.s_j), d.take(self.s_b)
        # `next_steps`' rule: the least neighbour a line may come from, lowering the distance by the
        # step's weight, or toward a node not reached where d = w - 1 (the search is not cut off):
        # only at a junction whose distance is some edge's weight less one.
        ok = db + self.s_w == dj
        moving = dnode.compress(~ends)
        if any((moving == w).any() for w in self.w_less_one):
            ok |= (db == np.inf) & (self.s_w - 1 == dj)
        ok &= reach.into.take(self.s_b)
        at = np.flatnonzero(ok)
        j = self.s_j.take(at)
        # Each moving junction's least step, from a junction a line may leave (`out_of`, read per
        # junction: a junction that may not be left keeps no step, as none of its edges would).
        first = np.empty(len(j), dtype=bool)
        first[:1] = True
        np.not_equal(j[1:], j[:-1], out=first[1:])
        first &= (~ends & reach.out_of.take(self.net.map_junctions)).take(j)
        at, j = at.compress(first), j.compress(first)
        ahead = np.full(nj + 1, -2)                    # moving, no step: undecided; not a junction
        ahead[:nj][ends] = -1
        b, far = self.s_b.take(at), self.s_far.take(at)
        # `jump`: on to the chain's junction when no seed lies inside it on the way.
        through = (self.s_place.take(at) >= 0) & (d.take(b) - d.take(far) == self.s_along.take(at))
        ahead.put(j, np.where(through, far, b))
        slot = np.full(nj, -1)
        slot.put(j, at)
        return ahead, slot

    def junction_walked(self, table: tuple[np.ndarray, np.ndarray], at: np.ndarray) -> tuple[np.ndarray, ...]:
        """The junctions `at` (numbers) walked from `junction_steps`' table, as `walks.steps_back`
        records them (node, step, weight; -1 and 0 where a line ends), and the places of the walks
        they jumped along (for `passed`)."""
        ahead, slot = (a.take(at) for a in table)
        slot = slot.compress(ahead >= 0)
        step = np.full(len(at), -1)
        weight = np.zeros(len(at))
        went = ahead >= 0
        step[went], weight[went] = self.s_b.take(slot), self.s_w.take(slot)
        jumped = ahead.compress(went) != step.compress(went)       # on to a junction, not the step
        return self.net.map_junctions.take(at), step, weight, self.s_place.take(slot.compress(jumped))

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
