"""A line's way back is read from each search one step at a time (`IndexReach.next_step`: the
least (node, weight) among the steps toward a seed, 12A/B lines traced backwards); a search read at
many of its nodes finds every node's step at once (`IndexReach.next_steps`, issue 19). Both must
give the same step at every node, on random masks, weights, seeds and cut-offs, and the lines walked
(`LineReader.walk`, `path_back`) must be the same whether a search was tabulated or not."""
import numpy as np
import pytest

from logistics.games.europa.lines import Walks
from logistics.network import index_of, search
from logistics.rulings.builders import plain_map


def _random_search(seed: int, cutoff):
    m = plain_map(23, 19)
    ix = index_of(m)
    rng = np.random.default_rng(seed)
    n, e = len(ix), len(ix.src)
    seeds = rng.random(n) < 0.03
    edges, into, out_of = rng.random(e) < 0.9, rng.random(n) < 0.85, rng.random(n) < 0.9
    weight = rng.integers(1, 4, e).astype(float) if seed % 3 else None    # ties between steps abound
    return search(ix, seeds, edges, into, out_of, weight, cutoff)


def _scalar(reach, node):
    try:
        return reach.next_step(node, float(reach.dist.array[node]))
    except ValueError:
        return None


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("cutoff", [None, 2.0, 5.0])
def test_every_node_steps_as_next_step_says(seed, cutoff):
    reach = _random_search(seed, cutoff)
    array = reach.dist.array
    nodes = np.flatnonzero((array > 0) & (array != np.inf))
    assert nodes.size > 20
    nxt, weight = reach.next_steps(nodes)
    decided = 0
    for node, b, w in zip(nodes.tolist(), nxt.tolist(), weight.tolist()):
        expected = _scalar(reach, node)
        if b >= 0:
            decided += 1
            assert (b, w) == expected, node
        elif cutoff is None:
            assert expected is None, node        # a whole search leaves undecided only nodes without a step
    assert decided > (0.8 if cutoff is None else 0.2) * len(nodes)


@pytest.mark.parametrize("seed", range(6))
def test_walks_read_the_same_lines_tabulated_or_not(seed):
    reach = _random_search(seed, None)
    array = reach.dist.array
    starts = np.flatnonzero(array != np.inf).tolist()
    class AtOnce(Walks):
        TABULATE = 10 ** 9                       # any number of steps read is enough

    one_by_one, tabulated = Walks(reach), AtOnce(reach)
    one_by_one.check_at = -1                     # never tabulated
    tabulated.check_at = 1                       # tabulated at the first step read
    for start in starts:
        for walks in (one_by_one, tabulated):
            cur, path = start, []
            while (step := walks.step(cur)) is not None:
                cur = step[0]
                path.append(step)
            walks.ends[start] = path
        assert one_by_one.ends[start] == tabulated.ends[start]
    assert len(tabulated.after) > one_by_one.read > 0 and tabulated.read == 1


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("cutoff", [None, 4.0])
def test_float32_distances_and_weights_step_as_next_step_says(seed, cutoff):
    """The searches over the index's own weights (43C3 adverse terrain: 1 to 3 per step) keep
    float32 distances and float32 weights, which `next_steps` adds without widening them: exact,
    so every step is still `next_step`'s (12A/B lines traced backwards)."""
    ix = index_of(plain_map(23, 19))
    rng = np.random.default_rng(100 + seed)
    n, e = len(ix), len(ix.src)
    ix.adverse_weight = rng.integers(1, 4, e).astype(np.float32)   # this map's own weights, random
    reach = search(ix, rng.random(n) < 0.03, rng.random(e) < 0.9, rng.random(n) < 0.85, rng.random(n) < 0.9,
                   ix.adverse_weight, cutoff)
    array = reach.dist.array
    assert array.dtype == np.float32
    nodes = np.flatnonzero((array > 0) & (array != np.inf))
    nxt, weight = reach.next_steps(nodes)
    assert weight.dtype == np.float64
    steps = [(b, w) for b, w in zip(nxt.tolist(), weight.tolist())]
    expected = [_scalar(reach, node) for node in nodes.tolist()]
    assert all(step == want for step, want in zip(steps, expected) if step[0] >= 0)
    assert sum(step[0] >= 0 for step in steps) > 0.2 * len(nodes)
    if cutoff is None:
        assert all(want is None for step, want in zip(steps, expected) if step[0] < 0)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("weights", ["unit", "float64", "float32"])
def test_next_step_is_the_least_step_over_the_searchs_edges(seed, weights):
    """`IndexReach.next_step` (its scalars read by `.item`) against the search's own edge list read
    plainly (12A/B lines traced backwards: the least (node, weight) with dist(node, or -1 if not
    reached) + weight == the distance), at every reached node of a whole search, with unit, float64
    and float32 (the index's own: float32 distances) weights: the same step, as (int, float)."""
    ix = index_of(plain_map(23, 19))
    rng = np.random.default_rng(200 + seed)
    n, e = len(ix), len(ix.src)
    weight = {"unit": None, "float64": rng.integers(1, 4, e).astype(float),
              "float32": rng.integers(1, 4, e).astype(np.float32)}[weights]
    if weights == "float32":
        ix.adverse_weight = weight                       # this map's own weights, random
    reach = search(ix, rng.random(n) < 0.03, rng.random(e) < 0.9, rng.random(n) < 0.85,
                   rng.random(n) < 0.9, weight)
    array = reach.dist.array
    assert array.dtype == (np.float64 if weights == "float64" else np.float32)
    steps = {}
    for a, b, w in zip(*(x.tolist() for x in reach.edges)):
        steps.setdefault(a, []).append((b, w))
    nodes = np.flatnonzero((array > 0) & (array != np.inf)).tolist()
    assert len(nodes) > 100
    for node in nodes:
        d = float(array[node])
        want = [(b, w) for b, w in steps.get(node, []) if (reach.dist.get(b, -1.0) + w == d)]
        if not want:
            with pytest.raises(ValueError):
                reach.next_step(node, d)
            continue
        got = reach.next_step(node, d)
        assert got == min(want) and type(got[0]) is int and type(got[1]) is float, node
