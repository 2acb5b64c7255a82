"""The seed-independent part of `network.Regions.reaching`, made once per set of regions.

A line of any length leads from node a into a seed's region exactly when a may be left along an
edge into a neighbour in that region. Over symmetric edges, with `into` within `out_of`, two
neighbours that a line may both enter share a region (the edge between them joins it). So the
steps out of a node fall in two kinds:
- from a node of `into` (that a line may leave) whose region holds more than that node: a step
  into its own region (and only its own); one flag per node, `own`;
- from a node a line may leave but not enter: steps into the regions of its enterable
  neighbours; a few pairs (node, region), at the regions' borders.
Each question is then two gathers of these, not a pass over every node's six edges. A question
asked at a few nodes (the units' isolation, 3F) is read at those nodes' own edges (`reaching_at`),
with neither these steps nor a whole-map mask made.

The regions themselves are labelled by connected components: `component_roots` (array rounds,
also the rail connections' components of 12C1), or on a large map scipy's (`least_roots`), where
the array rounds cost more (400k hexes: 22 against 27 ms a side); scipy's import (about 0.15
s) is small beside a verdict of that size (the rail searches of the largest maps import it too,
rail_search.py). The choice depends on the map's size alone.
Performance: docs/performance.md.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Maps of this many hexes or more label their regions with scipy (see above).
SCIPY_FROM = 400_000


def labels_by_scipy(n: int) -> bool:
    return n >= SCIPY_FROM


def component_roots(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Connected components of the undirected graph on nodes 0..n-1 with edges a[k] - b[k]: each
    node's least node of its component, from whole-array rounds (no Python work per node). Each
    round hooks the larger root of every edge whose ends lie in different trees to the least root
    it meets, then jumps pointers (parent = parent[parent]) until every node points at its root.
    A node's parent is never larger than itself, so a root is the least node of its tree. Give
    each edge once: a repeated edge costs about as much as a distinct one.
    Every node is its own root at the start, so the first round hooks the edges as given, with no
    look-up of roots and no test (an edge given larger end first, or a loop, hooks nothing there:
    it joins from the second round). The rounds run on intp arrays (numpy 2.4.6 scatters and
    gathers by int32 indices 1.5-5x slower) and gather with take / compress."""
    parent = np.arange(n, dtype=np.intp)
    lo, hi = np.asarray(a, dtype=np.intp), np.asarray(b, dtype=np.intp)
    while lo.size:                       # roots; lo < hi from the second round
        np.minimum.at(parent, hi, lo)
        while True:
            grand = parent.take(parent)
            if np.array_equal(grand, parent):
                break
            parent = grand
        ra, rb = parent.take(lo), parent.take(hi)   # the new roots of each edge's ends
        apart = ra != rb                 # an edge whose ends share a root stays inside that tree
        ra, rb = ra.compress(apart), rb.compress(apart)
        lo, hi = np.minimum(ra, rb), np.maximum(ra, rb)
    return parent.astype(np.int64, copy=False)


