"""The map index's arrays, built by whole-array lookups (issue 19: the cold 100k verdict), against
the map's own per-hex and per-hexside answers, edge by edge, on the bundled maps."""
import random
import re
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.hexgrid import Hex, Hexside, Layout
from logistics.mapdata import RAIL_CLASSES, TERRAINS, Country, Map, Track
from logistics.network import LOW_VOLUME_WEIGHT, HexIndex
from logistics.numbering import Numbering, NumberingError, Sheet
from logistics.zoc import crossable, neutral_border

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


def _random_map(seed: int, orientation: str, offset: str) -> Map:
    """A ragged map of random terrain, countries and weather zones, with rail lines of every
    class crossing one another (shared hexsides) and running off the map, and roads."""
    rng = random.Random(seed)
    layout = Layout(orientation, offset)
    m = Map(name="random", game="europa", layout=layout, numbering=Numbering("tscw", (Sheet("", 0, 0, 30, 30),)),
            columns=30, rows=30)
    m.countries = {"A": Country("A"), "N": Country("N", neutral=True)}
    cells = [(c, r) for c in range(rng.randint(3, 30)) for r in range(rng.randint(3, 30)) if rng.random() < 0.9]
    rng.shuffle(cells)                                   # the index must not depend on dict order
    for c, r in cells:
        h = layout.to_hex(c, r)
        m.terrain[h] = rng.choice(TERRAINS)
        m.layers.setdefault("country", {})[h] = rng.choice(("A", "A", "N", "Z"))
        if rng.random() < 0.8:
            m.layers.setdefault("weather_zone", {})[h] = rng.choice(("D", "E", "F"))

    def chain_of(length: int) -> tuple[Hex, ...]:
        h = Hex(rng.randint(-2, 20), rng.randint(-12, 20))     # may start or wander off the map
        hexes = [h]
        for _ in range(length - 1):
            hexes.append(hexes[-1].neighbour(rng.randrange(6)))
        return tuple(hexes)

    m.rail = [Track(f"R{k}", rng.choice(RAIL_CLASSES), chain_of(rng.randint(1, 40))) for k in range(25)]
    m.roads = [Track(f"D{k}", "road", chain_of(rng.randint(1, 30))) for k in range(8)]
    return m


@pytest.mark.parametrize("seed", range(12))
def test_the_index_of_a_random_map_as_the_map_answers_it(seed):
    """Issue 19 (the cold verdict): the index is built from whole arrays (grid order from the layout's
    arithmetic on arrays, rail and road hexsides from the tracks' hex chains, the best class of the
    lines sharing a hexside, as Map.rail_links). Each node, neighbour and edge against the map."""
    m = _random_map(seed, *[("flat", "odd"), ("flat", "even"), ("pointy", "odd"), ("pointy", "even")][seed % 4])
    ix = HexIndex(m)
    assert ix.hexes == m.hexes() and ix.pos == {h: i for i, h in enumerate(m.hexes())}
    edges = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
    assert len(edges) == len(ix.src)
    for i, h in enumerate(ix.hexes):
        for d, n in enumerate(h.neighbours()):
            j = ix.pos.get(n, -1)
            assert ix.nbr[i, d] == j
            assert ix.out_eid[i, d] == edges.get((i, j), -1) and ix.in_eid[i, d] == edges.get((j, i), -1)
        assert ix.land[i] == m.is_land(h) and ix.neutral[i] == m.is_neutral(h)
        assert ix.weather_zone[i] == m.layers.get("weather_zone", {}).get(h, "")
        assert ix.zones[ix.zone_of[i]] == ix.weather_zone[i]
    assert ix.zones == list(dict.fromkeys(ix.weather_zone))
    for (a, b), e in edges.items():
        ha, hb = ix.hexes[a], ix.hexes[b]
        track = m.rail_links.get(Hexside(ha, hb))
        assert ix.rail[e] == (track is not None)
        assert ix.low_volume[e] == (track is not None and track.klass == "low_volume"), (ha, hb)
        assert ix.road[e] == (Hexside(ha, hb) in m.road_links)
        assert ix.neutral_border[e] == neutral_border(m, ha, hb)
        assert ix.rail_weight[e] == 1 + LOW_VOLUME_WEIGHT * ix.low_volume[e]
        assert ix.adverse_weight[e] == 1 + (m.terrain[hb] in ("mountain", "wooded_rough")) + ix.narrow[e]
    on_map_rail = {h for side in m.rail_links if side.a in m and side.b in m for h in side.hexes}
    assert [ix.hexes[i] for i in np.flatnonzero(ix.rail_hex)] == m.grid_order(on_map_rail)


