"""Isolation (3F), attack supply (12D) and the units behind a Rule 5 block, answered once per side
or group for every node (issue 19: they were asked unit by unit), against the per-node answers
they replace: on seeded synthetic maps (pockets behind enemy ZOCs, all-sea coasts, a neutral
country, two weather levels) and the bundled FWtBT scenario (impassable hexsides, neutral
borders)."""
import sys
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.zoc import projects_into

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def synthetic_engine(n: int, seed: int) -> EuropaSupply:
    s = synthetic(n, n // 20, seed)
    return EuropaSupply(s.position, s.map)


def scenario_engine() -> EuropaSupply:
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    return EuropaSupply(loaded.position, loaded.map)


ENGINES = [lambda: synthetic_engine(1000, 1), lambda: synthetic_engine(3000, 2),
           lambda: synthetic_engine(3000, 3), scenario_engine]


@pytest.mark.parametrize("make", ENGINES)
def test_zoc_neighbours_are_those_projects_into_finds(make):
    """Rule 5 / 37D (AEG, 07-Feb-04) and 37C: the neighbours whose ZOC reaches a hex, from the
    index's edges into it, are those zoc.projects_into accepts (terrain, hexsides, neutral borders),
    for every hex of the map."""
    engine = make()
    m = engine.map
    differs_from_all = 0
    for h in engine.index.hexes:
        slow = {n for n in h.neighbours() if projects_into(m, n, h)}
        assert set(engine._zoc_neighbours(h)) == slow, m.hex_id(h)
        differs_from_all += m.is_land(h) and slow != set(h.neighbours())
    assert differs_from_all
