"""The rail connections of a side's sources (12C1) made from whole arrays (issue 19: a Python
loop over every hex for open borders, edges as Python tuples and a dict per node of the
connections were a sixth of a 1M-hex verdict), against the graph made hex by hex that they
replace: on seeded synthetic maps (two-hex major cities) and the bundled FWtBT scenario (rail
across an open neutral border)."""
from dataclasses import replace

import numpy as np
import pytest
import rustworkx as rx
from test_position_nodes import positions

from logistics.games.europa.rules import EuropaRules
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex


def reference_components(engine: EuropaSupply, side: str) -> dict[int, int]:
    """The connection graph as it was made hex by hex (7A intro, 12C1, the 12C1b open-border and
    12C1 multi-hex-city rulings), and its parts numbered by least node."""
    ix, view = engine.index, engine.view(side)
    nodes = view.enter_rail.copy()
    for i, h in enumerate(ix.hexes):
        if ix.rail_hex[i] and engine.map.country_of(h) in engine.rules.open_borders:
            nodes[i] = True
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(ix)))
    keep = ix.rail & nodes[ix.src] & nodes[ix.dst]
    graph.add_edges_from_no_data(list(zip(ix.src[keep].tolist(), ix.dst[keep].tolist())))
    for city in engine.map.cities:
        hexes = [ix.pos[h] for h in city.place.hexes if nodes[ix.pos[h]]]
        graph.add_edges_from_no_data([(a, b) for a in hexes for b in hexes
                                      if a < b and ix.hexes[a].is_adjacent(ix.hexes[b])])
    parts = sorted((sorted(c) for c in rx.connected_components(graph.subgraph(np.flatnonzero(nodes).tolist()))),
                   key=min)
    kept = np.flatnonzero(nodes).tolist()
    return {kept[j]: k for k, members in enumerate(parts) for j in members}


@pytest.mark.parametrize("case", range(4))
@pytest.mark.parametrize("open_border", [False, True])
def test_connections_are_the_parts_of_the_graph_made_hex_by_hex(case, open_border):
    """12C1: the rail connections of each side, with and without an open neutral border (12C1b
    rulings, AEG 14-Jan-03), as the graph made hex by hex has them; the graph the cut finder
    searches (`_connection_graph`) holds the same parts."""
    position, map_ = list(positions())[case]
    rules = EuropaRules.for_position(position)
    neutral = sorted(c for c, country in map_.countries.items() if country.neutral)
    if open_border:
        if not neutral:
            pytest.skip("no neutral country")
        rules = replace(rules, open_borders=tuple(neutral))
    engine = EuropaSupply(position, map_, rules)
    parts_seen = []
    for side in sorted({u.side for u in position.units}):
        want = reference_components(engine, side)
        got = engine._connection_components(side)
        assert got == want, side
        labels = engine._connection_labels(side)
        assert [int(labels[i]) for i in range(len(engine.index))] == [want.get(i, -1) for i in range(len(engine.index))]
        graph, kept = engine._connection_graph(side)
        parts = sorted((sorted(kept[j] for j in c) for c in rx.connected_components(graph)), key=min)
        assert {int(m): k for k, members in enumerate(parts) for m in members} == want
        assert want
        parts_seen.append(len(set(want.values())))
    if case == 3:                 # the bundled map: several connections, rail across a neutral border
        assert max(parts_seen) > 1
    if open_border and case == 3:
        closed = EuropaSupply(position, map_, replace(rules, open_borders=()))
        assert any(len(engine._connection_components(s)) > len(closed._connection_components(s))
                   for s in {u.side for u in position.units})


@pytest.mark.parametrize("case", range(3))
def test_a_multi_hex_citys_hexes_are_connected_without_rail_between_them(case):
    """12C1 ruling (AEG, 05-Mar-04): a multi-hex city is one city, so its adjacent rail hexes are in
    one connection even where no rail joins them (here the rail between them taken off the map's
    index), as the graph made hex by hex has them."""
    position, map_ = list(positions())[case]
    engine = EuropaSupply(position, map_)
    ix = engine.index
    split = []
    for city in map_.cities:
        hexes = [ix.pos[h] for h in city.place.hexes]
        if len(hexes) > 1 and all(ix.rail_hex[hexes]):
            between = np.isin(ix.src, hexes) & np.isin(ix.dst, hexes)
            ix.rail[between] = False
            split.append(hexes)
    assert split
    joined = 0
    for side in sorted({u.side for u in position.units}):
        want = reference_components(engine, side)
        labels = engine._connection_labels(side)
        assert [int(labels[i]) for i in range(len(ix))] == [want.get(i, -1) for i in range(len(ix))]
        joined += sum(len({int(labels[h]) for h in hexes}) == 1 and labels[hexes[0]] >= 0 for hexes in split)
    assert joined


def test_a_side_owning_no_rail_has_no_connection():
    """12C1: with no hex owned, no side has a connection node: every label is -1 and no source
    with connected cities is active (the parts labelled over none of the rail hexes)."""
    position, map_ = list(positions())[0]
    engine = EuropaSupply(replace(position, owner={}), map_)
    for side in sorted({u.side for u in position.units}):
        assert (engine._connection_labels(side) == -1).all()
        assert engine._connection_components(side) == {}
    assert all(engine.active_hexes(src) == [] for src in position.supply_sources if src.connected)


@pytest.mark.parametrize("case", range(4))
def test_each_sources_active_hexes_are_found_once_and_given_as_a_new_list(case):
    """12C1: `active_hexes`, kept per engine and source, answers for each source what the source's
    own reading (`_active_hexes`) does, asked again, in another order or after a caller changed the
    list it was given."""
    position, map_ = list(positions())[case]
    engine, fresh = EuropaSupply(position, map_), EuropaSupply(position, map_)
    sources = position.supply_sources
    assert sources
    for src in sources:
        got = engine.active_hexes(src)
        assert got == fresh._active_hexes(src)
        got.append(Hex(10**6, 0))
    for src in reversed(sources):
        assert engine.active_hexes(src) == fresh._active_hexes(src)
        assert engine.active_hexes(src) is not engine.active_hexes(src)
    other = replace(sources[0], name=sources[0].name + " copy", cities=())    # another source, its own answer
    assert engine.active_hexes(other) == fresh._active_hexes(other) == []
