"""Rail lines walked a chain at a time (`chain_walks.ChainWalks`, `walks.walk_many`; issue 19).
Once a rail line has stepped into a chain of the rail net it follows the chain to its junction, so
a batch jumps there in one round. Every node's step must still be the one `IndexReach.next_step`
takes (12A/B ruling, AEG: lines traced backwards from the sources; 12B: the rail element), the least
(node, weight) where steps tie, and every end and number of steps those of one line walked at a
time: on random sides' masks (12A: hexes a line may not enter or leave cut the chains), seeds
inside chains (a line that stops midway) and starts inside chains (a line that may go either way)."""
import sys
from pathlib import Path

import numpy as np
import pytest

from logistics.games.europa import chain_walks
from logistics.games.europa.lines import Walks
from logistics.games.europa.walks import steps_back, walk_many
from logistics.rail_sides import rail_net, side_rail

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic import synthetic  # noqa: E402
from test_rail_walks import _one_line  # noqa: E402


@pytest.fixture(scope="module")
def index():
    from logistics.network import index_of
    return index_of(synthetic(10_000, 500, 3).map)


def _side_reach(index, rng):
    """A rail search of a random side: most rail hexes open, some barred (entering, leaving, or
    both), seeds at junctions and inside chains."""
    net, n = rail_net(index), len(index)
    into, out_of = rng.random(n) < 0.97, rng.random(n) < 0.97
    seeds = np.zeros(n, dtype=bool)
    seeds[rng.choice(net.nodes, size=12, replace=False)] = True
    seeds[rng.choice(net.nodes[net.inner_nodes], size=6, replace=False)] = True     # inside chains
    return side_rail(index, into, out_of).search(seeds), net


@pytest.mark.parametrize("seed", range(4))
def test_rail_walks_jumping_along_chains_step_as_one_line_at_a_time(index, seed, monkeypatch):
    reach, net = _side_reach(index, np.random.default_rng(seed))
    rng = np.random.default_rng(100 + seed)
    array = reach.dist.array
    moving = np.flatnonzero((array > 0) & (array != np.inf))
    inner = np.zeros(len(index), dtype=bool)
    inner[net.nodes[net.inner_nodes]] = True
    starts = np.concatenate([rng.choice(moving, size=150, replace=False),
                             rng.choice(moving[inner[moving]], size=100, replace=False)])   # inside chains
    jumped = []
    original = chain_walks.ChainWalks.jump
    monkeypatch.setattr(chain_walks.ChainWalks, "jump",
                        lambda self, *a: jumped.append(original(self, *a)[1].size) or original(self, *a))
    walks = Walks(reach)
    walk_many(walks, starts)
    assert (np.diff(walks.batches[0][0]) > 0).all()      # each node once, however many walks passed it
    ends, after = {}, {}
    for start in starts.tolist():
        end, steps = _one_line(reach, start)
        ends[start] = (end, len(steps))
        after.update(zip([start] + [b for b, _ in steps], steps))
    assert {start: walks.ends[start] for start in ends} == ends
    assert {node: walks.after[node] for node in after} == after
    rail = index.rail[index.out_eid] & (index.out_eid >= 0)
    lower = array[index.nbr] + reach.weight[index.out_eid] == array[:, None]
    ties = sum(int((rail[node] & lower[node]).sum()) > 1 for node in after)
    stops = sum(inner[end] for end, _ in ends.values())
    assert sum(jumped) > 100                  # many walks went down a chain in one round
    assert ties > 0                           # a wrong tie-break at a junction would be seen
    assert stops > 0                          # lines ending at a seed inside a chain


def test_a_batch_whose_jump_fails_its_check_is_walked_one_step_a_round(index, monkeypatch):
    """Should a jump's step fail its check, the batch is walked again without jumps: the same steps."""
    reach, _ = _side_reach(index, np.random.default_rng(7))
    array = reach.dist.array
    starts = np.random.default_rng(8).choice(np.flatnonzero((array > 0) & (array != np.inf)), 200, replace=False)
    reference = Walks(reach)
    walk_many(reference, starts)
    monkeypatch.setattr(chain_walks.ChainWalks, "passed", lambda self, reach, places: None)
    walks = Walks(reach)
    walk_many(walks, starts)
    assert walks.after == reference.after and walks.ends == reference.ends


