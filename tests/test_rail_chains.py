"""The rail Dijkstras over contracted chains (`rail_chains.contract`, behind `rail_sides.RailNet`
and `SideRail`, every node open): a rail net searched on its junctions alone, each chain's inner
nodes read from its two ends or from a start inside it, gives exactly a plain Dijkstra's
distances over the whole graph (12B: low-volume rail hexes weigh 1,000,001, so distances pass
2^24), with either back end, on chains with starts inside them, one-way links, rings with no
junction and parts no start reaches."""
import numpy as np
import pytest
from test_rail_search import plain_dijkstra

from logistics import rail_search
from logistics.network import LOW_VOLUME_WEIGHT
from logistics.rail_sides import RailNet, SideRail


class NetIndex:
    """Just what the rail searches read of a HexIndex: its edges and its size."""

    def __init__(self, n: int, src: np.ndarray, dst: np.ndarray):
        self.n, self.src, self.dst = n, src, dst

    def __len__(self) -> int:
        return self.n


class ChainSearch:
    """The digraph tail[k] -> head[k] of cost[k] on nodes 0..n-1, contracted and searched forward
    from starts with every node open (the net is searched backwards: its edges given reversed)."""

    def __init__(self, n, tail, head, cost):
        ix, edges = NetIndex(n, np.asarray(head), np.asarray(tail)), np.ones(len(tail), dtype=bool)
        open_ = np.ones(n, dtype=bool)
        self.n, self.side = n, SideRail(RailNet(ix, edges, np.asarray(cost, dtype=float)), ix, edges, open_, open_)
        self.graph = self.side.graph

    def distances(self, starts) -> np.ndarray:
        return self.side.search(np.isin(np.arange(self.n), starts)).dist.array


def chain_net(rng, n):
    """Chains of 1-40 nodes, each joined at its ends to earlier nodes (or closed into a ring, or
    left apart), every link both ways but for about 3 % one-way, in random order."""
    pairs, nodes = [], 0
    while nodes < n:
        length = int(rng.integers(1, 40))
        chain = np.arange(nodes, nodes + length)
        nodes += length
        pairs += list(zip(chain[:-1].tolist(), chain[1:].tolist()))
        if rng.random() < 0.1 and length > 2:
            pairs.append((chain[-1], chain[0]))                       # a ring of its own
        elif nodes > length and rng.random() < 0.95:
            pairs.append((int(rng.integers(0, nodes - length)), chain[0]))
            if rng.random() < 0.7:
                pairs.append((chain[-1], int(rng.integers(0, nodes - length))))
    a, b = np.array(pairs).T
    forth, back = rng.random(len(a)) < 0.97, rng.random(len(a)) < 0.97
    pairs = np.unique(np.stack([np.concatenate([a[forth], b[back]]), np.concatenate([b[forth], a[back]])], 1), axis=0)
    pairs = pairs[rng.permutation(len(pairs))]
    cost = np.where(rng.random(len(pairs)) < 0.3, 1.0 + LOW_VOLUME_WEIGHT, 1.0)
    return nodes, pairs[:, 0], pairs[:, 1], cost


@pytest.mark.parametrize("seed", range(40))
def test_the_chains_contracted_give_a_plain_dijkstras_distances(seed, monkeypatch):
    """Random chain nets, from starts at junctions and inside chains: every node's distance is the
    plain Dijkstra's, bit for bit, with scipy and with rustworkx behind; the graph searched is
    much smaller than the net."""
    rng = np.random.default_rng(seed)
    n, tail, head, cost = chain_net(rng, int(rng.integers(50, 800)))
    graphs = []
    for use_scipy in (True, False):
        monkeypatch.setattr(rail_search, "scipy_pays", lambda nodes, use=use_scipy: use)
        graphs.append(ChainSearch(n, tail, head, cost))
    assert graphs[0].graph.n < n / 3 and [g.graph.use_scipy for g in graphs] == [True, False]
    for _ in range(4):
        starts = np.unique(rng.integers(0, n, int(rng.integers(1, 9))))
        want = plain_dijkstra(n, tail, head, cost, starts)
        for graph in graphs:
            got = graph.distances(starts)
            assert got.dtype == np.float64
            assert np.array_equal(got, want), graph.graph.use_scipy


def test_a_start_inside_a_chain_reaches_both_ways_and_one_way_links_hold():
    """0-1-2-3-4-5-6 with junction 3 joined to 7 (a fork), start 1 inside the chain 0..3: node 0
    at 1, node 6 at 5; the link 5 -> 6 only one way, so from 6 node 5 is unreached."""
    links = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (3, 7)]
    tail = np.array([a for a, b in links] + [b for a, b in links] + [5])
    head = np.array([b for a, b in links] + [a for a, b in links] + [6])
    graph = ChainSearch(8, tail, head, np.ones(len(tail)))
    assert graph.distances(np.array([1])).tolist() == [1, 0, 1, 2, 3, 4, 5, 3]
    assert graph.distances(np.array([6])).tolist() == [np.inf] * 6 + [0, np.inf]
    ring = ChainSearch(4, np.array([0, 1, 2, 3, 1, 2, 3, 0]), np.array([1, 2, 3, 0, 0, 1, 2, 3]),
                       np.array([1, 1, 5, 1, 1, 1, 5, 1.0]))
    assert ring.distances(np.array([2])).tolist() == [2, 1, 0, 3]


def test_an_empty_graph_and_a_graph_of_one_edge():
    """No rail at all (a side that owns none) builds; one edge reaches its head."""
    empty = np.zeros(0, dtype=np.int64)
    assert ChainSearch(0, empty, empty, np.zeros(0)).graph.n == 0
    graph = ChainSearch(2, np.array([0]), np.array([1]), np.array([3.0]))
    assert graph.distances(np.array([0])).tolist() == [0, 3]
    assert graph.distances(np.array([1])).tolist() == [np.inf, 0]
