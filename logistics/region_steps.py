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

The regions themselves are labelled by connected components (`run_roots`): the nodes are the
map's hexes in grid order, so most of a region's edges join a node to the next one (its row);
the runs of such nodes are numbered by one cumulative sum, and `component_roots` (array rounds,
also the rail connections' components of 12C1) joins the runs by the other edges. At 100k hexes
28k runs and 21k pairs of runs instead of 100k nodes and 216k edges: 2.3 against 4.8 ms, and at
1M 35-39 against scipy's 78 ms on the whole (scipy on the runs is no faster).
The edges of the few steps (dst - src) most nodes take (the next row's neighbours) are read by
slices of node masks, not gathered by edge: an edge is dropped by bool tests where the same step
from the node one or two back joins the same two runs (13k pairs left of 200k edges at 100k); the
other edges (none on the benchmark's grid; a ragged map's) are gathered as before. 2.5 -> 1.7 ms a side.
Which row steps are overland edges (the map's `crossable`) is kept with the index (`row_edges`),
so a labelling reads no edge mask over the whole map: 1.6 -> 1.2 ms a side.
Performance: docs/performance.md.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from logistics.in_edges import keeps_tables_for, usable_in


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


def run_roots(index, edges: np.ndarray, into: np.ndarray) -> np.ndarray:
    """Each node's least node of its region over the symmetric `edges` between nodes of `into` (a
    node outside `into` is its own), from one labelling of the whole map. Each edge from a node to
    a larger one stands for the pair (its reverse is alike). A run is a longest range of nodes each
    joined to the next by such an edge; runs are numbered in node order by a cumulative sum, the
    other edges join runs. An edge is dropped where the edge of its step from the node one or two
    back (kept) joins the same two runs, read by slices for the steps most edges take (`row_steps`)
    and, for the rest, where the edge before it, or the one before that, does. A run's number grows
    with its first node, so a component's least run starts at its least node: the roots are those
    of the nodes' own labelling."""
    step, slices, other, src, dst = row_steps(index)
    to_next, by_step = row_edges(index, edges)
    n = len(into)
    # The masks made in place, each once (a whole-map temporary costs as much as the operation).
    joined = np.zeros(n, dtype=bool)     # a node in the run of the node before it
    np.logical_and(to_next, into[:-1], out=joined[1:])
    joined[1:] &= into[1:]
    start = ~joined
    run = start.astype(np.intp)         # summed in place: quicker than bool's cumsum
    np.cumsum(run, out=run)
    run -= 1
    first = np.flatnonzero(start)
    pairs = []
    for (d, _), edge in zip(slices, by_step):     # the edges u -> u + d, by u
        keep = edge & into[:-d]
        keep &= into[d:]
        both = joined[1:n - d] & joined[1 + d:]      # u and u + d in the runs of u - 1 and u - 1 + d
        dup = np.zeros(n - d, dtype=bool)
        np.logical_and(keep[:-1], both, out=dup[1:])
        both[1:] &= both[:-1]
        both[1:] &= keep[:-2]
        dup[2:] |= both[1:]
        np.logical_not(dup, out=dup)
        dup &= keep
        k = np.flatnonzero(dup)
        pairs.append((run.take(k), run.take(k + d)))
    keep = edges.take(other) & into.take(src) & into.take(dst)
    a, b = run.take(src.compress(keep)), run.take(dst.compress(keep))
    if a.size > 2:
        new = np.ones(a.size, dtype=bool)
        new[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
        new[2:] &= (a[2:] != a[:-2]) | (b[2:] != b[:-2])
        a, b = a.compress(new), b.compress(new)
    if pairs:
        a, b = np.concatenate([a, *(x for x, _ in pairs)]), np.concatenate([b, *(y for _, y in pairs)])
    return first.take(component_roots(len(first), a, b)).take(run)


def row_edges(index, edges: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """Which of `row_steps`' edges are among `edges`: for each node but the last, whether its edge
    to the next node is (False: no such edge); per step d of its slices, whether each node's edge
    to u + d is. Kept with the index where `edges` is its `crossable` or one of its `shared`
    arrays (the regions of 3F label the overland edges, the same for every position), made
    again for any other."""
    kept = index.__dict__.setdefault("_row_edges", [])
    for known, masks in kept:
        if known is edges:
            return masks
    step, slices = row_steps(index)[:2]
    # No edge (-1) reads the last cell of `edges`: the test `>= 0` drops it.
    masks = ((step >= 0) & edges.take(step), [(eid >= 0) & edges.take(eid) for _, eid in slices])
    if keeps_tables_for(index, edges):
        kept.append((edges, masks))
    return masks


def row_steps(index) -> tuple[np.ndarray, list, np.ndarray, np.ndarray, np.ndarray]:
    """`run_roots`' tables, kept on the index: for each node but the last, the edge to the next
    node (-1: none); for each step d (dst - src) taken by at least an eighth of the nodes (in grid
    order, a few: the next row's neighbours), the edge from each node u to u + d, as (d, edges by u,
    -1: none), read by slices; every other edge from a node to a larger one, by number, as (edge,
    from, to). intp (take is 2x faster with it): 8 bytes a node a step, 24 an other edge."""
    known = index.__dict__.get("_row_steps")
    if known is None:
        src, dst, n = index.src, index.dst, len(index)
        to_next = dst == src + 1
        other = np.flatnonzero((src < dst) & ~to_next)
        nexts = np.flatnonzero(to_next)
        step = np.full(n, -1, dtype=np.intp)
        step[src.take(nexts)] = nexts
        gap = dst.take(other) - src.take(other)
        steps, counts = np.unique(gap, return_counts=True)
        slices = []
        for d in steps[counts * 8 >= n].tolist():
            on = gap == d
            eid = np.full(n - d, -1, dtype=np.intp)
            eid[src.take(other[on])] = other[on]
            slices.append((d, eid))
        rest = other[~np.isin(gap, [d for d, _ in slices])]
        known = index.__dict__["_row_steps"] = (step[:-1], slices, rest, src.take(rest).astype(np.intp),
                                                dst.take(rest).astype(np.intp))
    return known


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
    nbr = index.nbr.take(nodes, axis=0)
    # A neighbour outside `into` (label -1) reads the table's spare cell, False; off the map (edge
    # -1) reads any cell of `edges` and `label`: the first test drops it.
    step = hit.take(label.take(nbr))
    kept = usable_in(index, edges)
    if kept is not None:
        # Symmetric edges: the edge to the neighbour in direction d is one of `edges` exactly when
        # the edge from it is, the row the searches' kept table holds (in_edges.py).
        step &= kept.take(nodes, axis=0)
    else:
        eid = index.out_eid.take(nodes, axis=0)
        step &= eid >= 0
        step &= edges.take(eid)
    return seeds.take(nodes) | (out_of.take(nodes) & step.any(axis=1))
