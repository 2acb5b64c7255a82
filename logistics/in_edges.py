"""Each node's six edges in, as the rows a round of `network.search` reads.

A round of `search` reads, for every node of its frontier, the edges a line takes into it (one per
direction, `HexIndex.in_eid`): whether each is one of the search's edges and what it costs. Read
edge by edge, that is three gathers per round (the edge numbers, the edge mask, the weights). For
the edges and weights of the overland and road elements, which every engine on a map searches
again and again, a table of those rows is made once and kept with the map's index: one gather of
each frontier node's row. Performance: docs/performance.md.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np


def in_rows(index, edges: np.ndarray, weight: np.ndarray | None,
            limit: float = np.inf) -> Callable[[np.ndarray], np.ndarray]:
    """For frontier nodes f, the (len(f), 6) rows of the edges into them (column d: the edge from
    the neighbour in direction d): with `weight`, each edge's cost, inf if it is not one of
    `edges`; without, whether it is one of `edges`. An edge off the map reads anything (the search
    drops it: its node is the spare cell at -inf). From a table kept with the index where `edges`
    is the index's `crossable` or one of its `shared` arrays and `weight` None or its
    `adverse_weight`; otherwise gathered edge by edge. `limit`: the search's cutoff (inf: none);
    below `FAR`, a kept table of costs is read as bytes (`_byte_costs`)."""
    entry = _kept(index, edges, weight)
    if entry is not None:
        small = _byte_costs(index, entry) if weight is not None and limit < FAR else None
        table = entry[2] if small is None else small
        return partial(table.take, axis=0)      # rows by take: 4x quicker than table[f] (numpy 2.4)
    ie = index.in_eid
    if weight is None:
        return lambda f: edges[ie[f]]

    def rows(f: np.ndarray) -> np.ndarray:
        e = ie[f]
        return np.where(edges[e], weight[e], np.inf)
    return rows


def entered(index, edges: np.ndarray, weight: np.ndarray | None) -> np.ndarray | None:
    """Node mask: the nodes with at least one of `edges` into them (from a neighbour on the map),
    kept with `in_rows`' table; None where no table is kept. A search's frontier node without
    one relaxes nothing (its row is all unusable), so a search may leave it out of its rounds:
    the road element's frontier starts from the rail net, whose nodes mostly have no road in."""
    entry = _kept(index, edges, weight)
    if entry is None:
        return None
    if entry[3] is None:
        entry[3] = (entry[2] if weight is None else entry[2] != np.inf).any(axis=1)
    return entry[3]


def usable_in(index, edges: np.ndarray) -> np.ndarray | None:
    """`in_rows`' kept table for `edges` without weights (node i, column d: the edge from the
    neighbour in direction d into i is on the map and one of `edges`), or None where none is kept
    (`edges` not the index's `crossable` nor one of its `shared` arrays)."""
    entry = _kept(index, edges, None)
    return None if entry is None else entry[2]


# A cost of an edge not among a search's edges in a table of bytes: past any cutoff below it.
FAR = 255


def flat_costs(index, edges: np.ndarray, weight: np.ndarray | None) -> tuple[np.ndarray, float] | None:
    """`in_rows`' kept table of costs, flat (row i, column d at 6 i + d), and its greatest usable
    cost, made once with the table; None where no table of costs is kept (no `weight`, or a table
    `_kept` does not keep)."""
    entry = _kept(index, edges, weight) if weight is not None else None
    if entry is None:
        return None
    if entry[5] is None:
        usable = entry[2][entry[2] != np.inf]
        entry[5] = entry[2].reshape(-1), float(usable.max()) if usable.size else np.inf
    return entry[5]


def _byte_costs(index, entry: list) -> np.ndarray | None:
    """A kept table of costs as bytes (a quarter of the memory a round gathers), FAR for an edge not
    usable, or None if its costs are not all whole numbers below FAR (the index's 43C3 weights
    are 1, 2 or 3). A search cut off below FAR reads the same costs, and from an edge not usable
    a cost of at least FAR, past its cutoff: it drops that edge as it drops one at inf."""
    if entry[4] is None:
        table, weight = entry[2], entry[1]
        # Every edge's weight a whole number below FAR (the index's are): each edge's byte, read
        # through the index's edges in, without the table's float temporaries (~80 MB at 1M, paid
        # for on first touch by a cold verdict). Otherwise the usable costs are checked one by one.
        if bool(((weight >= 0) & (weight < FAR)).all()) and bool((weight == (small := weight.astype(np.uint8))).all()):
            entry[4] = _by_edge_in(index, small, entry[0], FAR)
        else:
            usable = table != np.inf
            costs = table[usable]
            whole = bool(((costs == np.floor(costs)) & (costs >= 0) & (costs < FAR)).all())
            entry[4] = np.where(usable, table, FAR).astype(np.uint8) if whole else False
    return entry[4] if entry[4] is not False else None


def _kept(index, edges: np.ndarray, weight: np.ndarray | None) -> list | None:
    """The rows kept with the index for `edges` and `weight`, made once: [edges, weight, `in_rows`'
    table, `entered`'s mask, `_byte_costs`' table, `flat_costs`] (the last three made when first
    asked), where `edges` is the index's `crossable` or one of its `shared` arrays and `weight`
    None, its `adverse_weight` or one of its `shared` arrays (the limited sources' forward 43C3
    weight); None otherwise."""
    kept = index.__dict__.setdefault("_in_rows", [])
    for entry in kept:
        if entry[0] is edges and entry[1] is weight:
            return entry
    kept_arrays = index.__dict__.get("_shared", {}).values()
    if not keeps_tables_for(index, edges) or \
            not (weight is None or weight is index.adverse_weight or any(weight is a for a in kept_arrays)):
        return None
    table = _by_edge_in(index, None, edges, False) if weight is None else _by_edge_in(index, weight, edges, np.inf)
    kept.append([edges, weight, table, None, None, None])
    return kept[-1]


def keeps_tables_for(index, edges: np.ndarray) -> bool:
    """Whether `edges` is the index's `crossable` or one of its `shared` arrays (found by identity):
    the same for every position, so tables made from it are kept with the index."""
    return edges is index.crossable or any(edges is a for a in index.__dict__.get("_shared", {}).values())


def _by_edge_in(index, values: np.ndarray | None, edges: np.ndarray, other) -> np.ndarray:
    """The (n, 6) table of each node's edges in (`HexIndex.in_eid`): `values[e]` (`edges[e]` if
    `values` is None) for an edge e of `edges`, `other` for any other edge and off the map. One
    gather from a per-edge copy with one more cell, which an edge number of -1 (off the map) reads:
    no (n, 6) masks or temporaries (at 1M hexes each is 6-24 MB, paid for on first touch by a cold
    verdict)."""
    if values is None:
        per_edge = np.empty(len(edges) + 1, dtype=bool)
        per_edge[:-1] = edges
    else:
        # np.where's type: a table of float32 costs stays float32 (`other` a Python float or a FAR byte).
        per_edge = np.empty(len(edges) + 1, dtype=np.result_type(values, other))
        per_edge.fill(other)
        np.copyto(per_edge[:-1], values, where=edges)
    per_edge[-1] = other
    return per_edge[index.in_eid]


def shared(index, name: str, make: Callable[[], np.ndarray]) -> np.ndarray:
    """An array made once per index and kept with it (`name` says what it is): edges that every
    engine on the map searches, whose `in_rows` table is then made once too."""
    kept = index.__dict__.setdefault("_shared", {})
    if name not in kept:
        kept[name] = make()
    return kept[name]
