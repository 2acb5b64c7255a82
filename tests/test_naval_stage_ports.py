"""12B4 / 34K: the supply stage's naval element reads the map's ports once per engine
(`EuropaSupply._ports`): every group's naval stage must pick the same destinations, the same
origins and the same rail reach of those origins as the stage written out port by port with
`port_state` (the code before the ports were kept), on maps whose ports are owned by either side,
damaged to their maximum (not functioning) or not, on the map or in a box."""
import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

import logistics.games.europa.supply as supply_module
from logistics.files import load_scenario_file
from logistics.games.europa.naval import port_state, sea_graph
from logistics.games.europa.reach import GroupReach
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def _reference_stage(engine, reach, side, coalition, origin_classes, seed_ports):
    """The naval stage port by port, `port_state` asked for each port each time."""
    if not engine.map.ports:
        return
    ix, sea, zones = engine.index, sea_graph(engine.map), engine.zones(side, coalition)
    destinations = []
    for port in engine.map.ports:
        state = port_state(engine.position, engine.map, engine.rules, port)
        if state.owner != side or not state.functioning:
            continue
        h, box = port.place.hex, port.place.box
        linked = (box in reach.box_sources) if box is not None else \
            (reach.rail_ok[ix.pos[h]] or reach.seeds[ix.pos[h]])
        is_seed = h is not None and bool(reach.seeds[ix.pos[h]])
        if (linked and port.klass in engine.rules.naval_destination_classes) or \
                (is_seed and port.klass in seed_ports):
            destinations.append(sea.port_node(port))
    if not destinations:
        return
    reach.naval = supply_module.naval_reached(sea, zones, destinations)
    for port in engine.map.ports:
        node = sea.port_node(port)
        state = port_state(engine.position, engine.map, engine.rules, port)
        if node in reach.naval and state.owner == side and state.functioning and port.klass in origin_classes:
            reach.origins[ix.pos[node] if isinstance(node, Hex) else node] = port
    starts = ix.mask(ix.hexes[i] for i in reach.origins if isinstance(i, int))
    reach.rail2, reach.rail2_ok = engine._rail_stage(engine.view(side), starts)


def _positions():
    """The bundled FWtBT scenario (ports in boxes too) and synthetic maps, each also with every
    third port damaged to its maximum (no longer functioning: 30A2/3 ruling, TEM 67)."""
    fwtbt = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    cases = [(fwtbt.position, fwtbt.map)]
    for size, seed in ((3000, 2), (20000, 1)):
        syn = synthetic(size, size // 20, seed)
        cases.append((syn.position, syn.map))
    damaged = []
    for position, map_ in cases:
        hits = {p.name: 99 for p in map_.ports[1::3]}
        damaged.append((dataclasses.replace(position, port_damage={**position.port_damage, **hits}), map_))
    return cases + damaged


@pytest.mark.parametrize("case", range(6))
def test_each_groups_naval_stage_reads_the_ports_as_port_state_gives_them(case, monkeypatch):
    position, map_ = _positions()[case]
    asked = []
    real = supply_module.naval_reached

    def recorded(sea, zones, destinations):
        asked.append(list(destinations))
        return real(sea, zones, destinations)
    monkeypatch.setattr(supply_module, "naval_reached", recorded)
    engine = EuropaSupply(position, map_)
    engine.verdicts()
    groups = [(k, g) for k, g in engine._groups.items() if isinstance(g, GroupReach)]
    assert groups
    stages = origins_seen = 0
    for (side, _, coalition, origin_classes, _, seed_ports), group in groups:
        made = []
        for stage in (lambda r: engine._naval_stage(r, side, coalition, origin_classes, seed_ports),
                      lambda r: _reference_stage(engine, r, side, coalition, origin_classes, seed_ports)):
            reach = GroupReach(group.seeds, group.source_of, group.rail, group.rail_ok,
                               box_sources=dict(group.box_sources))
            del asked[:]
            stage(reach)
            made.append((reach, list(asked)))
        (new, new_asked), (old, old_asked) = made
        assert new_asked == old_asked
        assert list(new.origins.items()) == list(old.origins.items())
        assert all(type(k) is type(j) for k, j in zip(new.origins, old.origins))
        assert (new.rail2_ok is None) == (old.rail2_ok is None)
        if new.rail2_ok is not None:
            assert np.array_equal(new.rail2_ok, old.rail2_ok)
            assert np.array_equal(new.rail2.dist.array, old.rail2.dist.array)
        stages += bool(old_asked)
        origins_seen += len(old.origins)
    assert stages and origins_seen         # some groups do reach ports by sea
