"""The units the batch leaves to `EuropaSupply.verdict` (lines with a naval element, walked alone,
or to general supply points, 12C3): their line levels read from the units' sorted nodes (at 1M hexes
only these units ask), and a naval element's steps made once per group and port (12B4, 34K)."""
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.lines import PendingLine
from logistics.games.europa.naval import naval_path
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex
from logistics.verdict import LineStep

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


@pytest.mark.parametrize("off_map, no_hex", [(0, 0), (3, 0), (2, 5)])
def test_the_unit_slots_are_the_distinct_nodes_units_stand_on_in_order(off_map, no_hex):
    """`_unit_slots`: every node a unit's hex has on the map, once, numbered in node order (units
    off the map or with no hex have none), as `_unit_nodes` gives them; each unit's line level read
    through them is that of its own search (`_line_level_of`)."""
    s = synthetic(3000, 150, 2)
    units = list(s.position.units)
    for k in range(4):                  # stacks: units sharing a node
        units[13 * k + 5] = replace(units[13 * k + 5], hex=units[13 * k + 6].hex)
    for k in range(off_map):
        q, r = units[7 * k].hex
        units[7 * k] = replace(units[7 * k], hex=Hex(q + 700, r))
    for k in range(no_hex):
        units[11 * k + 3] = replace(units[11 * k + 3], hex=None, box="Malta")
    engine = EuropaSupply(replace(s.position, units=tuple(units)), s.map)
    expected = sorted({n for n in engine._unit_nodes() if n is not None})
    slots = engine._unit_slots()
    assert list(slots.items()) == [(n, k) for k, n in enumerate(expected)]
    assert all(type(n) is int for n in slots)
    assert len(expected) == len(units) - off_map - no_hex - 4
    for reach in {id(g): g for g in map(engine.general_reach, units[::9])}.values():
        for i in expected:
            assert engine._line_level(reach, i) == engine._line_level_of(reach, i)


def _by_sea(engine, reach, origin) -> tuple[list, str | None]:
    """The reference: the naval element's steps made afresh (the sea path, each hex's printed id),
    then the rail to the source, into a list."""
    steps = []
    path = naval_path(reach.naval, engine.index.hexes[origin] if isinstance(origin, int) else origin)
    steps += [LineStep(engine.map.hex_id(n) if isinstance(n, Hex) else n, "naval", float(k))
              for k, n in enumerate(path[1:], 1)]
    if isinstance(path[-1], str):
        return steps, reach.box_sources.get(path[-1])
    cur = engine.index.pos[path[-1]]
    if cur not in reach.source_of:
        cur = engine.line_reader.descend(reach.rail, cur, "rail", steps)
    return steps, reach.source_of.get(cur)


def test_lines_by_sea_read_as_each_traced_afresh():
    """12B4, 34K: from every port and box a group's naval element may start at, asked twice in
    turn (the second time from the steps kept per group and port), the line's continuation by sea
    and rail, into a list or a pending line, is the reference's step by step, with its source; a
    verdict's line by sea reads as that of an engine tracing it with nothing kept."""
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    position, map_ = loaded.position, loaded.map
    engine, fresh = EuropaSupply(position, map_), EuropaSupply(position, map_)
    asked = 0
    for unit in position.units:
        reach = engine.general_reach(unit)
        origins = sorted(reach.origins, key=str)
        for origin in origins + origins[::-1]:
            steps, pending = [], PendingLine(engine.line_reader)
            source = engine._continue_by_sea(reach, origin, steps)
            assert engine._continue_by_sea(reach, origin, pending) == source
            expected = _by_sea(fresh, fresh.general_reach(unit), origin)
            assert (steps, source) == expected and list(pending) == steps, (unit.id, origin)
            asked += 1
    assert asked > 20
    verdicts = EuropaSupply(position, map_).verdicts()
    naval = [(u, v) for u, v in zip(position.units, verdicts) if any(st.element == "naval" for st in v.line or ())]
    assert naval
    for unit, v in naval:
        assert json.dumps(v.as_dict()) == json.dumps(EuropaSupply(position, map_).verdict(unit).as_dict())
