"""Minimum vertex cuts between a unit and its sources: OR-Tools max-flow over the supply network
with node capacities (each hex split into an entry and an exit joined by an arc of capacity 1 if
the enemy may take the hex, unbounded otherwise).

The network (games.base.SupplyNetwork) holds every route a line may take, lengths aside, so the
max-flow value k from the sources to a unit is the least number of hexes whose loss cuts every
route (Menger): k hexes always cut it, and the length limits may let fewer do it."""
from __future__ import annotations

import numpy as np
from ortools.graph.python import max_flow


class RouteFlow:
    """The flow network of one supply network, solved once per unit hex."""

    def __init__(self, network, cuttable: np.ndarray):
        ix = network.index
        n = len(ix)
        self.n, self.cuttable = n, cuttable
        self.unbounded = n + 1                        # more than any vertex cut
        self.sea, self.source = 2 * n, 2 * n + 1      # node 2i: entry of hex i, 2i+1: its exit
        nodes = np.arange(n, dtype=np.int64)
        e = np.flatnonzero(network.edges)
        seeds = np.flatnonzero(network.seeds)
        # A line from hex a enters hex b (edge a -> b): supply flows from b's exit into a's entry.
        naval_to = np.asarray(network.naval_to, dtype=np.int64)
        naval_from = np.asarray(network.naval_from, dtype=np.int64)
        tails = [2 * nodes, 2 * ix.dst[e] + 1, np.full(len(seeds), self.source), 2 * naval_to + 1,
                 np.full(len(naval_from), self.sea)]
        heads = [2 * nodes + 1, 2 * ix.src[e], 2 * seeds, np.full(len(naval_to), self.sea), 2 * naval_from]
        caps = [np.where(cuttable, 1, self.unbounded)] + [np.full(len(t), self.unbounded) for t in tails[1:]]
        self.flow = max_flow.SimpleMaxFlow()
        self.flow.add_arcs_with_capacity(np.concatenate(tails).astype(np.int32), np.concatenate(heads).astype(np.int32),
                                         np.concatenate(caps).astype(np.int64))

    def min_cuts(self, node: int, limit: int) -> tuple[int | None, list[tuple[int, ...]]]:
        """(the max-flow value, or None if no cut of hexes the enemy may take exists; the cuts
        nearest the sources and nearest the unit, as hex nodes, when the value is <= limit)."""
        status = self.flow.solve(self.source, 2 * node)
        if status != self.flow.OPTIMAL:
            raise RuntimeError(f"max-flow status {status}")
        value = int(self.flow.optimal_flow())
        if value >= self.unbounded:
            return None, []
        if value == 0 or value > limit:
            return value, []
        near_source = set(self.flow.get_source_side_min_cut())
        near_unit = set(self.flow.get_sink_side_min_cut())
        # Saturated hex arcs: entry on the source's side and exit not; exit on the unit's side and entry not.
        cuts = {tuple(sorted(v // 2 for v in near_source if v < self.sea and v % 2 == 0 and v + 1 not in near_source)),
                tuple(sorted(v // 2 for v in near_unit if v < self.sea and v % 2 == 1 and v - 1 not in near_unit))}
        return value, sorted(c for c in cuts if len(c) == value)
