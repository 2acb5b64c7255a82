"""The naval element's searches (12B4 / 34K): mid-sized seas are searched node by node over the
sea's numbers (`_reach_by_index`, checked against the plain breadth-first search in
tests/test_whole_map_searches.py). They are kept per
zones, sea and destinations: the supply stage and the explanations of blocked lines
(`naval._zone_free`, which reads only which nodes a search reaches) share one search from the same
destinations, whatever their order; a search from the same destinations in another order is its
own (its next nodes follow that order)."""
import random
import sys
from pathlib import Path

import pytest
from test_whole_map_searches import random_sea

import logistics.games.europa.naval as naval
from logistics.games.europa.naval import _reach_by_node, _zone_free, naval_reach
from logistics.games.europa.supply import EuropaSupply
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


@pytest.mark.parametrize("seed", range(20))
def test_the_explanations_read_the_supply_stages_naval_search(searches, monkeypatch, seed):
    """34K: the zone-free passages toward a set of ports are the supply stage's search from those
    ports (no second search), and they are the nodes a search of its own reaches, node for node."""
    rng = random.Random(seed)
    sea, zones = random_sea(rng, rng.randint(1, 40))
    sea.symmetric = True            # as `first_block` asks only of a sea sailed both ways
    if seed % 3:
        monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", 0)
    if seed % 3 == 2:
        monkeypatch.setattr(naval, "INDEX_SEARCH_UNTIL", 0)
        monkeypatch.setattr(naval, "SCIPY_SEARCH_FROM", 0 if seed % 2 else 10 ** 9)   # by scipy or level by level
    destinations = rng.sample(sea.nodes, rng.randint(1, 5))
    stage = naval_reach(sea, zones, destinations * 2)
    assert naval_reach(sea, zones, destinations) is stage and len(searches) == 1
    shuffled = rng.sample(destinations, len(destinations))
    free = _zone_free(sea, zones, set(shuffled))
    assert len(searches) == 1 and free is stage
    own = _reach_by_node(sea, zones, sorted(shuffled, key=lambda g: sea.order.get(g, -1)))
    assert all((node in free) == (node in own) for node in sea.nodes)


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
    """The verdicts, the groups of searches made and the naval searches made; with
    `off_map_own_zones`, a coalition's own danger zones count as its own even off the map."""
    if off_map_own_zones:
        monkeypatch.setattr(EuropaSupply, "_zone_coalition",
                            lambda self, c: c if c in self.rules.coalition_danger_zones else "")
    made = []
    search = naval._reach_by_node
    for name in ("_reach_by_node", "_reach_by_index", "_reach_by_level", "_reach_by_scipy"):
        monkeypatch.setattr(naval, name, lambda sea, zones, ends: made.append(1) or search(sea, zones, ends))
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
