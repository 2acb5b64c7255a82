"""Every route a Europa general supply line may take, lengths and weather aside, for minimum cuts
(logistics/analysis): what a line may enter (12A, 39A, 37C), its overland, road and rail edges
(12B), the naval element between ports (12B4, 34K) and the rail connections of the cities of a
source (12C1)."""
from __future__ import annotations

import rustworkx as rx

from logistics.games.base import SupplyNetwork
from logistics.games.europa.naval import port_state
from logistics.position import Unit


def supply_network(engine, unit: Unit) -> SupplyNetwork:
    """The routes of `unit`'s line under `engine` (an EuropaSupply): a superset of the lines the
    engine traces, since lengths, weather and the order of the elements are dropped."""
    ix, view = engine.index, engine.view(unit.side)
    reach = engine.general_reach(unit)
    # 12B: overland and road cross a crossable hexside into a hex the line may enter; the rail
    # element runs on friendly-owned rail into hexes it may enter (rail breaks do not block, 12B3).
    overland = ix.crossable & ix.land[ix.src] & view.enter[ix.dst]
    rail = ix.rail & view.owned_rail[ix.src] & view.enter_rail[ix.dst]
    naval_from = tuple(sorted(i for i in reach.origins if isinstance(i, int)))
    naval_to = []
    for port in engine.map.ports if naval_from else ():
        state = port_state(engine.position, engine.map, engine.rules, port)
        h = port.place.hex
        if h is not None and state.owner == unit.side and state.functioning \
                and port.klass in engine.rules.naval_destination_classes:
            naval_to.append(ix.pos[h])
    return SupplyNetwork(ix, reach.seeds.copy(), overland | rail, naval_from, tuple(sorted(naval_to)),
                         connection_cuts(engine, unit))


def connection_cuts(engine, unit: Unit) -> dict[int, tuple[str, ...]]:
    """12C1: the hexes whose loss alone separates two rail-connected cities of a source `unit`
    draws on that needs its cities connected, with those sources. Such a hex lies on every rail
    route between the two cities, so on the shortest one, and it is an articulation point of the
    connection graph: both are searched, nothing else."""
    key = ("connection cuts", unit.side, unit.coalition, unit.affiliation)
    if key in engine._memo:
        return engine._memo[key]
    graph, kept = engine._connection_graph(unit.side)
    local = {int(m): j for j, m in enumerate(kept.tolist())}
    articulation = set(rx.articulation_points(graph))
    found: dict[int, set[str]] = {}
    for source in engine.position.supply_sources:
        if not source.connected or not engine.may_use(source, unit):
            continue
        cities = sorted({local[engine.index.pos[h]] for h in engine.active_hexes(source)
                         if engine.index.pos[h] in local})
        for a in cities:
            paths = rx.dijkstra_shortest_paths(graph, a)
            for b in cities:
                if b > a and b in paths:
                    for j in paths[b]:
                        if j in articulation and j not in (a, b):
                            found.setdefault(int(kept[j]), set()).add(source.name)
    engine._memo[key] = {node: tuple(sorted(names)) for node, names in sorted(found.items())}
    return engine._memo[key]