def test_the_chains_steps_and_weights_are_the_index_edges(index):
    """Each place of the chains' order: a rail edge of the index from its node to the node before
    it, with that edge's weight (12B: each low-volume hex weighs more)."""
    chains = chain_walks.chain_walks(index)
    node, before, weight = (a.astype(np.int64) for a in (chains.node, chains.before, chains.weight))
    row = np.argmax(index.nbr[node] == before[:, None], axis=1)
    assert (index.nbr[node, row] == before).all()
    edge = index.out_eid[node, row]
    assert index.rail[edge].all()
    assert (index.rail_weight[edge].astype(float) == chains.weight).all()
    assert (chains.weight > 1).any()          # low-volume hexes among them


def test_a_batch_holds_each_node_its_lines_pass_once_in_order_with_its_step(index):
    """Walks that follow one chain together pass its nodes more than once: the batch keeps each
    node of the lines walked (every line's nodes to its end, 12B) once, sorted, with its step."""
    reach, _ = _side_reach(index, np.random.default_rng(50))
    array = reach.dist.array
    moving = np.flatnonzero((array > 0) & (array != np.inf))
    starts = np.random.default_rng(51).choice(moving, size=400, replace=False)
    walks = Walks(reach)
    walk_many(walks, starts)
    nodes, nxt, weight = walks.batches[0]
    assert (np.diff(nodes) > 0).all()
    on_lines = {}
    for start in starts.tolist():
        _, steps = _one_line(reach, start)
        at = [start] + [b for b, _ in steps]
        on_lines.update(zip(at, steps + [(-1, 0.0)]))
    assert dict(zip(nodes.tolist(), zip(nxt.tolist(), weight.tolist()))) == on_lines


@pytest.mark.parametrize("seed", range(3))
def test_the_junctions_steps_read_at_once_are_each_junctions_step_and_jump(index, seed):
    """`junction_steps`: every junction's step back (12B: the rail element; the least (node,
    weight), `IndexReach.next_step`) and where its line goes on (to the junction at the end of
    the chain it enters, `jump`, when no seed lies inside the chain on the way), as `steps_back`
    and `jump` read them one junction at a time (`junction_walked` reads them back); -1 where the
    line ends (a seed, a node not reached), one more cell -2 for a node that is no junction."""
    reach, net = _side_reach(index, np.random.default_rng(20 + seed))
    chains = chain_walks.chain_walks(index)
    table = chains.junction_steps(reach)
    ahead = table[0]
    junctions = net.nodes[net.junctions]
    nodes, step, weight, places = chains.junction_walked(table, np.arange(len(junctions)))
    assert (nodes == junctions).all()
    assert len(ahead) == len(junctions) + 1 and ahead[-1] == -2
    assert (chains.junction_of[junctions] == np.arange(len(junctions))).all()
    assert (np.delete(chains.junction_of, junctions) == len(junctions)).all()
    expected = {"step": [], "weight": [], "ahead": [], "place": []}
    for node in junctions.tolist():
        nxt, w = steps_back(reach, np.array([node]))
        expected["step"].append(int(nxt[0]))
        expected["weight"].append(float(w[0]) if nxt[0] >= 0 else 0.0)
        if nxt[0] < 0:
            expected["ahead"].append(-1), expected["place"].append(-1)
            continue
        went, jumped = chains.jump(reach, np.array([node]), nxt)
        expected["ahead"].append(int(went[0]))
        expected["place"].append(int(jumped[0]) if jumped.size else -1)
    assert step.tolist() == expected["step"] and weight.tolist() == expected["weight"]
    assert ahead[:-1].tolist() == expected["ahead"]
    assert places.tolist() == [p for p in expected["place"] if p >= 0]         # in the junctions' order
    assert len(places) > 100 and (ahead[:-1] == -1).sum() > 0                  # jumps and ends
    ties = index.rail[index.out_eid[junctions]] & (index.out_eid[junctions] >= 0)
    lower = reach.dist.array[index.nbr[junctions]] + reach.weight[index.out_eid[junctions]]
    assert ((ties & (lower == reach.dist.array[junctions, None])).sum(axis=1) > 1).any()   # ties seen


