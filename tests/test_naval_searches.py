"""The naval element's searches (12B4 / 34K): mid-sized seas are searched node by node over the
sea's numbers (`_reach_by_index`, checked against the plain breadth-first search in
tests/test_whole_map_searches.py). They are kept per zones, sea and destinations; a search from
the same destinations in another order is its own (its next nodes follow that order). On a sea
sailed both ways, the supply stage (`naval_reached`) and the explanations of blocked lines
(`naval._zone_free`) read which nodes a search reaches from the zone-free sea's parts, with no
search until a next node is read; on a sea searched by scipy they share one search from the same
destinations, whatever their order."""
import random
import sys
from pathlib import Path

import pytest
from test_whole_map_searches import random_sea

import logistics.games.europa.naval as naval
from logistics.games.europa.naval import _reach_by_node, _zone_free, naval_reach, naval_reached
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex
from logistics.rulings.cases.europa_naval import strait

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from synthetic import synthetic  # noqa: E402


@pytest.fixture
def searches(monkeypatch):
    made = []
    for name in ("_reach_by_node", "_reach_by_index", "_reach_by_level", "_reach_by_scipy"):
        def counted(sea, zones, destinations, search=getattr(naval, name), name=name):
            made.append(name)
            return search(sea, zones, destinations)
        monkeypatch.setattr(naval, name, counted)
    return made


def symmetric_sea(rng: random.Random, n: int):
    """`random_sea` with every passage's reverse added (in random places), and a box named twice."""
    sea, zones = random_sea(rng, n)
    for a in list(sea.adjacent):
        for b in list(sea.adjacent[a]):
            if a not in sea.adjacent[b]:
                sea.adjacent[b].insert(rng.randint(0, len(sea.adjacent[b])), a)
    if rng.random() < 0.5:
        sea.nodes = sea.nodes + ["box1"]        # one node, numbered by its later row
    assert sea.symmetric
    return sea, zones


@pytest.mark.parametrize("seed", range(40))
def test_which_nodes_a_naval_element_reaches_is_read_from_the_zone_free_seas_parts(searches, monkeypatch, seed):
    """12B4 / 34K: on a sea sailed both ways, `naval_reached` (the supply stage's) and `_zone_free`
    (the explanations') answer which nodes a naval element reaches, and how many, with no search:
    as the breadth-first search node by node, from destinations given twice, blocked or off the
    sea; its next nodes and order are that search's, made once, when first read."""
    rng = random.Random(seed)
    sea, zones = symmetric_sea(rng, rng.randint(1, 40))
    if seed % 3:
        monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", 0)
    destinations = rng.sample(sea.nodes, rng.randint(0, 5)) * rng.randint(1, 2) + ["nowhere"]
    rng.shuffle(destinations)
    want = _reach_by_node(sea, zones, list(dict.fromkeys(destinations)))
    searches.clear()
    assert naval._by_parts(sea)
    stage = naval_reached(sea, zones, destinations)
    free = _zone_free(sea, zones, set(destinations))
    assert naval_reached(sea, zones, list(dict.fromkeys(destinations))) is stage
    for got in (stage, free):
        assert len(got) == len(want) and bool(got) == bool(want)
        for node in sea.nodes + ["nowhere", Hex(-5, -5)]:
            assert (node in got) == (node in want)
    assert searches == []
    assert list(stage.items()) == list(want.items())
    assert all(stage.get(node, "unreached") == want.get(node, "unreached") for node in sea.nodes + ["nowhere"])
    assert len(searches) == 1


@pytest.mark.parametrize("seed", range(10))
def test_on_a_sea_searched_by_scipy_the_explanations_read_the_supply_stages_naval_search(searches, monkeypatch, seed):
    """34K: on a sea of scipy's size (`naval._by_parts`: its search is cheaper than the parts), the
    zone-free passages toward a set of ports are the supply stage's search from those ports (no
    second search), and they are the nodes a search of its own reaches, node for node."""
    rng = random.Random(seed)
    sea, zones = symmetric_sea(rng, rng.randint(1, 40))
    for size in ("ARRAY_SEARCH_FROM", "INDEX_SEARCH_UNTIL", "SCIPY_SEARCH_FROM"):
        monkeypatch.setattr(naval, size, 0)
    destinations = rng.sample(sea.nodes, rng.randint(1, 5))
    stage = naval_reached(sea, zones, destinations * 2)
    assert naval_reach(sea, zones, destinations) is stage and searches == ["_reach_by_scipy"]
    free = _zone_free(sea, zones, set(rng.sample(destinations, len(destinations))))
    assert len(searches) == 1 and free is stage
    own = _reach_by_node(sea, zones, destinations)
    assert all((node in free) == (node in own) for node in sea.nodes)


