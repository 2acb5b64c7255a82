"""`network.search` (rounds of array work: breadth-first when every step costs 1, label-correcting
otherwise) against a plain Dijkstra (`backward_reach`, rustworkx) over the same edges, on random
masks, seeds, weights and cutoffs of the bundled FWtBT map and of a synthetic map (issue 19: the
road and overland elements of 12B / 36D / 43C3, the relaxed searches that explain a block, 3F's
lines of any length)."""
from pathlib import Path

import numpy as np
import pytest
from conftest import dijkstra_distances as reference

from logistics.network import search

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("seed", range(12))
def test_search_is_dijkstra_on_random_masks(indexes, seed):
    """Unit or 43C3 weights (1, 2, 3: adverse hexes and narrow straits, and 1,000,001 for a
    low-volume rail hexside, 12B), whole-map or cut off at an element's length (whole or not), few
    or many seeds: the same distances as Dijkstra, every node."""
    rng = np.random.default_rng(seed)
    ix = indexes[seed % 2]
    into = rng.random(len(ix)) < (0.6, 0.9)[seed % 2]
    out_of = into | (rng.random(len(ix)) < 0.2)
    edges = ix.crossable & (rng.random(len(ix.src)) < 0.9)
    weight = (None, (1.0 + ix.adverse[ix.dst] + ix.narrow + (rng.random(len(ix.src)) < 0.2)).astype(np.float32),
              np.where(rng.random(len(ix.src)) < 0.05, 1_000_001.0, 1.0))[seed % 3]
    cutoff = (None, 4, 7.5, None, 2_000_003)[seed % 5]
    seeds = rng.random(len(ix)) < (0.002, 0.05)[seed % 2]
    got = search(ix, seeds, edges, into, out_of, weight, cutoff).dist.array
    want = reference(ix, seeds, edges, into, out_of, weight, cutoff)
    assert np.array_equal(got, want)
    assert np.isfinite(want).sum() > 2 * seeds.sum() and np.isinf(want).any()


@pytest.mark.parametrize("seed", range(6))
def test_the_index_weights_searched_in_float32_give_the_same_distances(indexes, seed):
    """43C3's weights and the rail's (12B: 1,000,001 a low-volume hexside), cut off or not: the
    distances a search keeps in float32 where that is exact are Dijkstra's, as float64."""
    from logistics.network import HexIndex
    rng = np.random.default_rng(seed)
    ix = HexIndex(indexes[seed % 2].map)        # its own weights, changed below
    if seed >= 3:                               # every rail hexside low-volume: 17 of them pass 2**24
        ix.rail_weight = np.full(len(ix.src), 1_000_001.0, dtype=np.float32)
    weight = ix.adverse_weight if seed < 3 else ix.rail_weight
    into = rng.random(len(ix)) < 0.95
    cutoff = (None, 5.5, 3_000_004, None, 15_000_015, 40_000_000)[seed]
    seeds = rng.random(len(ix)) < 0.001
    got = search(ix, seeds, ix.crossable, into, into, weight, cutoff).dist.array
    want = reference(ix, seeds, ix.crossable, into, into, weight, cutoff)
    assert np.array_equal(got, want)
    assert np.isfinite(want).sum() > 2 * seeds.sum()
    if seed in (3, 5):
        assert want[np.isfinite(want)].max() >= 2 ** 24     # float32 would round these


@pytest.mark.parametrize("seed", range(6))
def test_the_rail_dijkstra_is_the_search_it_stands_for(indexes, seed):
    """12B / 12B3 / 7A: the rail element's Dijkstra on the junctions of a net built once (`SideRail`) gives the
    distances of `search` over the same edges, masks and weights (1,000,001 a low-volume hexside),
    for random seeds and random masks of hexes a line may enter and leave."""
    from logistics.rail_sides import RailNet, SideRail
    rng = np.random.default_rng(seed)
    ix = indexes[seed % 2]
    into = rng.random(len(ix)) < (1.0, 0.9, 0.7)[seed % 3]
    out_of = into | (rng.random(len(ix)) < 0.1)
    fixed = SideRail(RailNet(ix, ix.rail, ix.rail_weight), ix, ix.rail, into, out_of, ix.rail_weight)
    for k in (1, 3, 12):
        seeds = np.zeros(len(ix), dtype=bool)
        seeds[rng.choice(np.flatnonzero(ix.rail_hex), k)] = True
        seeds[rng.integers(len(ix))] = True                      # a seed off the rail, too
        got = fixed.search(seeds).dist.array
        want = search(ix, seeds, ix.rail, into, out_of, ix.rail_weight).dist.array
        assert np.array_equal(got, want)
        assert np.isfinite(want).sum() > seeds.sum()
