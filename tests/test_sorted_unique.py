"""`sorted_unique` (np.unique by a sort, for the verdict's hot paths: the searches' trimmed starts,
the rail junctions' core, the first-blocked walks' rounds, the groups' nodes, the sea passages)
against `np.unique` itself."""
import numpy as np

from logistics.sorted_unique import sorted_unique


def test_sorted_unique_is_np_unique():
    """Empty, one value, repeats, -1, numbers past int32, int32 arrays: the same values, sorted,
    each once, of the same dtype."""
    rng = np.random.default_rng(7)
    cases = [np.zeros(0, dtype=np.int64), np.array([5]), np.array([3, 3, 3]), np.array([-1, 4, -1, 2]),
             np.array([9, 8, 7, 7, 1, 9])]
    cases += [rng.integers(-1, hi, size) for hi in (3, 50, 2 ** 40) for size in (2, 9, 40, 300, 7000)]
    cases += [c.astype(np.int32) for c in cases if c.size and c.max() < 2 ** 31]
    for values in cases:
        got = sorted_unique(values)
        assert got.dtype == values.dtype and np.array_equal(got, np.unique(values)), values
