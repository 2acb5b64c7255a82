"""The naval element's searches (12B4 / 34K) are kept per
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
    for name in ("_reach_by_node", "_reach_by_level"):
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
    if seed % 2:
        monkeypatch.setattr(naval, "ARRAY_SEARCH_FROM", 0)
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
