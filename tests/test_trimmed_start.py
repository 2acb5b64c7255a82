"""A search started from an earlier one whose seeds are not all its own (`network.search(start=...)`,
trimmed_start.py) against the same search from scratch, on random masks, seeds, weights and cutoffs
of the bundled FWtBT map and a synthetic map (issue 19: groups of sources that differ by a few
cities, 12C1, share their road and overland searches, 12B)."""
import numpy as np
import pytest

from logistics.network import search
from logistics.trimmed_start import MOST_REMOVED, nearest_other, trimmed_start


def case(rng, ix, seed):
    """Random masks, weights and cutoff of one search, as `search` keywords, and two seed sets that
    share most seeds, each with some of its own."""
    into = rng.random(len(ix)) < 0.9
    how = dict(edges=ix.crossable & (rng.random(len(ix.src)) < 0.95), into=into,
               out_of=into | (rng.random(len(ix)) < 0.1),
               weight=(None, ix.adverse_weight, (1.0 + (rng.random(len(ix.src)) < 0.3) * 2.0))[seed % 3],
               cutoff=(4, 6, None, 5.5)[seed % 4])
    common = rng.random(len(ix)) < 0.02
    own = rng.choice(np.flatnonzero(~common), size=2 + 2 * int(rng.integers(1, 4)), replace=False)
    old, new = common.copy(), common.copy()
    old[own[::2]] = True
    new[own[1::2]] = True
    return how, old, new


@pytest.mark.parametrize("seed", range(24))
def test_a_search_from_one_with_other_seeds_is_the_search_from_scratch(indexes, seed):
    """Seeds taken out and seeds added (unit steps, 43C3 weights, other whole weights; cut off or
    not): every node's distance is the one from scratch, and the start was not already the answer."""
    rng = np.random.default_rng(seed)
    ix = indexes[seed % 2]
    how, old, new = case(rng, ix, seed)
    assert (old & ~new).any() and (new & ~old).any()
    known = search(ix, old, **how)
    got = search(ix, new, **how, start=trimmed_start(ix, known, new, how))
    want = search(ix, new, **how)
    assert np.array_equal(got.dist.array, want.dist.array)
    assert got.dist.array.dtype == want.dist.array.dtype
    assert not np.array_equal(known.dist.array, want.dist.array)


def test_each_part_of_the_start_matters(indexes):
    """The nodes the removed seeds may have reached start unreached, and their kept neighbours are
    in the first frontier: a start without either gives other distances."""
    ix = indexes[1]
    rng = np.random.default_rng(3)
    for weight in (None, ix.adverse_weight):
        how, old, new = case(rng, ix, 2)
        how["weight"] = weight
        known = search(ix, old, **how)
        want = search(ix, new, **how).dist.array
        dist, frontier = trimmed_start(ix, known, new, how)
        assert np.array_equal(search(ix, new, **how, start=(dist, frontier)).dist.array, want)
        kept = known.dist.array.copy()              # the removed seeds' reach kept
        kept[np.flatnonzero(new & ~old)] = 0.0
        assert not np.array_equal(search(ix, new, **how, start=(kept, frontier)).dist.array, want)
        added = np.flatnonzero(new & ~old)           # only the added seeds relax
        assert not np.array_equal(search(ix, new, **how, start=(dist.copy(), added)).dist.array, want)


def test_the_start_is_an_earlier_search_over_the_same_masks_with_few_seeds_taken_out(indexes):
    """`nearest_other` takes an earlier search over the same edges, masks, weights and cutoff only,
    the one with the fewest seeds to take out, and none that would take out too many."""
    ix = indexes[1]
    rng = np.random.default_rng(5)
    how, old, new = case(rng, ix, 1)
    packed = np.packbits(new)
    fewer = new & ~(np.cumsum(new) == 1)            # one seed of `new` fewer
    one_out = search(ix, fewer | (old & ~new & (np.cumsum(old & ~new) == 1)), **how)
    many_out = search(ix, old, **how)
    assert nearest_other([many_out, one_out], new, packed, how) is one_out
    other_cutoff = dict(how, cutoff=9)
    assert nearest_other([search(ix, fewer, **other_cutoff)], new, packed, how) is None
    other_into = dict(how, into=how["into"] & (rng.random(len(ix)) < 0.9))
    assert nearest_other([search(ix, fewer, **other_into)], new, packed, how) is None
    removed = ~new & (np.cumsum(~new) <= MOST_REMOVED * 2 * new.sum())   # past the share
    assert nearest_other([search(ix, new | removed, **how)], new, packed, how) is None
    removed = ~new & (np.cumsum(~new) <= MOST_REMOVED * new.sum() * 0.9)  # within it
    assert nearest_other([search(ix, new | removed, **how)], new, packed, how) is not None
