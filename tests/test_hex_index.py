"""The map index's arrays, built by whole-array lookups (issue 19: the cold 100k verdict), against
the map's own per-hex and per-hexside answers, edge by edge, on the bundled maps."""
from pathlib import Path

import pytest

from logistics.files import load_scenario_file
from logistics.hexgrid import Hexside
from logistics.network import HexIndex
from logistics.zoc import crossable

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("scenario", ["scenarios/fwtbt/aug-1936.yaml", "scenarios/tscw/example-9-5.yaml"])
def test_every_edge_and_node_as_the_map_answers_it(scenario):
    m = load_scenario_file(str(ROOT / scenario)).map
    ix = HexIndex(m)
    assert ix.rail.any() and ix.road.any() and ix.low_volume.any() and not ix.crossable.all()
    for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist())):
        ha, hb = ix.hexes[a], ix.hexes[b]
        side = Hexside(ha, hb)
        track = m.rail_links.get(side)
        assert ix.rail[e] == (track is not None), (ha, hb)
        assert ix.low_volume[e] == (track is not None and track.klass == "low_volume")
        assert ix.road[e] == (side in m.road_links)
        assert ix.crossable[e] == crossable(m, ha, hb)
        assert ix.narrow[e] == ("narrow_strait" in m.hexside_features.get(side, ()))
    for i, h in enumerate(ix.hexes):
        assert ix.land[i] == m.is_land(h) and ix.neutral[i] == m.is_neutral(h)
        assert ix.adverse[i] == (m.terrain[h] in ("mountain", "wooded_rough"))
