"""The owners a verdict reads, looked up at the rail and city hexes (`PositionNodes.read_owner`,
below `view.PULL_UNDER` owned hexes), against the whole owner table read from every owned hex:
the same masks there, the same 39A barred cities and the same verdicts (12B, 12C1, 39A, 39D), on
seeded synthetic maps, the bundled FWtBT scenario, owners shuffled among its cities (unpacified,
under works, dispersed, on holes of the map), hundreds of owners, and Hexes made anew (not the
map's own objects)."""
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa import view
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.view import PositionNodes, _read_nodes
from logistics.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_position_nodes import positions, reference_mask, shuffled  # noqa: E402


def cases():
    """(position, map, the map without holes: a source city must lie on the map for a verdict)."""
    for case, (position, map_) in enumerate(positions()):
        yield position, map_, map_
        yield *shuffled(position, map_, case + 1), map_
    position, map_ = next(iter(positions()))
    rng = np.random.default_rng(3)
    # 300 owners (numbered past bytes), each hex a Hex made anew.
    yield replace(position, owner={Hex(h.q, h.r): f"owner {int(rng.integers(300))}" if k % 5 else o
                                   for k, (h, o) in enumerate(position.owner.items())}), map_, map_


@pytest.mark.parametrize("case", range(9))
def test_the_owners_read_are_the_owner_tables_at_rail_and_city_hexes(case):
    """12B, 12C1, 39D: each side's owned hexes among the rail and city hexes, as the whole table
    gives them; nowhere else owned unless the table says so."""
    position, map_, _ = list(cases())[case]
    ix = EuropaSupply(position, map_).index
    nodes = PositionNodes(position, ix)
    read = np.zeros(len(ix), dtype=bool)
    read[_read_nodes(ix)[0]] = True
    cities = reference_mask(ix, [h for c in map_.cities for h in c.place.hexes])
    assert np.array_equal(read, ix.rail_hex | cities)
    assert (cities & ~ix.rail_hex).any() or case not in (6, 7)     # the scenario: cities off the rail
    for side in sorted(set(position.owner.values())) + ["nobody"]:
        want = reference_mask(ix, [h for h, o in position.owner.items() if o == side])
        got = nodes.owned_where_read(side)
        assert np.array_equal(got & read, want & read), side
        assert not (got & ~want).any(), side


@pytest.mark.parametrize("case", range(9))
def test_views_and_verdicts_read_the_owners_as_the_whole_table_gives_them(case, monkeypatch):
    """39A: the barred cities a side's lines may not enter are its own (`SideView.unpacified`);
    every verdict is the same whether the owners are looked up or the whole table read."""
    position, _, map_ = list(cases())[case]
    found = {}
    for pull_under in (0, view.PULL_UNDER):
        monkeypatch.setattr(view, "PULL_UNDER", pull_under)
        engine = EuropaSupply(position, map_)
        whole = PositionNodes(position, engine.index)
        for side in sorted({s.name for s in position.sides}):
            barred = engine.index.mask(position.barred_cities()) & whole.owned(side)
            assert np.array_equal(engine.view(side).unpacified, barred), side
        found[pull_under] = [v.as_dict() for v in engine.verdicts()]
    assert found[0] == found[view.PULL_UNDER]
