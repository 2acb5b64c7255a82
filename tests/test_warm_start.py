"""A search started from earlier ones (`network.search(known=...)`, warm_start.py) against the same
search from scratch, on random masks, seeds, weights and cutoffs of the bundled FWtBT map and a
synthetic map (issue 19: 36D's weather levels nest, so an element's search at a worse level starts
from its search at a better one)."""
import numpy as np
import pytest

from logistics.network import search


def nested(rng, ix, size):
    """Node masks (into, out_of) and their parts within: a better weather level (fewer nodes)."""
    into = rng.random(size) < 0.9
    out_of = into | (rng.random(size) < 0.1)
    inner = rng.random(size) < 0.7                  # the nodes of the better level
    return into, out_of, into & inner & (rng.random(size) < 0.95), out_of & inner


@pytest.mark.parametrize("seed", range(24))
def test_a_search_from_searches_over_masks_within_its_own_is_the_search_from_scratch(indexes, seed):
    """36D: a search over larger node masks from more seeds, cut off shorter, longer, the same or not
    at all (43C3 weights or unit steps), starts from an earlier search over masks within its own:
    every node's distance is the one from scratch, and the start was not already the answer."""
    rng = np.random.default_rng(seed)
    ix = indexes[seed % 2]
    into, out_of, small_into, small_out_of = nested(rng, ix, len(ix))
    edges = ix.crossable & (rng.random(len(ix.src)) < 0.95)
    weight = (None, ix.adverse_weight, (1.0 + (rng.random(len(ix.src)) < 0.3) * 2.0))[seed % 3]
    cutoff = (4, 6, None, 5.5)[seed % 4]
    known_cutoff = (None, 3, 6, 9, 4)[seed % 5]
    more = rng.random(len(ix)) < 0.01
    few = more & (rng.random(len(ix)) < 0.6)
    known = search(ix, few, edges, small_into, small_out_of, weight, known_cutoff)
    got = search(ix, more, edges, into, out_of, weight, cutoff, known=known)
    want = search(ix, more, edges, into, out_of, weight, cutoff)
    assert np.array_equal(got.dist.array, want.dist.array)
    assert got.dist.array.dtype == want.dist.array.dtype
    assert not np.array_equal(known.dist.array, want.dist.array)
    assert np.isfinite(want.dist.array).sum() > 3 * more.sum()


def test_what_a_start_leaves_to_relax(indexes):
    """Each part of the first frontier matters: the start's reached nodes a line may now enter, or
    enter from a neighbour that may now be left, and those whose step back its shorter cutoff cut
    (unit steps; 43C3's 1 to 3). A start that lacks them is caught: it gives other distances."""
    ix = indexes[1]
    rng = np.random.default_rng(0)
    everything = np.ones(len(ix), dtype=bool)
    seeds = rng.random(len(ix)) < 0.01
    for weight in (None, ix.adverse_weight):
        cases = {"into grew": (everything & (rng.random(len(ix)) < 0.8), everything, 4, 4),
                 "out_of grew": (everything, rng.random(len(ix)) < 0.8, 4, 4),
                 "cut shorter": (everything, everything, 2, 5)}
        for name, (known_into, known_out_of, known_cutoff, cutoff) in cases.items():
            known = search(ix, seeds, ix.crossable, known_into, known_out_of, weight, known_cutoff)
            want = search(ix, seeds, ix.crossable, everything, everything, weight, cutoff).dist.array
            assert np.array_equal(search(ix, seeds, ix.crossable, everything, everything, weight, cutoff,
                                         known=known).dist.array, want), name
            # The same start taken as final (its masks and cutoff passed for this search's) is wrong.
            known.into, known.out_of, known.cutoff = everything, everything, cutoff
            assert not np.array_equal(search(ix, seeds, ix.crossable, everything, everything, weight, cutoff,
                                             known=known).dist.array, want), name


def start_edge_by_edge(index, known, seeds, into, out_of, weight, limit):
    """`warm_start` as its rule reads, node by node: the start's distances (0 at the seeds it lacks,
    none past this search's cutoff) and, as a sorted frontier, the seeds it lacks; where the masks
    grew, its reached nodes a line may now enter or enter from a neighbour that may now be left;
    where it was cut shorter, its reached nodes with a step back whose end passed its cutoff."""
    old = known.dist.array
    dist = np.where(old <= limit, old, np.inf).astype(old.dtype)
    frontier = set(np.flatnonzero(seeds & ~known.seeds).tolist())
    dist[list(frontier)] = 0.0
    grew = not (np.array_equal(known.into, into) and np.array_equal(known.out_of, out_of))
    for v in np.flatnonzero(old <= limit).tolist():
        if grew and into[v] and not known.into[v]:
            frontier.add(v)
        for b, e in zip(index.nbr[v].tolist(), index.in_eid[v].tolist()):
            # A neighbour off the map (-1) reads the last node and edge, as the array rule does.
            if grew and out_of[b] and not known.out_of[b]:
                frontier.add(v)
            step = 1.0 if weight is None else float(weight[e])
            if known.cutoff is not None and known.cutoff < limit and old[v] + step > known.cutoff:
                frontier.add(v)
    return dist, np.array(sorted(frontier), dtype=np.int64)


