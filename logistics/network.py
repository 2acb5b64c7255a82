"""The map as arrays for whole-map searches: one index per map, built once.

Nodes are the map's hexes in grid order; edges are the directed pairs of adjacent hexes. Each
edge carries what its hexside means to the elements of a supply line (crossable on foot, narrow
strait, rail link and its class, road link, neutral border). Searches run backwards from
sources over the edges a player may trace *into* (12A/B ruling: only entering a hex is
restricted): `search` in rounds of array work over the index's neighbour tables (optionally cut
off at an element's length), `rail_sides.SideRail` as Dijkstras on the junctions of the rail net
(long thin networks), `backward_reach` on any edge list; `Regions` answers any-length questions.
Performance: docs/performance.md.
"""
from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import chain

import numpy as np
import rustworkx as rx

from logistics.hex_nodes import HexNodes
from logistics.hexgrid import Hex
from logistics.in_edges import entered, in_rows
from logistics.index_tables import NODE, EdgeFinder, edge_tables, edges_at, in_edges, neighbour_table
from logistics.mapdata import RAIL_CLASSES, WATER_TERRAINS, Map
from logistics.node_layers import layer_codes, layer_nodes
from logistics.region_steps import RegionSteps, reaching_at, region_hits, run_roots
from logistics.warm_start import warm_start
from logistics.zoc import crossable

# A low-volume rail hex costs this much in the rail search: the count of low-volume hexes is
# dist // LOW_VOLUME_WEIGHT, and each rail hex also costs 1, so every weight is positive.
LOW_VOLUME_WEIGHT = 1_000_000
# The name of the index's `shared` 43C3 weight of a forward step (limited_reach: adverse_weight
# read the other way along each edge, the same costs 1-3).
FORWARD_ADVERSE = "forward adverse weight"
_INF = float("inf")
_ORDINALS = np.arange(1 << 16)   # `_distinct`'s 0, 1, 2, ...: made once, read as a slice (a view)
_ORDINALS32 = _ORDINALS.astype(np.int32)   # the same for `search`'s int32 scratch


_FEW_HEXES = 64         # HexIndex.mask: up to this many hexes, a look-up per hex


