"""The limited-source options (12C2) found whole-map (limited_reach.py) are those of the per-unit
reference: every unit out of full supply, every limited source and minor / standard port, one
traced line each (as the engine did before issue 19's change). On the bundled FWtBT scenario,
every rulings case that asks for them, and random synthetic positions with limited sources near
units out of supply."""
import random
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa import limited
from logistics.games.europa.limited import ALL_PORTS, Option, limited_ports, port_key, source_parts
from logistics.games.europa.status import IN_SUPPLY, NOT_CHECKED
from logistics.games.europa.supply import EuropaSupply
from logistics.position import LimitedSource
from logistics.rulings.cases import all_cases, run

ROOT = Path(__file__).resolve().parents[1]


def reference_options(engine, verdicts):
    """The options as the engine found them unit by unit and target by target (12C2; the Palma
    ruling, AEG 11-Mar-04; SF 12C2, GR/D 1998)."""
    position, map_, rules, ix = engine.position, engine.map, engine.rules, engine.index
    units = {u.id: u for u in position.units}
    candidates = [units[v.unit] for v in verdicts if v.general not in (IN_SUPPLY, NOT_CHECKED) and v.hex is not None
                  and engine.placed_hex(units[v.unit])[2] is None]
    sizes = {u.id: u.size for u in candidates}
    capacities, options, port_caps = {}, [], {}

    def small(port):
        return port_key(port) if port is not None and port.klass in ("minor", "standard") else None

    def line_to(unit, seeds, boxes, classes):
        reach = engine.group_reach(unit.side, seeds, unit.coalition, classes, boxes)
        hex_, box, _ = engine.placed_hex(unit)
        if hex_ is None:
            origin = reach.origins.get(box)
            return box in reach.box_sources or origin is not None, small(origin), 0
        found = engine._best_line(reach, ix.pos[hex_])
        if found is None:
            return False, None, 0
        start = found[1].hex_before_first("naval")
        return True, None if start is None else small(map_.port_at(map_.hex_at(start))), len(found[1].steps()) - 1

    def port_classes(unit):
        return ALL_PORTS if not rules.limited_port_sides or unit.side in rules.limited_port_sides \
            else rules.naval_origin_classes

    for src in position.limited_sources:
        box = map_.city(src.city).place.box
        for name, hexes in source_parts(position, map_, src):
            capacities[name] = src.capacity
            seeds, boxes = {h: name for h in hexes}, ({box: name} if box else {})
            for u in candidates:
                if engine.may_use(src, u):
                    ok, via, length = line_to(u, seeds, boxes, port_classes(u))
                    if ok:
                        direct = via is None or line_to(u, seeds, boxes, rules.naval_origin_classes)[0]
                        options.append(Option(u.id, name, None if direct else via, length))
    for port, owner, key in limited_ports(position, map_, rules):
        port_caps[key] = rules.limited_port_res
        node = ix.pos[port.place.hex] if port.place.hex is not None else port.place.box
        for u in candidates:
            if u.side != owner or port_classes(u) != ALL_PORTS or \
                    node not in engine.general_reach(u, ALL_PORTS).origins:
                continue
            seeds = {port.place.hex: key} if port.place.hex is not None else {}
            boxes = {port.place.box: key} if port.place.box is not None else {}
            ok, _, length = line_to(u, seeds, boxes, rules.naval_origin_classes)
            if ok:
                capacities[key] = rules.limited_port_res
                options.append(Option(u.id, key, length=length))
    return sizes, capacities, options, port_caps


def both(position, map_):
    """The options found whole-map and by the reference, each on an engine of its own."""
    found = []
    for find in (limited.limited_options, reference_options):
        engine = EuropaSupply(position, map_)
        found.append(find(engine, [engine.verdict(u) for u in position.units]))
    return found


def test_the_bundled_scenario_has_the_reference_options():
    """12C2a / 12C2c and the Palma ruling (AEG 11-Mar-04) on the Aug II 36 position: lines through
    minor / standard ports included."""
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    new, ref = both(loaded.position, loaded.map)
    assert new == ref
    assert len(new[2]) >= 10 and any(o.via for o in new[2]) and any(o.source.startswith("port of") for o in new[2])


def test_every_rulings_case_finds_the_reference_options(monkeypatch):
    """Every Europa rulings case (12C2, the Palma ruling, 12B4 by sea, boxes, 38D collapsed
    Gobernitos, SF 12C2 Allied-only ports, ...) with the options compared at each call."""
    whole_map, calls = limited.limited_options, []

    def compared(engine, verdicts):
        new = whole_map(engine, verdicts)
        calls.append((new, reference_options(EuropaSupply(engine.position, engine.map, engine.rules), verdicts)))
        return new

    monkeypatch.setattr(limited, "limited_options", compared)
    for case in all_cases():
        run(case)
    assert calls and all(new == ref for new, ref in calls)
    options = [o for new, _ in calls for o in new[2]]
    assert len(options) >= 30 and any(o.via for o in options)


