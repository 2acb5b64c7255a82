"""The map as arrays for whole-map searches: one index per map, built once.

Nodes are the map's hexes in grid order; edges are the directed pairs of adjacent hexes. Each
edge carries what its hexside means to the elements of a supply line (crossable on foot, narrow
strait, rail link and its class, road link, neutral border). Searches run backwards from
sources over the edges a player may trace *into* (12A/B ruling: only entering a hex is
restricted), as multi-source Dijkstra in rustworkx from a virtual super-source.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import rustworkx as rx

from .hexgrid import Hex
from .mapdata import Map
from .zoc import crossable, neutral_border

# A low-volume rail hex costs this much in the rail search: the count of low-volume hexes is
# dist // LOW_VOLUME_WEIGHT, and each rail hex also costs 1, so every weight is positive.
LOW_VOLUME_WEIGHT = 1_000_000


class HexIndex:
    def __init__(self, map_: Map):
        self.map = map_
        self.hexes: list[Hex] = map_.hexes()
        self.pos: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        n = len(self.hexes)
        src, dst = [], []
        for i, h in enumerate(self.hexes):
            for nb in h.neighbours():
                j = self.pos.get(nb)
                if j is not None:
                    src.append(i)
                    dst.append(j)
        self.src = np.array(src, dtype=np.int64)
        self.dst = np.array(dst, dtype=np.int64)
        pairs = list(zip(src, dst))
        hx = self.hexes
        self.crossable = np.array([crossable(map_, hx[a], hx[b]) for a, b in pairs], dtype=bool)
        self.narrow = np.array(["narrow_strait" in map_.features_of(hx[a], hx[b]) for a, b in pairs], dtype=bool)
        self.neutral_border = np.array([neutral_border(map_, hx[a], hx[b]) for a, b in pairs], dtype=bool)
        rail = map_.rail_links
        from .hexgrid import Hexside
        sides = [Hexside(hx[a], hx[b]) for a, b in pairs]
        self.rail = np.array([s in rail for s in sides], dtype=bool)
        self.low_volume = np.array([s in rail and rail[s].klass == "low_volume" for s in sides], dtype=bool)
        self.road = np.array([s in map_.road_links for s in sides], dtype=bool)
        self.land = np.array([map_.is_land(h) for h in hx], dtype=bool)
        self.neutral = np.array([map_.countries.get(map_.country_of(h)) is not None
                                 and map_.countries[map_.country_of(h)].neutral for h in hx], dtype=bool)
        # 43C3: mountain and wooded-rough hexes count double for the overland element.
        self.adverse = np.array([map_.terrain[h] in ("mountain", "wooded_rough") for h in hx], dtype=bool)
        self.rail_hex = np.zeros(n, dtype=bool)
        self.rail_hex[self.src[self.rail]] = True
        self.weather_zone = [map_.layers.get("weather_zone", {}).get(h, "") for h in hx]

    def __len__(self) -> int:
        return len(self.hexes)

    def mask(self, hexes) -> np.ndarray:
        m = np.zeros(len(self.hexes), dtype=bool)
        idx = [self.pos[h] for h in hexes if h in self.pos]
        m[idx] = True
        return m


@dataclass
class Reach:
    """Distances of one backward search: node -> cost from the nearest seed (seeds cost 0)."""

    dist: dict[int, float]
    edges: tuple[np.ndarray, np.ndarray, np.ndarray]  # forward (from, to, weight) the search used

    def forward_steps(self) -> dict[int, list[tuple[int, float]]]:
        steps: dict[int, list[tuple[int, float]]] = {}
        for a, b, w in zip(*(x.tolist() for x in self.edges)):
            steps.setdefault(a, []).append((b, w))
        return steps


def backward_reach(n: int, seeds: np.ndarray, src: np.ndarray, dst: np.ndarray, weight: np.ndarray) -> Reach:
    """Multi-source Dijkstra from `seeds` over the reversed edges (forward src -> dst)."""
    graph = rx.PyDiGraph(multigraph=False)
    graph.add_nodes_from(range(n + 1))
    super_source = n
    edges = list(zip(dst.tolist(), src.tolist(), weight.astype(float).tolist()))
    edges += [(super_source, int(s), 0.0) for s in np.flatnonzero(seeds)]
    graph.extend_from_weighted_edge_list(edges)
    lengths = rx.digraph_dijkstra_shortest_path_lengths(graph, super_source, edge_cost_fn=float)
    dist = {int(k): float(v) for k, v in lengths.items()}
    for s in np.flatnonzero(seeds):
        dist[int(s)] = 0.0
    return Reach(dist, (src, dst, weight))


def index_of(map_: Map) -> HexIndex:
    """The map's index, built on first use and kept with the map."""
    cached = map_.__dict__.get("_hex_index")
    if cached is None:
        cached = map_.__dict__["_hex_index"] = HexIndex(map_)
    return cached
