"""Which full general supply sources count (12C1) and which units draw on them: active hexes,
rail connections between a source's cities, and the seeds of a unit's searches."""
from __future__ import annotations

import numpy as np
import rustworkx as rx

from logistics.games.europa.reach import GroupReach
from logistics.games.europa.view import PositionNodes, SideView
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.network import HexIndex
from logistics.position import UNOWNED, SupplySource, Unit
from logistics.region_steps import component_roots


def map_pairs(map_: Map, index: HexIndex) -> tuple[np.ndarray, ...]:
    """The map's rail edges (from, to, in edge order) and the adjacent hexes of each multi-hex
    city (x < y, in city order), as node arrays: they depend on the map only, so they are kept
    with it (made again if its city list is replaced or grows, as Map.city does)."""
    return _kept_pairs(map_, index)[:4]


def rail_pairs(map_: Map, index: HexIndex) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`map_pairs` numbered over the map's rail hexes (`index.rail_hex`, in node order), each rail
    hexside once and the city pairs of two rail hexes (the only ones a connection may hold):
    (the rail hexes' nodes, pair ends, pair ends), intp. Kept with the map, as `map_pairs`."""
    return _kept_pairs(map_, index)[4:]


def _kept_pairs(map_: Map, index: HexIndex) -> tuple[np.ndarray, ...]:
    cached = map_.__dict__.get("_connection_pairs")
    if cached is None or cached[0] is not index or cached[1] is not map_.cities or cached[2] != len(map_.cities):
        rail = np.flatnonzero(index.rail)
        pairs = []
        for city in map_.cities:
            if len(city.place.hexes) > 1:
                hexes = [index.pos[h] for h in city.place.hexes]
                pairs += [(x, y) for x in hexes for y in hexes
                          if x < y and index.hexes[x].is_adjacent(index.hexes[y])]
        city_a, city_b = np.array(pairs, dtype=np.int64).reshape(-1, 2).T
        rail_a, rail_b = index.src[rail].astype(np.int64), index.dst[rail].astype(np.int64)
        hexes = np.flatnonzero(index.rail_hex)
        local = np.full(len(index), -1, dtype=np.intp)
        local[hexes] = np.arange(len(hexes))
        once = rail_a < rail_b                     # both edges of a rail hexside are rail
        # A multi-hex city's adjacent hexes are connected (12C1 ruling, AEG 05-Mar-04), but a
        # connection holds rail hexes only (`_connection_nodes`): a pair with another hex never joins.
        both = (local[city_a] >= 0) & (local[city_b] >= 0)
        a = np.concatenate([local[rail_a[once]], local[city_a[both]]])
        b = np.concatenate([local[rail_b[once]], local[city_b[both]]])
        cached = map_.__dict__["_connection_pairs"] = (
            index, map_.cities, len(map_.cities), (rail_a, rail_b, city_a, city_b, hexes, a, b))
    return cached[3]


class Sources:
    """Methods of `EuropaSupply` (supply.py), which holds the position, map, index, rules and the
    per-engine memo they read."""

    def view(self, side: str) -> SideView:
        if side not in self._views:
            self._views[side] = SideView(self.position, self.map, self.index, side,
                                         self.rules.intrinsic_garrison_sizes, self.position_nodes())
        return self._views[side]

    def position_nodes(self) -> PositionNodes:
        """The position's owners and units as node arrays, made once for every side."""
        if "position nodes" not in self._memo:
            self._memo["position nodes"] = PositionNodes(self.position, self.index)
        return self._memo["position nodes"]

    def _connection_components(self, side: str) -> dict[int, int]:
        """Rail connections (7A intro, 12C1): map node -> its connection, as `_connection_labels`."""
        if side not in self._components:
            labels = self._connection_labels(side)
            kept = np.flatnonzero(labels >= 0)
            self._components[side] = dict(zip(kept.tolist(), labels[kept].tolist()))
        return self._components[side]

    def _connection_labels(self, side: str) -> np.ndarray:
        """Rail connections (7A intro, 12C1): each map node's connected part of the connection
        graph, numbered in order of their least nodes (-1: not in the graph), from whole arrays."""
        key = ("connection labels", side)
        if key not in self._memo:
            # The map's rail hexes hold every node of the graph (`rail_pairs`, kept with the map).
            rail, a, b = rail_pairs(self.map, self.index)
            nodes = self._connection_nodes(side).take(rail)
            keep = nodes.take(a) & nodes.take(b)
            # The graph's own nodes numbered in node order (about half the rail hexes): the parts
            # are labelled over those alone, not over every rail hex.
            local = np.cumsum(nodes) - 1
            m = int(local[-1]) + 1 if len(local) else 0
            roots = component_roots(m, local.take(a.compress(keep)), local.take(b.compress(keep)))
            # A part's root is its least node (both numberings are in node order): parts numbered
            # in that order.
            number = np.cumsum(roots == np.arange(m)) - 1
            labels = np.full(len(self.index), -1, dtype=np.int64)
            labels[rail.compress(nodes)] = number.take(roots)
            self._memo[key] = labels
        return self._memo[key]

    def _connection_edges(self, side: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Rail connections (7A intro, 12C1): friendly-owned rail a line may enter, any length and
        class (RCV 01-Oct-97), rail breaks ignored (12B3); rail in an open neutral country only to
        reach a stand-in city (12C1b rulings). The graph's nodes (graph node j is map node
        kept[j]) and its edges as graph node pairs."""
        key = ("connection edges", side)
        if key not in self._memo:
            ix, nodes = self.index, self._connection_nodes(side)
            rail_a, rail_b, city_a, city_b = map_pairs(self.map, ix)
            keep = nodes[rail_a] & nodes[rail_b]
            # A multi-hex city is one city (12C1 ruling, AEG 05-Mar-04): its adjacent hexes are
            # connected to each other, as the 7A3 ruling (AEG, 02-Apr-03) has Madrid's yards.
            joined = nodes[city_a] & nodes[city_b]
            kept = np.flatnonzero(nodes)
            local = np.full(len(ix), -1, dtype=np.int64)
            local[kept] = np.arange(len(kept))
            self._memo[key] = (kept, local[np.concatenate([rail_a[keep], city_a[joined]])],
                               local[np.concatenate([rail_b[keep], city_b[joined]])])
        return self._memo[key]

    def _connection_nodes(self, side: str) -> np.ndarray:
        """The connection graph's nodes (`_connection_edges`), a node mask: rail hexes only."""
        ix, nodes = self.index, self.view(side).enter_rail
        if self.rules.open_borders:
            open_codes = [k for k, c in enumerate(ix.country_names) if c in self.rules.open_borders]
            nodes = nodes | (ix.rail_hex & np.isin(ix.country, open_codes))
        return nodes

    def _connection_graph(self, side: str) -> tuple[rx.PyGraph, np.ndarray]:
        """The rail connections of `_connection_edges` as a graph: graph node j is map node kept[j]."""
        key = ("connection graph", side)
        if key not in self._memo:
            kept, a, b = self._connection_edges(side)
            graph = rx.PyGraph(multigraph=False)
            graph.add_nodes_from(range(len(kept)))
            graph.add_edges_from_no_data(list(zip(a.tolist(), b.tolist())))
            self._memo[key] = (graph, kept)
        return self._memo[key]

    def active_hexes(self, source: SupplySource) -> list[Hex]:
        """The hexes of a full general supply source that count now (12C1), found once per engine
        and source (each kind's seeds read every source it may use again): a new list each call."""
        key = ("active hexes", id(source))     # the source is kept with its answer: its id stays its own
        kept = self._memo.get(key)
        if kept is None or kept[0] is not source:
            kept = self._memo[key] = (source, self._active_hexes(source))
        return list(kept[1])

    def _active_hexes(self, source: SupplySource) -> list[Hex]:
        owner, barred = self.position.owner, frozenset()
        if self.position.unpacified or self.position.pacification:
            # 39A / 39B ruling (AEG 1998): no line enters a friendly unpacified (or unpurified) city
            # without its required garrison, so it is no supply city.
            barred = self.position.barred_cities()

        def friendly(h: Hex) -> bool:
            return owner.get(h) == source.side and h not in barred

        cities = [self.map.city(name) for name in source.cities]
        bare = [h for h in source.hexes if friendly(h)]
        if source.per_hex:
            return [h for c in cities for h in c.place.hexes if friendly(h)] + bare
        # 12C1 ruling (AEG, 05-Mar-04): a multi-hex city counts only if every hex is friendly-owned.
        owned = [c for c in cities if c.place.hexes and all(friendly(h) for h in c.place.hexes)]
        if not source.connected:
            return [h for c in owned for h in c.place.hexes] + bare
        labels = self._connection_labels(source.side)
        pos = self.index.pos

        def components_of(city) -> set[int]:
            return {k for h in city.place.hexes if (k := int(labels[pos[h]])) >= 0}

        counts: dict[int, int] = {}
        for city in owned:
            for k in components_of(city):
                counts[k] = counts.get(k, 0) + 1
        stand_in_parts: set[int] = set()
        for name in source.stand_ins:
            city = self.map.city(name)
            if self.map.country_of(city.place.hex) in self.rules.open_borders:
                stand_in_parts |= components_of(city)
        active = []
        for city in owned:
            # 12C1b ruling (AEG, 14-Jan-03): one stand-in city may be one of the three.
            if any(counts[k] + (k in stand_in_parts) >= source.connected for k in components_of(city)):
                active.extend(city.place.hexes)
        return active

    def _inactive_cities(self, unit: Unit) -> str:
        """Why no source is active, when its cities are not the side's (12C1): which are unowned,
        which the enemy owns."""
        unowned, enemy = [], []
        for src in self.position.supply_sources:
            if not self.may_use(src, unit):
                continue
            for name in src.cities:
                owners = {self.position.owner.get(h, UNOWNED) for h in self.map.city(name).place.hexes}
                if src.side in owners and len(owners) == 1:
                    continue
                (unowned if owners <= {UNOWNED} else enemy).append(name)
        parts = ([f"its source cities are unowned ({', '.join(dict.fromkeys(unowned))})"] if unowned else []) + \
                ([f"enemy-owned ({', '.join(dict.fromkeys(enemy))})"] if enemy else [])
        return ": " + "; ".join(parts) if parts else ""

    def usable_sources(self, unit: Unit) -> tuple[str, ...]:
        """12C1: a unit draws only on the sources of its side, coalition or affiliation."""
        return tuple(s.name for s in self.position.supply_sources if self.may_use(s, unit))

    def may_use(self, src, unit: Unit) -> bool:
        """12C1; 38D revised (AEG, 30-Mar-04): a surviving unit of a collapsed Gobernito is also a
        People's Army unit for supply, and still draws on its own Gobernito's cities (DPS, 21-Aug-05)."""
        return src.usable_by(unit) or src.usable_by(self.supplied_as(unit))

    def supplied_as(self, unit: Unit) -> Unit:
        """The unit as 38D makes it for supply once its Gobernito has collapsed (else itself)."""
        if unit.affiliation not in self.position.collapsed or not self.rules.collapsed_supply_as:
            return unit
        coalition, affiliation = self.rules.collapsed_supply_as
        return Unit(unit.id, unit.side, coalition, affiliation)

    def _seeds_for(self, unit: Unit) -> tuple[dict[Hex, str], dict[str, str]]:
        seeds: dict[Hex, str] = {}
        boxes: dict[str, str] = {}
        for src in self.position.supply_sources:
            if self.may_use(src, unit):
                for h in self.active_hexes(src):
                    seeds.setdefault(h, src.name)
                for name in src.cities:
                    box = self.map.city(name).place.box
                    if box is not None and self.position.box_owner.get(box) == unit.side:
                        boxes.setdefault(box, src.name)
        return seeds, boxes

    def general_reach(self, unit: Unit, origin_classes: tuple[str, ...] | None = None) -> GroupReach:
        # The seeds depend only on the unit's side, coalition and affiliation (12C1).
        key = ("general", unit.side, unit.coalition, unit.affiliation, origin_classes)
        if key not in self._memo:
            seeds, boxes = self._seeds_for(unit)
            self._memo[key] = self.group_reach(unit.side, seeds, unit.coalition, origin_classes, boxes)
        return self._memo[key]
