"""Whole-map searches done with array work (issue 19: fewer and cheaper searches) against the plain
references they replace, on random inputs and the bundled FWtBT map: node masks of hexes, the
reached-and-within tests of a search, the low-volume limit (12B), the naval element's breadth-first search
(12B4, 34K), reaching seeds at any length (3F) and a search started from one of fewer seeds."""
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from conftest import reference_reaching

from logistics.files import load_scenario_file
from logistics.games.europa.naval import NavalZones, SeaGraph, _reach_by_index, _reach_by_scipy, naval_reach, sea_graph
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex
from logistics.network import LOW_VOLUME_WEIGHT, Regions, index_of, search

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def loaded():
    return load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))


def reference_mask(ix, hexes) -> np.ndarray:
    m = np.zeros(len(ix.hexes), dtype=bool)
    m[[ix.pos[h] for h in hexes if h in ix.pos]] = True
    return m


def test_a_mask_holds_the_hexes_on_the_map_and_nothing_else(loaded):
    """`HexIndex.mask` of a few hexes (looked up one by one) and of more (read as arrays), from
    any iterable: hexes far off the map and just off its edge are left out."""
    ix = index_of(loaded.map)
    rng = random.Random(5)
    edge = sorted({n for h in ix.hexes for n in h.neighbours() if n not in ix.pos})
    for k in range(60):
        hexes = (rng.sample(ix.hexes, rng.choice([rng.randint(0, 70), rng.randint(60, 200)]))
                 + [Hex(10_000, rng.randint(0, 9)), Hex(-3, -10**9)] * rng.randint(0, 3) + rng.sample(edge, rng.randint(0, 4)))
        rng.shuffle(hexes)
        got = ix.mask((iter, list, tuple, set)[k % 4](hexes))
        assert got.shape == (len(ix),) and got.dtype == bool
        assert np.array_equal(got, reference_mask(ix, hexes))
    assert not ix.mask([Hex(10_000, 0)]).any() and not ix.mask([]).any()


def reference_where(array, test) -> np.ndarray:
    out = np.zeros(len(array), dtype=bool)
    idx = np.flatnonzero(array != np.inf)
    out[idx] = test(array[idx])
    return out


