"""The rows of edges into each node that a search round reads (in_edges.py): from a table kept with
the map's index for the overland and road elements' own edges and weights (12B, 36D, 43C3), or
edge by edge for any other choice; both against a plain Dijkstra (`backward_reach`) on random
masks, seeds and cutoffs of the bundled FWtBT map and a synthetic map (issue 19)."""
from pathlib import Path

import numpy as np
import pytest
from conftest import dijkstra_distances as dijkstra

from logistics.files import load_scenario_file
from logistics.in_edges import in_rows, shared
from logistics.network import HexIndex, search

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def maps():
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic
    return [load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map, synthetic(3000, 150, 4).map]


@pytest.mark.parametrize("seed", range(12))
def test_searches_over_the_index_own_edges_read_a_kept_table_and_give_dijkstra(maps, seed):
    """The overland element (crossable hexsides, 43C3 weights or unit steps) and the road element
    (a road across a crossable hexside), whole-map or cut off, with or without a start from an
    earlier search: the same distances from the kept table, edge by edge (copies of the same
    arrays, which no table is kept for) and by Dijkstra."""
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])                  # an index of its own: no table kept yet
    road = shared(ix, "road edges", lambda: ix.road & ix.crossable)
    edges, weight = ((ix.crossable, ix.adverse_weight), (ix.crossable, None), (road, None))[seed % 3]
    into = rng.random(len(ix)) < 0.9
    out_of = into | (rng.random(len(ix)) < 0.1)
    cutoff = (None, 5, 8, 3)[seed % 4]
    seeds = rng.random(len(ix)) < 0.01
    if edges is road:                              # road hexes
        seeds = ix.node_mask(ix.src[road]) & (rng.random(len(ix)) < 0.05)
    got = search(ix, seeds, edges, into, out_of, weight, cutoff)
    assert len(ix.__dict__["_in_rows"]) == 1          # the table, kept for the next search
    copies = search(ix, seeds, edges.copy(), into, out_of, None if weight is None else weight.copy(), cutoff)
    assert len(ix.__dict__["_in_rows"]) == 1          # none for copies: read edge by edge
    want = dijkstra(ix, seeds, edges, into, out_of, weight, cutoff)
    assert np.array_equal(got.dist.array, want) and np.array_equal(copies.dist.array, want)
    assert np.isfinite(want).sum() > 1.3 * seeds.sum() and np.isinf(want).any()
    few = seeds & (rng.random(len(ix)) < 0.5)
    known = search(ix, few, edges, into, out_of, weight, cutoff)
    assert np.array_equal(search(ix, seeds, edges, into, out_of, weight, cutoff, known=known).dist.array, want)


def test_a_row_is_the_edges_into_the_node(maps):
    """Row i, column d: the edge from node i's neighbour in direction d into i, its cost or whether
    it is one of the edges; off the map never one of them."""
    ix = HexIndex(maps[0])
    rng = np.random.default_rng(1)
    nodes = rng.choice(len(ix), 200, replace=False)
    costs, usable = in_rows(ix, ix.crossable, ix.adverse_weight)(nodes), in_rows(ix, ix.crossable, None)(nodes)
    for row, i in enumerate(nodes.tolist()):
        for d in range(6):
            a = int(ix.nbr[i, d])
            e = next((e for e in np.flatnonzero((ix.src == a) & (ix.dst == i)).tolist()), None) if a >= 0 else None
            one_of = e is not None and bool(ix.crossable[e])
            assert bool(usable[row, d]) == one_of
            assert costs[row, d] == (ix.adverse_weight[e] if one_of else np.inf)


@pytest.mark.parametrize("seed", range(6))
def test_the_frontier_keeps_only_nodes_with_an_edge_in_and_gives_dijkstra(maps, seed):
    """A search's rounds leave out the frontier nodes with none of its edges into them
    (in_edges.entered): each node's mask is whether one of the edges comes into it from a
    neighbour on the map; and the road element (12B) searched from the rail net and other
    hexes, most with no road into them, whole or cut off at its length (36D), and the overland
    element (43C3) from the same seeds, give Dijkstra's distances."""
    from logistics.in_edges import entered
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])
    road = shared(ix, "road edges", lambda: ix.road & ix.crossable)
    assert entered(ix, road.copy(), None) is None                # no kept table: no mask either
    for edges, weight in ((road, None), (ix.crossable, ix.adverse_weight), (ix.crossable, None)):
        mask = entered(ix, edges, weight)
        want_mask = np.zeros(len(ix), dtype=bool)
        want_mask[ix.dst[edges]] = True                         # every edge has both its hexes on the map
        assert np.array_equal(mask, want_mask)
        into = rng.random(len(ix)) < 0.9
        out_of = into | (rng.random(len(ix)) < 0.1)
        seeds = (ix.rail_hex | (rng.random(len(ix)) < 0.02)) & (rng.random(len(ix)) < 0.7)
        for cutoff in (None, 6, 2):
            got = search(ix, seeds, edges, into, out_of, weight, cutoff)
            assert got.into is into                            # the search keeps its own masks
            assert np.array_equal(got.dist.array, dijkstra(ix, seeds, edges, into, out_of, weight, cutoff))
        if edges is road:                  # most seeds have no road into them, as in a verdict
            assert (seeds & into & ~mask).sum() > (seeds & into & mask).sum()


