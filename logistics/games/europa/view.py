"""What a line traced by one side may enter (12A, 39A, 37C), as node masks over the map index."""
from __future__ import annotations

from collections import defaultdict
from itertools import count, repeat

import numpy as np

from logistics.games.europa.garrisons import city_nodes, garrison_mask
from logistics.mapdata import CITY_SIZES, Map
from logistics.network import HexIndex
from logistics.position import Position
from logistics.sorted_unique import sorted_unique
from logistics.zoc import exerts_zoc, projects_into

LOSE_ZOC_AT = 2  # a U-2 unit has no ZOC (12B ruling, DPS 08-Oct-04)


def _zoc_mask(map_: Map, index: HexIndex, nodes: PositionNodes, side: str) -> np.ndarray:
    """The hexes of zoc.zoc_hexes(position, map_, side, LOSE_ZOC_AT) as a node mask, from the
    index's edges: each exerting unit's hex, and the neighbours it projects into (as
    zoc.projects_into: a land hex, across a crossable hexside that is no neutral border)."""
    exerting = nodes.of_side(side) & nodes.exerts_zoc
    mask = index.node_mask(nodes.unit_nodes[exerting])
    at = np.flatnonzero(mask)
    # The rows' edges and neighbours as intp (-1 read as the last cell, then dropped by e >= 0):
    # numpy 2.4 gathers by int32 indices 1.5-5x slower.
    e = index.out_eid.take(at, axis=0).astype(np.intp)
    b = index.nbr.take(at, axis=0).astype(np.intp)
    projects = (e >= 0) & index.crossable.take(e) & ~index.neutral_border.take(e) & index.land.take(b)
    mask[b[projects]] = True
    off_map = {nodes.on_map[k].hex for k in np.flatnonzero(exerting & (nodes.unit_nodes < 0)).tolist()}
    return mask | index.mask(n for h in off_map for n in h.neighbours() if projects_into(map_, h, n))


def _numbered(names, n: int) -> tuple[np.ndarray, dict[str, int]]:
    """Each of `names` (n of them, read twice at most) numbered by first appearance, and the
    numbering: read into bytes while there are at most 256 names (a fifth less time than
    np.fromiter's conversion of each number), else again into int64."""
    number = defaultdict(count().__next__)
    try:
        return np.frombuffer(bytes(map(number.__getitem__, names)), np.uint8), number
    except ValueError:          # a 257th name: bytes take no number past 255
        number = defaultdict(count().__next__)
        return np.fromiter(map(number.__getitem__, names), np.int64, n), number


# Below this many owned hexes (`Position.owner`) the owners are looked up at the hexes a verdict
# reads them at (`_read_nodes`: at 100k hexes 35k rail hexes, 3.2 ms) rather than the whole table
# read (94.5k hexes, 7 ms); at 200k 12.3 against 15.2 ms, at 400k 33 ms either way, at 1M the
# look-ups miss the cache (350k hexes, 84-120 ms against 76-84).
PULL_UNDER = 250_000


def _read_nodes(index: HexIndex) -> tuple[np.ndarray, list]:
    """The hexes whose owner a verdict reads (`PositionNodes.owned_where_read`): the rail hexes
    and the hexes of the map's cities on the index, in node order, as nodes and as Hexes. They
    depend on the map only, so they are kept with the index, made again when the cities' nodes
    (`garrisons.city_nodes`, kept with the map) are."""
    cities = city_nodes(index.map, index, CITY_SIZES)
    cached = index.__dict__.get("_owner_read_nodes")
    if cached is None or cached[0] is not cities:
        read = index.rail_hex.copy()
        read[cities] = True
        nodes = np.flatnonzero(read)
        cached = index.__dict__["_owner_read_nodes"] = (cities, nodes, [index.hexes[k] for k in nodes.tolist()])
    return cached[1], cached[2]


class _LookedUp:
    """`map(get, keys)`, read again on each iteration (`_numbered` may read it twice)."""

    def __init__(self, get, keys):
        self.get, self.keys = get, keys

    def __iter__(self):
        return map(self.get, self.keys)


