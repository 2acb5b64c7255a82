"""Where a whole-map search starts from an earlier one over the same edges, masks, weights and
cutoff whose seeds are not all among its own (`network.search(start=...)`).

`warm_start.py` starts from an earlier search whose seeds are all seeds here. Groups of sources
also differ the other way: a coalition's group lacks a few of another group's source cities and
has a few of its own. Such an earlier search, from seeds S0, gives this one's start once the
seeds R it has and this one lacks are taken out: a search from R alone, over the same edges,
masks, weights and cutoff, finds the nodes whose distance R may have made (d_R(x) = d_S0(x));
those start unreached. Every other reached node keeps its distance, which a path from S0 without R
achieves, so a path here. Its first frontier: the seeds S0 lacks, and the kept nodes next to a node
that starts unreached (hex neighbours are mutual, so a node's step into such a node is among its
neighbours). Every other kept node already relaxed its neighbours to a fixed point in the earlier
search, and its neighbours kept their distances, so a label-correcting search from there is exact.
Performance: docs/performance.md.
"""
from __future__ import annotations

import numpy as np

from logistics.network import IndexReach, search
from logistics.sorted_unique import sorted_unique
from logistics.warm_start import packed_seeds, same

# A start is taken when the seeds to take out are at most this share of the earlier search's:
# the search from them is then small beside the search it saves.
MOST_REMOVED = 1 / 16


def nearest_other(earlier: list[IndexReach], seeds: np.ndarray, packed: np.ndarray, how: dict) -> IndexReach | None:
    """Of `earlier` searches over the same edges, masks, weights and cutoff as `how`, the one with
    the fewest seeds that `seeds` (packed: `np.packbits(seeds)`) lacks, if they are few enough."""
    best, fewest = None, None
    for reach in earlier:
        if reach.cutoff != how.get("cutoff") or not same(reach.weight, how.get("weight")) \
                or not same(reach.mask_edges, how["edges"]) or not same(reach.into, how["into"]) \
                or not same(reach.out_of, how["out_of"]):
            continue
        old = packed_seeds(reach)
        removed = int(np.bitwise_count(old & ~packed).sum())
        if removed <= MOST_REMOVED * int(np.bitwise_count(old).sum()) and (fewest is None or removed < fewest):
            best, fewest = reach, removed
    return best


def trimmed_start(index, known: IndexReach, seeds: np.ndarray, how: dict) -> tuple[np.ndarray, np.ndarray]:
    """The distances (one cell per node) and first frontier where a search from `seeds` over `how`
    starts from `known` (same edges, masks, weights and cutoff; any seeds), as said above."""
    old = known.dist.array
    removed = known.seeds & ~seeds
    dist = old.copy()
    if removed.any():
        by_removed = search(index, removed, **how).dist.array
        lost = np.flatnonzero((by_removed == old) & (old != np.inf))
        dist[lost] = np.inf
        around = index.nbr[lost].ravel()
        around = around[around >= 0]                 # -1: off the map
        around = around[dist[around] != np.inf]
    else:
        around = np.empty(0, dtype=np.int64)
    added = np.flatnonzero(seeds & ~known.seeds)
    dist[added] = 0.0
    return dist, sorted_unique(np.concatenate([around.astype(np.int64), added]))