@pytest.mark.parametrize("seed", range(12))
def test_the_first_frontier_and_distances_are_those_of_the_rule_node_by_node(indexes, seed):
    """The start's frontier and distances against `start_edge_by_edge`: masks grown or not, the start
    cut shorter, longer or the same, unit steps and 43C3 weights (the frontier's rows found by the
    flat positions of their Trues, the cutoff applied while copying)."""
    from logistics.warm_start import warm_start
    rng = np.random.default_rng(500 + seed)
    ix = indexes[seed % 2]
    into, out_of, small_into, small_out_of = nested(rng, ix, len(ix))
    if seed % 3 == 0:
        small_into, small_out_of = into, out_of
    weight = (None, ix.adverse_weight)[seed % 2]
    cutoff, known_cutoff = ((4, 6), (6, 3), (5, 5), (6, None))[seed % 4]
    more = rng.random(len(ix)) < 0.01
    known = search(ix, more & (rng.random(len(ix)) < 0.6), ix.crossable, small_into, small_out_of, weight, known_cutoff)
    dist = np.empty(len(ix), dtype=known.dist.array.dtype)
    frontier = warm_start(ix, known, more, into, out_of, weight, float(cutoff), dist)
    want_dist, want_frontier = start_edge_by_edge(ix, known, more, into, out_of, weight, float(cutoff))
    assert np.array_equal(frontier, want_frontier)
    assert np.array_equal(dist, want_dist)
    dist[:] = -1.0                     # the seeds' bits given (the frontier read from them where it can)
    frontier = warm_start(ix, known, more, into, out_of, weight, float(cutoff), dist, np.packbits(more))
    assert np.array_equal(frontier, want_frontier) and frontier.dtype == np.intp
    assert np.array_equal(dist, want_dist)


@pytest.mark.parametrize("seed", range(16))
def test_a_start_over_the_same_masks_and_cutoff_reads_its_fresh_seeds_from_their_bits(indexes, seed):
    """The same masks and cutoff (or none): the first frontier is the seeds the earlier search
    lacks, read from the seeds' bits (`np.packbits`), the same nodes in the same order as from the
    whole-map masks, on maps whose node count is not a multiple of 8 too; none fresh, some, all
    (a search from no seed); the search from there is the search from scratch."""
    from logistics.warm_start import _fresh_nodes, warm_start
    rng = np.random.default_rng(900 + seed)
    ix = indexes[seed % 2]
    n = len(ix)
    into = rng.random(n) < 0.9
    out_of = into | (rng.random(n) < 0.1)
    weight, cutoff = (None, ix.adverse_weight)[seed % 2], (4, None, 6, 5)[seed % 4]
    more = rng.random(n) < (0.01, 0.05, 0.2, 0.002)[seed % 4]
    few = (more & (rng.random(n) < 0.7), more, np.zeros(n, dtype=bool), more & (rng.random(n) < 0.1))[(seed // 4) % 4]
    known = search(ix, few, ix.crossable, into, out_of, weight, cutoff)
    packed = np.packbits(more)
    limit = np.inf if cutoff is None else float(cutoff)
    dist, plain = np.empty(n, known.dist.array.dtype), np.empty(n, known.dist.array.dtype)
    frontier = warm_start(ix, known, more, into, out_of, weight, limit, dist, packed)
    assert np.array_equal(frontier, np.flatnonzero(more & ~few)) and frontier.dtype == np.intp
    assert np.array_equal(frontier, warm_start(ix, known, more, into, out_of, weight, limit, plain))
    assert np.array_equal(dist, plain)
    got = search(ix, more, ix.crossable, into, out_of, weight, cutoff, known=known, packed=packed)
    assert np.array_equal(got.dist.array, search(ix, more, ix.crossable, into, out_of, weight, cutoff).dist.array)
    for k in (1, 7, 8, 9, 63, 64, 65):          # masks of any length: the last byte's spare bits are 0
        a, b = rng.random(k) < 0.5, rng.random(k) < 0.3
        assert np.array_equal(_fresh_nodes(np.packbits(a), np.packbits(b)), np.flatnonzero(a & ~b))