def test_a_sea_not_sailed_both_ways_is_searched():
    """Where a passage is one-way, `naval_reached` is `naval_reach`, the search itself."""
    for seed in range(40):
        rng = random.Random(seed)
        sea, zones = random_sea(rng, 30)
        if not sea.symmetric:
            destinations = rng.sample(sea.nodes, 3)
            assert naval_reached(sea, zones, destinations) is naval_reach(sea, zones, destinations)
            return
    pytest.fail("no one-way sea")


def test_another_order_of_the_destinations_is_another_search(searches):
    """The next node toward a destination depends on the destinations' order (ties go to the
    first found): a search from the same ports in another order is not read from the kept one."""
    for seed in range(40):
        rng = random.Random(seed)
        sea, zones = random_sea(rng, 30)
        destinations = rng.sample(sea.nodes, 4)
        first, second = naval_reach(sea, zones, destinations), naval_reach(sea, zones, destinations[::-1])
        assert list(second.items()) == list(_reach_by_node(sea, zones, destinations[::-1]).items())
        if list(first.items()) != list(second.items()):
            return
    pytest.fail("no sea where the order of the destinations changes the next nodes")


def test_a_mid_sized_sea_is_searched_by_numbers(searches, monkeypatch):
    """The four ways of `naval_reach`, by the sea's size (the same answer: above)."""
    rng = random.Random(1)
    sea, _ = random_sea(rng, 40)
    n = len(sea.nodes)
    for node_from, index_until, scipy_from, way in (
            (n + 1, n + 2, n + 3, "_reach_by_node"), (n, n + 1, n + 2, "_reach_by_index"),
            (n, n, n + 1, "_reach_by_level"), (n, n, n, "_reach_by_scipy")):
        monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", node_from)
        monkeypatch.setattr(naval, "INDEX_SEARCH_UNTIL", index_until)
        monkeypatch.setattr(naval, "SCIPY_SEARCH_FROM", scipy_from)
        naval_reach(sea, random_sea(random.Random(1), 40)[1], sea.nodes[:2])
        assert searches[-1] == way



def _verdicts_and_groups(position, map_, monkeypatch, off_map_own_zones: bool) -> tuple[list, int, int]:
    """The verdicts, the groups of searches made and the naval searches and zone-free seas
    labelled (`naval._free_parts`); with `off_map_own_zones`, a coalition's own danger zones
    count as its own even off the map."""
    if off_map_own_zones:
        monkeypatch.setattr(EuropaSupply, "_zone_coalition",
                            lambda self, c: c if c in self.rules.coalition_danger_zones else "")
    made = []
    search = naval._reach_by_node
    for name in ("_reach_by_node", "_reach_by_index", "_reach_by_level", "_reach_by_scipy"):
        monkeypatch.setattr(naval, name, lambda sea, zones, ends: made.append(1) or search(sea, zones, ends))
    roots = naval.component_roots
    monkeypatch.setattr(naval, "component_roots", lambda *a: made.append(1) or roots(*a))
    engine = EuropaSupply(position, map_)
    verdicts = [v.as_dict() for v in engine.verdicts()]
    monkeypatch.undo()
    return verdicts, len(engine._groups), len(made)


@pytest.mark.parametrize("size, seed", [(3000, 4), (10_000, 1)])
def test_a_coalitions_own_zones_off_the_map_leave_it_the_sides_zones_and_searches(monkeypatch, size, seed):
    """34F: the Interventionists' own danger zone (the Bay of Biscay) is not on a synthetic map, so
    their zones and groups of searches are the Insurgents' others (one object each, not made
    twice); every verdict reads as with their own, and fewer are made."""
    s = synthetic(size, size // 20, seed)
    engine = EuropaSupply(s.position, s.map)
    assert any(u.coalition == "Interventionist" for u in s.position.units)
    assert engine.zones("Insurgent", "Interventionist") is engine.zones("Insurgent")
    assert engine.zones("Loyalist") is not engine.zones("Insurgent")
    shared, groups, searches = _verdicts_and_groups(s.position, s.map, monkeypatch, off_map_own_zones=False)
    apart, more_groups, more_searches = _verdicts_and_groups(s.position, s.map, monkeypatch, off_map_own_zones=True)
    assert shared == apart and groups < more_groups and searches < more_searches


def test_a_coalitions_own_zones_on_the_map_are_its_own():
    """34F: where the Bay of Biscay is on the map, the Interventionists' zones are their own."""
    m, p = strait([], ceuta="Insurgent")
    engine = EuropaSupply(p, m)
    mine, rebels = engine.zones("Insurgent", "Interventionist"), engine.zones("Insurgent", "Rebel")
    assert mine is not rebels and set(mine.danger) > set(rebels.danger)
    assert engine.zones("Insurgent", "Rebel") is engine.zones("Insurgent")
