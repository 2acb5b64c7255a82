"""Where a whole-map search starts from an earlier one (`network.search(known=...)`).

A label-correcting search is exact from any distances that some paths achieve, provided its first
frontier holds every node whose step back could still improve a neighbour. An earlier search over
the same edges and weights, within this one's node masks and from some of its seeds, gives such
distances (its paths are paths here), and it already relaxed every node it reached except:
- the seeds it lacks;
- its reached nodes a line may enter here but not there (`into` grew), and those a line enters
  from a neighbour that may be left here but not there (`out_of` grew);
- with a shorter cutoff than this search, its reached nodes whose step back to a neighbour was
  cut (distance + weight past its cutoff).
Those are the first frontier. Performance: docs/performance.md.
"""
from __future__ import annotations

import numpy as np


def warm_start(index, known, seeds: np.ndarray, into: np.ndarray, out_of: np.ndarray,
               weight: np.ndarray | None, limit: float, dist: np.ndarray) -> np.ndarray:
    """Set `dist` (one cell per node of `index`) to where a search from `seeds` over `into`,
    `out_of` and `weight`, cut off at `limit` (inf: none), starts from the `known` search
    (`network.IndexReach`, as said above), and return its first frontier (nodes, each once)."""
    old = known.dist.array
    dist[:] = old
    fresh = seeds & ~known.seeds
    frontier = np.flatnonzero(fresh)
    dist[frontier] = 0.0
    same_masks = same(known.into, into) and same(known.out_of, out_of)
    cut_shorter = known.cutoff is not None and known.cutoff < limit
    if not same_masks or cut_shorter:
        reached = np.flatnonzero(old <= limit)
        again = np.zeros(len(reached), dtype=bool)
        if not same_masks:
            again |= (into & ~known.into)[reached]
            grown = out_of & ~known.out_of
            # nbr -1 (off the map) reads the last node: at worst a node relaxes again for nothing.
            again |= grown[index.nbr[reached]].any(axis=1)
        if cut_shorter:
            step = 1.0 if weight is None else weight[index.in_eid[reached]].max(axis=1)
            again |= old[reached] + step > known.cutoff
        fresh[reached[again]] = True
        frontier = np.flatnonzero(fresh)
    if limit < np.inf and (known.cutoff is None or known.cutoff > limit):
        dist[dist > limit] = np.inf           # kept past this search's cutoff
    return frontier


def same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    """The same array (or both None): the same object, or equal cell for cell."""
    return a is b or (a is not None and b is not None and np.array_equal(a, b))
