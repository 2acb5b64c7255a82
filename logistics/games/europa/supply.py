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

import numpy as np

from logistics.errors import LoadError
from logistics.games.europa.explain import Explanations
from logistics.games.europa.lines import LineReader, Lines
from logistics.games.europa.naval import NavalZones, naval_reached, port_state, sea_graph
from logistics.games.europa.reach import GroupReach
from logistics.games.europa.rules import INTRINSIC_GARRISON, EuropaRules, units_unchecked
from logistics.games.europa.sources import Sources
from logistics.games.europa.status import IN_SUPPLY, NOT_CHECKED, ON_POINTS, OUT_OF_SUPPLY
from logistics.games.europa.unit_batch import unit_verdicts
from logistics.games.europa.view import SideView
from logistics.games.europa.why import Reasons
from logistics.hexgrid import Hex
from logistics.in_edges import shared
from logistics.mapdata import Map
from logistics.network import LOW_VOLUME_WEIGHT, Reach, index_of, search
from logistics.position import Position, Unit
from logistics.rail_sides import side_rail
from logistics.trimmed_start import nearest_other, trimmed_start
from logistics.verdict import Block, LineStep, Verdict, place_of
from logistics.warm_start import exact_masks, nearest_known, packed_seeds


class EuropaSupply(Sources, Lines, Explanations, Reasons):
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
        # What lines read when their steps are made: the verdicts' lazy lines hold it, not the engine.
        self.line_reader = LineReader(self.index)
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
                    box_seeds: dict[str, str] | None = None, seed_ports: tuple[str, ...] = ()) -> GroupReach:
        """The searches toward `seeds_hexes` (and `box_seeds`). `seed_ports`: classes of ports that,
        being seeds themselves, end a naval element (12D2: a standard or major attack-supply port)."""
        origin_classes = origin_classes or self.rules.naval_origin_classes
        coalition = self._zone_coalition(coalition)
        key = (side, tuple(sorted(seeds_hexes.items())), coalition, origin_classes,
               tuple(sorted((box_seeds or {}).items())), seed_ports)
        if key in self._groups:
            return self._groups[key]
        ix, view = self.index, self.view(side)
        seeds = ix.mask(seeds_hexes)
        source_of = {ix.pos[h]: name for h, name in seeds_hexes.items() if h in ix.pos}

        # Rail element: friendly-owned rail, entered hexes open to the line; each low-volume hex
        # counts toward the limit (12B), rail breaks do not block (12B3).
        rail, rail_ok = self._rail_stage(view, seeds)
        reach = GroupReach(seeds, source_of, rail, rail_ok, box_sources=dict(box_seeds or {}))
        self._naval_stage(reach, side, coalition, origin_classes, seed_ports)
        connected = rail_ok | seeds
        if reach.rail2_ok is not None:
            connected = connected | reach.rail2_ok | self._origin_mask(reach)

        # 36D (AEG, 20-Feb-03): each element takes the worse weather of the zones *that element* is
        # traced through. A road element at level L keeps to hexes of weather L or better, within
        # L's road length; the overland element before it is judged on its own hexes (the unit's
        # hex and the junction included), whatever weather the road element was traced in.
        reach.road_ends = np.zeros(len(ix), dtype=bool)
        for level in self._levels:
            masks = self._level_masks(side, level)
            road_len = self.rules.lengths[self.rules.weather_order[level]]["road"]
            # Distances are kept up to the element's length: no verdict reads further.
            reach.road[level] = self._search(("road", side, level), connected & masks["allowed"], **masks["road"],
                                             cutoff=road_len)
            reach.road_ends |= reach.road[level].dist.array <= road_len     # inf (not reached) is never within
        for level in self._levels:
            masks = self._level_masks(side, level)
            reach.overland[level] = self._search(("overland", side, level), reach.road_ends & masks["allowed"],
                                                 **masks["overland"],
                                                 cutoff=self.rules.lengths[self.rules.weather_order[level]]["overland"])
        self._groups[key] = reach
        return reach

    def _level_masks(self, side: str, level: int) -> dict:
        """The road and overland elements' edges and node masks of a side at a weather level, made
        once per engine: every group's searches share them (the searches keep them, so on a large
        map a copy per group and level was a tenth of a verdict's memory)."""
        key = ("level masks", side, level)
        if key not in self._memo:
            view = self.view(side)
            allowed = self.level <= level
            self._memo[key] = {
                "allowed": allowed,
                "road": dict(edges=self._road_edges(), into=view.enter & allowed, out_of=allowed),
                "overland": self._overland(allowed, view)}
        return self._memo[key]

    def _road_edges(self) -> np.ndarray:
        """Edges a road element may follow: a road across a crossable hexside (kept with the map's
        index, as the table its searches read: in_edges.py)."""
        ix = self.index
        return shared(ix, "road edges", lambda: ix.road & ix.crossable)

    def _search(self, key: tuple, seeds: np.ndarray, **how) -> Reach:
        """`search` from `seeds` over the edges `how` gives, kept per engine by `key` (which must
        name everything `how` depends on) and the seeds: groups of sources whose networks come
        out the same (a port on the rail net of the cities, ...) share their searches."""
        packed = np.packbits(seeds)
        full = (key, packed.tobytes())
        if full not in self._memo:
            # Any earlier search over the same edges and weights may be a start (`warm_start.nearest_known`).
            earlier = self._memo.setdefault(("searches", id(how["edges"]), id(how.get("weight"))), [])
            known = nearest_known(earlier, seeds, how, packed)
            other = None if known is not None and exact_masks(known, how) else \
                nearest_other(earlier, seeds, packed, how)
            if other is not None:         # the same masks, some seeds taken out (trimmed_start.py)
                self._memo[full] = search(self.index, seeds, **how, start=trimmed_start(self.index, other, seeds, how))
            else:
                self._memo[full] = search(self.index, seeds, **how, known=known, packed=packed)
            packed_seeds(self._memo[full], packed)      # the seeds' bits kept with the search, made once
            earlier.append(self._memo[full])
        return self._memo[full]

    def _rail_stage(self, view: SideView, seeds: np.ndarray) -> tuple[Reach, np.ndarray]:
        ix = self.index
        # The rail a side may use is the same for every group: its graph is built once.
        known = self._memo.get(("rail", view.side))
        if known is None or known[0] is not view:
            known = self._memo[("rail", view.side)] = (
                view, side_rail(ix, view.enter_rail, view.owned_rail))     # the map's rail net contracted once
        starts = seeds & view.enter_rail
        full = (("rail", view.side), np.packbits(starts).tobytes())
        kept = self._memo.get(full)
        if kept is None or kept[0] is not view:
            kept = self._memo[full] = [view, known[1].search(starts), None, None]
        # 12B: at most the limit's count of low-volume hexes (d // LOW_VOLUME_WEIGHT), as one
        # comparison: distances are whole numbers, so the count is within the limit exactly when
        # d < (limit + 1) * LOW_VOLUME_WEIGHT; a node not reached (inf) is never below it. Kept
        # with the search for the limit it was made for: the groups that share a search share it
        # (read only).
        bound = (self.rules.low_volume_limit + 1) * LOW_VOLUME_WEIGHT
        if kept[2] != bound:
            kept[2:] = bound, kept[1].dist.array < bound
        return kept[1], kept[3]

    def _zone_coalition(self, coalition: str) -> str:
        """The coalition as far as the naval zones care: "" unless it has danger zones of its own
        on this map (34F: the Bay of Biscay for Interventionist forces, a sea zone of the map's
        `sea_zone` layer). Off the map they change nothing, and the coalition's searches and
        zones are the side's others (the same groups, not made twice)."""
        own = self.rules.coalition_danger_zones.get(coalition)
        if not own:
            return ""
        if "sea zone names" not in self._memo:
            self._memo["sea zone names"] = set(self.map.layers.get("sea_zone", {}).values())
        return coalition if not self._memo["sea zone names"].isdisjoint(own) else ""

    def zones(self, side: str, coalition: str = "") -> NavalZones:
        coalition = self._zone_coalition(coalition)
        key = ("zones", side, coalition)
        if key not in self._groups:
            self._groups[key] = NavalZones(self.position, self.map, self.rules, side, coalition)
        return self._groups[key]

    def _naval_stage(self, reach: GroupReach, side: str, coalition: str, origin_classes: tuple[str, ...],
                     seed_ports: tuple[str, ...] = ()) -> None:
        """12B4 / 34K: a naval element from a friendly port of `origin_classes` to a friendly major
        or great port (or box) connected to a source, avoiding danger and combat zones; or to a port
        of `seed_ports` that is a seed itself (12D2, AEG 05-Nov-04: "by sea to an Insurgent-owned
        functioning standard or major port")."""
        if not self.map.ports:
            return
        sea, zones, ports = sea_graph(self.map), self.zones(side, coalition), self._ports()
        destinations = []
        for port, node, i, owner, functioning in ports:
            if owner != side or not functioning:
                continue
            box = port.place.box
            if i is None and (box is None or port.place.hex is not None):
                i = self.index.pos[port.place.hex]      # a port hex off the map: KeyError, as before
            linked = (box in reach.box_sources) if box is not None else (reach.rail_ok.item(i) or reach.seeds.item(i))
            is_seed = i is not None and reach.seeds.item(i)
            if (linked and port.klass in self.rules.naval_destination_classes) or \
                    (is_seed and port.klass in seed_ports):
                destinations.append(node)
        if not destinations:
            return
        # Kept with the zones (the same for many groups); its next nodes searched only when read.
        reach.naval = naval_reached(sea, zones, destinations)
        for port, node, i, owner, functioning in ports:
            if node in reach.naval and owner == side and functioning and port.klass in origin_classes:
                reach.origins[i if i is not None else self.index.pos[node] if isinstance(node, Hex) else node] = port
        reach.rail2, reach.rail2_ok = self._rail_stage(self.view(side), self._origin_mask(reach))

    def _ports(self) -> list[tuple]:
        """The map's ports once per engine, as every group's naval stage reads them: (port, its sea
        node, its hex's node or None for a box, its owner, whether it functions). `port_state`
        depends on the position alone, not on the group (it was asked twice a port per group)."""
        ports = self._memo.get("naval ports")
        if ports is None:
            pos, sea = self.index.pos, sea_graph(self.map)
            ports = self._memo["naval ports"] = []
            for port in self.map.ports:
                state = port_state(self.position, self.map, self.rules, port)
                h = port.place.hex
                ports.append((port, sea.port_node(port), None if h is None else pos.get(h), state.owner,
                               state.functioning))
        return ports

    def _origin_mask(self, reach: GroupReach) -> np.ndarray:
        """Node mask of the group's naval origins on the map (hex nodes; boxes are names)."""
        return self.index.node_mask([i for i in reach.origins if isinstance(i, int)])

    # --- verdicts ------------------------------------------------------------------------------
    def entry_block(self, hex_: Hex, side: str) -> tuple[str, str] | None:
        """The rule that stops a supply line of `side` entering `hex_` (12A, 37C, 39A), or None."""
        i = self.index.pos.get(hex_)
        return ("12A", "off the map") if i is None else self.view(side).why_not(i)

    def verdicts(self) -> list[Verdict]:
        # On a large map the lines, hex by hex, are hundreds of thousands of small objects, none
        # in a reference cycle: the cyclic collector, which would otherwise scan the whole heap
        # (the map included) several times while they are made, waits until they are done.
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._walk_lines()
            verdicts = unit_verdicts(self)      # as `verdict` for each unit, read in batches
            if self.position.limited_sources or self._limited_ports_possible():
                from logistics.games.europa.limited import apply_limited_sources
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

    def _place_of(self, printed: str) -> str | None:
        """`place_of` for a line's end, once per source hex (many units end at few sources)."""
        key = ("place", printed)
        if key not in self._memo:
            self._memo[key] = place_of(self.map, printed)
        return self._memo[key]

    def verdict(self, unit: Unit) -> Verdict:
        hex_, box, cannot = self.placed_hex(unit)
        node = self.index.pos.get(hex_)
        # The printed id of a hex on the map is kept by the index (formatted once per map).
        printed = self.index.hex_id(node) if node is not None else self.map.hex_id(hex_) if hex_ else (box or None)
        v = Verdict(unit.id, unit.side, unit.affiliation, printed, NOT_CHECKED, marker=unit.oos, next_marker=unit.oos)
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
        i = node if node is not None else self.index.pos[hex_]     # KeyError off the map, as before
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
            points = self.points_reach(unit)
            found = self._best_line(points, i) if points is not None else None
            if found is not None:
                # 12C3 / 44D1 ruling (AEG 1998): supply points supply the unit but do not
                # negate or defer its count of turns out of general supply.
                v.general, v.next_marker = ON_POINTS, unit.oos + 1
                v.rules.append("12C3, 44D1")
            else:
                v.general, v.next_marker = OUT_OF_SUPPLY, unit.oos + 1
                v.blocked = self._explain_block(unit, general, i)
        if found is not None:
            _, line, lengths, source, weathers = found
            v.weather, v.line, v.lengths, v.source = self.line_weather(weathers), line, lengths, source
            v.source_place = self._place_of(line.last_hex())
        v.isolated = self._isolated(unit, general, i)
        if v.isolated:
            v.isolation = self._isolation(unit, general, i)
        v.attack = self._attack_supply(unit, i)
        v.rules += self.rules_after_line(general)
        return v

    def points_reach(self, unit: Unit) -> GroupReach | None:
        """The searches toward the general supply points a unit may draw on (12C3), or None if it
        has none; kept per side, affiliation and coalition."""
        key = ("points", unit.side, unit.affiliation, unit.coalition)
        if key not in self._memo:
            points = {s.hex: "general supply points" for s in self.position.supply
                      if s.side == unit.side and s.kind == "general" and s.amount > 0
                      and s.affiliation in ("", unit.affiliation, self.supplied_as(unit).affiliation)}
            self._memo[key] = self.group_reach(unit.side, points, unit.coalition) if points else None
        return self._memo[key]

    def rules_after_line(self, general: GroupReach) -> list[str]:
        """The rules a verdict that looked for a line lists after 12A, 12B (and 12C3): isolation,
        attack supply, then the rules the group's lines follow."""
        rules = ["3F", "12D"]
        if general.origins:
            rules.append("12B4, 34K")
        if self.rules.adverse_terrain:
            rules.append("43C3")
        if len(self._levels) > 1:
            rules.append("36D")
        return rules

    def traces_general_supply(self, unit: Unit) -> bool:
        """What `verdict` finds first, alone: the unit is deemed in supply or traces a line to a
        full source (no line read back, no isolation, attack supply or supply points)."""
        hex_, box, cannot = self.placed_hex(unit)
        if self.unchecked or cannot or hex_ is None:
            return False
        general = self.general_reach(unit)
        return self._deemed_in_supply(unit, hex_) is not None or \
            self._line_level(general, self.index.pos[hex_]) is not None

    def _deemed_in_supply(self, unit: Unit, hex_: Hex) -> tuple[str, str] | None:
        """A unit in general supply whatever its lines: (the source shown, the rule), or None."""
        if INTRINSIC_GARRISON in unit.tags:
            # 39D erratum (AEG, 16-Mar-04): an intrinsic garrison is always in general supply.
            return "intrinsic garrison (39D)", "39D"
        deemed_rules = self.rules.deemed_in_supply
        region = self.map.region_of(hex_) if deemed_rules else ""
        for deemed in deemed_rules:
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
            v.source_place = box
        elif box in reach.origins:
            v.general, v.next_marker, v.isolated = IN_SUPPLY, 0, False
            steps = [LineStep(box, "unit", 0.0)]
            v.source = self._continue_by_sea(reach, box, steps)
            v.line = steps
            v.source_place = place_of(self.map, steps[-1].hex)
        else:
            v.general, v.next_marker = OUT_OF_SUPPLY, unit.oos + 1
            v.isolated = not self._naval_unisolated(unit, None, box)
            if v.isolated:
                v.isolation = self._isolation(unit, reach, None, box)
            v.blocked = Block(box, "12B4", "no naval element reaches a port connected to a source")
        v.attack = False
        return v


def initial_phase_markers(position: Position, map_: Map, rules: EuropaRules | None = None):
    """12B ruling (DPS, 08-Oct-04): both sides' supply is judged at once on the same snapshot,
    then every U-n marker changes. Returns (verdicts, new position)."""
    from logistics.position import SetMarker
    verdicts = EuropaSupply(position, map_, rules).verdicts()
    changes = [SetMarker(v.unit, v.next_marker) for v in verdicts if v.next_marker != v.marker]
    return verdicts, position.apply(*changes)