def test_rail_walks_step_their_junctions_from_the_table(index, monkeypatch):
    """A rail walk reads its junctions' steps from `junction_steps` (one call per batch), and the
    steps it records are those of one line at a time."""
    reach, net = _side_reach(index, np.random.default_rng(31))
    array = reach.dist.array
    moving = np.flatnonzero((array > 0) & (array != np.inf))
    starts = np.random.default_rng(32).choice(moving, size=300, replace=False)
    tables = []
    original = chain_walks.ChainWalks.junction_steps
    monkeypatch.setattr(chain_walks.ChainWalks, "junction_steps",
                        lambda self, r: tables.append(original(self, r)) or tables[-1])
    walks = Walks(reach)
    walk_many(walks, starts)
    assert len(tables) == 1
    junction = np.zeros(len(index), dtype=bool)
    junction[net.nodes[net.junctions]] = True
    nodes, nxt, weight = walks.batches[0]
    assert junction[nodes].sum() > 100
    for node, b, w in zip(nodes.tolist(), nxt.tolist(), weight.tolist()):
        d = array.item(node)
        assert (b, w) == (reach.next_step(node, d) if 0 < d < np.inf else (-1, 0.0))


def test_a_net_too_large_for_the_table_walks_its_rounds_to_the_same_steps(index, monkeypatch):
    """Where the table does not pay (a net of TABLE_UNDER junctions or more) the rounds read every
    front's steps: the same batch as with the table, and no table read."""
    reach, _ = _side_reach(index, np.random.default_rng(33))
    array = reach.dist.array
    starts = np.random.default_rng(34).choice(np.flatnonzero((array > 0) & (array != np.inf)), 300, replace=False)
    with_table = Walks(reach)
    walk_many(with_table, starts)
    monkeypatch.setattr(chain_walks, "TABLE_UNDER", len(rail_net(index).junctions))
    monkeypatch.setattr(chain_walks.ChainWalks, "junction_steps", lambda self, reach: pytest.fail("table read"))
    walks = Walks(reach)
    walk_many(walks, starts)
    assert all(np.array_equal(a, b) for a, b in zip(walks.batches[0], with_table.batches[0]))
    assert walks.ends == with_table.ends


def test_a_junction_that_may_not_be_left_gets_no_step_from_the_table(index):
    """`junction_steps` at a reached junction whose `out_of` is False (a line may not leave it:
    `next_step` finds no step there): no step and no jump in the table (-2: left to `steps_back`),
    every other junction's entry as with the junction open."""
    import copy
    reach, net = _side_reach(index, np.random.default_rng(40))
    chains = chain_walks.chain_walks(index)
    junctions = net.nodes[net.junctions]
    d = reach.dist.array[junctions]
    moving = junctions[(d > 0) & (d != np.inf)]
    closed = np.random.default_rng(41).choice(moving, size=len(moving) // 5, replace=False)
    shut = copy.copy(reach)
    shut.out_of = reach.out_of.copy()
    shut.out_of[closed] = False
    open_ahead, open_slot = chains.junction_steps(reach)
    ahead, slot = chains.junction_steps(shut)
    at = chains.junction_of[closed]
    assert (open_slot[at] >= 0).all() and (ahead[at] == -2).all() and (slot[at] == -1).all()
    rest = np.ones(len(junctions), dtype=bool)
    rest[at] = False
    assert np.array_equal(ahead[:-1][rest], open_ahead[:-1][rest]) and np.array_equal(slot[rest], open_slot[rest])
    with pytest.raises(ValueError):
        shut.next_step(int(closed[0]), float(shut.dist.array[closed[0]]))
