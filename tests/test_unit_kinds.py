"""unit_kinds.py: each unit's kind (side, coalition, affiliation: 12C1, they share their group of
searches) and the node its line is traced from, found in one pass per engine, against the units
judged one at a time: their own `placed_hex` (an embarked unit traces from its group's port, 12B4;
at sea, none) and their own `general_reach`; the groups asked in the same order, so the searches
are made in the same order as before."""
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.rules import INTRINSIC_GARRISON
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.unit_kinds import batch_kinds, group_nodes, unit_kinds
from logistics.position import NavalGroup

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def _embarked_scenario():
    """The bundled scenario with a unit embarked in port (its kind's first unit: it asks for the
    group), one embarked at sea and one in an off-map box (as bundled)."""
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    position, map_ = loaded.position, loaded.map
    port = next(p for p in map_.ports if p.name == "Gijon")
    fleets = (NavalGroup("In port", "Loyalist", "transport", hex=port.place.hex, in_port=True),
              NavalGroup("At sea", "Insurgent", "transport", hex=position.naval_groups[1].hex))
    units = list(position.units)
    first = next(k for k, u in enumerate(units) if u.affiliation == "Asturian")
    units[first] = replace(units[first], hex=None, aboard="In port")
    units[0] = replace(units[0], hex=None, aboard="At sea")
    return replace(position, units=tuple(units), naval_groups=position.naval_groups + fleets), map_


def _positions():
    for n, seed in ((3000, 1), (10000, 2)):
        s = synthetic(n, n // 20, seed)
        yield s.position, s.map
    yield _embarked_scenario()


def _traced_from(engine, unit):
    """The node a unit's line is traced from, judged alone (None: none)."""
    hex_, _, cannot = engine.placed_hex(unit)
    return engine.index.pos.get(hex_) if cannot is None else None


@pytest.mark.parametrize("case", range(3))
def test_each_units_kind_and_node_are_its_own(case):
    position, map_ = list(_positions())[case]
    engine = EuropaSupply(position, map_)
    nodes, kind_of, groups = unit_kinds(engine)
    assert unit_kinds(engine)[2] is groups                      # kept per engine
    triples = [(u.side, u.coalition, u.affiliation) for u, _ in groups]
    assert len(set(triples)) == len(triples)
    for unit, node, kind in zip(position.units, nodes, kind_of, strict=True):
        own = _traced_from(engine, unit)
        assert node == (-1 if own is None else own), unit.id
        if own is None:
            assert kind == -1, unit.id
            continue
        assert triples[kind] == (unit.side, unit.coalition, unit.affiliation), unit.id
        assert groups[kind][1] is engine.general_reach(unit), unit.id
    if case == 2:
        assert -1 in kind_of and any(u.aboard and k >= 0 for u, k in zip(position.units, kind_of))


@pytest.mark.parametrize("case", range(3))
def test_groups_are_asked_and_their_nodes_gathered_as_unit_by_unit(case):
    """The groups' searches are made in the order a walk over the units one by one asks for them
    (each group's first unit with a node), and each group's nodes are its units' distinct nodes."""
    position, map_ = list(_positions())[case]
    engine, alone = EuropaSupply(position, map_), EuropaSupply(position, map_)
    found = group_nodes(engine)
    reference: dict[int, tuple] = {}
    for unit in position.units:
        node = _traced_from(alone, unit)
        if node is not None:
            reach = alone.general_reach(unit)
            reference.setdefault(id(reach), (reach, set()))[1].add(node)
    assert list(engine._groups) == list(alone._groups)
    assert [(r.source_of, n.tolist()) for r, n in found] == \
        [(r.source_of, sorted(n)) for r, n in reference.values()]


def test_each_groups_nodes_hold_the_maps_first_and_last_nodes():
    """A group's nodes are cut from one sorted run of (group, node) keys: units of every kind
    standing on the map's first and last nodes (at the runs' edges) are in their own group's nodes
    and no other's, as gathered unit by unit."""
    s = synthetic(3000, 150, 1)
    engine = EuropaSupply(s.position, s.map)
    first, last = engine.index.hexes[0], engine.index.hexes[-1]
    seen: dict[tuple, int] = {}
    units = []
    for u in s.position.units:
        k = seen[(u.side, u.coalition, u.affiliation)] = seen.get((u.side, u.coalition, u.affiliation), -1) + 1
        units.append(replace(u, hex=first) if k == 0 else replace(u, hex=last) if k == 1 else u)
    position = replace(s.position, units=tuple(units))
    engine, alone = EuropaSupply(position, s.map), EuropaSupply(position, s.map)
    reference: dict[int, tuple] = {}
    for unit in position.units:
        reach = alone.general_reach(unit)
        reference.setdefault(id(reach), (reach, set()))[1].add(_traced_from(alone, unit))
    found = group_nodes(engine)
    assert len(found) > 1
    assert [(r.source_of, n.tolist()) for r, n in found] == [(r.source_of, sorted(n)) for r, n in reference.values()]
    assert all(n[0] == 0 and n[-1] == len(engine.index) - 1 for _, n in found)


@pytest.mark.parametrize("case", range(3))
def test_the_batchs_kinds_leave_embarked_and_garrison_units_to_verdict(case):
    """unit_batch.py builds the verdicts of units on the map, not embarked and not deemed in supply
    (39D, an intrinsic garrison: `verdict` judges them alone): their batch kind is their kind, every
    other unit's -1; the nodes as `unit_kinds` gives them. A tenth of the units tagged as garrisons."""
    position, map_ = list(_positions())[case]
    units = [replace(u, tags=(*u.tags, INTRINSIC_GARRISON)) if k % 10 == 3 else u
             for k, u in enumerate(position.units)]
    engine = EuropaSupply(replace(position, units=tuple(units)), map_)
    nodes, kind_of, _ = unit_kinds(engine)
    at, batched = batch_kinds(engine)
    assert at.tolist() == nodes and len(batched) == len(units)
    for unit, kind, got in zip(units, kind_of, batched.tolist(), strict=True):
        plain = unit.aboard is None and INTRINSIC_GARRISON not in unit.tags
        assert got == (kind if plain else -1), unit.id
    assert sum(k >= 0 for k in batched.tolist()) >= 0.8 * len(units)
    if case == 2:
        assert any(u.aboard and k >= 0 for u, k in zip(units, kind_of))     # embarked in port: a kind, no batch
