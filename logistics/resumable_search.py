"""A whole-map search from scratch without a cutoff, run only as far as its readers need
(`network.search`'s rounds, stopped and resumed).

The searches that ignore 12A (the explanations of blocked lines) are read at a few nodes: where
the units they explain stand, and back along their lines toward the seeds. Those nodes lie
within about half the search's greatest distance, yet the rounds beyond them were a quarter of
its pushes. In a label-correcting search from scratch whose costs are at least 1, every node
whose distance is at most the least distance on the current frontier is final: any later
improvement comes through a frontier node, so costs at least that least + 1. `ResumableReach`
runs rounds until every node asked is final, keeps its state, and runs on when a node beyond is
asked. Read as an `IndexReach` (its `dist`, steps, ...) it is the whole search, finished first;
`settled` gives the distances of given nodes, and `bounded` a cut-off view exact for every node
within the bound (the walks back of `blocked_walk.FirstBlocked`). Performance: docs/performance.md.
"""
from __future__ import annotations

import numpy as np

from logistics.in_edges import in_rows
from logistics.network import _ORDINALS32, Distances, IndexReach, _distance_type, _distinct


class ResumableReach(IndexReach):
    """`network.search(index, seeds, edges, into, out_of, weight)` (no cutoff, no start), the same
    distances bit for bit, its rounds run as far as asked."""

    def __init__(self, index, seeds: np.ndarray, edges: np.ndarray, into: np.ndarray, out_of: np.ndarray,
                 weight: np.ndarray | None = None, known: ResumableReach | None = None):
        """`known`: an earlier one over the same edges, masks and weights, from some of `seeds`,
        stopped anywhere: this one goes on from where it stands, its own seeds added to the
        frontier (every other node has relaxed its neighbours, and its distance is a path's from
        seeds among `seeds`: a label-correcting search is exact from there, and the bound holds)."""
        self.index, self.seeds, self.mask_edges = index, seeds, edges
        self.into, self.out_of, self.weight, self.cutoff = into, out_of, weight, None
        n = len(index)
        added = np.flatnonzero(seeds if known is None else seeds & ~known.seeds)
        if known is not None and known._work is not None:
            self._work, frontier = known._work.copy(), np.union1d(known._frontier, added)
        else:
            # As `search` does from scratch (or from a finished search's distances): one spare
            # cell at -inf for neighbours off the map, and the nodes a line may not leave held at
            # -inf too (no improvement reaches them).
            self._work = np.empty(n + 1, _distance_type(index, weight, None))
            if known is None:
                self._work[:n] = np.where(out_of, np.inf, -np.inf)      # one pass
            else:
                self._work[:n] = known._whole.array
                self._work[:n][~out_of & (self._work[:n] == np.inf)] = -np.inf
            self._work[n] = -np.inf
            frontier = added
        self._work[added] = 0.0
        self._frontier = frontier[into[frontier]]       # a line enters these nodes from a neighbour
        # Only nodes a line may leave are improved (the others are held at -inf): where a line may
        # enter each of them, a round's frontier needs no test of `into`.
        self._enter_all = not (out_of & ~into).any()
        self._rows = in_rows(index, edges, weight)
        # `_distinct`'s scratch, one per map index for all these searches (int32, 4 bytes a node).
        self._stamp = index.__dict__.setdefault("_resumable_stamp32", np.empty(n, dtype=np.int32))
        self._bound = 0.0 if self._frontier.size else np.inf    # the least distance on the frontier
        self._whole: Distances | None = None
        self._view: tuple[float, IndexReach] | None = None
        self._live: IndexReach | bool | None = None       # `walk_view`'s (False: not to be made)

    def _run(self, nodes: np.ndarray | None) -> None:
        """Rounds until every node of `nodes` is at or below the bound, final (None: to the end)."""
        work, into, nbr, rows, stamp = self._work, self.into, self.index.nbr, self._rows, self._stamp
        frontier, bound = self._frontier, self._bound
        in_place = self.weight is not None and rows(frontier[:0]).dtype == work.dtype
        enter_all = self._enter_all
        while frontier.size:
            here = work.take(frontier)
            bound = float(here.min())
            if nodes is not None and (not nodes.size or work.take(nodes).max() <= bound):
                break
            a = nbr.take(frontier, axis=0).astype(np.intp)   # (k, 6), as `search` takes them
            if in_place:
                # The rows are a new array of the distances' type: the distances added in place,
                # each repeated along its row (a (k, 6) block adds quicker than a (k, 1) column
                # broadcast); the same sums.
                cost = rows(frontier)
                cost += here.repeat(6).reshape(-1, 6)
            elif self.weight is None:
                cost = np.where(rows(frontier), here[:, None] + 1.0, np.inf)
            else:
                cost = here[:, None] + rows(frontier)
            ok = cost < work.take(a)
            ok = ok.ravel().nonzero()[0]     # one 1-D selection for both (as `search`)
            a = a.ravel().take(ok)
            np.minimum.at(work, a, cost.ravel().take(ok))
            frontier = _distinct(a, stamp, _ORDINALS32)
            if not enter_all:
                frontier = frontier.compress(into.take(frontier))    # a line enters these nodes from a neighbour
        if not frontier.size:
            bound = np.inf
        self._frontier, self._bound = frontier, bound

    def _finished(self, array: np.ndarray) -> np.ndarray:
        """The working distances as a search reads them: -inf (never left) and past the bound
        (not final) as inf."""
        return np.where((array > self._bound) | (array == -np.inf), np.inf, array)

    @property
    def dist(self) -> Distances:
        """The whole search's distances (its rounds run to the end first)."""
        if self._whole is None:
            self._run(None)
            self._whole = Distances(self._finished(self._work[:-1]))
            self._work = self._view = self._live = None    # the whole search kept alone from here
        return self._whole

    def _unreached(self, b: int) -> bool:
        return b not in self.dist

    def settled(self, nodes: np.ndarray) -> np.ndarray:
        """The distances of `nodes` (inf: not reached), each final."""
        if self._whole is not None:
            return self._whole.array[nodes]
        self._run(nodes)
        return self._finished(self._work[nodes])

    def bounded(self, nodes: np.ndarray) -> IndexReach:
        """A search cut off at a bound no shorter than any distance of `nodes`: the same distances
        as this one up to its cutoff, none beyond (as a cut-off search reads them). Its steps
        toward a node it did not reach ask this search whether the node is reached at all."""
        if self._whole is not None:
            return self
        self._run(nodes)
        if self._view is None or self._view[0] != self._bound:
            view = IndexReach(self.index, self.seeds, self.mask_edges, self.into, self.out_of, self.weight,
                              self._bound, self._finished(self._work[:-1]))
            view._unreached = self._unreached
            self._view = (self._bound, view)
        return self._view[1]

    def walk_view(self, nodes: np.ndarray) -> IndexReach:
        """`bounded(nodes)` for the walks back from `nodes` (`blocked_walk.FirstBlocked`), without a
        copy of the distances: one view of the working distances, kept while the rounds run on.
        A walk back from a final node meets only final nodes (nearer the seeds). At their
        neighbours it tests, a value past the bound (not final yet) is no step's end, as inf is in
        `bounded`; a step toward a node not reached yet is asked of the whole search, as there (a
        node reached past the bound needs no asking). A node never left (-inf) is one a line may
        not enter, so it is no step's end either; where a line may enter a node it may not leave,
        `bounded` itself."""
        if self._live is None and self._whole is None and (self.into & ~self.out_of).any():
            self._live = False
        if self._whole is not None or self._live is False:
            return self.bounded(nodes)
        self._run(nodes)
        if self._live is None:
            # A cut-off view (any bound): `next_steps` leaves a step toward inf to `next_step`.
            self._live = IndexReach(self.index, self.seeds, self.mask_edges, self.into, self.out_of, self.weight,
                                    self._bound, self._work[:-1])
            self._live._unreached = self._unreached
        return self._live
