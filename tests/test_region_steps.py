"""3F (DPS, 22-Aug-05): any-length lines to a set of seeds, answered from the steps between
regions made once per set of regions (`region_steps.RegionSteps`), against the regions and edges
read node by node (`conftest.reference_reaching`); the regions of a large map labelled by scipy."""
from pathlib import Path

import numpy as np
import pytest
from conftest import reference_reaching

from logistics import network, region_steps
from logistics.files import load_scenario_file
from logistics.network import Regions, index_of
from logistics.region_steps import component_roots, least_roots

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def index():
    return index_of(load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map)


def symmetric(ix, edges):
    pairs = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    return np.array([edges[e] and edges[pairs[(b, a)]] for (a, b), e in pairs.items()])


@pytest.mark.parametrize("seed", range(8))
def test_region_steps_answer_as_the_regions_node_by_node(index, seed):
    """Sparse to dense masks (many one-node regions, many border nodes), seeds inside and
    outside the enterable nodes, and enterable nodes a line may not leave (sea hexes)."""
    ix, rng = index, np.random.default_rng(seed)
    into = rng.random(len(ix)) < (0.3, 0.6, 0.9, 0.5)[seed % 4]
    out_of = (into & (rng.random(len(ix)) < (1.0 if seed < 4 else 0.8))) | (rng.random(len(ix)) < 0.3)
    edges = symmetric(ix, ix.crossable & (rng.random(len(ix.src)) < 0.85))
    regions = Regions(ix, edges, into, out_of)
    beyond = 0
    for p in (0.0, 0.01, 0.05, 0.3):
        seeds = rng.random(len(ix)) < p
        got = regions.reaching(seeds).tolist()
        want = reference_reaching(Regions(ix, edges, into, out_of), seeds)
        assert got == [want(a) for a in range(len(ix))]
        # Read at some nodes alone (repeated, in any order), with and without the regions' table.
        nodes = rng.integers(0, len(ix), 300)
        assert regions.reaching_at(seeds, nodes).tolist() == [want(a) for a in nodes.tolist()]
        assert regions.reaching_at(seeds, np.arange(len(ix)), regions.hits(seeds)).tolist() == got
        beyond += sum(got) - int(seeds.sum())
    assert beyond                                          # nodes reached beyond the seeds
    sizes = np.bincount(regions.label[into])
    assert (sizes == 1).sum() and sizes.max() > 10        # one-node regions and large ones alike


@pytest.mark.parametrize("seed", range(10))
def test_scipy_components_give_the_least_node_of_each_component_as_the_array_rounds_do(seed):
    """The regions of a large map (3F) labelled by scipy's connected components: each node's least
    node of its component, as `component_roots` gives it, on random graphs with lone nodes, repeated
    edges and long chains in random order."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 3000))
    m = int(rng.integers(0, n // 2))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    path = rng.permutation(n)[: int(rng.integers(1, n // 2 + 1))]
    a, b = np.concatenate([a, a[:5], path[:-1]]), np.concatenate([b, b[:5], path[1:]])
    want = component_roots(n, a, b)
    got = least_roots(n, a, b)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    assert len(set(got.tolist())) > 1


@pytest.mark.parametrize("seed", range(3))
def test_regions_labelled_by_scipy_are_those_of_the_array_rounds(index, seed, monkeypatch):
    """The same regions, and the same any-length answers, whichever labels them (the choice is by
    the map's size only)."""
    ix, rng = index, np.random.default_rng(seed)
    into = rng.random(len(ix)) < 0.6
    out_of = into | (rng.random(len(ix)) < 0.2)
    edges = symmetric(ix, ix.crossable & (rng.random(len(ix.src)) < 0.9))
    rounds = Regions(ix, edges, into, out_of)
    monkeypatch.setattr(network, "labels_by_scipy", lambda n: True)
    by_scipy = Regions(ix, edges, into, out_of)
    assert np.array_equal(by_scipy.label, rounds.label)
    seeds = rng.random(len(ix)) < 0.02
    assert np.array_equal(by_scipy.reaching(seeds), rounds.reaching(seeds))
    assert not region_steps.labels_by_scipy(len(ix)) and region_steps.labels_by_scipy(1_000_000)