class HexIndex:
    def __init__(self, map_: Map):
        self.map = map_
        keys = list(map_.terrain)
        n = len(keys)
        # Node ids fit in int32 (half the memory of int64 for the per-edge and per-node tables).
        coords = np.fromiter(chain.from_iterable(keys), np.int64, 2 * n).reshape(n, 2)
        # Grid order (Map.hexes: row by row, column by column) from Layout.to_offset applied to
        # whole columns of q and r at once (its arithmetic is the same on arrays).
        col, row = map_.layout.to_offset(Hex(coords[:, 0], coords[:, 1]))
        order = np.lexsort((col, row))
        key_node = np.empty(n, dtype=np.int64)          # the node of each of map_.terrain's hexes
        key_node[order] = np.arange(n)
        # A map kept in grid order (as map folders and the synthetic maps are) needs no reordering.
        ordered = np.array_equal(order, np.arange(n))
        pick = slice(None) if ordered else order
        self._offsets = np.stack([col[pick], row[pick]]).astype(NODE)   # each node's grid (col, row)
        hx = keys if ordered else [keys[i] for i in order.tolist()]
        self.hexes: list[Hex] = hx
        q, r = coords[pick, 0], coords[pick, 1]
        # Neighbour table: nbr[i, d] is the node in direction d of node i (hexgrid.DIRECTIONS), -1
        # off the map. Edges are its valid cells in row-major order: by node, then by direction.
        grid, (q0, r0), nbr = neighbour_table(q, r)     # index_tables.py
        # The node at axial (q, r) is grid[q - q0, r - r0]; a ring of -1 cells borders the hexes, so
        # coordinates clipped into the grid find -1 for every hex off the map (`nodes`).
        self.grid, self.grid_origin = grid, (q0, r0)
        self.pos = HexNodes(grid, (q0, r0), hx)          # Hex -> node, read from the grid (no dict per hex)
        valid = nbr.ravel() >= 0
        self.src, self.dst, eid = edge_tables(nbr, valid)     # index_tables.py
        self.nbr, self.out_eid = nbr, eid
        self.in_eid = in_edges(nbr, eid)        # the edge from the neighbour in direction d into node i

        edges = EdgeFinder(grid, (q0, r0), eid)      # index_tables.py

        # Hexside features are sparse: set the few edges they touch.
        self.crossable = np.ones(len(self.src), dtype=bool)
        self.narrow = np.zeros(len(self.src), dtype=bool)
        sides = list(map_.hexside_features)
        ab, ba, on = edges.of_sides(sides)
        for side, e1, e2 in zip((s for s, o in zip(sides, on.tolist()) if o), ab.tolist(), ba.tolist()):
            features = map_.hexside_features[side]
            self.crossable[[e1, e2]] = crossable(map_, side.a, side.b)
            self.narrow[[e1, e2]] = "narrow_strait" in features
        # A rail hexside has the best class of the lines crossing it (Map.rail_links).
        rank = {k: i for i, k in enumerate(RAIL_CLASSES)}
        ab, ba, track = edges.of_tracks(map_.rail, lambda: map_.rail_links)
        track_rank = np.array([rank[t.klass] for t in map_.rail], dtype=np.int8)[track]
        best = np.full(len(self.src), -1, dtype=np.int8)
        for e in (ab, ba):
            np.maximum.at(best, e, track_rank)
        self.rail = best >= 0
        self.low_volume = best == rank["low_volume"]
        self.rail_hex = np.zeros(n, dtype=bool)
        self.rail_hex[self.src[ab]] = self.rail_hex[self.src[ba]] = True      # the rail edges' hexes
        self.road = np.zeros(len(self.src), dtype=bool)
        ab, ba, _ = edges.of_tracks(map_.roads, lambda: map_.road_links)
        self.road[ab] = self.road[ba] = True
        # Per-node values of the map's layers as numbers (node_layers: no look-up per hex).
        code, kinds = layer_codes(map_.terrain, key_node, n)
        self.land = np.array([t not in WATER_TERRAINS for t in kinds], dtype=bool)[code]    # Map.is_land
        self.all_sea = np.array([t == "all_sea" for t in kinds], dtype=bool)[code]        # Map.is_sea, ships_pass
        countries, zones = (map_.layers.get(name, {}) for name in ("country", "weather_zone"))
        country, names = layer_codes(countries, layer_nodes(countries, keys, key_node, self.nodes), n)
        country = country.astype(NODE)
        self.country, self.country_names = country, names           # Map.country_of as numbers
        neutral = np.array([map_.countries.get(c) is not None and map_.countries[c].neutral for c in names],
                           dtype=bool)
        self.neutral = neutral[country] if n else np.zeros(0, dtype=bool)
        # zoc.neutral_border: the hexes lie in different countries, one of them neutral.
        self.neutral_border = edges_at(self.neutral, self.out_eid, self.in_eid, len(self.src))   # few: compare their countries alone
        self.neutral_border[self.neutral_border] = country[self.src[self.neutral_border]] != country[self.dst[self.neutral_border]]
        # 43C3: mountain and wooded-rough hexes count double for the overland element.
        self.adverse = np.array([t in ("mountain", "wooded_rough") for t in kinds], dtype=bool)[code]
        # Weights are small integers (and 1 + LOW_VOLUME_WEIGHT): exact in float32 (so summed there,
        # without float64 temporaries per edge), and the searches add them to float64 distances.
        self.adverse_weight = self.adverse[self.dst].astype(np.float32)     # the 43C3 cost of each edge
        self.adverse_weight += self.narrow
        self.adverse_weight += np.float32(1)
        self.rail_weight = np.ones(len(self.src), dtype=np.float32)
        self.rail_weight[self.low_volume] = np.float32(1 + LOW_VOLUME_WEIGHT)    # see LOW_VOLUME_WEIGHT
        # The weather zones in order of first appearance, and each node's zone as a number.
        self.zone_of, self.zones = layer_codes(zones, layer_nodes(zones, keys, key_node, self.nodes), n)
        self._hex_ids: list[str | None] = [None] * n
        self._nodes: dict[str, int] = {}

    @property
    def weather_zone(self) -> list[str]:
        """Each node's weather zone (Map.layers["weather_zone"], "" where none)."""
        return [self.zones[k] for k in self.zone_of.tolist()]

    def hex_id(self, i: int) -> str:
        """The printed id of node i (kept once formatted): Map.hex_id from the node's grid position."""
        text = self._hex_ids[i]
        if text is None:
            text = self._hex_ids[i] = self.map.numbering.format(int(self._offsets[0, i]), int(self._offsets[1, i]))
            self._nodes[text] = i
        return text

    def node_of(self, printed: str) -> int:
        """The node of a printed id (as pos[map.hex_at(printed)])."""
        i = self._nodes.get(printed)
        return self.pos[self.map.hex_at(printed)] if i is None else i

    def __len__(self) -> int:
        return len(self.hexes)

    def mask(self, hexes) -> np.ndarray:
        """Node mask of `hexes` (any iterable of hexes; those off the map are left out). A few
        hexes (most calls: seeds, ports, barred cities) are looked up one by one (`pos.get`, the
        same grid), which costs less than `nodes`' arrays for up to about 64."""
        hexes = hexes if isinstance(hexes, (list, tuple, set, frozenset)) else list(hexes)
        if len(hexes) > _FEW_HEXES:
            return self.node_mask(self.nodes(hexes, len(hexes)))
        get = self.pos.get
        return self.node_mask([get(h, -1) for h in hexes])

    def nodes(self, hexes, count: int = -1) -> np.ndarray:
        """The node of each of `hexes`, -1 off the map, read from the grid of axial coordinates: on
        a 1M-hex map a dictionary look-up per hex (hashing each Hex in a table far larger than the
        cache) was most of the position's owner table (view.PositionNodes). `count`: how many
        hexes, when known (read faster)."""
        xy = np.fromiter(chain.from_iterable(hexes), np.int64, 2 * count if count >= 0 else -1)
        (q0, r0), grid = self.grid_origin, self.grid
        width, height = grid.shape
        # Clipped coordinates of a hex off the map land on the grid's border ring of -1 cells; the
        # cell is read by its place in the flat grid (q * height + r), in place: one gather, fewer temporaries.
        q, r = xy[0::2] - q0, xy[1::2] - r0
        np.clip(q, 0, width - 1, out=q)
        np.clip(r, 0, height - 1, out=r)
        q *= height
        q += r
        return grid.ravel().take(q).astype(np.int64)

    def node_mask(self, nodes: np.ndarray) -> np.ndarray:
        """Node mask of `nodes`; -1 (off the map) lands on a spare last cell, dropped."""
        m = np.zeros(len(self.hexes) + 1, dtype=bool)
        m[nodes] = True
        return m[:-1]


