"""The units behind a hex blocked by an enemy ZOC (12A, Rule 5), asked of the hex and its
neighbours, are those of the whole side's ZOC map (zoc.zoc_hexes: terrain, hexsides, neutral
borders; a U-2 unit exerts none, 12B ruling, DPS 08-Oct-04) on every hex of the bundled maps."""
from dataclasses import replace
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.view import LOSE_ZOC_AT
from logistics.zoc import zoc_hexes

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("u2_every", [0, 3])
def test_the_zoc_blockers_of_every_hex_are_those_of_the_zoc_map(u2_every):
    """As loaded, and with every third unit at U-2 (no ZOC, in its hex or around it)."""
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    position, map_ = loaded.position, loaded.map
    if u2_every:
        units = tuple(replace(u, oos=2) if k % u2_every == 0 else u for k, u in enumerate(position.units))
        position = replace(position, units=units)
    engine = EuropaSupply(position, map_)
    side_of = {u.id: u.side for u in position.units}
    named = 0
    for side in sorted({u.side for u in position.units}):
        zoc: dict = {}
        for enemy in position.enemies_of(side):
            for h, ids in zoc_hexes(position, map_, enemy, LOSE_ZOC_AT).items():
                zoc.setdefault(h, []).extend(ids)
        for h in map_.terrain:
            ids = tuple(sorted(set(zoc.get(h, []))))
            expected = (ids, ", ".join(sorted({side_of[u] for u in ids})) or None)
            assert engine.blockers(h, side, "12A, Rule 5", "enemy ZOC and no friendly unit in the hex") == expected, (side, h)
            named += bool(ids)
    assert named > 20
