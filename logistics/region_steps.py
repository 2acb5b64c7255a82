"""The seed-independent part of `network.Regions.reaching`, made once per set of regions.

A line of any length leads from node a into a seed's region exactly when a may be left along an
edge into a neighbour in that region. Over symmetric edges, with `into` within `out_of`, two
neighbours that a line may both enter share a region (the edge between them joins it). So the
steps out of a node fall in two kinds:
- from a node of `into` (that a line may leave) whose region holds more than that node: a step
  into its own region (and only its own); one flag per node, `own`;
- from a node a line may leave but not enter: steps into the regions of its enterable
  neighbours; a few pairs (node, region), at the regions' borders.
Each question is then two gathers of these, not a pass over every node's six edges.
Performance: docs/performance.md.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class RegionSteps:
    own: np.ndarray          # node mask: a step into the node's own region exists
    border: np.ndarray       # nodes outside `into` with a step into a region ...
    region: np.ndarray       # ... this region (its label), pair by pair

    @classmethod
    def of(cls, index, edges: np.ndarray, into: np.ndarray, out_of: np.ndarray,
           label: np.ndarray) -> RegionSteps:
        """The steps of `network.Regions` (its `label`: each `into` node's region as its least
        node, -1 outside `into`)."""
        n = len(index)
        # A region of more than one node: one of its nodes is not its own label, and its label's
        # node is in it too. Each node of such a region has a neighbour in it (it is connected).
        own = (label >= 0) & (label != np.arange(n))
        own[label[own]] = True
        own &= out_of
        outside = np.flatnonzero(out_of & ~into)
        eid, nbr = index.out_eid[outside], index.nbr[outside]
        # Off the map (edge -1) reads any cell of `edges` and `into`: the first test drops it.
        step = (eid >= 0) & edges[eid] & into[nbr]
        rows, cols = np.nonzero(step)
        return cls(own, outside[rows], label[nbr[rows, cols]])

    def reaching(self, label: np.ndarray, seeds: np.ndarray, into: np.ndarray) -> np.ndarray:
        """`Regions.reaching(seeds)`: a seed, or a node with a step into a seed's region."""
        n = len(label)
        hit = np.zeros(n + 1, dtype=bool)       # label -1 (outside `into`) reads the spare last cell
        hit[label[seeds & into]] = True
        hit[n] = False
        found = seeds | (self.own & hit[label])
        found[self.border[hit[self.region]]] = True
        return found
