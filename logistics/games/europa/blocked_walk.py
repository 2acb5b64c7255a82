"""The first blocked hex on the way back of many lines at once (12A: a line out of supply is
explained by the first hex it would enter that it may not, on the shortest line that ignores 12A).

`FirstBlocked` answers, for nodes of one search, the first node a line from there enters back toward
its seed (`Reach.next_step`, step by step) that a mask marks as blocked. Many starts are walked
together in rounds of array work (each round one step of every walk still open, walks that meet
sharing the rest), a walk ending at its first blocked node; the answers are then read back along
the steps by pointer jumping (a few rounds, not one per hex). Answers are kept: later starts stop
at any node already answered.
"""
from __future__ import annotations

import numpy as np

from logistics.games.europa.walks import steps_back
from logistics.in_edges import flat_costs
from logistics.index_tables import OPPOSITE
from logistics.network import NODE, IndexReach
from logistics.resumable_search import ResumableReach
from logistics.sorted_unique import sorted_unique

# `step` and `first` hold each node's value plus _OFF, so that 0 (np.zeros: pages the walks never
# touch are never written) is `step`'s "not read yet" and `first`'s "not answered yet"; -1 (no step:
# at a seed or not reached; no blocked node on the way back) is stored as _OFF - 1.
_OFF = 3
_UNREAD = _PENDING = 0
_NONE = _OFF - 1
_FEW = 8         # walks left in a batch from which each is walked alone (`FirstBlocked._walk_one`)
_NO_STEP = np.uint32(0xFFFFFFFF)     # `_steps`: past every node (a node number read as uint32)
_BACK = tuple(OPPOSITE.tolist())     # the direction of an edge's way back


