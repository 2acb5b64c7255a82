"""Each side's 3F regions made from the regions every side may enter, labelled once
(`region_steps.CommonRoots`, `Explanations._common_regions`; issue 19: two whole-map labellings
per verdict, one per side, at 1M hexes about 0.2 s). They must be exactly those of one labelling
of the side's own hexes (each region's least node, -1 outside), as `network.whole_roots` gives and
a search from each node checks (test_component_roots.py)."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.network import Regions, index_of, whole_roots
from logistics.region_steps import CommonRoots

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def _symmetric(ix, keep):
    """An edge mask kept only where the edge and its reverse are both in `keep`."""
    pairs = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    return np.array([keep[e] and keep[pairs[(b, a)]] for (a, b), e in pairs.items()])


@pytest.mark.parametrize("seed", range(8))
def test_a_sides_regions_from_the_common_ones_are_those_labelled_whole(seed):
    """Random masks on the bundled map: a side's hexes hold the common ones and many of their
    own, scattered and in clumps (the units and ZOCs of the other side), from none to most."""
    ix = index_of(load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map)
    rng = np.random.default_rng(seed)
    edges = _symmetric(ix, ix.crossable & (rng.random(len(ix.src)) < 0.9))
    into = rng.random(len(ix)) < 0.75
    common = into & (rng.random(len(ix)) < [0.0, 0.3, 0.8, 0.95, 1.0, 0.6, 0.9, 0.5][seed])
    clump = rng.integers(0, len(ix), 20)            # a node and its neighbours left out of the common
    common[clump] = False
    common[ix.nbr[clump].ravel()[ix.nbr[clump].ravel() >= 0]] = False
    roots = CommonRoots(edges, common, whole_roots(ix, edges, common))
    assert roots.under(edges, into)
    got = Regions(ix, edges, into, into, roots).label
    assert np.array_equal(got, Regions(ix, edges, into, into).label)
    assert np.array_equal(got, np.where(into, whole_roots(ix, edges, into), -1))
    assert len(np.unique(got[into])) > 1


def test_common_regions_are_not_used_where_they_do_not_fit():
    """A side that may not enter a common hex, or other edges: labelled whole, not from them."""
    ix = index_of(load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map)
    rng = np.random.default_rng(5)
    edges = _symmetric(ix, ix.crossable)
    into = rng.random(len(ix)) < 0.8
    roots = CommonRoots(edges, into.copy(), whole_roots(ix, edges, into))
    fewer = into.copy()
    fewer[np.flatnonzero(into)[::7]] = False
    assert not roots.under(edges, fewer) and not roots.under(edges.copy(), into)
    assert np.array_equal(Regions(ix, edges, fewer, fewer, roots).label,
                          np.where(fewer, whole_roots(ix, edges, fewer), -1))


@pytest.mark.parametrize("n, seed", [(3000, 1), (10000, 2)])
def test_a_verdicts_regions_are_each_sides_labelled_whole(n, seed):
    """The engine's regions of each side (3F, DPS 22-Aug-05) against the side's own labelling."""
    syn = synthetic(n, n // 20, seed)
    engine = EuropaSupply(syn.position, syn.map)
    assert engine._common_regions() is not None
    ones = np.ones(len(engine.index), dtype=bool)
    for side in [s.name for s in syn.position.sides]:
        over = engine._overland(ones, engine.view(side))
        regions = engine._regions(side)
        assert np.array_equal(regions.label, Regions(engine.index, over["edges"], over["into"], over["out_of"]).label)
        assert (over["into"] & ~engine._common_regions().into).sum() > 100      # units and ZOCs of the other side
