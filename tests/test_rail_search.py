"""The rail Dijkstras (`rail_search.FixedGraph`, `rail_sides.SideRail`): scipy's csgraph on large
graphs and rustworkx below give exactly the distances of a plain Dijkstra, on random graphs and on
the rail nets of synthetic maps (12B: each low-volume rail hex counts toward the limit as a weight
of 1,000,001; 12B3: rail breaks do not block), and scipy is imported only where it pays (issue 19:
`logistics supply` on a bundled scenario must stay quick)."""
import heapq
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics import rail_search
from logistics.network import LOW_VOLUME_WEIGHT, search
from logistics.rail_search import SCIPY_FROM, FixedGraph
from logistics.rail_sides import side_rail

ROOT = Path(__file__).resolve().parents[1]


def plain_dijkstra(n, tail, head, cost, starts) -> np.ndarray:
    out = [[] for _ in range(n)]
    for a, b, c in zip(tail.tolist(), head.tolist(), cost.tolist()):
        out[a].append((b, c))
    dist = [float("inf")] * n
    heap = [(0.0, s) for s in starts.tolist()]
    for s in starts.tolist():
        dist[s] = 0.0
    while heap:
        d, a = heapq.heappop(heap)
        if d > dist[a]:
            continue
        for b, c in out[a]:
            if d + c < dist[b]:
                dist[b] = d + c
                heapq.heappush(heap, (d + c, b))
    return np.array(dist)


def random_graph(rng, n):
    """A thin network: a chain both ways with some links missing, random short cross links, each
    edge once, in random order; rail weights (1, or 1 + LOW_VOLUME_WEIGHT: distances pass 2^24)."""
    chain = np.arange(n - 1)
    a = np.concatenate([chain, chain + 1, rng.integers(0, n, n // 2)])
    b = np.concatenate([chain + 1, chain, np.clip(a[-(n // 2):] + rng.integers(-6, 7, n // 2), 0, n - 1)])
    pairs = np.unique(np.stack([a, b], axis=1)[(a != b) & (rng.random(len(a)) < 0.98)], axis=0)
    pairs = pairs[rng.permutation(len(pairs))]
    cost = np.where(rng.random(len(pairs)) < 0.3, 1.0 + LOW_VOLUME_WEIGHT, 1.0)
    return pairs[:, 0], pairs[:, 1], cost


@pytest.mark.parametrize("seed", range(10))
def test_scipy_and_rustworkx_give_a_plain_dijkstras_distances_on_random_graphs(seed):
    """Both back ends, from one start or many, over graphs with unreached nodes and distances
    above 2^24 (low-volume hexes, 12B): every node's distance is the plain Dijkstra's, bit for bit."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(300, 3000))
    tail, head, cost = random_graph(rng, n)
    starts = np.unique(rng.integers(0, n, int(rng.integers(1, 12))))
    want = plain_dijkstra(n, tail, head, cost, starts)
    assert np.isinf(want).any() and (want[np.isfinite(want)] > 2 ** 24).any()
    for use_scipy in (True, False):
        got = FixedGraph(n, tail, head, cost, use_scipy=use_scipy).distances(starts)
        assert got.dtype == np.float64
        assert np.array_equal(got, want), use_scipy


@pytest.mark.parametrize("seed", range(3))
def test_the_rustworkx_graph_holds_every_edge_given_with_its_cost(seed):
    """The graph fed its edges as an iterator (not a list) holds each edge given, in order, with
    its cost (12B: a low-volume hex's 1 + LOW_VOLUME_WEIGHT), and no other."""
    rng = np.random.default_rng(40 + seed)
    n = int(rng.integers(300, 3000))
    tail, head, cost = random_graph(rng, n)
    graph = FixedGraph(n, tail, head, cost, use_scipy=False).graph
    assert graph.num_nodes() == n
    assert list(graph.weighted_edge_list()) == list(zip(tail.tolist(), head.tolist(), cost.tolist()))


@pytest.fixture(scope="module")
def synthetic_engines():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from synthetic import synthetic

    from logistics.games.europa.supply import EuropaSupply
    return [EuropaSupply(s.position, s.map) for s in (synthetic(3000, 150, 2), synthetic(20000, 1000, 1))]


@pytest.mark.parametrize("seed", range(6))
def test_the_rail_search_is_the_array_search_with_either_back_end(synthetic_engines, monkeypatch, seed):
    """A side's rail net of a synthetic map (friendly-owned rail, 12B; breaks do not block, 12B3;
    the low-volume weight), from random seeds: `SideRail` with scipy and with rustworkx gives
    the distances of `network.search` (array rounds, no graph) at every hex."""
    rng = np.random.default_rng(seed)
    engine = synthetic_engines[seed % 2]
    ix = engine.index
    view = engine.view(sorted({u.side for u in engine.position.units})[seed % 2])
    on_rail = np.unique(ix.dst[ix.rail & view.enter_rail[ix.dst]])
    seeds = np.zeros(len(ix), dtype=bool)
    seeds[rng.choice(on_rail, int(rng.integers(1, 15)), replace=False)] = True
    seeds[rng.integers(0, len(ix), 2)] = True                    # and seeds off the rail net
    want = search(ix, seeds, ix.rail, view.enter_rail, view.owned_rail, ix.rail_weight).dist.array
    for use_scipy in (True, False):
        monkeypatch.setattr(rail_search, "scipy_pays", lambda n, use=use_scipy: use)
        fixed = side_rail(ix, view.enter_rail, view.owned_rail)
        assert fixed.graph.use_scipy is use_scipy
        got = fixed.search(seeds).dist.array
        assert np.array_equal(got, want), use_scipy
    assert np.isfinite(want).sum() > 10 * seeds.sum()


def imported_scipy(code: str) -> bool:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", code + "\nprint('scipy' in sys.modules)"],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()[-1] == "True"


def test_scipy_is_imported_only_for_a_large_graph():
    """Importing scipy.sparse.csgraph costs about 0.15 s: a graph below SCIPY_FROM nodes, and
    `logistics supply` on a bundled scenario, do without it; a graph of SCIPY_FROM nodes uses it."""
    graph = ("import sys, numpy as np\nfrom logistics.rail_search import FixedGraph\n"
             "n = {n}\nt = np.arange(n - 1)\nFixedGraph(n, t, t + 1, np.ones(n - 1)).distances(np.array([0]))")
    assert not imported_scipy(graph.format(n=SCIPY_FROM - 1))
    assert imported_scipy(graph.format(n=SCIPY_FROM))
    supply = ("import sys\nsys.argv = ['logistics', 'supply', 'scenarios/fwtbt/aug-1936.yaml']\nimport cli\n"
              "try:\n    cli.main()\nexcept SystemExit as exc:\n    assert exc.code in (0, None)")
    assert not imported_scipy(supply)


def test_the_back_end_depends_on_the_graph_alone(monkeypatch):
    """Whether scipy is loaded already (a benchmark loads it for its own limit) changes nothing:
    below SCIPY_FROM nodes the rail searches take rustworkx, as a player's run does."""
    monkeypatch.setitem(sys.modules, "scipy.sparse.csgraph", sys.modules.get("scipy.sparse.csgraph", object()))
    assert not rail_search.scipy_pays(SCIPY_FROM - 1) and rail_search.scipy_pays(SCIPY_FROM)