@dataclass
class Reach:
    """Distances of one backward search: node -> cost from the nearest seed (seeds cost 0)."""

    dist: Mapping[int, float]
    edges: tuple[np.ndarray, np.ndarray, np.ndarray]  # forward (from, to, weight) the search used

    def forward_steps(self) -> dict[int, list[tuple[int, float]]]:
        steps = self.__dict__.get("_steps")
        if steps is None:
            steps = self.__dict__["_steps"] = {}
            for a, b, w in zip(*(x.tolist() for x in self.edges)):
                steps.setdefault(a, []).append((b, w))
        return steps

    def next_step(self, cur: int, d: float) -> tuple[int, float]:
        """The step a line takes from `cur` (d from a seed) back toward its seed: the least
        (node, weight) among the search's edges out of `cur` to a reached node with dist(node) + weight == d."""
        return min((b, w) for b, w in self.forward_steps().get(cur, []) if b in self.dist and self.dist[b] + w == d)



class Distances(Mapping):
    """Node -> distance as a read-only mapping over an array (inf: not reached)."""

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray):
        self.array = array

    def _find(self, key) -> float | None:
        try:
            k = operator.index(key)
        except TypeError:
            return None
        if 0 <= k < len(self.array):
            v = self.array[k]
            if v != np.inf:
                return float(v)
        return None

    def __getitem__(self, key) -> float:
        v = self._find(key)
        if v is None:
            raise KeyError(key)
        return v

    def get(self, key, default=None):
        if type(key) is int and 0 <= key < len(self.array):    # a node: the common case, at once
            v = self.array.item(key)
            return default if v == _INF else v
        v = self._find(key)
        return default if v is None else v

    def __contains__(self, key) -> bool:
        return self._find(key) is not None

    def _reached(self) -> np.ndarray:
        return np.flatnonzero(self.array != np.inf)

    def __iter__(self):
        return iter(self._reached().tolist())

    def __len__(self) -> int:
        return len(self._reached())

    def items(self):
        idx = self._reached()
        return list(zip(idx.tolist(), self.array[idx].tolist()))