def with_sources_near_stranded_units(seed: int, size: int):
    """A synthetic position with limited sources in the cities nearest to some units out of full
    supply, owned by the unit's side, for its coalition or the whole side (some per hex: 38D2)."""
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic
    s = synthetic(size, size // 10, seed)
    position, map_ = s.position, s.map
    engine = EuropaSupply(position, map_)
    stranded = [u for u, v in zip(position.units, engine.verdicts()) if v.general != IN_SUPPLY and u.hex is not None]
    rng = random.Random(seed)
    owner, sources = dict(position.owner), []
    for u in rng.sample(stranded, min(25, len(stranded))):
        city = min(map_.cities, key=lambda c: (c.place.hexes[0].distance(u.hex), c.name))
        if any(s.city == city.name for s in sources):
            continue
        owner.update({h: u.side for h in city.place.hexes})
        users = rng.choice([(), (u.coalition,), (u.affiliation,)])
        sources.append(LimitedSource(f"{city.name} (12C2a)", u.side, city.name, rng.choice([1, 3, 6]), users,
                                     per_hex=rng.random() < 0.3))
    return replace(position, owner=owner, limited_sources=tuple(sources)), map_


@pytest.mark.parametrize("seed,size", [(2, 1000), (1, 10000), (2, 10000)])
def test_random_positions_find_the_reference_options(seed, size):
    """12C2a: limited sources next to stranded units, in several weathers (36D) and terrains
    (43C3); the options, lengths and ports the same as unit by unit."""
    position, map_ = with_sources_near_stranded_units(seed, size)
    new, ref = both(position, map_)
    assert new == ref
    assert len(new[2]) >= 5


def test_targets_no_unit_reaches_need_no_search():
    """The searches toward a target run only where some stranded unit's line may end: on a 10k
    synthetic map every minor / standard port is out of every stranded unit's reach."""
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic
    s = synthetic(10000, 500, 1)
    engine = EuropaSupply(s.position, s.map)
    verdicts = [engine.verdict(u) for u in s.position.units]
    asked = []
    search = engine.group_reach
    engine.group_reach = lambda side, seeds, *a, **k: asked.append(seeds) or search(side, seeds, *a, **k)
    _, _, options, ports = limited.limited_options(engine, verdicts)
    toward_ports = [seeds for seeds in asked if any(name in ports for name in seeds.values())]
    assert len(ports) >= 4 and not options and not toward_ports


def reference_lost_shares(unit, options, allocation, capacities, port_caps, places):
    """`lost_shares` as it was, the allocation's choices read again for every unit."""
    from logistics.verdict import LimitedShare
    mine = sorted((o for o in options if o.unit == unit), key=lambda o: (o.length, o.source, o.via or ""))
    chosen = {(o.unit, o.source): o for o in options if allocation.assignment.get(o.unit) == o.source}
    shares = {}
    for o in mine:
        for name, caps in ((o.source, capacities), (o.via, port_caps)):
            if name is None or name in shares:
                continue
            taken = sorted(u for (u, _), c in chosen.items() if name in (c.source, c.via))
            shares[name] = LimitedShare(name, places.get(name), caps.get(name, 0.0), tuple(taken))
    return list(shares.values())


@pytest.mark.parametrize("seed", range(20))
def test_lost_shares_read_once_are_those_read_per_unit(seed):
    """12C2 and the Palma ruling (AEG 11-Mar-04): each unit left without a limited source is told
    the sources and ports it could reach and who took them, the same when the allocation's choices
    are read once for all units."""
    from logistics.games.europa.limited import Allocation, all_lost_shares
    rng = random.Random(seed)
    units, sources, ports = [f"u{k}" for k in range(12)], [f"s{k}" for k in range(4)], ["port of A", "port of B"]
    options = list(dict.fromkeys(Option(u, rng.choice(sources + ports), rng.choice([None, None] + ports), rng.randrange(6))
                                 for u in units for _ in range(rng.randrange(4))))
    rng.shuffle(options)
    assignment = {o.unit: o.source for o in options if rng.random() < 0.3}
    allocation = Allocation("OPTIMAL", assignment)
    capacities = {s: float(rng.randrange(1, 7)) for s in sources + ports}
    port_caps = {p: 6.0 for p in ports}
    places = {s: f"City {s}" for s in sources}
    lost = all_lost_shares(options, allocation, capacities, port_caps, places)
    for u in units:
        assert lost.get(u, []) == reference_lost_shares(u, options, allocation, capacities, port_caps, places)
    assert any(share.taken_by for shares in lost.values() for share in shares)


def test_line_levels_of_all_nodes_at_once_are_those_node_by_node():
    """36D (AEG, 20-Feb-03): the best weather level of a line from each node, as `_line_level`
    finds it node by node (`_line_level_of`), on a synthetic map with clear and snow zones and adverse terrain
    (43C3), for every kind of unit's sources."""
    import sys

    import numpy as np
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic

    s = synthetic(10000, 500, 2)
    engine = EuropaSupply(s.position, s.map)
    assert len(engine._levels) > 1
    nodes = np.arange(len(engine.index))
    levels = set()
    for u in s.position.units:
        reach = engine.general_reach(u)
        expected = [engine._line_level_of(reach, i) for i in nodes.tolist()]
        found = engine._line_levels(reach, nodes).tolist()
        assert found == [-1 if e is None else e for e in expected]
        levels |= set(found)
        if len(levels) > 2:
            break
    assert len(levels) > 2


def test_naval_origins_read_from_the_general_reach_are_those_of_a_search_for_every_port():
    """12C2c (AEG, 07-Jan-05): the ports from which a naval element reaches a source a unit may
    use, read from its general reach, are those of its general supply searched again with every
    class of port as an origin; on the bundled scenario, a 10k synthetic map (an Interventionist
    danger zone, 34F) and the Bilbao-by-sea case (12B4)."""
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic

    from logistics.games.europa.limited_reach import naval_origins
    from logistics.rulings.cases.europa_naval import pa, strait
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    s = synthetic(10000, 500, 1)
    positions = [(loaded.position, loaded.map), (s.position, s.map), strait([pa("0702")], ceuta="Loyalist")[::-1]]
    found = 0
    for position, map_ in positions:
        engine = EuropaSupply(position, map_)
        for u in position.units:
            expected = set(engine.general_reach(u, ALL_PORTS).origins)
            assert naval_origins(engine, u, ALL_PORTS) == expected, u.id
            found += len(expected)
    assert found > 0
