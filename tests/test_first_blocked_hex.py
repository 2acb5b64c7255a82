"""12A (AEG 1998): a line out of supply is explained by the first hex it would enter that it may
not, on the shortest line that ignores 12A. The first blocked hex is found once per hex of the
search (issue 19) and shared by the units whose lines share a tail: each must still get its own
first blocked hex."""
import numpy as np
import pytest

from logistics.games.europa.blocked_walk import FirstBlocked, first_blocked_one_by_one
from logistics.games.europa.supply import OUT_OF_SUPPLY, EuropaSupply
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases.europa_supply import nb


def test_each_unit_is_blocked_at_the_first_enemy_its_own_line_enters():
    m = plain_map(cities={"Source": ("0505",)})
    at = {k: nb(m, "0505", 3, k) for k in range(1, 5)}          # a straight line west of the source
    units = [unit("Far", "People's Army", at[4], m), unit("Near", "People's Army", at[2], m),
             unit("E1", "Nationalist", at[1], m, zoc="none"), unit("E3", "Nationalist", at[3], m, zoc="none")]
    p = position(m, units, sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    v = {x.unit: x for x in EuropaSupply(p, m).verdicts()}
    assert v["Far"].general == OUT_OF_SUPPLY and v["Far"].blocked.hex == at[3]
    assert v["Near"].general == OUT_OF_SUPPLY and v["Near"].blocked.hex == at[1]
    assert v["Far"].blocked.reason == v["Near"].blocked.reason == "enemy unit in the hex"


def synthetic_engine(size: int, seed: int):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from synthetic import synthetic
    s = synthetic(size, size // 20, seed)
    engine = EuropaSupply(s.position, s.map)
    return engine, engine.verdicts()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_walks_of_many_starts_at_once_find_what_the_walk_step_by_step_finds(seed):
    """12A: the first blocked hex back along each relaxed search of a synthetic position (the
    searches its verdicts ran), answered for many starts at once (`FirstBlocked`), then for single
    starts that stop at nodes already answered, against the walk step by step, with the side's own
    blocked hexes and with random masks (sparse and dense)."""
    engine, _ = synthetic_engine(6000, seed)
    relaxed = [v[1] for k, v in engine._memo.items() if isinstance(k, tuple) and k[0] == "relaxed"]
    assert len(relaxed) >= 2
    rng = np.random.default_rng(seed)
    answered = found = 0
    for reach in relaxed:
        reached = np.flatnonzero(reach.dist.array != np.inf)
        masks = [~engine.view(side).enter for side in ("Loyalist", "Insurgent")]
        masks += [rng.random(len(engine.index)) < p for p in (0.02, 0.3)]
        for blocked in masks:
            walk = FirstBlocked(reach, blocked)
            batch = rng.choice(reached, size=min(300, len(reached)), replace=False)
            walk.answer(np.concatenate([batch, batch[:5], [int(np.argmax(reach.dist.array == 0))]]))
            for node in rng.choice(len(engine.index), size=300).tolist() + batch[:50].tolist():
                expected = first_blocked_one_by_one(reach, blocked, node)
                assert walk.of(node) == expected, node
                answered += 1
                found += expected is not None
    assert answered > 2000 and answered * 0.2 < found < answered


def test_every_blocked_unit_s_hex_is_the_first_blocked_hex_of_its_own_line():
    """12A (AEG 1998): on a synthetic position, every unit whose Block names a hex it may not enter
    (12A, Rule 5, 39A, 39D, 37C) names the first such hex back along its own relaxed line, as the
    walk step by step finds it; units of both sides, some dozens of them."""
    engine, verdicts = synthetic_engine(20000, 3)
    relaxed = {k[1:]: v[1] for k, v in engine._memo.items() if isinstance(k, tuple) and k[0] == "relaxed"}
    units = {u.id: u for u in engine.position.units}
    checked, count = set(), 0
    for v in verdicts:
        if v.blocked is None or v.blocked.reason.startswith(("the nearest line", "no line", "naval")):
            continue
        unit = units[v.unit]
        reach, i = engine.general_reach(unit), engine.index.pos[unit.hex]
        level = max(int(engine.level[i]), min(reach.overland))
        node = first_blocked_one_by_one(relaxed[(id(reach), level)], ~engine.view(unit.side).enter, i)
        assert v.blocked.hex == engine.index.hex_id(node), v.unit
        assert (v.blocked.rule, v.blocked.reason) == engine.view(unit.side).why_not(node)
        checked.add(unit.side)
        count += 1
    assert checked == {"Loyalist", "Insurgent"} and count > 50, count


@pytest.mark.parametrize("seed", [1, 2])
def test_each_groups_relaxed_search_is_the_search_the_rules_describe(seed):
    """12A (AEG 1998): the search that ignores 12A toward a group's networks at a weather level
    (seeds: its road elements' ends, rail and sources within the level, 36D; every land hex within
    the level that is not neutral may be entered, 37C), its masks made once per level for both
    sides and every group: for every group and level a verdict explained, and again for the other
    side's groups, the whole search's distances are those of `network.search` from scratch."""
    from logistics.games.europa.view import Unblocked
    from logistics.network import search
    engine, _ = synthetic_engine(6000, seed)
    ix = engine.index
    asked = [(k[1], k[2], v[0]) for k, v in engine._memo.items() if isinstance(k, tuple) and k[0] == "relaxed"]
    assert len({level for _, level, _ in asked}) >= 2
    sides = ("Loyalist", "Insurgent")
    for _, level, reach in asked:
        allowed = engine.level <= level
        seeds = (reach.road_ends & allowed) | ((reach.rail_ok | reach.seeds) & allowed)
        weight = ix.adverse_weight if engine.rules.adverse_terrain else None
        for side in sides:
            relaxed = engine._relaxed(reach, level, engine.view(side))
            assert relaxed.into is engine._relaxed(reach, level, engine.view(sides[0])).into
            assert np.array_equal(relaxed.into, Unblocked(engine.view(side)).enter & allowed)
            want = search(ix, seeds, ix.crossable, ix.land & ~ix.neutral & allowed, ix.land & allowed, weight)
            assert np.array_equal(relaxed.dist.array, want.dist.array)
