"""The map index's grid and neighbour tables (`network.HexIndex`), built with few temporaries.

On a 1M-hex map each (n, 6) table is 24 MB, and a cold verdict pays for every array it writes
for the first time: each node's cell in the grid is found once (a flat offset), and each
direction's neighbours and each edge's reverse are one gather from a flat table.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import chain

import numpy as np

from logistics.hexgrid import DIRECTIONS

NODE = np.int32       # the dtype of node and edge numbers in the index's tables
OPPOSITE = np.array([(d + 3) % 6 for d in range(6)], dtype=NODE)
# Rows of the (n, 6) tables made a block at a time: each block's cells gathered in one `take`
# into its rows (written in order, not a strided column at a time), its index small and in cache.
_BLOCK = 1 << 14


def neighbour_table(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, tuple[int, int], np.ndarray]:
    """For nodes at axial (q[i], r[i]): the grid (the node at (q, r) is grid[q - q0, r - r0], -1
    where there is none, with a ring of -1 cells around the hexes), its origin (q0, r0), and the
    neighbour table nbr[i, d]: the node in direction d of node i (hexgrid.DIRECTIONS), -1 off the map."""
    n = len(q)
    if not n:
        return np.full((1, 1), -1, dtype=NODE), (0, 0), np.full((0, 6), -1, dtype=NODE)
    q0, r0 = int(q.min()) - 1, int(r.min()) - 1
    height = int(r.max()) - r0 + 2
    grid = np.full((int(q.max()) - q0 + 2, height), -1, dtype=NODE)
    flat = grid.reshape(-1)
    cell = (q - q0) * height + (r - r0)           # each node's cell of the flat grid
    flat[cell] = np.arange(n, dtype=NODE)
    nbr = np.empty((n, 6), dtype=NODE)
    steps = np.array([step.q * height + step.r for step in DIRECTIONS])    # each direction's step in the flat grid
    for at in range(0, n, _BLOCK):        # the ring: a neighbour's cell is always in the grid
        flat.take(cell[at:at + _BLOCK, None] + steps, out=nbr[at:at + _BLOCK], mode="clip")
    return grid, (q0, r0), nbr


def edge_tables(nbr: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The edges of the neighbour table (its valid cells, `nbr.ravel() >= 0`, in row-major order):
    each edge's nodes (src, dst) and each node's edge in each direction (-1: none). Written
    without a table-sized temporary (a repeated range, a range of edge numbers)."""
    n = len(nbr)
    eid = np.cumsum(valid, dtype=NODE)            # the number of edges up to each cell ...
    src = np.repeat(np.arange(n, dtype=NODE), np.diff(eid[5::6], prepend=0))   # (a node's: its row's last)
    eid -= 1                                      # ... less one: the cell's edge if it is valid
    eid[~valid] = -1
    return src, nbr.ravel()[valid], eid.reshape(n, 6)


def in_edges(nbr: np.ndarray, out_eid: np.ndarray) -> np.ndarray:
    """in_eid[i, d]: the edge from the neighbour in direction d into node i (that neighbour's edge
    in direction d + 3), -1 where there is no neighbour; `out_eid[i, d]` is node i's edge in direction d."""
    found, flat = np.empty_like(out_eid), out_eid.reshape(-1)
    for at in range(0, len(nbr), _BLOCK):
        rows = nbr[at:at + _BLOCK]
        # The neighbour's row of the flat edge table and its edge back (no neighbour: any cell, then -1).
        flat.take(rows * 6 + OPPOSITE, out=found[at:at + _BLOCK], mode="wrap")
        np.copyto(found[at:at + _BLOCK], -1, where=rows < 0)
    return found