def test_where_tests_only_reached_nodes(loaded):
    """12B: the low-volume count and an element's length, read from a search's distances; an
    unreached node (inf) never passes, not even a test that inf would pass."""
    ix = index_of(loaded.map)
    rng = np.random.default_rng(3)
    for cutoff in (None, 2, 5):
        seeds = rng.random(len(ix)) < 0.01
        reach = search(ix, seeds, ix.crossable, rng.random(len(ix)) < 0.8, np.ones(len(ix), dtype=bool),
                       cutoff=cutoff)
        assert np.isinf(reach.dist.array).any()
        for test in (lambda d: d <= 3, lambda d: d > 1, lambda d: d // LOW_VOLUME_WEIGHT <= 0):
            assert np.array_equal(reach.where(test), reference_where(reach.dist.array, test))
    reach.dist.array[:] = np.inf
    assert not reach.where(lambda d: d > 1).any()


def test_the_low_volume_limit_as_one_comparison(loaded):
    """12B: the rail element's count of low-volume hexes (d // LOW_VOLUME_WEIGHT) within the limit,
    asked as d < (limit + 1) * LOW_VOLUME_WEIGHT, on rail distances of every count and length."""
    engine = EuropaSupply(loaded.position, loaded.map)
    ix = engine.index
    rng = np.random.default_rng(7)
    starts = ix.mask(ix.hexes[i] for i in rng.choice(np.flatnonzero(ix.rail_hex), 5).tolist())
    rail, ok = engine._rail_stage(engine.view("Loyalist"), starts)
    limit = engine.rules.low_volume_limit
    assert np.array_equal(ok, reference_where(rail.dist.array, lambda d: d // LOW_VOLUME_WEIGHT <= limit))
    counts = rng.integers(0, 9, len(ix)) * LOW_VOLUME_WEIGHT + rng.choice([0, 1, 4321], len(ix))
    rail.dist.array[:] = np.where(rng.random(len(ix)) < 0.3, np.inf, counts)
    for limit in range(8):     # the engine keeps the search (now these distances) for these starts
        engine.rules = replace(engine.rules, low_volume_limit=limit)
        again, ok = engine._rail_stage(engine.view("Loyalist"), starts)
        assert again is rail
        assert np.array_equal(ok, reference_where(rail.dist.array, lambda d: d // LOW_VOLUME_WEIGHT <= limit))
        assert 0 < ok.sum() < (rail.dist.array != np.inf).sum()


def reference_naval_reach(sea, zones, destinations):
    """The breadth-first search node by node (a deque), as it always was; small seas keep it."""
    from logistics.games.europa.naval import _reach_by_node

    return _reach_by_node(sea, zones, destinations)


def by_level(sea, zones, destinations):
    """The search over arrays, whatever the sea's size (large seas take it)."""
    from logistics.games.europa.naval import _reach_by_level

    return _reach_by_level(sea, zones, destinations)


def random_sea(rng: random.Random, n: int):
    """A sea of hexes and boxes with passages in random order, some one-way, some twice."""
    nodes = [Hex(q, r) for q in range(n) for r in range(3)] + [f"box{k}" for k in range(3)]
    sea = SeaGraph.__new__(SeaGraph)
    sea.nodes = nodes
    sea.adjacent = {a: rng.sample(nodes, rng.randint(0, 4)) for a in nodes}
    zones = NavalZones.__new__(NavalZones)
    hexes = [h for h in nodes if isinstance(h, Hex)]
    zones.danger = {h: "danger" for h in rng.sample(hexes, len(hexes) // 8)}
    zones.combat = {h: "combat" for h in rng.sample(hexes, len(hexes) // 8)}
    zones.closed_by = {}
    return sea, zones


@pytest.mark.parametrize("seed", range(30))
def test_naval_reach_is_the_breadth_first_search_node_by_node(seed):
    """12B4 / 34K: the same nodes, the same next node toward a destination (ties: the first found),
    in the same order, from destinations given twice, blocked or off the sea."""
    rng = random.Random(seed)
    sea, zones = random_sea(rng, rng.randint(1, 40))
    destinations = rng.sample(sea.nodes, rng.randint(0, 5)) * rng.randint(1, 2) + ["nowhere"]
    rng.shuffle(destinations)
    want = reference_naval_reach(sea, zones, destinations)
    for got in (naval_reach(sea, zones, destinations), by_level(sea, zones, destinations),
                _reach_by_index(sea, zones, destinations),    # mid-sized seas: node by node, by numbers
                _reach_by_scipy(sea, zones, destinations)):   # large seas: scipy's breadth-first search
        assert list(got.items()) == list(want.items()) and len(got) == len(want)
        for node in sea.nodes + ["nowhere", Hex(-5, -5)]:
            assert (node in got) == (node in want)
            assert got.get(node, "unreached") == want.get(node, "unreached")


def test_naval_reach_on_the_bundled_map(loaded):
    """34K: the zones of either side (the Loyalist fleet's, Insurgent bases'), toward every port."""
    position, map_ = loaded.position, loaded.map
    sea, rules = sea_graph(map_), EuropaSupply(position, map_).rules
    ports = [sea.port_node(p) for p in map_.ports]
    for side in ("Insurgent", "Loyalist"):
        zones = NavalZones(position, map_, rules, side)
        assert zones.danger or zones.combat
        assert len(reference_naval_reach(sea, zones, ports)) > 100
        for destinations in (ports, ports[::-1], ports[:2], ports[-3:]):
            want = list(reference_naval_reach(sea, zones, destinations).items())
            assert list(naval_reach(sea, zones, destinations).items()) == want
            assert list(by_level(sea, zones, destinations).items()) == want
            assert list(_reach_by_scipy(sea, zones, destinations).items()) == want


@pytest.mark.parametrize("seed", range(6))
def test_reaching_a_seed_at_any_length_as_region_by_region(loaded, seed):
    """3F (DPS, 22-Aug-05): isolated unless an overland line of any length reaches a source; the
    test for every node at once answers as the regions and edges node by node, on random masks of
    enterable hexes (some seeds among them, some not), crossable hexsides and hexes a line may leave."""
    ix = index_of(loaded.map)
    rng = np.random.default_rng(seed)
    into = rng.random(len(ix)) < 0.7
    out_of = into | (rng.random(len(ix)) < 0.2)
    edges = ix.crossable & (rng.random(len(ix.src)) < 0.9)
    sym = np.zeros(len(ix.src), dtype=bool)      # Regions wants an edge and its reverse alike
    pairs = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    for (a, b), e in pairs.items():
        sym[e] = edges[e] and edges[pairs[(b, a)]]
    seeds = rng.random(len(ix)) < 0.01
    got = Regions(ix, sym, into, out_of).reaching(seeds)
    want = reference_reaching(Regions(ix, sym, into, out_of), seeds)
    answers = got.tolist()
    assert answers == [want(a) for a in range(len(ix))]
    assert any(answers) and not all(answers) and sum(answers) > seeds.sum()


@pytest.mark.parametrize("seed", range(8))
def test_a_search_from_a_known_search_of_fewer_seeds_is_the_search_from_scratch(loaded, seed):
    """36D / 43C3: the road and overland elements' distances, weighted or not, cut off at an
    element's length or not, are the same when a search starts from one made from some of its seeds
    (groups of sources that differ by a few cities share the rest)."""
    ix = index_of(loaded.map)
    rng = np.random.default_rng(seed)
    into = rng.random(len(ix)) < 0.85
    out_of = into | (rng.random(len(ix)) < 0.1)
    edges = ix.crossable & (rng.random(len(ix.src)) < 0.95)
    weight = None if seed % 2 else 1.0 + (rng.random(len(ix.src)) < 0.3) + (rng.random(len(ix.src)) < 0.1)
    cutoff = (None, 3, 6, 10)[seed % 4]
    picked = rng.choice(len(ix), 10, replace=False)
    few, more = ix.mask(ix.hexes[i] for i in picked[:5]), ix.mask(ix.hexes[i] for i in picked)
    known = search(ix, few, edges, into, out_of, weight, cutoff)
    got = search(ix, more, edges, into, out_of, weight, cutoff, known=known)
    want = search(ix, more, edges, into, out_of, weight, cutoff)
    assert np.array_equal(got.dist.array, want.dist.array)
    assert not np.array_equal(known.dist.array, want.dist.array)
    assert np.array_equal(got.seeds, more) and got.cutoff == cutoff and got.weight is weight
    assert np.array_equal(known.dist.array, search(ix, few, edges, into, out_of, weight, cutoff).dist.array)


def test_the_engine_starts_a_search_only_from_one_over_the_same_edges_and_fewer_seeds(loaded):
    """The memo of searches (`EuropaSupply._search`): a search starts from an earlier one only when
    that one's seeds are among its own and its edges, masks, weights and cutoff are the same."""
    from logistics.warm_start import nearest_known as _nearest

    ix = index_of(loaded.map)
    rng = np.random.default_rng(11)
    how = dict(edges=ix.crossable, into=rng.random(len(ix)) < 0.9, out_of=np.ones(len(ix), dtype=bool),
               weight=None, cutoff=5)
    few = rng.random(len(ix)) < 0.01
    more = few | (rng.random(len(ix)) < 0.01)
    fewer = few & (rng.random(len(ix)) < 0.5)
    base, closer = search(ix, fewer, **how), search(ix, few, **how)
    assert _nearest([base, closer], more, how) is closer and _nearest([closer, base], more, how) is closer
    assert _nearest([search(ix, more, **how)], few, how) is None                 # more seeds than asked
    for change in (dict(cutoff=6), dict(cutoff=None), dict(weight=np.full(len(ix.src), 1.0)),
                   dict(into=~how["into"]), dict(out_of=how["into"]), dict(edges=ix.road)):
        assert _nearest([closer], more, {**how, **change}) is None, change
    engine = EuropaSupply(loaded.position, loaded.map)
    first = engine._search(("test",), few, **how)
    assert np.array_equal(engine._search(("test",), more, **how).dist.array, search(ix, more, **how).dist.array)
    assert engine._search(("test",), few, **how) is first


def test_a_weighted_element_cut_off_starts_from_its_search_at_a_better_weather_level(loaded):
    """36D / 43C3: where no earlier search has its masks and cutoff, a weighted search cut off at an
    element's length starts from one over masks within its own (the element at a better weather
    level: fewer hexes, a longer length) and fewer seeds; a search of unit steps or without a
    cutoff does not (measured slower), and one over the same masks and cutoff comes first."""
    from logistics.warm_start import nearest_known as _nearest

    ix = index_of(loaded.map)
    rng = np.random.default_rng(12)
    into = rng.random(len(ix)) < 0.9
    better = into & (rng.random(len(ix)) < 0.6)
    seeds = rng.random(len(ix)) < 0.02
    how = dict(edges=ix.crossable, into=into, out_of=into, weight=ix.adverse_weight, cutoff=4)
    at_better = search(ix, seeds & better, ix.crossable, better, better, ix.adverse_weight, 5)
    assert _nearest([at_better], seeds, how) is at_better
    assert np.array_equal(search(ix, seeds, **how, known=at_better).dist.array, search(ix, seeds, **how).dist.array)
    for change in (dict(cutoff=6), dict(cutoff=None), dict(into=better & ~into)):
        assert _nearest([at_better], seeds, {**how, **change}) is None, change
    unit_steps = search(ix, seeds & better, ix.crossable, better, better, None, 5)
    assert _nearest([unit_steps], seeds, {**how, "weight": None}) is None
    alike = search(ix, seeds & (rng.random(len(ix)) < 0.5), **how)
    assert _nearest([at_better, alike], seeds, how) is alike and _nearest([alike, at_better], seeds, how) is alike


def test_a_large_sea_takes_the_search_over_arrays_a_small_one_node_by_node(loaded, monkeypatch):
    """The two ways of naval_reach, by the sea's size (the same answer: above)."""
    import logistics.games.europa.naval as naval

    position, map_ = loaded.position, loaded.map
    sea, rules = sea_graph(map_), EuropaSupply(position, map_).rules
    ports = [sea.port_node(p) for p in map_.ports]
    monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", len(sea.nodes))
    assert isinstance(naval_reach(sea, NavalZones(position, map_, rules, "Loyalist"), ports), naval.SeaParents)
    monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", len(sea.nodes) + 1)
    assert isinstance(naval_reach(sea, NavalZones(position, map_, rules, "Loyalist"), ports), dict)


def test_the_groups_of_a_side_share_the_element_masks():
    """Issue 19 (memory at 1M): the road and overland searches of every group of sources of a side
    at one weather level keep one set of edge and node masks (the searches are kept for the lines
    read later), not a copy per group."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from synthetic import synthetic

    s = synthetic(3000, 150, 2)
    engine = EuropaSupply(s.position, s.map)
    engine.verdicts()
    kept: dict[tuple, list] = {}
    for key, reach in engine._groups.items():
        if hasattr(reach, "road_ends"):
            for element in ("road", "overland"):
                for level, searched in getattr(reach, element).items():
                    kept.setdefault((key[0], element, level), []).append(searched)
    for key, searches in kept.items():
        assert all(r.mask_edges is searches[0].mask_edges and r.into is searches[0].into
                   and r.out_of is searches[0].out_of for r in searches), key
    assert sum(len(searches) - 1 for searches in kept.values())
