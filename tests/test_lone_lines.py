"""The units the batch leaves to `EuropaSupply.verdict` (lines with a naval element, walked alone,
or to general supply points, 12C3): their line levels read from the units' sorted nodes (at 1M hexes
only these units ask)."""
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex

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
