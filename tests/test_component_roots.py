"""Connected components from whole-array rounds (issue 19: a search per region and a Python dict
per node of the rail connections were a sixth of a 1M-hex verdict), checked against rustworkx's
connected components, and the regions of 3F isolation against a search per region."""
from pathlib import Path

import numpy as np
import pytest
import rustworkx as rx

from logistics.files import load_scenario_file
from logistics.network import Regions, index_of, search
from logistics.region_steps import component_roots

ROOT = Path(__file__).resolve().parents[1]


def reference_roots(n: int, a: np.ndarray, b: np.ndarray) -> list[int]:
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from_no_data(list(zip(a.tolist(), b.tolist())))
    root = list(range(n))
    for members in rx.connected_components(graph):
        least = min(members)
        for j in members:
            root[j] = least
    return root


@pytest.mark.parametrize("seed", range(12))
def test_component_roots_are_the_least_node_of_each_connected_component(seed):
    """Random graphs from sparse (many small parts, lone nodes) to dense, with long paths in
    random node order (the case that needs many rounds of hooking and halving)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 3000))
    m = int(rng.integers(0, 2 * n))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    path = rng.permutation(n)[: int(rng.integers(1, n + 1))]      # a long chain in random order
    a, b = np.concatenate([a, path[:-1]]), np.concatenate([b, path[1:]])
    got = component_roots(n, a, b).tolist()
    assert got == reference_roots(n, a, b)
    assert len(set(got)) < n or m == 0


@pytest.mark.parametrize("seed", range(8))
def test_component_roots_of_edges_in_any_order_with_loops_and_repeats(seed):
    """The first round hooks the edges as given, without looking up roots: edges whose larger end
    comes first, loops and repeated edges must join (or not) from the later rounds, in int32 or
    int64 node numbers, as rustworkx's components say; a grid of rows (long chains, as a hex map's
    edges) with random gaps too."""
    rng = np.random.default_rng(100 + seed)
    width, rows = int(rng.integers(2, 60)), int(rng.integers(1, 60))
    n = width * rows
    node = np.arange(n).reshape(rows, width)
    a = np.concatenate([node[:, :-1].ravel(), node[:-1].ravel(), node[:-1, 1:].ravel()])
    b = np.concatenate([node[:, 1:].ravel(), node[1:].ravel(), node[1:, :-1].ravel()])
    keep = rng.random(len(a)) < 0.55
    a, b = a[keep], b[keep]
    flip = rng.random(len(a)) < 0.5                    # larger end first
    a, b = np.where(flip, b, a), np.where(flip, a, b)
    loops = rng.integers(0, n, 5)
    again = rng.integers(0, len(a), len(a) // 3) if len(a) else np.zeros(0, dtype=np.int64)
    a, b = np.concatenate([a, loops, a[again]]), np.concatenate([b, loops, b[again]])
    dtype = np.int32 if seed % 2 else np.int64
    got = component_roots(n, a.astype(dtype), b.astype(dtype))
    assert got.dtype == np.int64
    assert got.tolist() == reference_roots(n, a, b)


def test_component_roots_of_no_edges_and_no_nodes():
    empty = np.zeros(0, dtype=np.int64)
    assert component_roots(4, empty, empty).tolist() == [0, 1, 2, 3]
    assert component_roots(0, empty, empty).tolist() == []


@pytest.mark.parametrize("seed", range(4))
def test_regions_are_those_a_search_from_each_node_labels(seed):
    """3F (DPS, 22-Aug-05): the region of a node a line may enter is every node a search of any
    length from it reaches over the enterable nodes, on the bundled map with random masks."""
    ix = index_of(load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map)
    rng = np.random.default_rng(seed)
    into = rng.random(len(ix)) < 0.6
    edges = ix.crossable & (rng.random(len(ix.src)) < 0.9)
    pairs = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    sym = np.array([edges[e] and edges[pairs[(b, a)]] for (a, b), e in pairs.items()])
    regions = Regions(ix, sym, into, into)
    label = regions.label
    assert (label[~into] == -1).all()
    seen = np.zeros(len(ix), dtype=bool)
    sizes = []
    for x in np.flatnonzero(into).tolist():
        if seen[x]:
            continue
        seed_mask = np.zeros(len(ix), dtype=bool)
        seed_mask[x] = True
        members = search(ix, seed_mask, sym, into, into).dist.array != np.inf
        assert np.array_equal(label == regions.region(x), members)
        seen |= members
        sizes.append(int(members.sum()))
    assert max(sizes) > 10 and min(sizes) == 1
