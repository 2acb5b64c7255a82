"""Europa general supply, isolation and attack supply, as the FWtBT FAQ and SF Q&A rule them.

A supply line is traced from the unit to a source (12B; 43C3 ruling, AEG 1998) as an overland
element, then optionally a road element, then optionally a rail element (12B). Only entering a
hex is restricted, never leaving one (12A/B ruling, AEG 1998), so every search runs backwards
from the sources over the hexes a line may enter:

- 12A: no hex with an enemy unit; no hex in an enemy ZOC unless a friendly unit is in it
  (reduced ZOCs too: Rule 5 ruling); no all-sea or lake hex; no neutral hex (37C).
- 39A: no friendly-owned unpacified city without its required garrison (AEG 1998; it does not
  block rail movement, but it does block rail connections: DPS 22-Aug-05).
- 12B1: the overland element may cross enemy-owned (and unowned: 41B1 erratum) hexes; the rail
  element may not (it runs on friendly-owned rail the player could use: 12C1/7A, TEM 62).
- 12B3: rail breaks do not block the rail element.
- 36D: each element is held to the length of the worst weather it is traced through, the unit's
  own hex included (AEG, 20-Feb-03).

Searches run once per (side, set of usable sources), never once per unit.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass, field
from itertools import accumulate, repeat

import numpy as np
import rustworkx as rx

from ..errors import LoadError
from ..hexgrid import Hex
from ..mapdata import Map
from ..naval import NavalZones, first_block, naval_path, naval_reach, port_state, sea_graph
from ..network import LOW_VOLUME_WEIGHT, FixedSearch, HexIndex, Reach, Regions, index_of, search
from ..position import UNOWNED, Position, SupplySource, Unit
from ..rules.europa import INTRINSIC_GARRISON, EuropaRules, units_unchecked
from ..zoc import exerts_zoc, projects_into
from .verdict import Block, LineStep, Verdict

LOSE_ZOC_AT = 2  # a U-2 unit has no ZOC (12B ruling, DPS 08-Oct-04)

IN_SUPPLY = "in supply"
ON_POINTS = "in supply (supply points)"
OUT_OF_SUPPLY = "out of supply"
NOT_CHECKED = "not checked"


def _zoc_mask(position: Position, map_: Map, index: HexIndex, side: str) -> np.ndarray:
    """The hexes of zoc.zoc_hexes(position, map_, side, LOSE_ZOC_AT) as a node mask, from the
    index's edges: each exerting unit's hex, and the neighbours it projects into (as
    zoc.projects_into: a land hex, across a crossable hexside that is no neutral border)."""
    mask = np.zeros(len(index), dtype=bool)
    hexes = {u.hex for u in position.units if u.side == side and exerts_zoc(u, LOSE_ZOC_AT)}
    nodes = np.array(sorted(index.pos[h] for h in hexes if h in index.pos), dtype=np.int64)
    mask[nodes] = True
    e, b = index.out_eid[nodes], index.nbr[nodes]
    projects = (e >= 0) & index.crossable[e] & ~index.neutral_border[e] & index.land[b]
    mask[b[projects]] = True
    off_map = [h for h in hexes if h not in index.pos]
    return mask | index.mask(n for h in off_map for n in h.neighbours() if projects_into(map_, h, n))


class SideView:
    """What a line traced by one side may enter (12A, 39A, 37C), as node masks."""

    def __init__(self, position: Position, map_: Map, index: HexIndex, side: str):
        self.side = side
        self.index = index
        on_map = [u for u in position.units if u.hex is not None]
        self.enemy_units = index.mask(u.hex for u in on_map if u.side != side)
        self.friendly_units = index.mask(u.hex for u in on_map if u.side == side)
        self.enemy_zoc = np.zeros(len(index), dtype=bool)
        for enemy in position.enemies_of(side):
            self.enemy_zoc |= _zoc_mask(position, map_, index, enemy)
        self.owned = index.mask(h for h, o in position.owner.items() if o == side)
        self.unpacified = index.mask(position.barred_cities()) & self.owned      # 39A, 39B
        self.enter = (index.land & ~index.neutral & ~self.enemy_units
                      & ~(self.enemy_zoc & ~self.friendly_units) & ~self.unpacified)
        self.enter_rail = self.enter & self.owned & index.rail_hex

    def why_not(self, i: int, unpacified: bool = True) -> tuple[str, str] | None:
        """The rule that stops a line entering node i, or None. `unpacified`: whether an
        unpacified city without its garrison stops it (39A: supply lines yes, rail movement no)."""
        ix = self.index
        if not ix.land[i]:
            return "12A", f"{ix.map.terrain[ix.hexes[i]].replace('_', '-')} hex"
        if ix.neutral[i]:
            return "37C", "neutral country"
        if self.enemy_units[i]:
            return "12A", "enemy unit in the hex"
        if self.enemy_zoc[i] and not self.friendly_units[i]:
            return "12A, Rule 5", "enemy ZOC and no friendly unit in the hex"
        if unpacified and self.unpacified[i]:
            return "39A", "friendly-owned unpacified city without its required garrison"
        return None


@dataclass
class GroupReach:
    """The backward searches for one set of sources: rail, then per weather road and overland."""

    seeds: np.ndarray
    source_of: dict[int, str]
    rail: Reach
    rail_ok: np.ndarray                      # nodes from which a rail element reaches a source
    road: dict[int, Reach] = field(default_factory=dict)     # by weather level
    overland: dict[int, Reach] = field(default_factory=dict)
    # The naval element (12B4): boxes that are sources, the sea passages toward ports connected to
    # a source, the ports a naval element may start from, and the rail reach of those ports.
    box_sources: dict[str, str] = field(default_factory=dict)
    naval: dict = field(default_factory=dict)
    origins: dict = field(default_factory=dict)          # node (hex index or box) -> Port
    rail2: Reach | None = None
    rail2_ok: np.ndarray | None = None


class EuropaSupply:
    """Verdicts for every unit of a position, computed on that one snapshot (12B ruling)."""

    def __init__(self, position: Position, map_: Map, rules: EuropaRules | None = None):
        self.position, self.map = position, map_
        self.rules = rules or EuropaRules.for_position(position)   # 44J: the border of this turn
        self.index = index_of(map_)
        self.unchecked = units_unchecked(position)                 # 37C: the whole turn is unchecked
        self._views: dict[str, SideView] = {}
        self._components: dict[str, dict[int, int]] = {}
        self._groups: dict[tuple, GroupReach] = {}
        self._memo: dict[tuple, object] = {}   # per-engine answers that many units share
        order = self.rules.weather_order
        levels = []
        for zone in self.index.zones:          # each zone once, in grid order of first appearance
            weather = position.weather.get(zone, order[0])
            if weather not in order:
                raise LoadError("scenario", f"weather {weather!r} of zone {zone!r} has no supply lengths",
                                field="weather", expected="one of " + ", ".join(order))
            levels.append(order.index(weather))
        self.level = np.array(levels, dtype=np.int64)[self.index.zone_of]
        self._levels = sorted(set(levels))

    # --- sides and sources --------------------------------------------------------------------
    def view(self, side: str) -> SideView:
        if side not in self._views:
            self._views[side] = SideView(self.position, self.map, self.index, side)
        return self._views[side]

    def _connection_components(self, side: str) -> dict[int, int]:
        """Rail connections (7A intro, 12C1): friendly-owned rail a line may enter, any length and
        class (RCV 01-Oct-97), rail breaks ignored (12B3); rail in an open neutral country only to
        reach a stand-in city (12C1b rulings)."""
        if side not in self._components:
            ix, view = self.index, self.view(side)
            nodes = view.enter_rail.copy()
            for i, h in enumerate(ix.hexes if self.rules.open_borders else ()):
                if ix.rail_hex[i] and self.map.country_of(h) in self.rules.open_borders:
                    nodes[i] = True
            # The graph holds only these nodes: graph node j is map node kept[j].
            kept = np.flatnonzero(nodes)
            local = np.full(len(ix), -1, dtype=np.int64)
            local[kept] = np.arange(len(kept))
            graph = rx.PyGraph(multigraph=False)
            graph.add_nodes_from(range(len(kept)))
            keep = ix.rail & nodes[ix.src] & nodes[ix.dst]
            edges = list(zip(local[ix.src[keep]].tolist(), local[ix.dst[keep]].tolist()))
            # A multi-hex city is one city (12C1 ruling, AEG 05-Mar-04): its adjacent hexes are
            # connected to each other, as the 7A3 ruling (AEG, 02-Apr-03) has Madrid's yards.
            for city in self.map.cities:
                hexes = [ix.pos[h] for h in city.place.hexes if nodes[ix.pos[h]]]
                edges += [(int(local[a]), int(local[b])) for a in hexes for b in hexes
                          if a < b and ix.hexes[a].is_adjacent(ix.hexes[b])]
            graph.add_edges_from_no_data(edges)
            comp: dict[int, int] = {}   # map node -> its connection (numbered by least node)
            for k, members in enumerate(sorted(rx.connected_components(graph), key=min)):
                for j in members:
                    comp[int(kept[j])] = k
            self._components[side] = comp
        return self._components[side]

    def active_hexes(self, source: SupplySource) -> list[Hex]:
        """The hexes of a full general supply source that count now (12C1)."""
        owner = self.position.owner
        if self.position.unpacified or self.position.pacification:
            # 39A / 39B ruling (AEG 1998): no line enters a friendly unpacified (or unpurified) city
            # without its required garrison, so it is no supply city.
            barred = self.position.barred_cities()
            owner = {h: o for h, o in owner.items() if h not in barred}
        cities = [self.map.city(name) for name in source.cities]
        bare = [h for h in source.hexes if owner.get(h) == source.side]
        if source.per_hex:
            return [h for c in cities for h in c.place.hexes if owner.get(h) == source.side] + bare
        # 12C1 ruling (AEG, 05-Mar-04): a multi-hex city counts only if every hex is friendly-owned.
        owned = [c for c in cities if c.place.hexes and all(owner.get(h) == source.side for h in c.place.hexes)]
        if not source.connected:
            return [h for c in owned for h in c.place.hexes] + bare
        comp = self._connection_components(source.side)
        pos = self.index.pos

        def components_of(city) -> set[int]:
            return {comp[pos[h]] for h in city.place.hexes if pos[h] in comp}

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

    # --- searches ------------------------------------------------------------------------------
    def _overland(self, allowed: np.ndarray, view: SideView) -> dict:
        """The overland element's edges, as `search` arguments: across a crossable hexside from a
        land hex into a hex the view may enter, both within `allowed`."""
        ix = self.index
        # 43C3: mountain / wooded-rough hexes count double; narrow straits are the only
        # hexsides that count (DPS, 24-Jun-05).
        weight = ix.adverse_weight if self.rules.adverse_terrain else None
        return dict(edges=ix.crossable, into=view.enter & allowed, out_of=ix.land & allowed, weight=weight)

    def group_reach(self, side: str, seeds_hexes: dict[Hex, str], coalition: str = "",
                    origin_classes: tuple[str, ...] | None = None,
                    box_seeds: dict[str, str] | None = None) -> GroupReach:
        origin_classes = origin_classes or self.rules.naval_origin_classes
        coalition = self._zone_coalition(coalition)
        key = (side, tuple(sorted(seeds_hexes.items())), coalition, origin_classes,
               tuple(sorted((box_seeds or {}).items())))
        if key in self._groups:
            return self._groups[key]
        ix, view = self.index, self.view(side)
        seeds = ix.mask(seeds_hexes)
        source_of = {ix.pos[h]: name for h, name in seeds_hexes.items() if h in ix.pos}

        # Rail element: friendly-owned rail, entered hexes open to the line; each low-volume hex
        # counts toward the limit (12B), rail breaks do not block (12B3).
        rail, rail_ok = self._rail_stage(view, seeds)
        reach = GroupReach(seeds, source_of, rail, rail_ok, box_sources=dict(box_seeds or {}))
        self._naval_stage(reach, side, coalition, origin_classes)
        connected = rail_ok | seeds
        if reach.rail2_ok is not None:
            connected = connected | reach.rail2_ok | ix.mask(ix.hexes[i] for i in reach.origins if isinstance(i, int))

        for level in self._levels:
            allowed = self.level <= level
            road_seeds = connected & allowed
            weather = self.rules.weather_order[level]
            road_len = self.rules.lengths[weather]["road"]
            # Distances are kept up to the element's length: no verdict reads further.
            reach.road[level] = self._search(("road", side, level), road_seeds, edges=ix.road & ix.crossable,
                                             into=view.enter & allowed, out_of=allowed, cutoff=road_len)
            over_seeds = road_seeds | reach.road[level].where(lambda d: d <= road_len)
            reach.overland[level] = self._search(("overland", side, level), over_seeds,
                                                 **self._overland(allowed, view),
                                                 cutoff=self.rules.lengths[weather]["overland"])
        self._groups[key] = reach
        return reach

    def _search(self, key: tuple, seeds: np.ndarray, **how) -> Reach:
        """`search` from `seeds` over the edges `how` gives, kept per engine by `key` (which must
        name everything `how` depends on) and the seeds: groups of sources whose networks come
        out the same (a port on the rail net of the cities, ...) share their searches."""
        full = (key, np.packbits(seeds).tobytes())
        if full not in self._memo:
            self._memo[full] = search(self.index, seeds, **how)
        return self._memo[full]

    def _rail_stage(self, view: SideView, seeds: np.ndarray) -> tuple[Reach, np.ndarray]:
        ix = self.index
        # The rail a side may use is the same for every group: its graph is built once.
        known = self._memo.get(("rail", view.side))
        if known is None or known[0] is not view:
            known = self._memo[("rail", view.side)] = (
                view, FixedSearch(ix, ix.rail, view.enter_rail, view.owned, ix.rail_weight))
        starts = seeds & view.enter_rail
        full = (("rail", view.side), np.packbits(starts).tobytes())
        if full not in self._memo or self._memo[full][0] is not view:
            self._memo[full] = (view, known[1].search(starts))
        rail = self._memo[full][1]
        return rail, rail.where(lambda d: d // LOW_VOLUME_WEIGHT <= self.rules.low_volume_limit)

    def _zone_coalition(self, coalition: str) -> str:
        """The coalition as far as the naval zones care: "" unless it has danger zones of its own."""
        return coalition if coalition in self.rules.coalition_danger_zones else ""

    def zones(self, side: str, coalition: str = "") -> NavalZones:
        coalition = self._zone_coalition(coalition)
        key = ("zones", side, coalition)
        if key not in self._groups:
            self._groups[key] = NavalZones(self.position, self.map, self.rules, side, coalition)
        return self._groups[key]

    def _naval_stage(self, reach: GroupReach, side: str, coalition: str, origin_classes: tuple[str, ...]) -> None:
        """12B4 / 34K: a naval element from a friendly port of `origin_classes` to a friendly major
        or great port (or box) connected to a source, avoiding danger and combat zones."""
        if not self.map.ports:
            return
        ix, sea, zones = self.index, sea_graph(self.map), self.zones(side, coalition)
        destinations = []
        for port in self.map.ports:
            state = port_state(self.position, self.map, self.rules, port)
            if state.owner != side or not state.functioning:
                continue
            h, box = port.place.hex, port.place.box
            linked = (box in reach.box_sources) if box is not None else \
                (reach.rail_ok[ix.pos[h]] or reach.seeds[ix.pos[h]])
            if linked and port.klass in self.rules.naval_destination_classes:
                destinations.append(sea.port_node(port))
        if not destinations:
            return
        key = ("naval", side, coalition, tuple(destinations))   # the same for many groups
        if key not in self._memo:
            self._memo[key] = naval_reach(sea, zones, destinations)
        reach.naval = self._memo[key]
        for port in self.map.ports:
            node = sea.port_node(port)
            state = port_state(self.position, self.map, self.rules, port)
            if node in reach.naval and state.owner == side and state.functioning and port.klass in origin_classes:
                reach.origins[ix.pos[node] if isinstance(node, Hex) else node] = port
        starts = ix.mask(ix.hexes[i] for i in reach.origins if isinstance(i, int))
        reach.rail2, reach.rail2_ok = self._rail_stage(self.view(side), starts)

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

    # --- verdicts ------------------------------------------------------------------------------
    def verdicts(self) -> list[Verdict]:
        # On a large map the lines, hex by hex, are hundreds of thousands of small objects, none
        # in a reference cycle: the cyclic collector, which would otherwise scan the whole heap
        # (the map included) several times while they are made, waits until they are done.
        collecting = gc.isenabled()
        gc.disable()
        try:
            verdicts = [self.verdict(u) for u in self.position.units]
            if self.position.limited_sources or self._limited_ports_possible():
                from .limited import apply_limited_sources
                apply_limited_sources(self, verdicts)
        finally:
            if collecting:
                gc.enable()
        return verdicts

    def _limited_ports_possible(self) -> bool:
        return any(p.klass in ("minor", "standard") for p in self.map.ports)

    def placed_hex(self, unit: Unit) -> tuple[Hex | None, str | None, str | None]:
        """Where a unit traces from: (hex, box, why not traced). Embarked units trace from their
        group's port; at sea they cannot trace at all (SF Q&A, Rule 12: GR/D 1998)."""
        if unit.aboard is None:
            return unit.hex, unit.box, None
        group = next(g for g in self.position.naval_groups if g.id == unit.aboard)
        if group.box is not None:
            return None, group.box, None
        if group.in_port and self.map.port_at(group.hex) is not None:
            return group.hex, None, None
        return None, None, "embarked at sea: no supply line can be traced (SF Q&A on Rule 12, 1998)"

    def verdict(self, unit: Unit) -> Verdict:
        hid = self.map.hex_id
        hex_, box, cannot = self.placed_hex(unit)
        v = Verdict(unit.id, unit.side, unit.affiliation, hid(hex_) if hex_ else (box or None),
                    NOT_CHECKED, marker=unit.oos, next_marker=unit.oos)
        v.rules = ["12A", "12B"]
        if self.unchecked:
            # 37C (DPS, 04-Jan-04): no unit supply or isolation check before the Insurgent II Aug 36 turn.
            v.isolated, v.rules = False, ["37C"]
            v.blocked = Block(v.hex or "off map", "37C", "unit supply and isolation are not checked before "
                                                         "the Insurgent II Aug 36 player turn")
            return v
        general = self.general_reach(unit)
        if cannot:
            v.general, v.next_marker, v.isolated, v.attack = OUT_OF_SUPPLY, unit.oos + 1, True, False
            v.blocked = Block(v.hex or "at sea", "12", cannot)
            return v
        if hex_ is None:
            return self._box_verdict(unit, box, general, v)
        i = self.index.pos[hex_]
        deemed = self._deemed_in_supply(unit, hex_)
        if deemed is not None:
            v.general, v.next_marker, (v.source, rule) = IN_SUPPLY, 0, deemed
            v.isolated, v.attack = self._isolated(unit, general, i), self._attack_supply(unit, i)
            v.rules += [rule, "3F", "12D"]
            return v
        found = self._best_line(general, i)
        if found is not None:
            v.general, v.next_marker = IN_SUPPLY, 0
        else:
            key = ("points", unit.side, unit.affiliation, unit.coalition)
            if key not in self._memo:
                points = {s.hex: "general supply points" for s in self.position.supply
                          if s.side == unit.side and s.kind == "general" and s.amount > 0
                          and s.affiliation in ("", unit.affiliation, self.supplied_as(unit).affiliation)}
                self._memo[key] = self.group_reach(unit.side, points, unit.coalition) if points else None
            found = self._best_line(self._memo[key], i) if self._memo[key] is not None else None
            if found is not None:
                # 12C3 / 44D1 ruling (AEG 1998): supply points supply the unit but do not
                # negate or defer its count of turns out of general supply.
                v.general, v.next_marker = ON_POINTS, unit.oos + 1
                v.rules.append("12C3, 44D1")
            else:
                v.general, v.next_marker = OUT_OF_SUPPLY, unit.oos + 1
                v.blocked = self._explain_block(unit, general, i)
        if found is not None:
            level, line, lengths, source = found
            v.weather, v.line, v.lengths, v.source = self.rules.weather_order[level], line, lengths, source
        v.isolated = self._isolated(unit, general, i)
        v.attack = self._attack_supply(unit, i)
        v.rules += ["3F", "12D"]
        if general.origins:
            v.rules.append("12B4, 34K")
        if self.rules.adverse_terrain:
            v.rules.append("43C3")
        if len(self._levels) > 1:
            v.rules.append("36D")
        return v

    def _deemed_in_supply(self, unit: Unit, hex_: Hex) -> tuple[str, str] | None:
        """A unit in general supply whatever its lines: (the source shown, the rule), or None."""
        if INTRINSIC_GARRISON in unit.tags:
            # 39D erratum (AEG, 16-Mar-04): an intrinsic garrison is always in general supply.
            return "intrinsic garrison (39D)", "39D"
        region = self.map.region_of(hex_)
        for deemed in self.rules.deemed_in_supply:
            if deemed.applies(self.position, unit, region):
                # SF Q&A (GR/D, 03-Mar-98): the Anzio Beachhead on the Allied Apr I 44 turn.
                return f"deemed in supply: {deemed.ruling}", deemed.rule
        return None

    def _box_verdict(self, unit: Unit, box: str, reach: GroupReach, v: Verdict) -> Verdict:
        """A unit in an off-map box: supplied by a source in the box, or by a naval element from a
        port in the box (12B4)."""
        v.rules += ["12B4, 34K", "3F"]
        if box in reach.box_sources:
            v.general, v.next_marker, v.source, v.isolated = IN_SUPPLY, 0, reach.box_sources[box], False
            v.line = [LineStep(box, "unit", 0.0)]
        elif box in reach.origins:
            v.general, v.next_marker, v.isolated = IN_SUPPLY, 0, False
            steps = [LineStep(box, "unit", 0.0)]
            v.source = self._continue_by_sea(reach, box, steps)
            v.line = steps
        else:
            v.general, v.next_marker = OUT_OF_SUPPLY, unit.oos + 1
            v.isolated = not self._naval_unisolated(unit, None, box)
            v.blocked = Block(box, "12B4", "no naval element reaches a port connected to a source")
        v.attack = False
        return v

    def _best_line(self, reach: GroupReach, i: int):
        level = self._line_level(reach, i)
        return None if level is None else (level, *self._trace(reach, level, i))

    def _line_level(self, reach: GroupReach, i: int) -> int | None:
        """The best weather level at which a line from node i reaches the group, if any."""
        for level, over in sorted(reach.overland.items()):
            if self.level[i] > level:
                continue
            d = over.dist.get(i)
            weather = self.rules.weather_order[level]
            if d is not None and d <= self.rules.lengths[weather]["overland"]:
                return level
        return None

    def _descend(self, reach: Reach, start: int, element: str, steps: list[LineStep]) -> int:
        """Follow the search back from `start` to a seed, recording the hexes entered."""
        # Lines of many units share their ends: each descent is followed once per engine (the
        # searches it reads are kept by the engine, and LineSteps are immutable).
        key = ("descent", id(reach), start, element)
        known = self._memo.get(key)
        if known is None or known[0] is not reach:
            ids, weights, end = self._path_back(reach, start)
            used = accumulate(weights)                       # the length used after each step
            if element == "rail":
                used = (float(int(u) % LOW_VOLUME_WEIGHT) for u in used)
            known = self._memo[key] = (reach, list(map(LineStep, ids, repeat(element), used)), end)
        steps.extend(known[1])
        return known[2]

    def _path_back(self, reach: Reach, start: int) -> tuple[list[str], list[float], int]:
        """The hexes (printed ids) a line from `start` enters back to its seed, the weight of each
        step, and the node it ends at. Kept for every node walked: lines that share a tail share
        the work of following it."""
        known = self._memo.get(("paths", id(reach)))
        if known is None or known[0] is not reach:
            known = self._memo[("paths", id(reach))] = (reach, {})
        paths = known[1]
        walked = []
        cur = start
        while cur not in paths:
            d = reach.dist.get(cur, 0.0)
            if not d > 0:
                paths[cur] = ([], [], cur)
                break
            nxt, w = reach.next_step(cur, d)
            walked.append((cur, nxt, w))
            cur = nxt
        ids, weights, end = paths[cur]
        for node, nxt, w in reversed(walked):
            ids, weights = [self.index.hex_id(nxt)] + ids, [w] + weights
            paths[node] = (ids, weights, end)
        return paths[start]

    def _trace(self, reach: GroupReach, level: int, i: int):
        """The traced line, hex by hex with its element, from the unit to its source."""
        hid = self.map.hex_id
        steps = [LineStep(hid(self.index.hexes[i]), "unit", 0.0)]
        cur = self._descend(reach.overland[level], i, "overland", steps)
        lengths = {"overland": reach.overland[level].dist.get(i, 0.0)}
        if cur not in reach.source_of:
            before = len(steps)
            cur = self._descend(reach.road[level], cur, "road", steps)
            lengths["road"] = float(len(steps) - before)
        if cur in reach.source_of:
            return steps, {k: v for k, v in lengths.items() if v}, reach.source_of[cur]
        before = len(steps)
        if reach.rail_ok[cur]:
            rail_cost = reach.rail.dist.get(cur, 0.0)
            cur = self._descend(reach.rail, cur, "rail", steps)
            source = reach.source_of.get(cur)
            lengths["rail"], naval = float(len(steps) - before), 0.0
        else:
            rail_cost = reach.rail2.dist.get(cur, 0.0)
            cur = self._descend(reach.rail2, cur, "rail", steps)
            source = self._continue_by_sea(reach, cur, steps)
            lengths["rail"] = float(sum(1 for st in steps[before:] if st.element == "rail"))
            naval = float(sum(1 for st in steps[before:] if st.element == "naval"))
        lengths["rail_low_volume"] = float(rail_cost // LOW_VOLUME_WEIGHT)
        lengths["naval"] = naval
        return steps, {k: v for k, v in lengths.items() if v}, source

    def _continue_by_sea(self, reach: GroupReach, origin, steps: list[LineStep]) -> str | None:
        """From a port a naval element starts at (hex index or box), by sea to a port connected to
        a source, then by rail to the source."""
        ix, hid = self.index, self.map.hex_id
        node = ix.hexes[origin] if isinstance(origin, int) else origin
        path = naval_path(reach.naval, node)
        for k, n in enumerate(path[1:], 1):
            steps.append(LineStep(hid(n) if isinstance(n, Hex) else n, "naval", float(k)))
        end = path[-1]
        if isinstance(end, str):
            return reach.box_sources.get(end)
        cur = ix.pos[end]
        if cur not in reach.source_of:
            cur = self._descend(reach.rail, cur, "rail", steps)
        return reach.source_of.get(cur)

    def _explain_block(self, unit: Unit, reach: GroupReach, i: int) -> Block:
        """Where the line fails: the first blocked hex on the shortest line that ignores 12A, or
        the length it would need."""
        ix, view, hid = self.index, self.view(unit.side), self.map.hex_id
        if not reach.seeds.any():
            return Block(hid(unit.hex), "12C1", "no full general supply source of its affiliation is active"
                         + self._inactive_cities(unit))
        level = max(int(self.level[i]), min(reach.overland))
        weather = self.rules.weather_order[level]
        allowed = self.level <= level
        key = ("relaxed", id(reach), level)
        if key not in self._memo or self._memo[key][0] is not reach:
            open_view = _Unblocked(view)          # the same for both sides
            road_len = self.rules.lengths[weather]["road"]
            over_seeds = reach.road[level].where(lambda d: d <= road_len)
            self._memo[key] = (reach, self._search(("relaxed", level), over_seeds | ((reach.rail_ok | reach.seeds) & allowed),
                                                   **self._overland(allowed, open_view)))
        relaxed = self._memo[key][1]
        limit = self.rules.lengths[weather]["overland"]
        d = relaxed.dist.get(i)
        if d is None or d > limit:
            naval = self._naval_block(unit, reach, i)
            if naval is not None:
                return naval
        if d is None:
            return Block(hid(unit.hex), "12B", "no line of any length reaches a friendly supply network")
        steps: list[LineStep] = []
        self._descend(relaxed, i, "overland", steps)
        for step in steps:
            why = view.why_not(ix.node_of(step.hex))
            if why is not None:
                return Block(step.hex, *why)
        return Block(hid(unit.hex), "12B", f"the nearest line needs {d:g} overland hexes; "
                                           f"{weather} allows {limit}")

    def _naval_block(self, unit: Unit, reach: GroupReach, i: int) -> Block | None:
        """Where the naval element fails (34F / 34K): from the friendly ports the unit can reach
        overland, the first zone hex on the shortest passage to a port connected to a source."""
        if not reach.naval and not self.map.ports:
            return None
        sea, zones, ix = sea_graph(self.map), self.zones(unit.side, unit.coalition), self.index
        goals = set()
        for port in self.map.ports:
            state = port_state(self.position, self.map, self.rules, port)
            h = port.place.hex
            if state.owner == unit.side and port.klass in self.rules.naval_destination_classes and (
                    (h is not None and (reach.rail_ok[ix.pos[h]] or reach.seeds[ix.pos[h]]))
                    or port.place.box in reach.box_sources):
                goals.add(sea.port_node(port))
        if not goals:
            return None
        regions = self._regions(unit.side)     # any-length overland lines, as _any_length
        for port in self.map.ports:
            h = port.place.hex
            if h is None or not regions.reaches(ix.pos[h], i) or sea.port_node(port) in goals:
                continue
            if port_state(self.position, self.map, self.rules, port).owner != unit.side:
                continue
            key = ("first block", unit.side, unit.coalition, sea.port_node(port), frozenset(goals))
            if key not in self._memo:
                self._memo[key] = first_block(sea, zones, sea.port_node(port), goals)
            found = self._memo[key]
            if found is not None:
                node, why = found
                rule = "34F, 34K" if "danger" in why else "34K"
                return Block(self.map.hex_id(node) if isinstance(node, Hex) else node, rule,
                             f"naval element from {port.name}: {why}")
        return None

    def _isolated(self, unit: Unit, reach: GroupReach, i: int) -> bool:
        """3F: isolated unless an overland line of any length reaches a full general supply
        source of the unit's affiliation (DPS, 22-Aug-05)."""
        key = ("isolation", id(reach))
        if key not in self._memo or self._memo[key][0] is not reach:
            self._memo[key] = (reach, self._regions(unit.side).reaching(reach.seeds))
        if self._memo[key][1](i):
            return False
        return not self._naval_unisolated(unit, i, None)

    def _regions(self, side: str) -> Regions:
        """What `_any_length` answers, for any seeds, without a search per set of seeds."""
        if ("regions", side) not in self._memo:
            overland = self._overland(np.ones(len(self.index), dtype=bool), self.view(side))
            self._memo[("regions", side)] = Regions(self.index, overland["edges"], overland["into"],
                                                    overland["out_of"])
        return self._memo[("regions", side)]

    def _any_length(self, side: str, seeds: np.ndarray) -> Reach:
        key = ("any-length", side, tuple(np.flatnonzero(seeds).tolist()))
        if key not in self._groups:
            overland = self._overland(np.ones(len(self.index), dtype=bool), self.view(side))
            self._groups[key] = search(self.index, seeds, **{**overland, "weight": None})
        return self._groups[key]

    def _naval_unisolated(self, unit: Unit, i: int | None, box: str | None) -> bool:
        """3F errata (AEG, 11-Mar-04): in the Balearics, Canaries or Spanish Morocco — and, by the
        DPS 24-Jun-05 ruling, for Interventionist units — a unit is not isolated if an overland line
        of any length reaches a friendly functioning port from which a naval element, from a port
        of any class, reaches a full general supply source."""
        where = {self.map.region_of(self.index.hexes[i]), self.map.country_of(self.index.hexes[i])} \
            if i is not None else {box}
        island = unit.coalition in self.rules.island_errata_coalitions and \
            bool(where & set(self.rules.island_regions))
        if not (island or unit.coalition in self.rules.naval_isolation_coalitions):
            return False
        any_port = self.general_reach(unit, origin_classes=("minor", "standard", "major", "great", "anchor"))
        if box is not None:
            return box in any_port.origins or box in any_port.box_sources
        ports = self.index.mask(self.index.hexes[k] for k in any_port.origins if isinstance(k, int))
        return i in self._any_length(unit.side, ports).dist

    def _attack_supply(self, unit: Unit, i: int) -> bool:
        """12D: an overland element only, of the supply-line-summary length (AEG 1998), to a step
        of attack supply of the unit's side; 12D2: Interventionist units also from friendly
        functioning standard / major ports by a full line of any elements (AEG, 05-Nov-04)."""
        classes = self.rules.port_attack_supply.get(unit.coalition)
        if classes:
            key = ("port attack", unit.side, unit.coalition)
            if key not in self._memo:
                ports = {p.place.hex: f"port of {p.name}" for p in self.map.ports
                         if p.place.hex is not None and p.klass in classes
                         and (st := port_state(self.position, self.map, self.rules, p)).owner == unit.side
                         and st.functioning}
                self._memo[key] = (ports, self.group_reach(unit.side, ports, unit.coalition,
                                                           ("minor", "standard", "major", "great", "anchor")))
            ports, reach = self._memo[key]
            if ports and self._line_level(reach, i) is not None:
                return True
        key = ("attack", unit.side)
        if key not in self._memo:
            steps = {s.hex: "attack supply" for s in self.position.supply
                     if s.side == unit.side and s.kind == "attack" and s.amount > 0}
            ix, view = self.index, self.view(unit.side)
            by_level = {}
            for level in self._levels if steps else ():
                allowed = self.level <= level
                weather = self.rules.weather_order[level]
                by_level[level] = search(ix, ix.mask(steps) & allowed, **self._overland(allowed, view),
                                         cutoff=self.rules.lengths[weather]["overland"])
            self._memo[key] = by_level
        for level, reach in self._memo[key].items():
            d = reach.dist.get(i)
            if self.level[i] <= level and d is not None and \
                    d <= self.rules.lengths[self.rules.weather_order[level]]["overland"]:
                return True
        return False


class _Unblocked:
    """A side's view with 12A / 39A lifted: terrain and neutral borders still stop a line."""

    def __init__(self, view: SideView):
        ix = view.index
        self.enter = ix.land & ~ix.neutral


def initial_phase_markers(position: Position, map_: Map, rules: EuropaRules | None = None):
    """12B ruling (DPS, 08-Oct-04): both sides' supply is judged at once on the same snapshot,
    then every U-n marker changes. Returns (verdicts, new position)."""
    from ..position import SetMarker
    verdicts = EuropaSupply(position, map_, rules).verdicts()
    changes = [SetMarker(v.unit, v.next_marker) for v in verdicts if v.next_marker != v.marker]
    return verdicts, position.apply(*changes)
