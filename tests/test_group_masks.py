"""The node masks a group of sources' searches give its lines (`EuropaSupply.group_reach`,
`_rail_stage`): where a rail element reaches a source within the low-volume limit (12B), and
where a road element of some weather joins the rail or a source within its length (36D), read
from the searches' distances in one comparison each and, for the rail, made once per search and
shared by the groups whose rail searches start alike. Against the rules written out: reached,
and the count of low-volume hexes (distance // LOW_VOLUME_WEIGHT) at most the limit; reached,
and the road distance at most the weather's road length."""
import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa.reach import GroupReach
from logistics.network import LOW_VOLUME_WEIGHT

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def synthetic_maps():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic
    return [synthetic(3000, 150, 2), synthetic(20000, 1000, 1)]


def _within_limit(reach, limit: int) -> np.ndarray:
    d = reach.dist.array
    reached = np.isfinite(d)
    count = np.zeros(len(d))
    count[reached] = d[reached] // LOW_VOLUME_WEIGHT           # 12B: low-volume hexes passed
    return reached & (count <= limit)


@pytest.mark.parametrize("limit", [0, 1, 7])
@pytest.mark.parametrize("which", [0, 1])
def test_the_groups_masks_are_the_rules(synthetic_maps, which, limit):
    from logistics.games.europa.supply import EuropaSupply
    syn = synthetic_maps[which]
    engine = EuropaSupply(syn.position, syn.map)
    engine.rules = dataclasses.replace(engine.rules, low_volume_limit=limit)
    engine.verdicts()
    groups = [g for g in engine._groups.values() if isinstance(g, GroupReach)]
    assert len(groups) >= 4
    at_limit = 0
    for group in groups:
        assert np.array_equal(group.rail_ok, _within_limit(group.rail, limit))
        d = group.rail.dist.array
        at_limit += int((d[np.isfinite(d)] // LOW_VOLUME_WEIGHT == limit).sum())
        if group.rail2 is not None:
            assert np.array_equal(group.rail2_ok, _within_limit(group.rail2, limit))
        lengths, order = engine.rules.lengths, engine.rules.weather_order
        want = np.zeros(len(engine.index), dtype=bool)
        for level, road in group.road.items():
            d = road.dist.array
            want |= np.isfinite(d) & (d <= lengths[order[level]]["road"])
        assert np.array_equal(group.road_ends, want)
    assert at_limit          # some rail nodes lie exactly at the limit: the test tells < from <=