@pytest.mark.parametrize("seed", range(4))
def test_a_search_cut_off_below_far_reads_its_costs_as_bytes_and_gives_dijkstra(maps, seed):
    """The overland element's 43C3 costs (1, 2, 3), cut off at an element's length, read as bytes
    with FAR for an edge not usable: the same costs as the table of floats, and Dijkstra's
    distances for cutoffs below FAR, whole or not; from FAR on the floats are read. Costs of FAR
    or more are never read as bytes."""
    from logistics.in_edges import FAR
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])
    if seed >= 2:                                  # 200, 400, 600: no bytes, the same distances
        ix.adverse_weight = (ix.adverse_weight * np.float32(200)).astype(np.float32)
    weight = ix.adverse_weight
    nodes = rng.choice(len(ix), 300, replace=False)
    floats, cut = in_rows(ix, ix.crossable, weight)(nodes), in_rows(ix, ix.crossable, weight, 5.0)(nodes)
    if seed < 2:
        assert cut.dtype == np.uint8 and np.array_equal(cut, np.where(floats == np.inf, FAR, floats))
    else:
        assert cut.dtype == floats.dtype and np.array_equal(cut, floats)
    assert in_rows(ix, ix.crossable, weight, float(FAR))(nodes).dtype == floats.dtype
    into = rng.random(len(ix)) < 0.9
    out_of = into | (rng.random(len(ix)) < 0.1)
    seeds = rng.random(len(ix)) < 0.01
    for cutoff in (1, 4, 7.5, 30, FAR - 1, FAR, 700, None):
        got = search(ix, seeds, ix.crossable, into, out_of, weight, cutoff).dist.array
        assert np.array_equal(got, dijkstra(ix, seeds, ix.crossable, into, out_of, weight, cutoff))


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_tables_are_the_tables_made_edge_by_edge_and_their_bytes(maps, seed):
    """The kept rows of costs are the table made edge by edge (cost where the edge is one of the
    search's, inf elsewhere; float32, the weight's type), and their bytes that table with FAR for
    inf: made from each edge's byte when every weight is a whole number below FAR, and from the
    usable costs alone when some edge the search never takes weighs more (still bytes)."""
    from logistics.in_edges import FAR
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])
    if seed >= 2:                                  # an edge not crossable weighs FAR + 10: not a byte
        far = rng.choice(len(ix.src), 5, replace=False)
        ix.crossable[far] = False                  # the index's own (not shared with other tests)
        ix.adverse_weight = ix.adverse_weight.copy()
        ix.adverse_weight[far] = np.float32(FAR + 10)
    weight, ie = ix.adverse_weight, ix.in_eid
    want = np.where((ie >= 0) & ix.crossable[ie], weight[ie].astype(np.float64), np.inf)
    nodes = rng.choice(len(ix), 400, replace=False)
    floats, cut = in_rows(ix, ix.crossable, weight)(nodes), in_rows(ix, ix.crossable, weight, 6.0)(nodes)
    assert floats.dtype == np.float32 and np.array_equal(floats, want[nodes])
    assert cut.dtype == np.uint8 and np.array_equal(cut, np.where(want[nodes] == np.inf, FAR, want[nodes]))


def test_the_forward_adverse_weight_is_43c3_s_cost_of_each_edge(maps):
    """limited_reach's forward weight (43C3: 1, + 1 into a mountain or wooded-rough hex, + 1 across
    a narrow strait), summed in float32, against the sum in float64 per edge."""
    from logistics.games.europa.limited_reach import _forward_adverse
    for map_ in maps:
        ix = HexIndex(map_)
        got = _forward_adverse(ix)
        want = [1.0 + a + s for a, s in zip(ix.adverse[ix.src].tolist(), ix.narrow.tolist())]
        assert got.dtype == np.float32 and got.tolist() == want
        assert ix.adverse[ix.src].any() and (got == 1).any()


