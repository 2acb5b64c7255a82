"""The rail element walked forward from the limited sources' junctions (`Reachable._by_rail`, 12B,
12B3) started only from the junctions on a rail hexside: the same ends as a walk from every
junction (`network.search`, the reference), on the bundled FWtBT scenario and synthetic maps."""
import numpy as np
import pytest

from logistics.games.europa.limited_reach import Reachable
from logistics.games.europa.supply import EuropaSupply
from logistics.network import LOW_VOLUME_WEIGHT, search
from tests.test_blocks_at import positions  # the FWtBT scenario and two synthetic maps


@pytest.mark.parametrize("case", range(3))
def test_the_rail_walk_from_the_junctions_on_rail_reaches_what_every_junctions_walk_reaches(case):
    position, map_ = positions()[case]
    engine = EuropaSupply(position, map_)
    engine.verdicts()
    ix, rng = engine.index, np.random.default_rng(case)
    limit = engine.rules.low_volume_limit * LOW_VOLUME_WEIGHT + LOW_VOLUME_WEIGHT - 1
    for side in sorted({u.side for u in position.units}):
        view, walk = engine.view(side), Reachable.__new__(Reachable)
        walk.engine, walk.side = engine, side
        for share in (0.002, 0.02, 0.2):
            starts = rng.random(len(ix)) < share
            want = search(ix, starts, ix.rail, into=view.owned_rail, out_of=view.enter_rail, weight=ix.rail_weight,
                          cutoff=limit).dist.array != np.inf
            got = walk._by_rail(starts)
            assert np.array_equal(got, want)
            assert (starts & ~ix.rail_hex).any() and (want & ~starts).any() or share < 0.01
