"""Isolation (3F), attack supply (12D) and the units behind a Rule 5 block, answered once per side
or group for every node (issue 19: they were asked unit by unit), against the per-node answers
they replace: on seeded synthetic maps (pockets behind enemy ZOCs, all-sea coasts, a neutral
country, two weather levels) and the bundled FWtBT scenario (impassable hexsides, neutral
borders)."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.files import load_scenario_file
from logistics.games.europa.supply import EuropaSupply
from logistics.network import search
from logistics.zoc import projects_into

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from conftest import reference_reaching  # noqa: E402
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
def test_isolation_of_every_node_is_the_regions_answer(make):
    """3F (DPS, 22-Aug-05): a node is not isolated when an overland line of any length leads from
    it into a full general supply source, as `Regions.reaching` answers node by node; for the
    groups the units use and for random sets of seeds (pockets cut off from them): the answer
    for every node at once, as the regions answer node by node."""
    engine, reference = make(), make()
    rng = np.random.default_rng(7)
    n = len(engine.index)
    asked = {u.side: [] for u in engine.position.units}
    for u in engine.position.units:
        asked[u.side].append(engine.general_reach(u).seeds)
    isolated = reached = 0
    for side, seeds_list in sorted(asked.items()):
        seeds_list = seeds_list[:3] + [rng.random(n) < p for p in (0.0005, 0.002, 0.01)]
        for seeds in seeds_list:
            fast = engine._regions(side).reaching(seeds)
            test = reference_reaching(reference._regions(side), seeds)
            slow = np.array([test(a) for a in range(n)], dtype=bool)
            assert np.array_equal(fast, slow), side
            isolated += int((~fast & engine.index.land).sum())
            reached += int((fast & ~seeds).sum())
    assert isolated and reached


@pytest.mark.parametrize("make", ENGINES)
def test_any_length_lines_are_the_any_length_search(make):
    """3F errata (AEG, 11-Mar-04) and 42A: the nodes from which an overland line of any length
    reaches a set of hexes (a unit's friendly ports, a city's sources) are the nodes an unweighted,
    uncut search from those hexes reaches, for the sources' seeds and random sets of seeds."""
    engine = make()
    ix, rng = engine.index, np.random.default_rng(11)
    beyond = 0
    for side in sorted({u.side for u in engine.position.units}):
        overland = engine._overland(np.ones(len(ix), dtype=bool), engine.view(side))
        seeds_list = [engine.general_reach(u).seeds for u in engine.position.units if u.side == side][:2]
        for seeds in seeds_list + [rng.random(len(ix)) < p for p in (0.001, 0.01)]:
            reach = search(ix, seeds, **{**overland, "weight": None})
            want = np.zeros(len(ix), dtype=bool)
            want[np.fromiter(reach.dist, dtype=np.int64)] = True
            got = engine._any_length(side, seeds)
            assert np.array_equal(got, want), side
            # Read at the nodes alone (region_steps.reaching_at), as the units' isolation reads it.
            assert np.array_equal(engine._regions(side).reaching_at(seeds, np.arange(len(ix))), want), side
            assert not got.all()
            beyond += int((got & ~seeds).sum())
        for unit in [u for u in engine.position.units if u.side == side and u.hex in ix.pos][:3]:
            group, nodes = engine.general_reach(unit), np.arange(len(ix))
            want = engine._any_length(side, group.seeds)
            assert np.array_equal(engine._reaching_seeds(side, group, nodes), want)
    assert beyond

def attack_by_search(engine: EuropaSupply, side: str):
    """12D, 36D, the former per-unit reading: at a weather level the node's own zone allows, a
    search from the side's attack-supply steps reaches it within that level's overland length."""
    ix, view = engine.index, engine.view(side)
    steps = {s.hex for s in engine.position.supply if s.side == side and s.kind == "attack" and s.amount > 0}
    by_level = {}
    for level in engine._levels if steps else ():
        allowed = engine.level <= level
        limit = engine.rules.lengths[engine.rules.weather_order[level]]["overland"]
        by_level[level] = (limit, search(ix, ix.mask(steps) & allowed, **engine._overland(allowed, view), cutoff=limit))

    def supplied(i: int) -> bool:
        for level, (limit, reach) in by_level.items():
            d = reach.dist.get(i)
            if engine.level[i] <= level and d is not None and d <= limit:
                return True
        return False
    return supplied


@pytest.mark.parametrize("make", ENGINES)
def test_attack_supply_of_every_node_is_the_search_answer(make):
    """12D (AEG 1998): an overland element of the supply-line-summary length to a step of attack
    supply, held to the weather of the hexes it crosses (36D); every node, for a unit of each side
    without the 12D2 port rule."""
    engine = make()
    checked = set()
    for unit in engine.position.units:
        if unit.side in checked or engine.rules.port_attack_supply.get(unit.coalition) or unit.hex is None:
            continue
        checked.add(unit.side)
        cases = [engine._attack_supply(unit, i) for i in range(len(engine.index))]
        reference = attack_by_search(engine, unit.side)
        assert cases == [reference(i) for i in range(len(engine.index))]
        assert any(cases) and not all(cases)
    assert checked


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