@pytest.mark.parametrize("seed", range(6))
def test_a_weight_kept_with_the_index_reads_a_kept_table_and_gives_dijkstra(maps, seed):
    """The limited sources' forward 43C3 weight (`limited_reach._forward_adverse`, one of the
    index's `shared` arrays): its searches over crossable hexsides read a table kept with the index
    (bytes when cut off at an element's length), the rows of each edge's own weight, and give
    Dijkstra's distances, as the same weight's copy read edge by edge (no table kept for it); in
    float32 as the backward 43C3 weight (costs 1-3: exact), the copy in float64."""
    from logistics.games.europa.limited_reach import _forward_adverse
    from logistics.in_edges import FAR, _kept
    from logistics.network import FORWARD_ADVERSE
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])
    weight = shared(ix, FORWARD_ADVERSE, lambda: _forward_adverse(ix))
    assert _kept(ix, ix.crossable, weight.copy()) is None
    nodes = rng.choice(len(ix), 300, replace=False)
    ie = ix.in_eid[nodes]
    want_rows = np.where((ie >= 0) & ix.crossable[ie], weight[ie].astype(np.float64), np.inf)
    cut = in_rows(ix, ix.crossable, weight, 5.0)(nodes)
    assert cut.dtype == np.uint8 and np.array_equal(cut, np.where(want_rows == np.inf, FAR, want_rows))
    assert np.array_equal(in_rows(ix, ix.crossable, weight)(nodes), want_rows)
    into = rng.random(len(ix)) < 0.9
    out_of = into | (rng.random(len(ix)) < 0.1)
    seeds = rng.random(len(ix)) < 0.01
    for cutoff in (3, 4, 5, None):
        got = search(ix, seeds, ix.crossable, into, out_of, weight, cutoff).dist.array
        want = dijkstra(ix, seeds, ix.crossable, into, out_of, weight, cutoff)
        copy = search(ix, seeds, ix.crossable, into, out_of, weight.copy(), cutoff).dist.array
        assert np.array_equal(got, want) and np.array_equal(copy, want)
        assert got.dtype == np.float32 and copy.dtype == np.float64
    assert any(e[1] is weight for e in ix.__dict__["_in_rows"])


@pytest.mark.parametrize("seed", range(6))
def test_every_kept_table_is_the_plain_table_of_each_nodes_edges_in(maps, seed):
    """Each kept table (`in_edges._by_edge_in`: one gather from a per-edge copy with a spare cell
    for off the map) against a plain construction node by node and direction by direction, from
    the edges' own nodes: random edge masks and whole weights kept with the index (`shared`),
    rows of whether an edge is usable, of its costs (inf where not usable or off the map) and of
    its bytes (FAR), and `entered`'s mask; a weight of FAR or more on a usable edge: no bytes."""
    from logistics.in_edges import FAR, _byte_costs, _kept, entered
    rng = np.random.default_rng(seed)
    ix = HexIndex(maps[seed % 2])
    edges = shared(ix, "random edges", lambda: rng.random(len(ix.src)) < 0.7)
    weight = shared(ix, "random weight", lambda: rng.integers(1, 9, len(ix.src)).astype(np.float32))
    if seed >= 3:
        weight[rng.choice(np.flatnonzero(edges), 3)] = np.float32(FAR + 1)
    edge_of = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    usable = np.zeros((len(ix), 6), dtype=bool)
    costs = np.full((len(ix), 6), np.inf, dtype=np.float32)
    for i, row in enumerate(ix.nbr.tolist()):
        for d, a in enumerate(row):
            e = edge_of.get((a, i))
            assert (e is None) == (a < 0)
            if e is not None and edges[e]:
                usable[i, d], costs[i, d] = True, weight[e]
    assert in_rows(ix, edges, None)(np.arange(len(ix))).dtype == bool
    assert np.array_equal(in_rows(ix, edges, None)(np.arange(len(ix))), usable)
    got = in_rows(ix, edges, weight)(np.arange(len(ix)))
    assert got.dtype == np.float32 and np.array_equal(got, costs)
    small = _byte_costs(ix, _kept(ix, edges, weight))
    if seed >= 3:
        assert small is None
    else:
        assert small.dtype == np.uint8 and np.array_equal(small, np.where(usable, costs, FAR))
    assert np.array_equal(entered(ix, edges, None), usable.any(axis=1))
    assert np.array_equal(entered(ix, edges, weight), usable.any(axis=1))