def least_roots(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`component_roots` by scipy: each node's least node of its connected component in
    the undirected graph with edges a[k] - b[k]."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components
    a, b = np.asarray(a), np.asarray(b)
    if not (a[1:] >= a[:-1]).all():      # Regions gives its edges sorted by their first node
        order = np.argsort(a, kind="stable")
        a, b = a.take(order), b.take(order)
    # The compressed rows straight from the sorted edges: no conversion from (a, b) pairs, which
    # sorts them again (21 against 18.5 ms a side at 400k hexes).
    indptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(np.bincount(a, minlength=n), out=indptr[1:])
    graph = csr_matrix((np.ones(len(a), dtype=bool), b.astype(np.int32, copy=False), indptr), shape=(n, n))
    count, component = connected_components(graph, directed=False)
    least = np.full(count, n, dtype=np.int64)
    np.minimum.at(least, component, np.arange(n, dtype=np.int64))
    return least[component]


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
        eid, nbr = index.out_eid.take(outside, axis=0), index.nbr.take(outside, axis=0)
        # Off the map (edge -1) reads any cell of `edges` and `into`: the first test drops it.
        step = (eid >= 0) & edges.take(eid) & into.take(nbr)     # take: 2x a bool a[int32 idx]
        rows, cols = np.nonzero(step)
        return cls(own, outside[rows], label[nbr[rows, cols]])

    def reaching(self, label: np.ndarray, seeds: np.ndarray, into: np.ndarray) -> np.ndarray:
        """`Regions.reaching(seeds)`: a seed, or a node with a step into a seed's region."""
        hit = region_hits(label, seeds, into)
        found = seeds | (self.own & hit[label])
        found[self.border[hit[self.region]]] = True
        return found


def region_hits(label: np.ndarray, seeds: np.ndarray, into: np.ndarray) -> np.ndarray:
    """The regions that hold a seed a line may enter, as a table by label (a region's least node)
    with a spare last cell, False, that label -1 (outside `into`) reads."""
    n = len(label)
    hit = np.zeros(n + 1, dtype=bool)
    hit[label[seeds & into]] = True
    hit[n] = False
    return hit


def reaching_at(index, edges: np.ndarray, out_of: np.ndarray, label: np.ndarray, hit: np.ndarray,
                seeds: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """`Regions.reaching(seeds)[nodes]` read at `nodes` alone (`hit`: `region_hits` of the seeds):
    a seed, or a node a line may leave along an edge into a neighbour whose region holds a seed.
    Both kinds of step of `RegionSteps` at once: a node of `into` steps only into its own region,
    and it has such a step exactly when its region holds more than itself (symmetric edges), so
    no region sizes and no border pairs are needed, and nothing is read over the whole map."""
    nbr, eid = index.nbr.take(nodes, axis=0), index.out_eid.take(nodes, axis=0)
    # A neighbour outside `into` (label -1) reads the table's spare cell, False; off the map (edge
    # -1) reads any cell of `edges` and `label`: the first test drops it.
    step = (eid >= 0) & edges.take(eid) & hit.take(label.take(nbr))
    return seeds.take(nodes) | (out_of.take(nodes) & step.any(axis=1))


@dataclass(frozen=True)
class CommonRoots:
    """The regions over symmetric `edges` of the nodes every side may enter (`into`: within each
    side's own), labelled once (`roots`: each node's least node of its region, a node outside
    `into` its own), from which each side's regions are made by joining its other nodes alone. At
    100k hexes the two sides' masks differ in about 7k nodes of 85k (their units and ZOCs)."""
    edges: np.ndarray
    into: np.ndarray
    roots: np.ndarray

    def under(self, edges: np.ndarray, into: np.ndarray) -> bool:
        """Whether a side's regions over `edges` and `into` may be made from these."""
        return edges is self.edges and not (self.into & ~into).any()

    def extended(self, index, into: np.ndarray) -> np.ndarray:
        """The roots of the regions over the same edges of `into` (which holds `self.into`). A
        side's region is common regions and nodes of its own (each alone in the common roots)
        joined by the edges from a node of its own into `into`: every other edge between nodes
        of `into` joins two common nodes, inside a common region. Each region's least node is the
        least of its parts' least nodes, so the roots are those of one labelling of the whole."""
        own = np.flatnonzero(into & ~self.into)
        eid, nbr = index.out_eid.take(own, axis=0), index.nbr.take(own, axis=0)
        # Off the map (edge -1) reads any cell of `edges` and `into`: the first test drops it.
        step = (eid >= 0) & self.edges.take(eid) & into.take(nbr)
        rows, cols = np.nonzero(step)
        a, b = own.take(rows), self.roots.take(nbr[rows, cols])
        # The parts joined, numbered in node order (so the least number is the least root): a
        # small labelling, then each node's root looked up in one table of the whole map's nodes.
        table = np.zeros(len(into), dtype=np.int64)
        table[own] = 1
        table[b] = 1
        parts = np.flatnonzero(table)
        table[parts] = np.arange(len(parts))
        least = parts.take(component_roots(len(parts), table.take(a), table.take(b)))
        table = np.arange(len(into), dtype=np.int64)
        table[parts] = least
        return table.take(self.roots)