class FirstBlocked:
    """The first blocked node back from any node of `reach` (an uncut search), `blocked` a node mask."""

    def __init__(self, reach: IndexReach, blocked: np.ndarray):
        # A search run only as far as asked is read in place (`ResumableReach.walk_view`), once the
        # starts of a walk are final there (a walk back only meets nodes nearer the seeds).
        self.resumable = reach if isinstance(reach, ResumableReach) else None
        self.reach = reach if self.resumable is None else self.resumable.walk_view(np.zeros(0, dtype=np.int64))
        n = len(self.reach.dist.array)
        self.blocked = blocked
        # Node numbers (plus _OFF) fit in NODE (int32): on a large map these two are kept per search
        # and side.
        self.step = np.zeros(n, dtype=NODE)
        self.first = np.zeros(n, dtype=NODE)
        self.costs = flat_costs(reach.index, reach.mask_edges, reach.weight)

    def of(self, node: int) -> int | None:
        """The first blocked node a line from `node` enters back to its seed, or None."""
        if self.first[node] == _PENDING:
            self.answer(np.array([node], dtype=np.int64))
        found = int(self.first[node]) - _OFF
        return None if found < 0 else found

    def firsts(self, nodes: np.ndarray) -> list[int]:
        """The first blocked node back from each of `nodes` (answered), -1 where none."""
        return self.firsts_of(nodes).tolist()

    def firsts_of(self, nodes: np.ndarray) -> np.ndarray:
        """`firsts` as an array (int64)."""
        return self.first.take(nodes).astype(np.int64) - _OFF

    def answer(self, starts: np.ndarray) -> None:
        """Answer every node of `starts` at once."""
        if self.resumable is not None:
            self.reach = self.resumable.walk_view(starts)
        walked = self._walk(sorted_unique(starts))
        if walked.size:
            self._resolve(walked)

    def _walk(self, frontier: np.ndarray) -> np.ndarray:
        """Read the steps of the walks from `frontier` up to their first blocked node or an
        answered one; the nodes whose step was read (their answers still to find)."""
        step, first, blocked = self.step, self.first, self.blocked
        read = []
        frontier = frontier[first[frontier] == _PENDING]
        while frontier.size:
            if frontier.size <= _FEW:
                read.extend(self._walk_one(int(x)) for x in frontier.tolist())
                break
            # As the step-by-step walk: a node at 0 (a seed) or not reached has no step back.
            nxt = self._steps(frontier)
            step[frontier] = nxt + _OFF
            read.append(frontier)           # those without a step (-1) answered -1 here, dropped later
            # A walk ends at its first blocked node (its answer) or where there is no step (-1, its
            # answer too): one test for both (-1 reads the mask's last cell, either way an end).
            ends = blocked.take(nxt)
            ends |= nxt < 0
            if ends.any():
                first[frontier[ends]] = nxt[ends] + _OFF
                nxt = nxt[~ends]
            on = sorted_unique(nxt)
            # A node is answered only once its step is read, so an unread step is an open node.
            frontier = on[step.take(on) == _UNREAD]
        return np.concatenate(read) if read else np.zeros(0, dtype=np.int64)

    def _steps(self, nodes: np.ndarray) -> np.ndarray:
        """`steps_back(self.reach, nodes)`'s nodes (-1: no step), read from the search's table of
        costs in (`in_edges.flat_costs`): each edge out of a node is its neighbour's edge in from the
        opposite direction. The least neighbour b with dist(b) + cost == d (as `next_step`); a
        node left to `next_step` alone where no neighbour is such, where d is below the greatest
        cost (a step toward a node not reached: `next_step` asks the search), where it is not
        0 < d < inf or may not be left. A neighbour off the map (-1) reads the last row's cells;
        as uint32 it is past every node, so it is never taken, only sends its node alone."""
        if self.costs is None:
            return steps_back(self.reach, nodes)[0]
        table, greatest = self.costs
        reach, n = self.reach, len(self.step)
        dist = reach.dist.array
        d = dist.take(nodes)
        b = reach.index.nbr.take(nodes, axis=0)
        at = b * 6
        at += OPPOSITE
        good = dist.take(b) + table.take(at) == d[:, None]      # inf (not an edge of the search): never
        good &= reach.into.take(b)
        nxt = np.where(good, b.view(np.uint32), _NO_STEP).min(axis=1).astype(np.int64)
        alone = (nxt >= n) | ~((d >= greatest) & (d < np.inf)) | ~reach.out_of.take(nodes)
        if alone.any():
            for k in np.flatnonzero(alone).tolist():
                x = float(d[k])
                nxt[k] = reach.next_step(int(nodes[k]), x)[0] if 0 < x < np.inf else -1
        return nxt

    def _walk_one(self, node: int) -> np.ndarray:
        """`_walk` of one start, step by step (`Reach.next_step`): the last few walks of a batch
        (a round of array work costs as much as a dozen steps walked one at a time)."""
        step, first, blocked, dist = self.step, self.first, self.blocked, self.reach.dist.array
        read = []
        while step.item(node) == _UNREAD and first.item(node) == _PENDING:
            d = dist.item(node)
            if not 0 < d < np.inf:                   # a seed, or not reached: no step back
                step[node] = first[node] = _NONE
                break
            nxt = self._step_one(node, d)
            step[node] = nxt + _OFF
            read.append(node)
            if blocked.item(nxt):
                first[node] = nxt + _OFF
                break
            node = nxt
        return np.array(read, dtype=np.int64)

    def _step_one(self, node: int, d: float) -> int:
        """`next_step(node, d)`'s node for a node 0 < d < inf, read from the table of costs in
        as `_steps` reads it (the same cases left to `next_step`)."""
        reach = self.reach
        if self.costs is None or d < self.costs[1] or not reach.out_of.item(node):
            return reach.next_step(node, d)[0]
        table, dist, into, best = self.costs[0], reach.dist.array, reach.into, -1
        for b, back in zip(reach.index.nbr[node].tolist(), _BACK):
            if b >= 0 and dist.item(b) + table.item(6 * b + back) == d and into.item(b) and (best < 0 or b < best):
                best = b
        return best if best >= 0 else reach.next_step(node, d)[0]

    def _resolve(self, walked: np.ndarray) -> None:
        """Each walked node still open takes the answer of its step's node: by pointer jumping,
        a node points ever further along its way back until it points at an answered node
        (pointers as places in the sorted open nodes)."""
        first = self.first
        open_ = np.sort(walked[first[walked] == _PENDING])
        if not open_.size:
            return
        target = self.step[open_] - _OFF                   # a node: an open node has a step
        at = np.minimum(np.searchsorted(open_, target), len(open_) - 1)
        inside = open_[at] == target                       # the step's node is open too
        pointer = np.where(inside, at, -1)
        answer = np.where(inside, _PENDING, first[target])
        waiting = np.flatnonzero(inside)
        while waiting.size:
            known = answer[pointer[waiting]]
            done = known != _PENDING
            answer[waiting[done]] = known[done]
            waiting = waiting[~done]
            pointer[waiting] = pointer[pointer[waiting]]
        first[open_] = answer


def first_blocked_one_by_one(reach, blocked: np.ndarray, start: int) -> int | None:
    """The reference: the walk back from `start`, step by step (`Reach.next_step`)."""
    cur = start
    while (d := reach.dist.get(cur, 0.0)) > 0:
        cur = reach.next_step(cur, d)[0]
        if blocked[cur]:
            return cur
    return None
