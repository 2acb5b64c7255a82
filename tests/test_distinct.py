"""`network._distinct` (the searches' frontiers without repeats, each node at its last place:
numpy's assignment at repeated places keeps the last) is numpy's last occurrences in order, on
random node lists below and above the size of its ready-made ordinals, with one scratch array
reused as the searches reuse it: int64 (the relaxed searches' shared one) or int32 with int32
ordinals (`network.search`'s own)."""
import numpy as np
import pytest

from logistics.network import _ORDINALS, _ORDINALS32, _distinct


@pytest.mark.parametrize("ordinals", [_ORDINALS, _ORDINALS32])
def test_distinct_keeps_each_node_once_at_its_last_place(ordinals):
    rng = np.random.default_rng(7)
    nodes_in_map = 50_000
    stamp = np.zeros(nodes_in_map, dtype=ordinals.dtype)
    assert np.array_equal(ordinals, np.arange(1 << 16))
    sizes = [0, 1, 17, 3_000, _ORDINALS.size - 1, _ORDINALS.size, _ORDINALS.size + 1, 3 * _ORDINALS.size]
    for size in sizes:
        nodes = rng.integers(0, nodes_in_map, size=size)
        _, from_end = np.unique(nodes[::-1], return_index=True)
        assert np.array_equal(_distinct(nodes, stamp, ordinals), nodes[np.sort(size - 1 - from_end)]), size
