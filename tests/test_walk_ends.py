"""The ends of a batch of walks (`walks._ends`, issue 19): each walked node's end and number of
steps, found by pointer doubling, against following each node's steps one at a time."""
from __future__ import annotations

import random
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from logistics.games.europa.walks import _ends  # noqa: E402


def _batch(rng: random.Random, m: int, known: int):
    """`m` walked nodes (sorted), each stepping to a node walked before it in some order (a
    forest: steps back lower the distance), to nothing (-1), or onto one of `known` nodes whose
    end and steps a table already holds (as `Lines._walk` records them)."""
    nodes = sorted(rng.sample(range(10 * (m + known) + 10), m + known))
    table_nodes, nodes = nodes[:known], nodes[known:]
    rng.shuffle(nodes)                                  # the order the distances fall in
    nxt = {}
    for k, node in enumerate(nodes):
        pick = rng.random()
        if k and pick < 0.75:
            # Mostly the node just before: long lines, as along a rail chain.
            nxt[node] = nodes[k - 1] if pick < 0.5 else nodes[rng.randrange(k)]
        elif table_nodes and pick < 0.9:
            nxt[node] = rng.choice(table_nodes)
        else:
            nxt[node] = -1
    table = {t: (rng.randrange(10**6), rng.randrange(50)) for t in table_nodes}
    return sorted(nodes), nxt, table


def _reference(nodes, nxt, table):
    out = []
    for node in nodes:
        cur, steps = node, 0
        while cur in nxt and nxt[cur] >= 0:
            cur, steps = nxt[cur], steps + 1
        if cur in table:
            end, more = table[cur]
            cur, steps = end, steps + more
        out.append((cur, steps))
    return out


def _scratch(size: int, m: int, rng: random.Random) -> np.ndarray:
    """`walk_many`'s scratch stamp as a batch finds it: left from before, any int32 (some cells
    holding places 0..m-1 that name other nodes)."""
    gen = np.random.default_rng(rng.randrange(1 << 30))
    stamp = gen.integers(-(1 << 31), (1 << 31) - 1, size, dtype=np.int32)
    some = gen.random(size) < 0.5
    stamp[some] = gen.integers(0, m, int(some.sum()))
    return stamp


@pytest.mark.parametrize("seed", range(40))
def test_ends_against_following_each_line(seed):
    """Each node's end and steps; the scratch's old cells (the table's nodes and -1 read them)
    never taken for a place in the batch."""
    rng = random.Random(seed)
    m = rng.choice([1, 2, 3, 17, 200, 1500])
    nodes, nxt, table = _batch(rng, m, rng.choice([0, 1, 5, 40]))
    walks = SimpleNamespace(walked=[], _ends=dict(table))
    arr = np.array(nodes, dtype=np.int64)
    stamp = _scratch(10 * (m + 40) + 20, m, rng)
    end, depth = _ends(arr, np.array([nxt[n] for n in nodes], dtype=np.int64), walks, stamp)
    assert list(zip(end.tolist(), depth.tolist())) == _reference(nodes, nxt, table)


def test_a_line_the_length_of_the_batch():
    """One line through every node: the most rounds of doubling the batch may need."""
    for m in (1, 2, 3, 4, 5, 63, 64, 65, 1024, 1025):
        nodes = np.arange(m, dtype=np.int64) * 3
        nxt = np.concatenate([[-1], nodes[:-1]])
        end, depth = _ends(nodes, nxt, SimpleNamespace(walked=[], _ends={}), np.zeros(3 * m + 1, dtype=np.int32))
        assert end.tolist() == [0] * m and depth.tolist() == list(range(m))


def test_steps_round_in_a_circle_refused():
    nodes = np.array([1, 2, 3], dtype=np.int64)
    with pytest.raises(AssertionError):
        _ends(nodes, np.array([2, 3, 1], dtype=np.int64), SimpleNamespace(walked=[], _ends={}),
              np.zeros(4, dtype=np.int32))


@pytest.mark.parametrize("seed", range(6))
def test_known_ends_read_from_one_batch_or_the_table(seed):
    """`known_ends` of targets all in a walks' one batch (read from it at once), and of targets some
    of which only the table holds (a line walked one at a time): each the end and steps kept."""
    from logistics.games.europa.walks import known_ends
    rng = np.random.default_rng(seed)
    nodes = np.sort(rng.choice(10_000, size=500, replace=False))
    batch_end, batch_depth = rng.integers(0, 10_000, 500), rng.integers(0, 40, 500)
    table_nodes = np.setdiff1d(rng.choice(10_000, size=60, replace=False), nodes)
    table = {t: (int(rng.integers(10_000)), int(rng.integers(40))) for t in table_nodes.tolist()}
    walks = SimpleNamespace(walked=[(nodes, batch_end, batch_depth)], _ends=table)
    kept = {**dict(zip(nodes.tolist(), zip(batch_end.tolist(), batch_depth.tolist()))), **table}
    for targets in (rng.choice(nodes, 300), rng.permutation(np.concatenate((rng.choice(nodes, 200), table_nodes)))):
        end, depth = known_ends(walks, targets)
        assert list(zip(end.tolist(), depth.tolist())) == [kept[t] for t in targets.tolist()]
        assert end.dtype == depth.dtype == np.int64
