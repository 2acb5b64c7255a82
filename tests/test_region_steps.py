"""3F (DPS, 22-Aug-05): any-length lines to a set of seeds, answered from the steps between
regions made once per set of regions (`region_steps.RegionSteps`), against the regions and edges
read node by node (`conftest.reference_reaching`); the regions labelled by runs of consecutive nodes."""
from pathlib import Path

import numpy as np
import pytest
from conftest import reference_reaching

from logistics import region_steps
from logistics.files import load_scenario_file
from logistics.network import Regions, index_of
from logistics.region_steps import component_roots

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
def test_regions_labelled_by_runs_are_the_components_of_the_kept_edges(index, seed):
    """3F: `run_roots` (runs of consecutive nodes, then the runs joined) gives each node the least
    node of its component over the kept edges (both ends in `into`, the edge in `edges`), as
    `component_roots` over every such edge written out; masks from empty to full, so that runs
    are single nodes, long rows and everything between."""
    ix, rng = index, np.random.default_rng(seed)
    p_into, p_edge = [(0.0, 0.9), (1.0, 1.0), (0.5, 0.9), (0.8, 0.7), (0.95, 0.95)][seed % 5]
    into = rng.random(len(ix)) < p_into
    edges = symmetric(ix, ix.crossable & (rng.random(len(ix.src)) < p_edge))
    kept = edges & into[ix.src] & into[ix.dst]
    want = component_roots(len(ix), ix.src[kept], ix.dst[kept])
    got = region_steps.run_roots(ix, edges, into)
    assert got.dtype == np.int64 and np.array_equal(got, want)
    assert np.array_equal(Regions(ix, edges, into, into).label, np.where(into, want, -1))
    step, slices, other, src, dst = region_steps.row_steps(ix)
    nexts = np.flatnonzero(ix.dst == ix.src + 1)
    assert np.array_equal(np.flatnonzero(step >= 0), ix.src[nexts]) and np.array_equal(step[step >= 0], nexts)
    # Every edge to a larger node once: to the next node, by a step's slice (both kinds are
    # exercised here: the map's rows are ragged), or among the others.
    assert slices and other.size
    by_step = [eid[eid >= 0] for _, eid in slices]
    for (d, eid), e in zip(slices, by_step):
        assert np.array_equal(ix.dst[e] - ix.src[e], np.full(e.size, d)) and np.array_equal(ix.src[e], np.flatnonzero(eid >= 0))
    assert np.array_equal(np.sort(np.concatenate([other, nexts, *by_step])), np.flatnonzero(ix.src < ix.dst))
    assert np.array_equal(src, ix.src[other]) and np.array_equal(dst, ix.dst[other])


def test_the_row_edges_kept_with_the_index_are_those_of_the_edges_asked(index):
    """3F: `run_roots` reads which row steps are edges from masks kept with the index for its
    `crossable` (and `shared` arrays) only: the overland regions labelled again and again (two a
    verdict) as every edge written out, and other edges asked between them (their masks made for
    them, never the kept ones read, nor kept themselves)."""
    ix, rng = index, np.random.default_rng(5)
    crossable = ix.crossable
    others = [symmetric(ix, crossable & (rng.random(len(ix.src)) < p)) for p in (0.5, 0.9)]
    for edges in (crossable, others[0], crossable, others[1], crossable):
        into = rng.random(len(ix)) < 0.8
        kept = edges & into[ix.src] & into[ix.dst]
        want = component_roots(len(ix), ix.src[kept], ix.dst[kept])
        assert np.array_equal(region_steps.run_roots(ix, edges, into), want)
    assert [known is crossable for known, _ in ix.__dict__["_row_edges"]] == [True]
    to_next, by_step = region_steps.row_edges(ix, crossable)
    step, slices = region_steps.row_steps(ix)[:2]
    assert np.array_equal(to_next, (step >= 0) & crossable[step])
    assert all(np.array_equal(m, (eid >= 0) & crossable[eid]) for m, (_, eid) in zip(by_step, slices))


@pytest.mark.parametrize("seed", range(4))
def test_reaching_at_over_the_maps_crossable_hexsides_reads_the_kept_rows_in(index, seed):
    """3F: over the index's own `crossable` (the overland regions of a verdict), `reaching_at` reads
    which edges a node may leave by from the searches' kept table of edges in (symmetric hexsides:
    the edge to a neighbour is one exactly when the edge from it is): the same answers as the
    regions read node by node, on a map with impassable hexsides and edges off the map."""
    ix, rng = index, np.random.default_rng(seed)
    assert not ix.crossable.all() and (ix.out_eid < 0).any()
    into = rng.random(len(ix)) < (0.5, 0.8, 0.95, 0.3)[seed]
    out_of = into | (rng.random(len(ix)) < 0.3)
    regions = Regions(ix, ix.crossable, into, out_of)
    for p in (0.0, 0.002, 0.05):
        seeds = rng.random(len(ix)) < p
        want = reference_reaching(Regions(ix, ix.crossable, into, out_of), seeds)
        nodes = np.arange(len(ix))
        assert regions.reaching_at(seeds, nodes).tolist() == [want(a) for a in nodes.tolist()]
    assert region_steps.usable_in(ix, ix.crossable) is not None
