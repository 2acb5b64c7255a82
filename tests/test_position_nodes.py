"""A side's masks of the owner table and the units made once per position from whole arrays
(issue 19: generator masks over the owner table, which has a row per hex, were a tenth of a
1M-hex verdict), against the per-hex masks they replace: on seeded synthetic maps (units in
pockets, a neutral country) and the bundled FWtBT scenario; and 39D, a side's enemy intrinsic
garrisons read from the owner table (`garrisons.garrison_mask`, the cities' nodes kept with the
map), against `intrinsic_garrisons` city by city, with cities captured, unpacified, under
pacification works done and not done, dispersed, and owned off the map."""
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.garrisons import DISPERSED, garrison_mask, intrinsic_garrisons
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.view import LOSE_ZOC_AT, PositionNodes
from logistics.hexgrid import Hex
from logistics.position import Pacification
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


def test_hexes_off_the_map_are_left_out_of_the_owner_table_and_the_units():
    """The owner table and the units' nodes are read from the index's grid of axial coordinates
    (PositionNodes), not looked up hex by hex: owned hexes and units just off the map's edge, in
    holes of the map and far away fall on no node, exactly as `HexIndex.nodes` says."""
    from dataclasses import replace

    from logistics.hexgrid import Hex

    s = synthetic(1000, 50, 4)
    ix = EuropaSupply(s.position, s.map).index
    rng = np.random.default_rng(7)
    edge = sorted({n for h in ix.hexes for n in h.neighbours() if n not in ix.pos})
    holes = [ix.hexes[k] for k in rng.choice(len(ix), 40, replace=False).tolist()]
    far = [Hex(10**6, -3), Hex(-10**6, 5), Hex(4, 10**7), Hex(-7, -10**7)]
    owner = dict(s.position.owner)
    for h in edge[::3] + far + holes:
        owner[h] = str(rng.choice(["Loyalist", "Insurgent", "neutral"]))
    units = list(s.position.units)
    for k, h in enumerate(edge[1::7] + far):
        units[k] = replace(units[k], hex=h)
    m = replace(s.map, terrain={h: t for h, t in s.map.terrain.items() if h not in set(holes)})
    position = replace(s.position, owner=owner, units=tuple(units))
    ix = EuropaSupply(position, m).index
    nodes = PositionNodes(position, ix)
    assert np.array_equal(nodes.unit_nodes, ix.nodes(u.hex for u in position.units if u.hex is not None))
    assert (nodes.unit_nodes < 0).sum() >= len(edge[1::7]) + len(far)
    for side in ("Loyalist", "Insurgent", "neutral", "nobody"):
        want = reference_mask(ix, [h for h, o in owner.items() if o == side])
        assert np.array_equal(nodes.owned(side), want), side


def test_each_units_node_is_its_hexs_node_looked_up_alone():
    """`Lines._unit_nodes` reads the side views' table of the placed units' nodes (PositionNodes)
    in the units' order: each unit's node is its hex's (`index.pos`), None for a unit with no hex
    (in between units with one), off the map's edge, in a hole of the map or far away."""
    from dataclasses import replace

    from logistics.hexgrid import Hex

    s = synthetic(1000, 50, 5)
    ix = EuropaSupply(s.position, s.map).index
    edge = sorted({n for h in ix.hexes for n in h.neighbours() if n not in ix.pos})
    holes = set(ix.hexes[k] for k in range(3, len(ix), 97))
    units = list(s.position.units)
    for k, h in zip(range(0, len(units), 5), [None, Hex(10**6, -3), *edge[::11], None, *sorted(holes)[:4], None]):
        units[k] = replace(units[k], hex=h)
    m = replace(s.map, terrain={h: t for h, t in s.map.terrain.items() if h not in holes})
    position = replace(s.position, units=tuple(units))
    engine = EuropaSupply(position, m)
    want = [None if u.hex is None else engine.index.pos.get(u.hex) for u in position.units]
    assert sum(n is None for n in want) >= 8 and len(set(want)) > 20
    assert engine._unit_nodes() == want


