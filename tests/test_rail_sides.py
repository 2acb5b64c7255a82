"""The rail element's searches for every side from one contraction of the whole rail net
(`rail_sides.RailNet`, `SideRail`): with a side's node masks (12A, 39A, 37C through
`SideView.enter_rail`; a line leaves only the side's own hexes, 12B) they give exactly the
distances of a plain Dijkstra over the edges the masks keep (and of `network.search`) (12B: low-volume hexes weigh 1,000,001), on random chain nets with
blocked inner nodes, blocked junctions, one-way links and rings, and on synthetic maps."""
import numpy as np
import pytest
from test_rail_chains import NetIndex, chain_net
from test_rail_search import plain_dijkstra, synthetic_engines  # noqa: F401 (a fixture)

from logistics import rail_search
from logistics.network import search
from logistics.rail_sides import RailNet, SideRail, rail_net, side_rail


def kept_dijkstra(ix, edges, into, out_of, weight, seeds) -> np.ndarray:
    """The reference: a plain Dijkstra from the seeds back over the edges a line may follow (it
    enters a node of `into`, leaves a node of `out_of`)."""
    keep = edges & into[ix.dst] & out_of[ix.src]
    return plain_dijkstra(len(ix), ix.dst[keep], ix.src[keep], weight[keep], np.flatnonzero(seeds))


@pytest.mark.parametrize("seed", range(40))
def test_a_sides_search_on_the_shared_net_is_its_own_graphs(seed, monkeypatch):
    """Random chain nets (a few links left out of the rail, a few nodes off it) and random side
    masks: nodes a line may not enter (about one in eight: inside chains and at junctions), nodes
    it may not leave, seeds inside chains, at junctions, barred and off the net. Every node's
    distance is the plain Dijkstra's, bit for bit, with either back end."""
    rng = np.random.default_rng(seed)
    n, tail, head, cost = chain_net(rng, int(rng.integers(50, 600)))
    ix = NetIndex(n + 3, tail, head)
    edges = rng.random(len(tail)) < 0.98
    net = RailNet(ix, edges, cost)
    for _ in range(4):
        into = rng.random(n + 3) < rng.choice([0.8, 0.9, 0.97])
        out_of = into | (rng.random(n + 3) < 0.5)
        out_of &= rng.random(n + 3) < 0.97
        seeds = np.zeros(n + 3, dtype=bool)
        seeds[rng.integers(0, n + 3, int(rng.integers(1, 9)))] = True
        want = kept_dijkstra(ix, edges, into, out_of, cost, seeds)
        for use_scipy in (True, False):
            monkeypatch.setattr(rail_search, "scipy_pays", lambda nodes, use=use_scipy: use)
            got = SideRail(net, ix, edges, into, out_of, cost).search(seeds).dist.array
            assert got.dtype == np.float64
            assert np.array_equal(got, want), use_scipy


def test_a_barred_node_inside_a_chain_cuts_it():
    """0-1-2-3-4-5 both ways, 0 and 5 ends: a side may not enter 2 (an enemy unit, 12A) but owns
    it. From 0, node 2 is reached (a line may start there and leave it) at 2, nodes 3-5 are not
    (the line would pass 2); from 5 they are, and 2 at 3. Node 4 not owned: from 5 nothing beyond."""
    links = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]
    src = np.array([a for a, b in links] + [b for a, b in links])
    dst = np.array([b for a, b in links] + [a for a, b in links])
    ix = NetIndex(6, src, dst)
    edges, cost = np.ones(len(src), dtype=bool), np.ones(len(src))
    into = np.array([True, True, False, True, True, True])
    net = RailNet(ix, edges, cost)
    side = SideRail(net, ix, edges, into, np.ones(6, dtype=bool), cost)
    assert side.search(np.eye(6, dtype=bool)[0]).dist.array.tolist() == [0, 1, 2] + [np.inf] * 3
    assert side.search(np.eye(6, dtype=bool)[5]).dist.array.tolist() == [np.inf, np.inf, 3, 2, 1, 0]
    inside = SideRail(net, ix, edges, into, np.ones(6, dtype=bool), cost).search(np.eye(6, dtype=bool)[3])
    assert inside.dist.array.tolist() == [np.inf, np.inf, 1, 0, 1, 2]
    not_owned = np.array([True, True, True, True, False, True])
    cut = SideRail(net, ix, edges, into & not_owned, not_owned, cost).search(np.eye(6, dtype=bool)[5])
    assert cut.dist.array.tolist() == [np.inf] * 5 + [0]


