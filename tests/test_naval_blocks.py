"""34F / 34K: where the naval element of a line out of supply fails, read for many units of a side
at once (`Explanations._naval_blocks`, issue 19: at 1M hexes 12,000 calls one unit at a time),
against the passage searched for each unit and node alone, with nothing kept between them."""
import numpy as np
import pytest

from logistics.games.europa.supply import EuropaSupply
from logistics.rulings.cases.europa_naval import pa, strait


def alone(engine: EuropaSupply, first, unit, reach, i: int):
    """The reference: `_naval_block` as it was, one unit at a time, its passages searched anew (the
    goals and zones those of the first unit of the side that asked for the group)."""
    if not reach.naval and not engine.map.ports:
        return None
    goals, zones = engine._naval_goals(first, reach)
    if not goals:
        return None
    return engine._first_naval_block(unit, zones, goals, engine._regions(unit.side), i)


def positions():
    from pathlib import Path

    from logistics.files import load_scenario_file
    s = load_scenario_file(str(Path(__file__).resolve().parents[1] / "scenarios/fwtbt/aug-1936.yaml"))
    m, p = strait([pa("0702")])
    return [(s.position, s.map), (p, m)]


@pytest.mark.parametrize("case", range(2))
def test_the_naval_blocks_of_many_units_at_once_are_those_found_one_by_one(case):
    """Units of one side and group (their coalitions mixed where they share one) at random nodes,
    at ports and at their own hexes, several in one region: each block as the passage searched for
    that unit and node alone."""
    p, m = positions()[case]
    rng = np.random.default_rng(case)
    batched, fresh = EuropaSupply(p, m), EuropaSupply(p, m)
    ports = sorted(batched.index.pos[q.place.hex] for q in m.ports if q.place.hex is not None)
    found = 0
    for side in sorted({u.side for u in p.units}):
        units = [u for u in p.units if u.side == side and u.hex is not None]
        for unit in units:
            reach = batched.general_reach(unit)
            if not reach.has_seeds:
                continue
            group = [u for u in units if batched.general_reach(u) is reach]
            nodes = rng.choice(len(batched.index), 30).tolist() + ports[:10] + [batched.index.pos[unit.hex]] * 2
            asking = [unit] + [group[k] for k in rng.integers(len(group), size=len(nodes) - 1)]
            got = batched._naval_blocks(reach, asking, nodes)
            want = [alone(fresh, unit, u, fresh.general_reach(unit), i) for u, i in zip(asking, nodes)]
            assert got == want
            found += sum(b is not None for b in got)
    assert found > 10
