"""The sea network (`mapcheck.sea_network`) built from the map's index as whole arrays.

The same nodes and passages as `mapcheck.sea_network`: sea hexes (all-sea, partial-sea) and port
hexes in grid order, then the off-map boxes; between adjacent nodes a passage where ships pass
(`Map.ships_pass`: one hex all-sea, or an all-sea, narrow-strait or coastal hexside, 34A1), each
node's in the order of `Hex.neighbours`, then the naval routes in the map's order. Read from the
index's neighbour table and terrain instead of a Python call per hex: a cold 1M-hex verdict spent
1.6 s in `sea_network`. `mapcheck.sea_network` stays the build of the map checks, which need no
index; tests/test_sea_passages.py holds the two equal.
"""
from __future__ import annotations

import numpy as np

from logistics.mapcheck import Node, _route_node, sea_network
from logistics.mapdata import SEA_HEXSIDES
from logistics.network import HexIndex
from logistics.sorted_unique import sorted_unique


class SeaPassages:
    """`nodes`, `adjacent` (as `mapcheck.sea_network`), each node's place in `nodes` (`order`; the
    later of two equal nodes) and the passages as compressed rows: node k's are
    indices[indptr[k]:indptr[k + 1]], numbered as in `order`."""

    def __init__(self, index: HexIndex):
        map_ = index.map
        boxes = [b.name for b in map_.boxes]
        if len(set(boxes)) != len(boxes):       # one name for two boxes: one node, as the map checks do
            self.nodes, self.adjacent = sea_network(map_)
            self.order = dict(zip(self.nodes, range(len(self.nodes))))
            self.indptr, self.indices = passage_rows(self.order, self.nodes, self.adjacent)
            return
        n = len(index)
        sea = index.all_sea.copy()
        sea[_on_map(index.nodes(map_.partial_sea))] = True
        sea[_on_map(index.nodes([p.place.hex for p in map_.ports if p.place.hex is not None]))] = True
        hexes = np.flatnonzero(sea)              # index nodes are in grid order (Map.hexes)
        k = len(hexes)
        number = np.full(n + 1, -1, dtype=np.int64)   # each index node's number here; [-1]: off the map
        number[hexes] = np.arange(k)
        nbr = index.nbr[hexes]
        near = number[nbr]
        passes = (near >= 0) & (index.all_sea[hexes][:, None] | index.all_sea[nbr] | _sea_sides(index, number, k))
        src = np.repeat(np.arange(k), 6).reshape(k, 6)[passes]
        dst = near[passes]
        # Naval routes join boxes and sea hexes, each route both ways, after the hexes' passages.
        self.nodes: list[Node] = [*map(index.hexes.__getitem__, hexes.tolist()), *boxes]
        self.order = place = dict(zip(self.nodes, range(len(self.nodes))))
        ends = [(place.get(a), place.get(b)) for route in map_.routes if route.kind == "naval"
                for a, b in [[_route_node(map_, end, place) for end in route.ends]]]
        ways = [w for a, b in ends if a is not None and b is not None for w in ((a, b), (b, a))]
        if ways:
            extra = np.array(ways, dtype=np.int64).reshape(-1, 2)
            src, dst = np.concatenate([src, extra[:, 0]]), np.concatenate([dst, extra[:, 1]])
            keep = np.argsort(src, kind="stable")
            src, dst = src[keep], dst[keep]
        self.indptr = np.concatenate([[0], np.cumsum(np.bincount(src, minlength=len(self.nodes)))]).astype(np.int64)
        self.indices = dst.astype(np.int64)
        targets = [self.nodes[j] for j in self.indices.tolist()]
        bounds = self.indptr.tolist()
        self.adjacent: dict[Node, list[Node]] = dict(zip(self.nodes, map(targets.__getitem__, map(slice, bounds, bounds[1:]))))


def symmetric(nodes: list[Node], order: dict[Node, int], indptr: np.ndarray, indices: np.ndarray) -> bool:
    """Every passage may be sailed both ways: the set of passages (a, b) is the set of their
    reverses. Passages join nodes, not rows: two boxes of one name are one node (`order`)."""
    count = len(nodes)
    src = np.repeat(np.fromiter(map(order.__getitem__, nodes), np.int64, count), np.diff(indptr))
    return np.array_equal(sorted_unique(src * count + indices), sorted_unique(indices * count + src))


def _on_map(nodes: np.ndarray) -> np.ndarray:
    return nodes[nodes >= 0]


def _sea_sides(index: HexIndex, number: np.ndarray, k: int) -> np.ndarray:
    """(k, 6) table: water lies across or along the hexside between sea node i and its neighbour in
    direction d (an all-sea, narrow-strait or coastal hexside; `Map.ships_pass`)."""
    table = np.zeros((k, 6), dtype=bool)
    sides = [s for s, f in index.map.hexside_features.items() if not f.isdisjoint(SEA_HEXSIDES)]
    a, b = index.nodes(s.a for s in sides), index.nodes(s.b for s in sides)
    a, b = a[(number[a] >= 0) & (number[b] >= 0)], b[(number[a] >= 0) & (number[b] >= 0)]
    d = np.argmax(index.nbr[a] == b[:, None], axis=1)     # a Hexside's hexes are adjacent
    table[number[a], d] = True
    table[number[b], (d + 3) % 6] = True
    return table


def passage_rows(order: dict[Node, int], nodes: list[Node], adjacent: dict[Node, list[Node]]) -> tuple[np.ndarray, np.ndarray]:
    """The passages of `adjacent` as compressed rows: node k's are indices[indptr[k]:indptr[k + 1]],
    numbered as in `order`, in the order of `adjacent[nodes[k]]`."""
    counts = np.fromiter((len(adjacent[n]) for n in nodes), np.int64, len(nodes))
    indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return indptr, np.fromiter((order[b] for n in nodes for b in adjacent[n]), np.int64, int(indptr[-1]))
