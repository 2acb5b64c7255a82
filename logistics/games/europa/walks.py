"""Many lines walked back through one search at once (issue 19: walking every unit's line node by
node in Python was the largest per-unit cost of a large map's verdict).

A line is traced backwards from the unit toward the search's seeds (12A/B ruling: only entering a
hex is restricted), each step the one `IndexReach.next_step` takes. `walk_many` moves every walk
of a batch one step per round of array work (`IndexReach.next_steps`, only at the nodes on the
walks; a rail walk that steps into a chain of the rail net goes on to its junction in the same
round, `chain_walks.py`), then finds each node's end and number of steps by pointer doubling:
rounds as many as the longest line's junctions, array passes as many as its logarithm."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.chain_walks import chain_walks, walks_along_chains
from logistics.in_edges import shared
from logistics.network import _ORDINALS32, IndexReach, _distinct


def steps_back(reach: IndexReach, front: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each node's step back (-1 at a seed or a node not reached: the end of a line, as
    `Walks.step` says) and its weight, as `next_step` finds it."""
    d = reach.dist.array[front]
    moving = (d > 0) & (d != np.inf)
    nxt, weight = np.full(len(front), -1, dtype=np.int64), np.zeros(len(front))
    if moving.any():
        at = np.flatnonzero(moving)
        nxt[at], weight[at] = reach.next_steps(front[at])
        for k in at[nxt[at] < 0].tolist():              # undecided: `next_step` answers alone
            nxt[k], weight[k] = reach.next_step(int(front[k]), float(d[k]))
    return nxt, weight


# A front of at most this many walks goes on one node at a time (`_walk_alone`): a round of array
# work costs about 30 us however few its nodes, a step read alone (`next_step`) about 2 us, and a
# rail line's last walks, or a batch of few, run for dozens of rounds (4 to 32: the same at 100k).
FEW = 16


