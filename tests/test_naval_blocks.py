"""34F / 34K: the naval element's explanation of a blocked line (the first zone hex on the passage
that enters the fewest zone hexes) asks first whether a passage without any zone hex joins the
start port to the group's ports. Where the group's own naval passages (12B4, `_naval_stage`) were
searched toward those very ports, they answer it (issue 19) instead of a search of their own."""
import pytest
from test_first_blocked_hex import synthetic_engine

from logistics.games.europa.naval import first_block, naval_reach, sea_graph


@pytest.mark.parametrize("size, seed", [(10000, 3), (20000, 3)])
def test_the_group_s_passages_are_the_zone_free_search_toward_its_ports(size, seed):
    """Every group whose blocked units asked for a naval block, with the passages it took from
    its naval stage: they reach the nodes a zone-free search toward its goals reaches, and every
    friendly port's first block reads the same with them as with that search."""
    engine, _ = synthetic_engine(size, seed)
    sea = sea_graph(engine.map)
    used = 0
    for key, value in list(engine._memo.items()):
        if not (isinstance(key, tuple) and key[0] == "naval goals"):
            continue
        _, goals, zones, passages = value
        if passages is None:
            continue
        used += 1
        own = naval_reach(sea, zones, sorted(goals, key=lambda g: sea.order.get(g, -1)))
        assert set(passages) == set(own)
        for port in engine.map.ports:
            start = sea.port_node(port)
            if start not in goals:
                assert first_block(sea, zones, start, set(goals), passages) == \
                    first_block(sea, zones, start, set(goals)), port.name
    assert used >= 1
