"""`warm_start.nearest_known` tests the earlier searches' scalars and identities first, skips those
of neither choice before reading their seeds or masks, and takes the seeds' bits from its caller:
on random lists of earlier searches (cutoffs, weights, edges, masks equal but not the same
arrays, nested or not, seeds among the asked ones or not) it must pick the very search that the
rule written out in its first order picks."""
from types import SimpleNamespace

import numpy as np
import pytest

from logistics.warm_start import nearest_known, packed_seeds, same


def reference(earlier, seeds, how):
    """The choice as the rule reads, every test in turn (the order before the cheap tests came first)."""
    def within(a, b) -> bool:
        return a is b or not (a & ~b).any()

    cutoff, weighted = how.get("cutoff"), how.get("weight") is not None
    packed = np.packbits(seeds)
    best, fewest, exact = None, None, False
    for reach in earlier:
        if not same(reach.weight, how.get("weight")) or not same(reach.mask_edges, how["edges"]) \
                or (packed_seeds(reach) & ~packed).any():
            continue
        if reach.cutoff == cutoff and same(reach.into, how["into"]) and same(reach.out_of, how["out_of"]):
            if not exact:
                best, fewest, exact = None, None, True
        elif exact or not weighted or cutoff is None or reach.cutoff is None or reach.cutoff < cutoff \
                or not within(reach.into, how["into"]) or not within(reach.out_of, how["out_of"]):
            continue
        missing = int(np.bitwise_count(packed & ~packed_seeds(reach)).sum())
        if fewest is None or missing < fewest:
            best, fewest = reach, missing
    return best


@pytest.mark.parametrize("seed", range(20))
def test_the_search_started_from_is_the_one_the_rule_picks(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 300))
    weights = [None, np.ones(40), np.ones(40)]             # two weights equal but not the same array
    edges = [np.ones(40, dtype=bool), np.ones(40, dtype=bool)]
    big = rng.random(n) < 0.9
    masks = [big, big.copy(), big & (rng.random(n) < 0.7), rng.random(n) < 0.9, np.ones(n, dtype=bool)]
    cutoffs = [None, 3, 4, 5, 5.5]
    chosen = 0
    for _ in range(150):
        seeds = rng.random(n) < 0.2
        how = dict(edges=edges[rng.integers(2)], weight=weights[rng.integers(3)], cutoff=cutoffs[rng.integers(5)],
                   into=masks[rng.integers(5)], out_of=masks[rng.integers(5)])
        earlier = []
        for _ in range(int(rng.integers(0, 9))):
            inner = seeds & (rng.random(n) < 0.8) if rng.random() < 0.8 else rng.random(n) < 0.1
            earlier.append(SimpleNamespace(
                seeds=inner, weight=how["weight"] if rng.random() < 0.7 else weights[rng.integers(3)],
                mask_edges=how["edges"] if rng.random() < 0.8 else edges[rng.integers(2)],
                cutoff=how["cutoff"] if rng.random() < 0.4 else cutoffs[rng.integers(5)],
                into=how["into"] if rng.random() < 0.5 else masks[rng.integers(5)],
                out_of=how["out_of"] if rng.random() < 0.5 else masks[rng.integers(5)]))
        want = reference(earlier, seeds, how)
        assert nearest_known(earlier, seeds, how) is want
        assert nearest_known(earlier, seeds, how, np.packbits(seeds)) is want
        chosen += want is not None
    assert chosen >= 25