def _walk_alone(reach: IndexReach, front: np.ndarray, known: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rest of the walks from `front` (nodes not walked yet), one after the other and step by
    step as `steps_back` reads them, each until it meets a node walked before: the nodes walked,
    their steps (-1: the end of a line) and weights, as the rounds would have found them."""
    dist, walked = reach.dist.array, []
    for cur in front.tolist():
        while not known[cur]:
            known[cur] = True
            d = dist.item(cur)
            b, w = reach.next_step(cur, d) if 0 < d < np.inf else (-1, 0.0)
            walked.append((cur, b, w))
            if b < 0:
                break
            cur = b
    nodes, nxt, weight = zip(*walked)
    return np.array(nodes, dtype=np.int64), np.array(nxt, dtype=np.int64), np.array(weight, dtype=float)


def walk_many(walks, starts: np.ndarray, jump: bool = True) -> None:
    """Walk the lines from every node of `starts` back through `walks.reach` (an IndexReach): each
    node walked gets its step in `walks.after` and its (end node, number of steps) in `walks.ends`,
    as `Lines._walk` would have recorded them walking one line at a time."""
    reach, ends = walks.reach, walks._ends
    known = np.zeros(len(reach.dist.array), dtype=bool)
    if ends:
        known[np.fromiter(ends, dtype=np.int64, count=len(ends))] = True
    for nodes, _, _ in walks.walked:
        known[nodes] = True
    # The walks' fronts without repeats, in any order (`parts` are sorted by node at the end):
    # marked in a scratch array, not sorted and hashed each round (np.unique). The scratch is kept
    # with the index (`_stamp`): a new one per call was memory first touched by every batch.
    stamp = _stamp(reach.index, len(known))
    front = _distinct(starts[~known[starts]], stamp, _ORDINALS32)
    # Every round reads the steps of its front alone, however long the walks: the steps of all the
    # search's nodes read at once after some rounds (its rail lines') cost more than the rounds
    # they saved (at 30k to 1M hexes: the rail net's nodes are several times those walked).
    chains = chain_walks(reach.index) if jump and walks_along_chains(reach) else None
    # But a rail search's junctions (a fifth to a third of its nodes) may step from a table read at
    # once (`junction_steps`) where the batch pays for it: a round of a front of junctions is then
    # a few gathers; the rest of a front (a start, a line stopping inside a chain) goes on as below.
    table = None
    if chains is not None and len(front) > FEW and chains.table_pays():
        table = chains.junction_steps(reach)
    parts, jumps, junctions = [], [], []
    while front.size:                                   # one step of every walk per round
        ahead, rest = [], front
        if table is not None:                           # the junctions with a step in the table
            j = chains.junction_of.take(front)
            go = table[0].take(j)
            on = go != -2
            rest = front.compress(~on)
            if rest.size:
                j, go, front = j.compress(on), go.compress(on), front.compress(on)
            known[front] = True
            junctions.append(j)
            ahead.append(go.compress(go >= 0))
        if len(rest) <= FEW:
            if rest.size:
                parts.append(_walk_alone(reach, rest, known))
            if table is None:
                break
        else:
            known[rest] = True
            nxt, weight = steps_back(reach, rest)
            parts.append((rest, nxt, weight))
            stepped = nxt >= 0
            more = nxt[stepped]
            if chains is not None:                      # a rail chain entered: on to its end
                more, jumped = chains.jump(reach, rest[stepped], more)
                jumps.append(jumped)
            ahead.append(more)
        ahead = ahead[0] if len(ahead) == 1 else np.concatenate(ahead)
        front = _distinct(ahead[~known[ahead]], stamp, _ORDINALS32)
    if junctions:
        *walked, jumped = chains.junction_walked(table, np.concatenate(junctions))
        parts.append(walked)
        jumps.append(jumped)
    if not parts:
        return
    if jumps:
        passed = chains.passed(reach, np.concatenate(jumps))
        if passed is None:
            return walk_many(walks, starts, False)      # a step not forced: the batch one step a round
        parts.append(passed)
    nodes, nxt, weight = (np.concatenate(p) for p in zip(*parts))
    # Walks that followed one chain together passed some nodes twice, with the same steps: each
    # node kept once (at the place the scratch stamp marks for it), then sorted; np.unique
    # sorted them all, stably, to keep the first (3.3x the time for a rail batch of 6k). The
    # distinct nodes are sorted as values (np.sort: 3x argsort's speed at 7k) and their places
    # read back from the stamp.
    place = np.arange(len(nodes), dtype=np.int32)
    stamp[nodes] = place
    nodes = np.sort(nodes.compress(stamp.take(nodes) == place))
    last = stamp.take(nodes)
    nxt, weight = nxt.take(last), weight.take(last)
    walks.batches.append((nodes, nxt, weight))          # `Walks.after` reads them when asked
    walks.walked.append((nodes, *_ends(nodes, nxt, walks, stamp)))      # and `Walks.ends` these


def _stamp(index, size: int) -> np.ndarray:
    """`walk_many`'s scratch: an int32 cell per node, kept with the index (its contents are never
    read before written)."""
    stamp = shared(index, "walks' scratch stamp", lambda: np.empty(size, dtype=np.int32))
    return stamp if len(stamp) == size else np.empty(size, dtype=np.int32)


def known_ends(walks, targets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The end node and number of steps of the line from each of `targets` (nodes walked before),
    read from the batches `walk_many` keeps as arrays (`walks.walked`) or from `walks`' table."""
    if len(walks.walked) == 1:                          # most often: one batch holds them all
        nodes, batch_end, batch_depth = walks.walked[0]
        at = np.minimum(np.searchsorted(nodes, targets), len(nodes) - 1)
        if (nodes.take(at) == targets).all():
            return batch_end.take(at), batch_depth.take(at)
    end, depth = np.full(len(targets), -1, dtype=np.int64), np.zeros(len(targets), dtype=np.int64)
    found = np.zeros(len(targets), dtype=bool)
    for nodes, batch_end, batch_depth in walks.walked:
        at = np.minimum(np.searchsorted(nodes, targets), len(nodes) - 1)
        hit = ~found & (nodes[at] == targets)
        end[hit], depth[hit] = batch_end[at[hit]], batch_depth[at[hit]]
        found |= hit
    for k in np.flatnonzero(~found).tolist():           # walked one line at a time (`Lines._walk`)
        end[k], depth[k] = walks._ends[int(targets[k])]
    return end, depth


def _ends(nodes: np.ndarray, nxt: np.ndarray, walks, stamp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The end node and number of steps of each of `nodes` (sorted, distinct), each stepping to `nxt`
    (-1: it ends there) within the batch or onto a node whose end `walks` already knows (`stamp`:
    scratch, a cell per node)."""
    m = len(nodes)
    local = np.arange(m)
    # Each step's place in `nodes`, from the places written in the scratch (not a binary search):
    # exact where the step is one of `nodes` (its cell just written), and a cell left from before
    # (any value, clipped) names another node, so the test below holds only for steps in `nodes`.
    stamp[nodes] = local
    at = stamp.take(nxt)
    inside = (nxt >= 0) & (nodes.take(at, mode="clip") == nxt)
    parent = np.where(inside, at, local)                # a root: its line's end is known
    steps = inside.astype(np.int64)                     # steps from a node to its parent
    end, base = nodes.copy(), np.zeros(m, dtype=np.int64)
    before = np.flatnonzero((nxt >= 0) & ~inside)      # onto a line walked before
    if before.size:
        end[before], base[before] = known_ends(walks, nxt[before])
        base[before] += 1
    for _ in range(m.bit_length() + 1):                 # pointer doubling toward the roots
        grand = parent[parent]
        if np.array_equal(grand, parent):
            break
        steps += steps[parent]
        parent = grand
    else:                                               # steps back always lower the distance
        raise AssertionError("the steps back of a search go round in a circle")
    return end[parent], steps + base[parent]
