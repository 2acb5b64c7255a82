"""The map index's per-node layers (terrain, country, weather zone) read through the index's grid
(`node_layers.layer_codes`, issue 19: a dictionary look-up per node was about a second of a cold
1M-hex verdict) against the per-hex reads they replace: random ragged maps whose layers are built
in another order than the terrain, miss hexes, name hexes off the map, use "" as a value, or are
empty; the seeded synthetic maps and the bundled FWtBT map."""
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.hexgrid import Hex, Layout
from logistics.mapdata import TERRAINS, WATER_TERRAINS, Country, Map
from logistics.network import HexIndex
from logistics.numbering import Numbering, Sheet

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


def random_map(seed: int) -> Map:
    rng = random.Random(seed)
    layout = Layout(rng.choice(("flat", "pointy")), rng.choice(("odd", "even")))
    m = Map(name="layers", game="europa", layout=layout, numbering=Numbering("tscw", (Sheet("", 0, 0, 30, 30),)),
            columns=30, rows=30)
    m.countries = {"A": Country("A"), "N": Country("N", neutral=True), "": Country("", neutral=True)}
    cells = [(c, r) for c in range(rng.randint(1, 30)) for r in range(rng.randint(1, 30)) if rng.random() < 0.9]
    rng.shuffle(cells)
    for c, r in cells:
        m.terrain[layout.to_hex(c, r)] = rng.choice(TERRAINS)
    hexes = list(m.terrain)
    for name in ("country", "weather_zone"):
        if rng.random() < 0.15:
            continue                                       # no such layer at all
        layer = {h: rng.choice(("A", "N", "Z", "", "D")) for h in rng.sample(hexes, int(len(hexes) * rng.random()))}
        layer.update({Hex(h.q + rng.choice((-60, 60)), h.r): "far" for h in rng.sample(hexes, min(3, len(hexes)))})
        m.layers[name] = dict(rng.sample(sorted(layer.items()), len(layer)))     # another order than the terrain
    return m


def assert_layers_as_the_map_reads_them(m: Map) -> HexIndex:
    ix = HexIndex(m)
    assert ix.hexes == m.hexes() and ix.pos == {h: i for i, h in enumerate(m.hexes())}   # in order or not
    countries, zones = m.layers.get("country", {}), m.layers.get("weather_zone", {})
    names = [countries.get(h, "") for h in ix.hexes]
    assert ix.country_names == list(dict.fromkeys(names))
    assert [ix.country_names[k] for k in ix.country.tolist()] == names
    weather = [zones.get(h, "") for h in ix.hexes]
    assert ix.zones == list(dict.fromkeys(weather)) and ix.weather_zone == weather
    assert ix.zone_of.dtype == np.int64 and ix.country.dtype == np.int32
    assert ix.land.tolist() == [m.terrain[h] not in WATER_TERRAINS for h in ix.hexes]
    assert ix.all_sea.tolist() == [m.terrain[h] == "all_sea" for h in ix.hexes]
    assert ix.adverse.tolist() == [m.terrain[h] in ("mountain", "wooded_rough") for h in ix.hexes]
    assert ix.neutral.tolist() == [m.is_neutral(h) for h in ix.hexes]
    return ix


@pytest.mark.parametrize("seed", range(30))
def test_the_layers_of_a_random_map(seed):
    assert_layers_as_the_map_reads_them(random_map(seed))


def test_an_empty_map():
    m = random_map(1)
    m.terrain, m.layers = {}, {}
    ix = assert_layers_as_the_map_reads_them(m)
    assert ix.zones == [] and ix.country_names == []


@pytest.mark.parametrize("n, seed", [(1000, 1), (10000, 3)])
def test_the_layers_of_a_synthetic_map(n, seed):
    ix = assert_layers_as_the_map_reads_them(synthetic(n, n // 20, seed).map)
    assert len(ix.zones) > 1 and ix.neutral.any()


def test_the_layers_of_the_bundled_map():
    ix = assert_layers_as_the_map_reads_them(load_scenario_file(str(ROOT / "scenarios/fwtbt/aug-1936.yaml")).map)
    assert len(ix.country_names) > 2


def in_terrain_order(seed: int) -> Map:
    """A random map whose layers name every hex in the terrain's order (as map folders and the
    synthetic maps build them; `node_layers.layer_nodes` then reads no coordinate), with new but
    equal Hex objects or the terrain's own, or one layer in another order (read as before)."""
    m = random_map(seed)
    rng = random.Random(seed)
    for name in ("country", "weather_zone"):
        hexes = list(m.terrain)
        if rng.random() < 0.5:
            hexes = [Hex(h.q, h.r) for h in hexes]
        if rng.random() < 0.2:
            hexes = hexes[::-1]
        m.layers[name] = {h: rng.choice(("A", "N", "Z", "", "D")) for h in hexes}
    return m


@pytest.mark.parametrize("seed", range(30))
def test_layers_in_the_terrains_order(seed):
    assert_layers_as_the_map_reads_them(in_terrain_order(seed))


@pytest.mark.parametrize("seed", range(30))
def test_layer_nodes_are_the_hexes_nodes(seed):
    """issue 19: `layer_nodes` (the terrain's nodes for a layer in the terrain's order) gives each
    layer hex's node as `HexIndex.nodes` reads it from the grid, whatever the layer's order."""
    from logistics.node_layers import layer_nodes
    m = in_terrain_order(seed) if seed % 2 else random_map(seed)
    ix = HexIndex(m)
    keys = list(m.terrain)
    key_node = ix.nodes(keys, len(keys))
    for layer in m.layers.values():
        assert np.array_equal(layer_nodes(layer, keys, key_node, ix.nodes), ix.nodes(layer, len(layer)))
