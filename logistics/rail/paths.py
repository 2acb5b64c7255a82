"""Rail routes: the map's rail links as adjacency lists, and one search that finds a legal route
or, when there is none, the first hex that blocks the nearest route and the rule that blocks it.

Rules decide legality one step at a time: a `Blocker(a, b)` says why a rail move may not go from
node a into the adjacent node b (or None). The search is a Dijkstra in which a blocked step costs
`BLOCKED`: its cheapest route is the shortest legal one when one exists, and otherwise the route
with the fewest blocked steps, whose first block is the explanation (as the supply engine
explains a blocked line by the first hex it may not enter).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable

from logistics.hexgrid import Hexside
from logistics.mapdata import Map, Track
from logistics.network import index_of
from logistics.verdict import Block

BLOCKED = 1_000_000  # the cost of one blocked step: more than any legal route can cost

Blocker = Callable[[int, int], "Block | None"]


class RailGraph:
    """The rail links of a map between the nodes of its `HexIndex` (grid order)."""

    def __init__(self, map_: Map):
        self.map = map_
        self.index = index_of(map_)
        ix = self.index
        self.adjacent: dict[int, list[int]] = {}
        for a, b in zip(ix.src[ix.rail].tolist(), ix.dst[ix.rail].tolist()):
            self.adjacent.setdefault(a, []).append(b)
        for nodes in self.adjacent.values():
            nodes.sort()

    def is_rail(self, i: int) -> bool:
        return i in self.adjacent

    def track(self, a: int, b: int) -> Track:
        """The line that carries the link a-b (the better class where lines share it)."""
        hexes = self.index.hexes
        return self.map.rail_links[Hexside(hexes[a], hexes[b])]

    def node(self, hex_) -> int:
        return self.index.pos[hex_]

    def hex_id(self, i: int) -> str:
        return self.index.hex_id(i)


def rail_graph(map_: Map) -> RailGraph:
    """The map's rail graph, built on first use and kept with the map."""
    cached = map_.__dict__.get("_rail_graph")
    if cached is None:
        cached = map_.__dict__["_rail_graph"] = RailGraph(map_)
    return cached


@dataclass(frozen=True)
class Route:
    nodes: tuple[int, ...]
    block: Block | None = None     # None: every step is legal

    @property
    def legal(self) -> bool:
        return self.block is None


def search(graph: RailGraph, start: int, goal: int, blocker: Blocker) -> Route | None:
    """The cheapest route from start to goal over rail links (see the module docstring), or None
    when no rail joins them at all. Ties go to the lower node index, so answers never vary."""
    dist = {start: 0}
    prev: dict[int, int] = {}
    why: dict[int, Block | None] = {start: None}
    heap = [(0, start)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > dist[a]:
            continue
        if a == goal:
            break
        for b in graph.adjacent.get(a, ()):
            block = blocker(a, b)
            nd = d + 1 + (BLOCKED if block is not None else 0)
            if nd < dist.get(b, nd + 1):
                dist[b], prev[b], why[b] = nd, a, block
                heapq.heappush(heap, (nd, b))
    if goal not in dist:
        return None
    nodes = [goal]
    while nodes[-1] != start:
        nodes.append(prev[nodes[-1]])
    nodes.reverse()
    first = next((why[n] for n in nodes[1:] if why[n] is not None), None)
    return Route(tuple(nodes), first)


def all_of(*blockers: Blocker) -> Blocker:
    """A blocker that applies several in turn: the first that blocks names the rule."""
    def blocker(a: int, b: int) -> Block | None:
        for each in blockers:
            block = each(a, b)
            if block is not None:
                return block
        return None
    return blocker
