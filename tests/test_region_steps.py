"""3F (DPS, 22-Aug-05): any-length lines to a set of seeds, answered from the steps between
regions made once per set of regions (`region_steps.RegionSteps`), against the regions and edges
read node by node (`conftest.reference_reaching`)."""
from pathlib import Path

import numpy as np
import pytest
from conftest import reference_reaching

from logistics.files import load_scenario_file
from logistics.network import Regions, index_of

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
        beyond += sum(got) - int(seeds.sum())
    assert beyond                                          # nodes reached beyond the seeds
    sizes = np.bincount(regions.label[into])
    assert (sizes == 1).sum() and sizes.max() > 10        # one-node regions and large ones alike
