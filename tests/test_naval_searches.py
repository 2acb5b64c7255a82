"""The naval element's searches (12B4 / 34K): mid-sized seas are searched node by node over the
sea's numbers (`_reach_by_index`, checked against the plain breadth-first search in
tests/test_whole_map_searches.py). They are kept per
zones, sea and destinations: the supply stage and the explanations of blocked lines
(`naval._zone_free`, which reads only which nodes a search reaches) share one search from the same
destinations, whatever their order; a search from the same destinations in another order is its
own (its next nodes follow that order)."""
import random

import pytest
from test_whole_map_searches import random_sea

import logistics.games.europa.naval as naval
from logistics.games.europa.naval import _reach_by_node, _zone_free, naval_reach


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