class IndexReach(Reach):
    """A backward search over the edges of a HexIndex chosen by masks (see `search`).

    With a cutoff only distances up to it are kept; the rest read as not reached. The one place
    where that could differ from a whole search, a line's step toward a node not reached at all
    (`next_step` reads such a node's distance as -1), asks the whole search, computed then and kept."""

    def __init__(self, index: "HexIndex", seeds: np.ndarray, edges: np.ndarray, into: np.ndarray,
                 out_of: np.ndarray, weight: np.ndarray | None, cutoff: float | None, array: np.ndarray):
        self.index, self.seeds, self.mask_edges = index, seeds, edges
        self.into, self.out_of, self.weight, self.cutoff = into, out_of, weight, cutoff
        self.dist = Distances(array)
        self._whole: Distances | None = None if cutoff is not None else self.dist

    @property
    def edges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        ix = self.index
        keep = self.mask_edges & self.into[ix.dst] & self.out_of[ix.src]
        weight = np.ones(len(ix.src)) if self.weight is None else self.weight
        return ix.src[keep], ix.dst[keep], weight[keep]

    def _unreached(self, b: int) -> bool:
        if self._whole is None:
            self._whole = search(self.index, self.seeds, self.mask_edges, self.into, self.out_of, self.weight).dist
        return b not in self._whole

    def next_step(self, cur: int, d: float) -> tuple[int, float]:
        ix, dist, edges, into = self.index, self.dist.array, self.mask_edges, self.into
        best = None
        # Scalars read by `.item` (Python bools and floats, not NumPy's): exact, as every distance
        # and weight is a float64 value or float32 whole number (`_distance_type`).
        if self.out_of.item(cur):
            for b, e in zip(ix.nbr[cur].tolist(), ix.out_eid[cur].tolist()):
                if e < 0 or not edges.item(e) or not into.item(b):
                    continue
                w = 1.0 if self.weight is None else self.weight.item(e)
                db = dist.item(b)
                if db != math.inf:
                    if db + w != d:
                        continue
                elif w - 1 != d or not self._unreached(b):
                    continue
                if best is None or (b, w) < best:
                    best = (b, w)
        if best is None:
            raise ValueError(f"no step back from node {cur}")
        return best

    def next_steps(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`next_step` for many reached nodes at once, each at its own distance: the next nodes
        (-1 where `next_step` must answer alone: no step, or a step toward a node a cut-off search
        did not reach) and the steps' weights. A node's neighbours are distinct nodes, so the
        least (node, weight) is the least node."""
        ix, dist = self.index, self.dist.array
        # Gathers by `take`: 1.3-2x fancy indexing's speed here (and rows of six: 4x).
        d = dist.take(nodes)[:, None]
        nbr, eid = ix.nbr.take(nodes, axis=0), ix.out_eid.take(nodes, axis=0)
        # An edge off the map (-1) reads the last edge's and node's cells: `eid >= 0` drops it.
        ok = self.mask_edges.take(eid) & self.into.take(nbr) & (eid >= 0) & self.out_of.take(nodes)[:, None]
        w = 1.0 if self.weight is None else self.weight.take(eid)
        db = dist.take(nbr)
        good = ok & (db + w == d)                  # inf + w is no reached node's distance
        toward_unreached = ok & (db == np.inf) & (w - 1 == d)   # `next_step`: dist(node, or -1)
        if self.cutoff is None:
            good |= toward_unreached                          # not reached: not reached at all
        candidates = np.where(good, nbr, len(dist))
        at = candidates.argmin(axis=1) + 6 * np.arange(len(nodes))   # each row's least, flat
        out = candidates.take(at)
        weight = np.ones(len(nodes)) if self.weight is None else w.take(at).astype(float)
        undecided = out == len(dist)
        if self.cutoff is not None:
            undecided |= toward_unreached.any(axis=1)
        return np.where(undecided, -1, out), weight

    def where(self, test: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
        """Node mask: reached, and the distance passes the vectorised `test`."""
        array = self.dist.array
        # `test` runs on every node (on inf too, where its answer is dropped): whole-array work is
        # cheaper than gathering the reached nodes first.
        with np.errstate(invalid="ignore"):
            return (array != np.inf) & test(array)


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


def search(index: HexIndex, seeds: np.ndarray, edges: np.ndarray, into: np.ndarray, out_of: np.ndarray,
           weight: np.ndarray | None = None, cutoff: float | None = None,
           known: IndexReach | None = None, start: tuple[np.ndarray, np.ndarray] | None = None,
           packed: np.ndarray | None = None) -> IndexReach:
    """Multi-source shortest distances from `seeds` (a node mask) backwards over the index's edges
    a -> b with edges[e] (an edge mask), into[b] and out_of[a] (node masks), each costing
    weight[e] (1 if None): the same distances as `backward_reach` over those edges, up to
    `cutoff` if given. Rounds of vectorised relaxation from the nodes improved in the last round
    (label-correcting: exact for non-negative weights), touching only the edges next to them.
    `known`: a search over the same edges and weights, within this one's node masks and from some
    of `seeds` (any cutoff); its distances are where this one starts, and only what it could not
    relax relaxes from there (the same answer: a label-correcting search is exact from any
    distances that some paths achieve; warm_start.py). `start`: instead, the distances and the first
    frontier to start from (trimmed_start.py). `packed`: `np.packbits(seeds)`, if known (a start
    from `known` reads the seeds' bits)."""
    n = len(index)
    dtype = _distance_type(index, weight, cutoff)
    # One spare cell past the last node, at -inf: a neighbour off the map (nbr -1) reads it, and
    # no cost is below it, so off-map edges drop out with the test for an improvement.
    dist = np.empty(n + 1, dtype)
    dist[n] = -np.inf
    limit = np.inf if cutoff is None else float(cutoff)
    if dtype == np.float32 and cutoff is not None:
        limit = float(math.floor(cutoff))       # whole-number costs: the same test, exact in float32
    if start is not None:
        dist[:n], frontier = start
    elif known is None:
        dist[:n] = np.inf
        frontier = np.flatnonzero(seeds)
        dist[frontier] = 0.0
    else:
        frontier = warm_start(index, known, seeds, into, out_of, weight, limit, dist[:n], packed)
    nbr = index.nbr
    # Frontier nodes -> (k, 6): their edges in (in_edges.py): one of `edges` (no weight) or its cost.
    rows = in_rows(index, edges, weight, limit)      # costs as bytes when cut off (in_edges.FAR)
    # The frontier keeps the nodes a line enters from a neighbour: in `into`, with one of `edges`
    # in (in_edges.entered: the others relax nothing; most of the road element's first frontier).
    has_in = entered(index, edges, weight)
    enter = into if has_in is None else into & has_in
    stamp = np.empty(n, dtype=np.int32)    # `_distinct`'s scratch: int32, half the memory its rounds touch
    if weight is None and known is None and start is None:
        # Breadth-first: every node of round k's frontier is at distance k, so a node is final
        # when first reached and needs no minimum.
        level = 0.0
        while frontier.size and level + 1.0 <= limit:      # whole levels: the floor of the cutoff alike
            level += 1.0
            frontier = frontier.compress(enter.take(frontier))
            a = nbr.take(frontier, axis=0).astype(np.intp)   # (k, 6): the nodes of the edges into them
            a = a.ravel().compress((rows(frontier) & (dist.take(a) == np.inf) & out_of.take(a)).ravel())
            dist[a] = level
            frontier = _distinct(a, stamp, _ORDINALS32)
        return IndexReach(index, seeds, edges, into, out_of, weight, cutoff, dist[:n])
    # A whole-map search from scratch (the relaxed searches: hundreds of rounds) holds the nodes a
    # line may not leave at -inf, below any cost: the test for an improvement drops them at once.
    fold = cutoff is None and known is None and start is None
    if fold:
        dist[:n][~out_of & (dist[:n] == np.inf)] = -np.inf
    while frontier.size:
        frontier = frontier.compress(enter.take(frontier))
        # (k, 6): take is 4x quicker than a[rows]; as intp, not int32 (a scatter by int32 is 2-5x slower)
        a = nbr.take(frontier, axis=0).astype(np.intp)
        here = dist.take(frontier)[:, None]
        # An edge not among `edges` costs inf (or FAR, past the cutoff): never an improvement.
        cost = np.where(rows(frontier), here + 1.0, np.inf) if weight is None else here + rows(frontier)
        ok = cost < dist.take(a)
        if not fold:
            ok &= out_of.take(a)
        if cutoff is not None:
            ok &= cost <= limit
        ok = ok.ravel().nonzero()[0]     # one 1-D selection for both: cheaper than two 2-D masks
        a = a.ravel().take(ok)
        if not a.size:
            break
        np.minimum.at(dist, a, cost.ravel().take(ok))
        frontier = _distinct(a, stamp, _ORDINALS32)
    if fold:
        dist[:n][dist[:n] == -np.inf] = np.inf
    return IndexReach(index, seeds, edges, into, out_of, weight, cutoff, dist[:n])


def _distance_type(index: HexIndex, weight: np.ndarray | None, cutoff: float | None) -> type:
    """float32 where it holds every distance and cost a search compares exactly, float64 otherwise.
    Exact when the weights are whole numbers (1 if None, or the index's own 43C3 and rail weights)
    and no cost reaches 2**24: a path has fewer than n steps, and a cost past the cutoff is one step
    past it at most. Half the memory of the searches a verdict keeps (at 1M hexes, ~130 of them)."""
    if weight is None:
        step = 1.0
    elif weight is index.adverse_weight or weight is index.__dict__.get("_shared", {}).get(FORWARD_ADVERSE):
        step = 3.0                               # 1, + 1 into an adverse hex, + 1 across a narrow strait
    elif weight is index.rail_weight:
        step = 1.0 + LOW_VOLUME_WEIGHT
    else:
        return np.float64
    bound = len(index) * step if cutoff is None else math.floor(cutoff) + step
    return np.float32 if bound < 2 ** 24 else np.float64


def _distinct(nodes: np.ndarray, stamp: np.ndarray, ordinals: np.ndarray = _ORDINALS) -> np.ndarray:
    """`nodes` without repeats, each at its last place (`stamp`: scratch, one cell per node, of the
    type of `ordinals`: int64, or int32 where the stamp is a search's own)."""
    first = ordinals[:nodes.size] if nodes.size <= ordinals.size else np.arange(nodes.size, dtype=ordinals.dtype)
    stamp[nodes] = first
    return nodes.compress(stamp.take(nodes) == first)   # compress: 2-4x quicker than a boolean index


class Regions:
    """Any-length reachability without a search per question: the connected regions of the nodes
    a line may enter (`into`), over symmetric `edges` (an edge and its reverse alike) and with
    `into` within `out_of` (a node entered may be left). Every region is labelled at once (by its
    least node) by one connected-components pass. A line of any length leads from a into b
    (a != b) exactly when a may be left along an edge into a neighbour in b's region."""

    def __init__(self, index: HexIndex, edges: np.ndarray, into: np.ndarray, out_of: np.ndarray):
        self.index, self.edges, self.into, self.out_of = index, edges, into, out_of
        self.label = np.where(into, whole_roots(index, edges, into), -1)
        self._steps: RegionSteps | None = None

    def region(self, x: int) -> int:
        """The region of node x, which must be in `into`."""
        return int(self.label[x])

    def _entered_regions(self, a: int) -> set[int]:
        """The regions a line leaving node a enters first."""
        ix = self.index
        if not self.out_of[a]:
            return set()
        return {self.region(x) for x, e in zip(ix.nbr[a].tolist(), ix.out_eid[a].tolist())
                if e >= 0 and self.edges[e] and self.into[x]}

    def reaches(self, a: int, b: int) -> bool:
        """Whether a line of any length leads from node a into node b (or a is b)."""
        return a == b or (bool(self.into[b]) and self.region(b) in self._entered_regions(a))

    def reaching(self, seeds: np.ndarray) -> np.ndarray:
        """Node mask: a line of any length leads from the node into one of `seeds` (or it is one).
        Answered for every node at once: a seed, or a node that may be left along an edge into a
        neighbour in a seed's region."""
        if self._steps is None:                  # the same for every set of seeds: made once
            self._steps = RegionSteps.of(self.index, self.edges, self.into, self.out_of, self.label)
        return self._steps.reaching(self.label, seeds, self.into)

    def hits(self, seeds: np.ndarray) -> np.ndarray:
        """The regions holding one of `seeds` a line may enter (a table by label, for `reaching_at`)."""
        return region_hits(self.label, seeds, self.into)

    def reaching_at(self, seeds: np.ndarray, nodes: np.ndarray, hit: np.ndarray | None = None) -> np.ndarray:
        """`reaching(seeds)[nodes]`, read at `nodes` alone (`hit`: `hits(seeds)`, if known)."""
        return reaching_at(self.index, self.edges, self.out_of, self.label,
                           self.hits(seeds) if hit is None else hit, seeds, nodes)


def whole_roots(index: HexIndex, edges: np.ndarray, into: np.ndarray) -> np.ndarray:
    """Each node's least node of its region over the symmetric `edges` between nodes of `into`
    (a node outside `into` is its own), from one labelling of the whole map (region_steps.py)."""
    return run_roots(index, edges, into)


def index_of(map_: Map) -> HexIndex:
    """The map's index, built on first use and kept with the map."""
    cached = map_.__dict__.get("_hex_index")
    if cached is None:
        cached = map_.__dict__["_hex_index"] = HexIndex(map_)
    return cached