@pytest.mark.parametrize("seed", range(6))
def test_both_sides_of_a_synthetic_map_from_one_net(synthetic_engines, seed):  # noqa: F811
    """A synthetic map's rail net made once for the index (`rail_net`) and searched with each
    side's view (friendly-owned rail, 12B; 12A / 39A masks) and with random further barred hexes:
    every hex's distance is `network.search`'s over the same edges, masks and weights."""
    rng = np.random.default_rng(seed)
    engine = synthetic_engines[seed % 2]
    ix = engine.index
    assert rail_net(ix) is rail_net(ix)
    for side in sorted({u.side for u in engine.position.units}):
        view = engine.view(side)
        into = view.enter_rail & (rng.random(len(ix)) < 0.95)
        on_rail = np.unique(ix.dst[ix.rail & into[ix.dst]])
        seeds = np.zeros(len(ix), dtype=bool)
        seeds[rng.choice(on_rail, int(rng.integers(1, 15)), replace=False)] = True
        seeds[rng.integers(0, len(ix), 2)] = True                # and seeds off the rail net
        want = search(ix, seeds, ix.rail, into, view.owned_rail, ix.rail_weight).dist.array
        got = side_rail(ix, into, view.owned_rail).search(seeds).dist.array
        assert np.array_equal(got, want)
        assert np.isfinite(want).sum() > 10 * seeds.sum()


def walks_one_by_one(side: SideRail, inside: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The reference for `SideRail._walks_from`: each of the starts' two walks read place by place
    from the start on, up to its first node the side may not pass (12B: reached, no further)."""
    net, passes = side.net, side.into_net & side.out_of_net
    heads, costs = [], []
    for edge in net.into[inside].ravel().tolist():
        here = net.place[edge]
        for p in range(here + 1, net.stop[net.first[edge]]):
            node = net.along_head[p]
            if side.out_of_net[node]:
                heads.append(node)
                costs.append(net.along_total[p] - net.along_total[here])
            if not passes[node]:
                break
    return np.array(heads, dtype=np.int64), np.array(costs, dtype=float)


@pytest.mark.parametrize("seed", range(30))
def test_the_walks_from_starts_inside_chains_stop_at_the_first_barred_node(seed):
    """Random chain nets and side masks, every inner node a start at once and a few at a time:
    the nodes reached along the starts' walks and their costs are the place by place reading's,
    in the same order (the last node of a walk, a junction, ends it whether barred or not)."""
    rng = np.random.default_rng(seed)
    n, tail, head, cost = chain_net(rng, int(rng.integers(50, 600)))
    ix = NetIndex(n, tail, head)
    edges = np.ones(len(tail), dtype=bool)
    net = RailNet(ix, edges, cost)
    into = rng.random(n) < rng.choice([0.6, 0.8, 0.95])
    out_of = into | (rng.random(n) < 0.5)
    side = SideRail(net, ix, edges, into, out_of, cost)
    for inside in (net.inner_nodes, rng.choice(net.inner_nodes, min(5, len(net.inner_nodes)), replace=False)):
        got, want = side._walks_from(inside), walks_one_by_one(side, inside)
        assert np.array_equal(got[0], want[0]) and got[1].tobytes() == want[1].tobytes()


@pytest.mark.parametrize("seed", range(30))
def test_dead_end_and_series_junctions_are_read_from_their_neighbours(seed, monkeypatch):
    """Branch lines' ends (a junction joined to one other junction only) and series junctions
    (joined to two others once the dead ends are gone, no two joined) are left out of a side's
    junctions' graph (`rail_chains.JunctionCore`): reached from their neighbours, and as starts
    (at them or inside their chains) passed on to them. Random chain nets and side masks, seeds
    mostly at such junctions and inside chains: every node's distance is the plain Dijkstra's, bit
    for bit, with either back end; no edge of the graph touches a junction left out."""
    rng = np.random.default_rng(seed)
    n, tail, head, cost = chain_net(rng, int(rng.integers(100, 600)))
    ix = NetIndex(n, tail, head)
    edges = np.ones(len(tail), dtype=bool)
    net = RailNet(ix, edges, cost)
    core = net.core
    assert core.dead.size and (core.dead_rank[core.dead_next] < 0).all()
    assert core.series.size and not np.isin(np.concatenate([core.series_a, core.series_b]), core.series).any()
    left_out = np.concatenate([core.dead, core.series])
    left_nodes = net.nodes[net.junctions[left_out]]
    for _ in range(4):
        into = rng.random(n) < rng.choice([0.9, 0.97, 1.0])
        out_of = into | (rng.random(n) < 0.5)
        seeds = np.zeros(n, dtype=bool)
        seeds[rng.choice(left_nodes, min(len(left_nodes), int(rng.integers(1, 8))), replace=False)] = True
        seeds[rng.choice(net.nodes[net.inner_nodes], 2)] = True
        want = kept_dijkstra(ix, edges, into, out_of, cost, seeds)
        for use_scipy in (True, False):
            monkeypatch.setattr(rail_search, "scipy_pays", lambda nodes, use=use_scipy: use)
            side = SideRail(net, ix, edges, into, out_of, cost)
            graph = side.graph
            ends = graph.matrix.nonzero() if use_scipy else np.array(graph.graph.edge_list()).T
            assert not np.isin(np.concatenate(ends), left_out).any()
            assert np.array_equal(side.search(seeds).dist.array, want), use_scipy
        only_left = seeds & np.isin(np.arange(n), left_nodes)
        assert np.array_equal(side.search(only_left).dist.array, kept_dijkstra(ix, edges, into, out_of, cost, only_left))
