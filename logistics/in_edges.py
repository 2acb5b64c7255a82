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


def in_rows(index, edges: np.ndarray, weight: np.ndarray | None) -> Callable[[np.ndarray], np.ndarray]:
    """For frontier nodes f, the (len(f), 6) rows of the edges into them (column d: the edge from
    the neighbour in direction d): with `weight`, each edge's cost, inf if it is not one of
    `edges`; without, whether it is one of `edges`. An edge off the map reads anything (the search
    drops it: its node is the spare cell at -inf). From a table kept with the index where `edges`
    is the index's `crossable` or one of its `shared` arrays and `weight` None or its
    `adverse_weight`; otherwise gathered edge by edge."""
    table = _kept_table(index, edges, weight)
    if table is not None:
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
    if _kept_table(index, edges, weight) is None:
        return None
    entry = next(e for e in index.__dict__["_in_rows"] if e[0] is edges and e[1] is weight)
    if entry[3] is None:
        entry[3] = (entry[2] if weight is None else entry[2] != np.inf).any(axis=1)
    return entry[3]


def _kept_table(index, edges: np.ndarray, weight: np.ndarray | None) -> np.ndarray | None:
    """`in_rows`' table for `edges` and `weight`, made once and kept with the index where `edges`
    is the index's `crossable` or one of its `shared` arrays and `weight` None or its
    `adverse_weight`; None otherwise."""
    kept = index.__dict__.setdefault("_in_rows", [])
    for old_edges, old_weight, table, _ in kept:
        if old_edges is edges and old_weight is weight:
            return table
    own = edges is index.crossable or any(edges is a for a in index.__dict__.get("_shared", {}).values())
    if not own or (weight is not None and weight is not index.adverse_weight):
        return None
    ie = index.in_eid
    usable = (ie >= 0) & edges[ie]
    table = usable if weight is None else np.where(usable, weight[ie], np.inf)
    kept.append([edges, weight, table, None])     # the last: `entered`'s mask, made when asked
    return table


def shared(index, name: str, make: Callable[[], np.ndarray]) -> np.ndarray:
    """An array made once per index and kept with it (`name` says what it is): edges that every
    engine on the map searches, whose `in_rows` table is then made once too."""
    kept = index.__dict__.setdefault("_shared", {})
    if name not in kept:
        kept[name] = make()
    return kept[name]
