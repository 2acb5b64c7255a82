"""A side's masks of the owner table and the units made once per position from whole arrays
(issue 19: generator masks over the owner table, which has a row per hex, were a tenth of a
1M-hex verdict), against the per-hex masks they replace: on seeded synthetic maps (units in
pockets, a neutral country) and the bundled FWtBT scenario."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.view import LOSE_ZOC_AT, PositionNodes
from logistics.zoc import zoc_hexes

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def reference_mask(ix, hexes) -> np.ndarray:
    m = np.zeros(len(ix), dtype=bool)
    m[[ix.pos[h] for h in hexes if h in ix.pos]] = True
    return m


def positions():
    for n, seed in ((1000, 1), (3000, 2), (3000, 3)):
        s = synthetic(n, n // 20, seed)
        yield s.position, s.map
    loaded = load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml"))
    yield loaded.position, loaded.map


@pytest.mark.parametrize("case", range(4))
def test_position_nodes_are_the_masks_of_the_owner_table_and_the_units(case):
    """12A: the hexes a side owns, its units' hexes and the other sides' units' hexes, as node
    masks over the map (hexes off the map left out), for every side of the position."""
    position, map_ = list(positions())[case]
    engine = EuropaSupply(position, map_)
    ix = engine.index
    nodes = PositionNodes(position, ix)
    on_map = [u for u in position.units if u.hex is not None]
    for side in sorted({u.side for u in position.units} | set(position.owner.values()) | {"nobody"}):
        assert np.array_equal(nodes.owned(side),
                              reference_mask(ix, [h for h, o in position.owner.items() if o == side])), side
        assert np.array_equal(nodes.units(side, friendly=True),
                              reference_mask(ix, [u.hex for u in on_map if u.side == side])), side
        assert np.array_equal(nodes.units(side, friendly=False),
                              reference_mask(ix, [u.hex for u in on_map if u.side != side])), side
    assert nodes.owned(position.units[0].side).any() and nodes.units(position.units[0].side, True).any()


@pytest.mark.parametrize("case", range(4))
def test_enemy_zoc_is_the_mask_of_the_zoc_hexes(case):
    """Rule 5, 12A, 12B ruling (DPS, 08-Oct-04: a U-2 unit has no ZOC): the enemy ZOC of a side's
    view, made from the position's unit arrays, is every hex zoc.zoc_hexes finds for its enemies."""
    position, map_ = list(positions())[case]
    engine = EuropaSupply(position, map_)
    for side in sorted({u.side for u in position.units}):
        want = np.zeros(len(engine.index), dtype=bool)
        for enemy in position.enemies_of(side):
            want |= reference_mask(engine.index, zoc_hexes(position, map_, enemy, LOSE_ZOC_AT))
        assert np.array_equal(engine.view(side).enemy_zoc, want), side
        assert want.any() and not want.all()