def edges_at(nodes: np.ndarray, out_eid: np.ndarray, in_eid: np.ndarray, m: int) -> np.ndarray:
    """Edge mask (m edges): the edges out of or into the nodes of the node mask `nodes`, read from
    those nodes' rows of the edge tables (few nodes: no pass over the edges' nodes)."""
    at = np.flatnonzero(nodes)
    found = np.concatenate([out_eid[at].ravel(), in_eid[at].ravel()])
    mask = np.zeros(m, dtype=bool)
    mask[found[found >= 0]] = True
    return mask


# The direction of b from a, by (b.q - a.q + 1, b.r - a.r + 1); -1: not adjacent.
_DIRECTION = np.full((3, 3), -1, dtype=np.int64)
for _d, _step in enumerate(DIRECTIONS):
    _DIRECTION[_step.q + 1, _step.r + 1] = _d


class EdgeFinder:
    """The index's edges of hexsides given by their hexes' coordinates, as whole arrays."""

    def __init__(self, grid: np.ndarray, origin: tuple[int, int], out_eid: np.ndarray):
        self.grid, self.origin, self.out_eid = grid, origin, out_eid

    def _nodes(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        # Clipped coordinates of a hex off the map land on the grid's border ring of -1 cells.
        grid = self.grid
        q, r = np.clip(q - self.origin[0], 0, grid.shape[0] - 1), np.clip(r - self.origin[1], 0, grid.shape[1] - 1)
        q *= grid.shape[1]
        q += r
        return grid.reshape(-1)[q]             # one gather from the flat grid: quicker than by (q, r)

    def pairs(self, aq, ar, bq, br) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Both edges (a -> b, b -> a) of each pair of adjacent hexes on the map, and which pairs
        lie on the map (both hexes on it)."""
        i, j = self._nodes(aq, ar), self._nodes(bq, br)
        on = (i >= 0) & (j >= 0)
        i, j = i[on], j[on]
        d = _DIRECTION[np.clip(bq[on] - aq[on] + 1, 0, 2), np.clip(br[on] - ar[on] + 1, 0, 2)]
        i *= 6                                 # the flat edge table's cells of (i, d) and (j, d + 3)
        j *= 6
        flat = self.out_eid.reshape(-1)
        return flat[i + d], flat[j + (d + 3) % 6], on

    def of_sides(self, sides: list) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Both edges of each hexside (`Hexside`) on the map, and which hexsides lie on the map."""
        k = len(sides)
        if not k or not self.out_eid.size:
            return np.zeros(0, dtype=NODE), np.zeros(0, dtype=NODE), np.zeros(k, dtype=bool)
        return self.pairs(*(np.fromiter((getattr(getattr(s, end), axis) for s in sides), np.int64, k)
                            for end in ("a", "b") for axis in ("q", "r")))

    def of_tracks(self, tracks: list, links: Callable[[], object]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Both edges of each hexside of `tracks` (between consecutive hexes) on the map, and
        the number of its track: Map.rail_links / road_links without a Hexside per hexside.
        Consecutive hexes that are not adjacent: `links()` raises the map's own error."""
        lengths = [len(t.hexes) for t in tracks]
        hexes = list(chain.from_iterable(t.hexes for t in tracks))   # a list first: read a third quicker
        total = len(hexes)
        xy = np.fromiter(chain.from_iterable(hexes), np.int64, 2 * total)
        q, r = xy[0::2], xy[1::2]
        track = np.repeat(np.arange(len(tracks)), lengths)
        at = np.flatnonzero(track[1:] == track[:-1])          # consecutive hexes of one track: at, at + 1
        aq, ar, bq, br = q[at], r[at], q[at + 1], r[at + 1]
        dq, dr = bq - aq, br - ar
        if not ((np.abs(dq) <= 1) & (np.abs(dr) <= 1) & (dq != dr)).all():
            links()
        if not len(at) or not self.out_eid.size:
            return np.zeros(0, dtype=NODE), np.zeros(0, dtype=NODE), np.zeros(0, dtype=NODE)
        ab, ba, on = self.pairs(aq, ar, bq, br)
        return ab, ba, track[at + 1][on]