@pytest.mark.parametrize("kind", ["rail", "roads"])
@pytest.mark.parametrize("gap", [(Hex(0, 0), Hex(2, 0)), (Hex(3, 3), Hex(4, 4)), (Hex(3, 3), Hex(3, 3))])
def test_a_track_of_hexes_that_are_not_adjacent_is_refused_as_by_the_map(kind, gap):
    """The index reads tracks without making their Hexsides; a gap in a track still raises the
    map's own error (Hexside: not adjacent)."""
    m = _random_map(1, "flat", "odd")
    getattr(m, kind).append(Track("Gap", "standard", gap))
    with pytest.raises(ValueError, match="not adjacent"):
        HexIndex(m)


@pytest.mark.parametrize("seed", range(8))
def test_each_node_s_printed_id_is_the_map_s(seed):
    """Issue 19: the index formats each node's id from its grid position (Numbering.format finds
    the first sheet holding it in a table of the sheets). Overlapping sheets (the first wins), row-first, leftward and upward
    sheets, numbers past 99 and hexes on no sheet: the id, or the error, is the map's."""
    rng = random.Random(seed)
    m = _random_map(seed, *[("flat", "odd"), ("pointy", "even")][seed % 2])
    sheets = [Sheet(name, rng.randint(0, 20), rng.randint(0, 20), rng.randint(3, 12), rng.randint(3, 12),
                    first_col=rng.choice((1, 1, 95)), row_first=rng.random() < 0.3,
                    columns_leftward=rng.random() < 0.3, rows_upward=rng.random() < 0.3) for name in "ABCDEF"]
    m.numbering = Numbering(rng.choice(("europa", "ocs", "tscw")), tuple(sheets))
    ix = HexIndex(m)
    outcomes = set()
    for i, h in enumerate(ix.hexes):
        try:
            expected = m.hex_id(h)
        except NumberingError as error:
            with pytest.raises(NumberingError, match=re.escape(str(error))):
                ix.hex_id(i)
            outcomes.add("error")
            continue
        assert ix.hex_id(i) == expected and ix.hex_id(i) == expected      # formatted, then kept
        assert ix.node_of(expected) == i
        outcomes.add("id")
    assert outcomes == {"id", "error"}


@pytest.mark.parametrize("block", [1, 7, 64])
def test_the_tables_made_a_block_of_rows_at_a_time_are_the_plain_ones(block, monkeypatch):
    """The neighbour table and each node's edges in (index_tables: rows made a block at a time,
    one gather per block) with blocks of a few rows, so that every map spans many blocks and ends
    in a partial one: each node's neighbour in each direction and the edge from it, against a
    plain look-up per hex and edge."""
    import logistics.index_tables as tables
    monkeypatch.setattr(tables, "_BLOCK", block)
    sizes = []
    for seed in range(8):
        m = _random_map(seed, *[("flat", "odd"), ("pointy", "even"), ("flat", "even"), ("pointy", "odd")][seed % 4])
        ix = HexIndex(m)
        sizes.append(len(ix))
        pos = {h: i for i, h in enumerate(m.hexes())}
        edges = {(a, b): e for e, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist()))}
        want_nbr = [[pos.get(n, -1) for n in h.neighbours()] for h in ix.hexes]
        assert ix.nbr.dtype == ix.in_eid.dtype == tables.NODE and ix.nbr.tolist() == want_nbr
        assert ix.in_eid.tolist() == [[edges.get((j, i), -1) for j in row] for i, row in enumerate(want_nbr)]
    assert max(sizes) > 3 * block and (block == 1 or any(k % block for k in sizes))   # many blocks; a partial last one
