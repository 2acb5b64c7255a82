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
               weight: np.ndarray | None, limit: float, dist: np.ndarray,
               packed: np.ndarray | None = None) -> np.ndarray:
    """Set `dist` (one cell per node of `index`) to where a search from `seeds` over `into`,
    `out_of` and `weight`, cut off at `limit` (inf: none), starts from the `known` search
    (`network.IndexReach`, as said above), and return its first frontier (nodes, each once).
    `packed`: `np.packbits(seeds)`, if the caller has it."""
    old = known.dist.array
    same_masks = same(known.into, into) and same(known.out_of, out_of)
    cut_shorter = known.cutoff is not None and known.cutoff < limit
    cut_longer = limit < np.inf and (known.cutoff is None or known.cutoff > limit)
    if packed is not None and same_masks and not cut_shorter and not cut_longer:
        # The same masks and cutoff (most starts: groups a few cities apart): the frontier is the
        # seeds `known` lacks alone, read from the seeds' bits (an eighth of the memory of the
        # whole-map masks, which a verdict's searches have left out of the cache).
        dist[:] = old
        frontier = _fresh_nodes(packed, packed_seeds(known))
        dist[frontier] = 0.0
        return frontier
    fresh = seeds & ~known.seeds
    if cut_longer:
        within = old <= limit
        dist.fill(np.inf)
        np.copyto(dist, old, where=within)        # kept past this search's cutoff: not reached here
    else:
        within = None
        dist[:] = old
    frontier = np.flatnonzero(fresh)
    dist[frontier] = 0.0
    if not same_masks or cut_shorter:
        reached = np.flatnonzero(old <= limit if within is None else within)
        if not same_masks:
            fresh[reached.compress((into & ~known.into).take(reached))] = True
            grown = out_of & ~known.out_of
            # nbr -1 (off the map) reads the last node: at worst a node relaxes again for nothing.
            fresh[_rows_with_any(reached, grown.take(index.nbr.take(reached, axis=0)))] = True
        if cut_shorter:
            if weight is None:
                fresh[reached.compress(old.take(reached) + 1.0 > known.cutoff)] = True
            else:      # a step back cut: distance + the weight of one of the edges in past the cutoff
                steps = old.take(reached)[:, None] + weight.take(index.in_eid.take(reached, axis=0))
                fresh[_rows_with_any(reached, steps > known.cutoff)] = True
        frontier = np.flatnonzero(fresh)
    return frontier


_BITS = np.arange(8)


def _fresh_nodes(packed: np.ndarray, known: np.ndarray) -> np.ndarray:
    """The nodes whose bit is set in `packed` and not in `known` (both `np.packbits` of node masks,
    first node in the high bit), in order: `np.flatnonzero(seeds & ~known_seeds)`."""
    diff = packed & ~known
    at = np.flatnonzero(diff)
    return (at[:, None] * 8 + _BITS).ravel().compress(np.unpackbits(diff.take(at)))


def _rows_with_any(nodes: np.ndarray, cells: np.ndarray) -> np.ndarray:
    """The `nodes` whose row of `cells` ((len(nodes), 6) bools) holds a True (each as often as it
    does): the flat positions of the Trues, divided by 6. A row reduction (`any(axis=1)`) over six
    columns is 10x slower in numpy 2.4, and few rows hold one."""
    return nodes.take(np.flatnonzero(cells) // 6)


def same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    """The same array (or both None): the same object, or equal cell for cell."""
    return a is b or (a is not None and b is not None and np.array_equal(a, b))


def nearest_known(earlier: list, seeds: np.ndarray, how: dict, packed: np.ndarray | None = None):
    """Of `earlier` searches (`network.IndexReach`), the one a search from `seeds` over `how` starts
    from (`network.search`'s `known`, `resumable_search.ResumableReach`'s), or None. It is over the
    same edges and weights, from seeds among `seeds`. First choice: one over the same masks and
    cutoff, of the fewest seeds short of `seeds` (groups of sources differ by a few cities). Failing
    that, a weighted search cut off at an element's length starts from one over node masks within
    its own and a cutoff no shorter, of the fewest seeds short (36D: the same element at a better
    weather level, whose masks nest in a worse one's). Measured: breadth-first and uncut searches
    gain nothing from a start of that second kind (the distances it brings are far from final).
    `packed`: `np.packbits(seeds)`, if the caller has it."""
    def within(a, b) -> bool:
        return a is b or not (a & ~b).any()

    cutoff, weighted = how.get("cutoff"), how.get("weight") is not None
    # Seeds compared as bits, 8 to a byte: on a large map the masks are millions of cells.
    packed = np.packbits(seeds) if packed is None else packed
    outside = ~packed
    best, fewest, exact = None, None, False
    for reach in earlier:      # the cheap tests first: scalars and identities, then the seeds, then the masks
        if not same(reach.weight, how.get("weight")) or not same(reach.mask_edges, how["edges"]):
            continue
        # The second choice: weighted, both cut off, at a cutoff no shorter (and no first choice yet).
        second = weighted and cutoff is not None and reach.cutoff is not None and reach.cutoff >= cutoff
        if reach.cutoff != cutoff and (exact or not second):
            continue            # neither choice (a search of the other weather's cutoff, mostly)
        if (packed_seeds(reach) & outside).any():
            continue
        if reach.cutoff == cutoff and same(reach.into, how["into"]) and same(reach.out_of, how["out_of"]):
            if not exact:
                best, fewest, exact = None, None, True
        elif exact or not second or not within(reach.into, how["into"]) or not within(reach.out_of, how["out_of"]):
            continue
        missing = int(np.bitwise_count(packed & ~packed_seeds(reach)).sum())
        if fewest is None or missing < fewest:
            best, fewest = reach, missing
    return best


def exact_masks(reach, how: dict) -> bool:
    """Whether `reach` is over the masks and cutoff of `how` (`nearest_known`'s first choice)."""
    return reach.cutoff == how.get("cutoff") and same(reach.into, how["into"]) and same(reach.out_of, how["out_of"])


def packed_seeds(reach, made: np.ndarray | None = None) -> np.ndarray:
    """A search's seeds as bits (np.packbits), made once per search (`made`: the bits, if the
    caller has made them already)."""
    packed = reach.__dict__.get("_packed_seeds")
    if packed is None:
        packed = reach.__dict__["_packed_seeds"] = np.packbits(reach.seeds) if made is None else made
    return packed