class PositionNodes:
    """A position's hexes as arrays over the map index, made once for every side: the owner (a
    number; -1 unowned) of each node a verdict reads it at (`read_owner`; the whole table `owner`
    when asked) and each on-map unit's node and side. Units off the map fall on a spare last cell,
    dropped from the masks."""

    def __init__(self, position: Position, index: HexIndex):
        self.index, self._owners = index, position.owner
        owner = position.owner       # a row per hex: read as whole arrays, never per side
        if len(owner) < PULL_UNDER:
            # The owners of the hexes a verdict reads, one look-up each (None: unowned, no side).
            nodes, hexes = _read_nodes(index)
            codes, self.read_codes = _numbered(_LookedUp(owner.get, hexes), len(hexes))
            self.read_owner = np.full(len(index), -1, dtype=np.int32)
            self.read_owner[nodes] = codes
        else:
            self.read_owner, self.read_codes = self.owner, self.owner_codes
        self.on_map = on_map = [u for u in position.units if u.hex is not None]
        self.unit_nodes = index.nodes([u.hex for u in on_map], len(on_map))
        # The units' sides numbered as the owners are: a side's units are one comparison of codes,
        # not of objects.
        self.unit_sides, self.side_codes = _numbered([u.side for u in on_map], len(on_map))
        self.exerts_zoc = np.fromiter(map(exerts_zoc, on_map, repeat(LOSE_ZOC_AT)), bool, len(on_map))

    @property
    def owner(self) -> np.ndarray:
        """Each node's owner, numbered as `owner_codes` (-1: unowned): the whole table, read when
        first asked (a verdict reads `read_owner`)."""
        if "_owner" not in self.__dict__:
            owner, index = self._owners, self.index
            # One pass over the owners: numbered by first appearance, then renumbered in name order.
            codes, number = _numbered(owner.values(), len(owner))
            self._owner_codes = {o: k for k, o in enumerate(sorted(number))}
            renumber = np.array([self._owner_codes[o] for o in number], dtype=np.int32)
            table = np.full(len(index) + 1, -1, dtype=np.int32)     # the spare last cell takes hexes off the map
            table[index.nodes(owner, len(owner))] = renumber.take(codes)
            self._owner = table[:-1]
        return self._owner

    @property
    def owner_codes(self) -> dict[str, int]:
        """The owners' numbers in `owner`."""
        self.owner
        return self._owner_codes

    def of_side(self, side: str) -> np.ndarray:
        """Mask over the on-map units: those of `side`."""
        code = self.side_codes.get(side)
        return np.zeros(len(self.on_map), dtype=bool) if code is None else self.unit_sides == code

    def owned(self, side: str) -> np.ndarray:
        """Node mask: the hexes `side` owns."""
        return self.owner == self.owner_codes.get(side, -2)

    def owned_where_read(self, side: str) -> np.ndarray:
        """Node mask: the hexes `side` owns, exact at the rail hexes and the cities' hexes
        (`_read_nodes`), the only hexes whose owner a verdict reads (12B, 12C1: a side's rail;
        39D: garrisons); elsewhere False, or as `owned`."""
        return self.read_owner == self.read_codes.get(side, -2)

    def nodes_of(self, side: str) -> np.ndarray:
        """The nodes the on-map units of `side` stand on, each once, in node order."""
        return sorted_unique(self.unit_nodes[self.of_side(side) & (self.unit_nodes >= 0)])

    def units(self, side: str, friendly: bool) -> np.ndarray:
        """Node mask: the hexes of the on-map units of `side` (friendly) or of any other side."""
        mine = self.of_side(side)
        return self.index.node_mask(self.unit_nodes[mine if friendly else ~mine])


class SideView:
    """What a line traced by one side may enter (12A, 39A, 37C), as node masks."""

    def __init__(self, position: Position, map_: Map, index: HexIndex, side: str,
                 garrison_sizes: tuple[str, ...] = (), nodes: PositionNodes | None = None):
        self.side = side
        self.index = index
        nodes = PositionNodes(position, index) if nodes is None else nodes
        self.enemy_units = nodes.units(side, friendly=False)
        # 39D, 12A (DPS, 08-Oct-04): a pacified enemy city's intrinsic garrison is an enemy unit.
        codes = nodes.read_codes
        enemies = [codes[e] for e in position.enemies_of(side) if e in codes]
        self.enemy_garrisons = garrison_mask(position, map_, index, nodes.read_owner, enemies, garrison_sizes)
        self.enemy_counters = self.enemy_units.copy()
        self.enemy_units |= self.enemy_garrisons
        self.friendly_units = nodes.units(side, friendly=True)
        self.enemy_zoc = np.zeros(len(index), dtype=bool)
        for enemy in position.enemies_of(side):
            self.enemy_zoc |= _zoc_mask(map_, index, nodes, enemy)
        # The hexes the side owns, exact at rail and city hexes only (`owned_where_read`), hence the
        # name: only there is it read (the rail lines, 12B; the connections, 12C1; `why`'s rail path
        # between a source's cities). A reader of ownership elsewhere uses `PositionNodes.owned`.
        self.owned_rail = nodes.owned_where_read(side)
        owner = position.owner
        self.unpacified = index.mask([h for h in position.barred_cities() if owner.get(h) == side])  # 39A, 39B
        self.enter = (index.land & ~index.neutral & ~self.enemy_units
                      & ~(self.enemy_zoc & ~self.friendly_units) & ~self.unpacified)
        self.enter_rail = self.enter & self.owned_rail & index.rail_hex

    def why_not(self, i: int, unpacified: bool = True) -> tuple[str, str] | None:
        """The rule that stops a line entering node i, or None. `unpacified`: whether an
        unpacified city without its garrison stops it (39A: supply lines yes, rail movement no)."""
        ix = self.index
        if not ix.land[i]:
            return "12A", f"{ix.map.terrain[ix.hexes[i]].replace('_', '-')} hex"
        if ix.neutral[i]:
            return "37C", "neutral country"
        if self.enemy_counters[i]:
            return "12A", "enemy unit in the hex"
        if self.enemy_garrisons[i]:
            return "12A, 39D", "intrinsic garrison of a pacified enemy city"
        if self.enemy_zoc[i] and not self.friendly_units[i]:
            return "12A, Rule 5", "enemy ZOC and no friendly unit in the hex"
        if unpacified and self.unpacified[i]:
            return "39A", "friendly-owned unpacified city without its required garrison"
        return None


class Unblocked:
    """A side's view with 12A / 39A lifted: terrain and neutral borders still stop a line."""

    def __init__(self, view: SideView):
        ix = view.index
        self.enter = ix.land & ~ix.neutral
