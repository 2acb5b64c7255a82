"""12A (AEG 1998): a line out of supply is explained by the first hex it would enter that it may
not, on the shortest line that ignores 12A, walked back step by step (`Reach.next_step`: the least
neighbour whose distance plus the edge's cost is the node's). `FirstBlocked` reads those steps from
the search's kept table of costs in (`_steps` for a round of walks, `_step_one` for a walk alone,
issue 19): every step must be `next_step`'s, on searches with the relaxed searches' edges and 43C3
weights and random masks (nodes entered that may not be left, seeds that may not be left), read
in place while the rounds run (`walk_view`), cut off (`bounded`) and whole."""
import numpy as np
import pytest

from logistics.games.europa.blocked_walk import FirstBlocked, first_blocked_one_by_one
from logistics.in_edges import flat_costs as out_costs
from logistics.network import search
from logistics.resumable_search import ResumableReach


def case(rng, ix, dense: bool):
    """The relaxed searches' edges and weights (a kept table of costs), random masks and seeds;
    `dense`: many seeds and nodes entered that may not be left (steps toward a node not reached
    at all, which only `next_step` reads, lie next to the seeds)."""
    into = rng.random(len(ix)) < 0.9
    out_of = into | (rng.random(len(ix)) < 0.1)
    out_of &= rng.random(len(ix)) < (0.8 if dense else 0.97)
    return (dict(edges=ix.crossable, into=into, out_of=out_of, weight=ix.adverse_weight),
            rng.random(len(ix)) < (0.03 if dense else 0.003))


def next_steps_one_by_one(reach, nodes: np.ndarray) -> np.ndarray:
    """The reference: `next_step`'s node for each moving node (0 < d < inf), -1 for any other."""
    dist = reach.dist.array
    return np.array([reach.next_step(v, float(dist[v]))[0] if 0 < dist[v] < np.inf else -1
                     for v in nodes.tolist()], dtype=np.int64)


def views(ix, how, seeds, rng, full):
    """The search read in place at three bounds (the same view object as the rounds run on), cut
    off, and whole."""
    reach = ResumableReach(ix, seeds, **how)
    reached = np.flatnonzero(full.dist.array != np.inf)
    for share in (0.1, 0.4, 0.7):
        near = reached[full.dist.array[reached] <= np.quantile(full.dist.array[reached], share)]
        yield reach.walk_view(rng.choice(near, size=min(20, len(near)), replace=False)), reach._bound
    yield reach.bounded(reached[:0]), reach._bound
    reach.dist                                       # finished: the whole search itself
    yield reach, np.inf


@pytest.mark.parametrize("seed", range(6))
def test_the_steps_read_from_the_table_of_costs_are_next_steps(indexes, seed):
    """Every node within the bound (moving, seeds, nodes not left) and some beyond and unreached:
    `_steps` in one round and `_step_one` node by node give `next_step`'s node (-1: no step)."""
    rng = np.random.default_rng(500 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed >= 3)
    full = search(ix, seeds, **how)
    checked = alone = 0
    for view, bound in views(ix, how, seeds, rng, full):
        walk = FirstBlocked(view, np.zeros(len(ix), dtype=bool))
        assert walk.costs is not None                # the kept table is read
        within = np.flatnonzero(full.dist.array <= bound)
        nodes = np.concatenate([within, np.flatnonzero(full.dist.array == np.inf)[:20]])
        want = next_steps_one_by_one(walk.reach, nodes)
        assert np.array_equal(walk._steps(nodes), want)
        dist = walk.reach.dist.array
        for v, w in zip(nodes.tolist(), want.tolist()):
            if 0 < dist[v] < np.inf:
                assert walk._step_one(v, float(dist[v])) == w, v
                alone += 1
        checked += len(nodes)
    assert checked > 3000 and alone > 1000


@pytest.mark.parametrize("seed", range(6))
def test_first_blocked_hexes_read_from_the_table_of_costs(indexes, seed):
    """12A: `FirstBlocked` over the search read in place answers many starts at once (rounds of
    `_steps`, the last walks by `_step_one`), then single nodes, as the walk step by step over the
    whole search."""
    rng = np.random.default_rng(600 + seed)
    ix = indexes[seed % 2]
    how, seeds = case(rng, ix, seed >= 3)
    full = search(ix, seeds, **how)
    reached = np.flatnonzero(full.dist.array != np.inf)
    blocked = rng.random(len(ix)) < (0.03, 0.1, 0.3)[seed % 3]
    reach = ResumableReach(ix, seeds, **how)
    walk = FirstBlocked(reach, blocked)
    starts = rng.choice(reached, size=min(400, len(reached)), replace=False)
    walk.answer(starts)
    found = 0
    for node in starts.tolist() + rng.choice(len(ix), size=100).tolist():
        want = first_blocked_one_by_one(full, blocked, node)
        assert walk.of(node) == want, node
        found += want is not None
    assert found > 20, found


def test_the_table_of_costs_reads_each_edge_out_as_its_neighbours_edge_in(indexes):
    """`in_edges.flat_costs`: at a node's neighbour in direction d, direction d + 3 is the node's edge out, at
    its 43C3 cost where it is crossable (inf where not); the table kept once per index."""
    for ix in indexes:
        table, greatest = out_costs(ix, ix.crossable, ix.adverse_weight)
        assert out_costs(ix, ix.crossable, ix.adverse_weight)[0] is table
        assert out_costs(ix, ix.crossable.copy(), ix.adverse_weight) is None     # no kept table
        assert out_costs(ix, ix.crossable, None) is None
        b = ix.nbr
        at = (b * 6 + (np.arange(6) + 3) % 6)[b >= 0]
        e = ix.out_eid[b >= 0]
        want = np.where(ix.crossable[e], ix.adverse_weight[e], np.inf)
        assert np.array_equal(table[at], want)
        assert greatest == float(ix.adverse_weight[ix.crossable].max())

