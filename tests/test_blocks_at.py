"""12A, Rule 5, 37C, 39A, 39D: the Block of a hex a line may not enter, with the enemy units behind
it, made for many hexes at once (`Reasons._blocks_at`, issue 19) from the position's unit arrays,
against `blockers` asked of each hex alone (a unit in the hex; the ZOC of a unit in it or in a
neighbour whose ZOC projects into it; the owner of a city's intrinsic garrison; none else)."""
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa.supply import EuropaSupply
from logistics.verdict import Block


def positions():
    import sys

    from logistics.files import load_scenario_file
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    from synthetic import synthetic
    s = load_scenario_file(str(root / "scenarios/fwtbt/aug-1936.yaml"))
    return [(s.position, s.map)] + [(x.position, x.map) for x in (synthetic(3000, 150, 4), synthetic(10000, 500, 2))]


@pytest.mark.parametrize("case", range(3))
def test_the_blocks_of_many_hexes_at_once_are_those_of_each_hex_alone(case):
    p, m = positions()[case]
    batched, alone = EuropaSupply(p, m), EuropaSupply(p, m)
    rng = np.random.default_rng(case)
    rules, named = set(), 0
    for side in sorted({s.name for s in p.sides}):
        view = batched.view(side)
        blocked = [b for b in np.flatnonzero(~view.enter).tolist() if view.why_not(b) is not None]
        rng.shuffle(blocked)
        blocked += blocked[:20]                           # asked again: the kept Block
        ix = alone.index
        for part in (blocked[:50], blocked[50:]):         # some kept from the first call
            got = batched._blocks_at(side, view, part)
            for b, block in zip(part, got):
                rule, reason = view.why_not(b)
                units, by = alone.blockers(ix.hexes[b], side, rule, reason)
                assert block == Block(ix.hex_id(b), rule, reason, units=units, side=by), (b, rule)
                rules.add(rule)
                named += bool(units)
    assert {"12A", "12A, Rule 5"} <= rules and named > 20
