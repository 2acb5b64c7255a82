"""The rail element's lines walked in whole-array batches (`walks.walk_many`; issue 19): each
round reads the steps of its front alone, however long the walk (a synthetic map's rail lines run
for dozens of rounds), and the last few walks, or a batch of few, go on one node at a time. Every
node's step must be the one `IndexReach.next_step` takes (12A/B ruling: lines traced backwards
from the sources; 12B: the rail element), the least (node, weight) where two steps tie, and every
end and number of steps those of walking one line at a time."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa.lines import Walks
from logistics.games.europa.supply import EuropaSupply
from logistics.games.europa.walks import walk_many

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402


@pytest.fixture(scope="module")
def rail_reach():
    s = synthetic(10_000, 500, 1)
    engine = EuropaSupply(s.position, s.map)
    return engine.general_reach(s.position.units[0]).rail


def _steps(reach, cur: int) -> list[tuple[int, float]]:
    """Every step back from `cur` that lowers the distance by its weight (those `next_step` chooses
    from), read edge by edge."""
    ix, dist = reach.index, reach.dist.array
    found = []
    for b, e in zip(ix.nbr[cur].tolist(), ix.out_eid[cur].tolist()):
        if e >= 0 and reach.mask_edges[e] and reach.into[b] and reach.out_of[cur]:
            w = float(reach.weight[e])
            if dist[b] + w == dist[cur]:
                found.append((b, w))
    return found


def _one_line(reach, start: int) -> tuple[int, list[tuple[int, float]]]:
    cur, steps = start, []
    while (d := reach.dist.get(cur, 0.0)) > 0:
        steps.append(reach.next_step(cur, d))
        cur = steps[-1][0]
    return cur, steps


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("size", [200, 5])      # the last rounds, or all, walked one node at a time
def test_long_rail_walks_step_as_one_line_at_a_time(rail_reach, seed, size):
    reach, rng = rail_reach, np.random.default_rng(seed)
    array = reach.dist.array
    moving = np.flatnonzero((array > 0) & (array != np.inf))
    starts = rng.choice(moving, size=size, replace=False)
    walks = Walks(reach)
    walk_many(walks, starts)
    longest, ties = 0, 0
    for start in starts.tolist():
        end, steps = _one_line(reach, start)
        assert walks.ends[start] == (end, len(steps)), start
        cur = start
        for step in steps:
            assert walks.after[cur] == step, cur
            choices = _steps(reach, cur)
            assert step == min(choices)                 # the least (node, weight) among ties
            ties += len(choices) > 1
            cur = step[0]
        longest = max(longest, len(steps))
    assert longest >= 20                                # many rounds: far past any table's use
    assert ties > 0 or size < 200                       # a wrong tie-break would be seen
