"""36D (AEG, 20-Feb-03): a unit's line is traced at the best weather level whose overland search
reaches it within that weather's length, the unit's own hex no worse. The level is found for every
unit's hex of a group at once (numpy over their nodes, issue 19); it must be the level the search
gives one node at a time, for every group and unit of the bundled scenario and synthetic maps."""
import sys
from pathlib import Path

import pytest

from logistics.games.europa.reach import GroupReach
from logistics.games.europa.supply import EuropaSupply

ROOT = Path(__file__).resolve().parents[1]


def _positions():
    from logistics.files import load_scenario_file
    loaded = load_scenario_file(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
    yield loaded.position, loaded.map
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from synthetic import synthetic
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    for seed in (1, 3):
        s = synthetic(6000, 300, seed)
        yield s.position, s.map


@pytest.mark.parametrize("case", range(3))
def test_every_units_level_at_once_is_the_level_of_its_own_search(case):
    position, map_ = list(_positions())[case]
    engine = EuropaSupply(position, map_)
    engine.verdicts()
    groups = [g for g in engine._groups.values() if isinstance(g, GroupReach)]
    nodes = list(engine._unit_slots())
    assert groups and nodes
    found = []
    for group in groups:
        for i in nodes:
            level = engine._line_level(group, i)
            assert level == engine._line_level_of(group, i), (i, level)
            found.append(level)
    assert None in found and any(level is not None for level in found)
    if case:
        assert len({level for level in found if level is not None}) > 1    # weathers differ