def shuffled(position, map_, seed):
    """The position with its cities' hexes owned, unpacified, worked and dispersed at random, and
    the map with holes at some of its cities' hexes (owned, but on no node)."""
    rng = np.random.default_rng(seed)
    city_hexes = sorted({h for c in map_.cities for h in c.place.hexes})
    pick = lambda part: [city_hexes[i] for i in rng.choice(len(city_hexes), len(city_hexes) // part + 1, replace=False)]  # noqa: E731
    sides = sorted({s.name for s in position.sides}) + ["neutral"]
    owner = dict(position.owner)
    for h in pick(3):
        owner[h] = str(rng.choice(sides))
    for h in pick(20):
        owner.pop(h, None)
    owner[Hex(10**6, 3)] = sides[0]                 # owned far off the map
    works = tuple(Pacification(h, turns=2, held=int(rng.integers(0, 3))) for h in pick(8))
    holes = set(pick(15))
    return (replace(position, owner=owner, unpacified=frozenset(pick(10)), pacification=works,
                    marks={**position.marks, DISPERSED: frozenset(pick(12))}),
            replace(map_, terrain={h: t for h, t in map_.terrain.items() if h not in holes}))


@pytest.mark.parametrize("case", range(4))
@pytest.mark.parametrize("seed", range(3))
def test_the_garrison_mask_is_the_intrinsic_garrisons_of_the_enemies(case, seed):
    position, map_ = list(positions())[case]
    position, map_ = shuffled(position, map_, seed) if seed else (position, map_)
    engine = EuropaSupply(position, map_)
    ix, nodes = engine.index, PositionNodes(position, engine.index)
    found = 0
    for sizes in (("dot", "major"), ("major",), ("city", "town", "dot", "major"), ()):
        for side in sorted({s.name for s in position.sides}) + ["neutral", "nobody"]:
            want = reference_mask(ix, intrinsic_garrisons(position, map_, sizes, side))
            code = [nodes.owner_codes[side]] if side in nodes.owner_codes else []
            assert np.array_equal(garrison_mask(position, map_, ix, nodes.owner, code, sizes), want), (sizes, side)
            found += int(want.sum())
    assert found > 0 or (case == 3 and not seed)     # the scenario as loaded: every city unpacified
    for side in sorted({s.name for s in position.sides}):
        sizes = engine.rules.intrinsic_garrison_sizes
        want = np.zeros(len(ix), dtype=bool)
        for enemy in position.enemies_of(side):
            want |= reference_mask(ix, intrinsic_garrisons(position, map_, sizes, enemy))
        assert np.array_equal(engine.view(side).enemy_garrisons, want), side


@pytest.mark.parametrize("names", [255, 256, 257, 700])
def test_the_owner_table_numbers_any_count_of_owners(names):
    """The owners are numbered in bytes while there are at most 256 of them, then again as whole
    numbers (`view._numbered`): each owner's mask is its hexes, however many owners there are."""
    s = synthetic(1000, 50, 6)
    ix = EuropaSupply(s.position, s.map).index
    rng = np.random.default_rng(names)
    every = rng.permutation(np.arange(len(s.position.owner)) % names).tolist()
    owner = {h: f"owner {k}" for h, k in zip(s.position.owner, every)}
    position = replace(s.position, owner=owner)
    nodes = PositionNodes(position, ix)
    assert len(nodes.owner_codes) == len(set(owner.values())) == names
    for side in sorted(set(owner.values()))[::7] + ["owner 0", "nobody"]:
        assert np.array_equal(nodes.owned(side), reference_mask(ix, [h for h, o in owner.items() if o == side])), side


@pytest.mark.parametrize("sides", [1, 2, 256, 257, 600])
def test_the_units_sides_are_numbered_for_any_count_of_sides(sides):
    """12A: the units' sides numbered as the owners are (`PositionNodes.of_side`, bytes up to 256
    sides, then whole numbers): each side's units, the other sides' units and the nodes its units
    stand on are those of the units of that side, however many sides there are; a side with no
    unit has none."""
    s = synthetic(6000, 700, 4)
    ix = EuropaSupply(s.position, s.map).index
    assert len(s.position.units) >= sides
    units = [replace(u, side=f"side {k % sides}") for k, u in enumerate(s.position.units)]
    position = replace(s.position, units=tuple(units))
    nodes = PositionNodes(position, ix)
    assert len(nodes.side_codes) == sides
    for side in sorted({u.side for u in units})[::5] + [f"side {sides - 1}", "nobody"]:
        mine = [u.hex for u in units if u.side == side]
        assert np.array_equal(nodes.units(side, friendly=True), reference_mask(ix, mine)), side
        assert np.array_equal(nodes.units(side, friendly=False),
                              reference_mask(ix, [u.hex for u in units if u.side != side])), side
        assert nodes.nodes_of(side).tolist() == sorted({ix.pos[h] for h in mine if h in ix.pos}), side
