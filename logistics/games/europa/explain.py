"""Why a line fails (the first blocking hex and its rule, 12A / 12B / 34F / 34K), isolation (3F and
its errata) and attack supply (12D, 12D2)."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.blocked_walk import FirstBlocked
from logistics.games.europa.naval import NavalZones, first_block, port_state, sea_graph
from logistics.games.europa.reach import GroupReach
from logistics.games.europa.view import Unblocked
from logistics.hexgrid import Hex
from logistics.network import Distances, Regions, search
from logistics.position import Unit
from logistics.resumable_search import ResumableReach
from logistics.verdict import Block
from logistics.warm_start import nearest_known

# 3F errata: a naval element from a port of any class.
ANY_PORT = ("minor", "standard", "major", "great", "anchor")


class Explanations:
    """Methods of `EuropaSupply` (supply.py), which holds the position, map, index, rules and the
    per-engine memo they read."""

    def _explain_block(self, unit: Unit, reach: GroupReach, i: int) -> Block:
        """Where the line fails: the first blocked hex on the shortest line that ignores 12A, or
        the length it would need."""
        ix, view = self.index, self.view(unit.side)
        if not reach.has_seeds:
            return Block(ix.hex_id(i), "12C1", "no full general supply source of its affiliation is active"
                         + self._inactive_cities(unit), cut=self._connection_cut(unit))
        level = max(int(self.level[i]), min(reach.overland))
        weather = self.rules.weather_order[level]
        relaxed = self._relaxed(reach, level, view)
        limit = self.rules.lengths[weather]["overland"]
        d = relaxed.settled(np.array([i]))[0].item()
        d = None if d == np.inf else d
        if d is None or d > limit:
            naval = self._naval_block(unit, reach, i)
            if naval is not None:
                return naval
        if d is None:
            return Block(ix.hex_id(i), "12B", "no line of any length reaches a friendly supply network")
        # The first hex the line enters that 12A / 37C / 39A bar (a hex the view may not enter).
        blocked = self._first_blocked(relaxed, reach, level, view).of(i)
        if blocked is not None:
            return self._blocked_at(ix.hex_id(blocked), unit.side, *view.why_not(blocked))
        return Block(ix.hex_id(i), "12B", f"the nearest line needs {d:g} overland hexes; "
                                           f"{weather} allows {limit}")

    def _relaxed(self, reach: GroupReach, level: int, view) -> ResumableReach:
        """The search that ignores 12A (every hex a line may enter but for units, ZOCs, 37C, 39A),
        toward the group's networks at weather `level`, kept per group and level; its rounds run
        as far as the nodes read need (resumable_search.py)."""
        key = ("relaxed", id(reach), level)
        if key not in self._memo or self._memo[key][0] is not reach:
            allowed, how = self._relaxed_masks(level, view)
            # 36D: any road element, each in its own weather; the rail and the sources.
            seeds = (reach.road_ends | reach.rail_ok | reach.seeds) & allowed
            # Kept per level and seeds: groups whose networks come out the same share it.
            full = ("relaxed search", level, np.packbits(seeds).tobytes())
            if full not in self._memo:
                earlier = self._memo.setdefault(("relaxed searches", level), [])
                self._memo[full] = ResumableReach(self.index, seeds, **how, known=nearest_known(earlier, seeds, how))
                earlier.append(self._memo[full])
            self._memo[key] = (reach, self._memo[full])
        return self._memo[key][1]

    def _relaxed_masks(self, level: int, view) -> tuple[np.ndarray, dict]:
        """The hexes within weather `level` and the relaxed searches' arguments there, made once per
        level: the same for both sides (`Unblocked`), the same arrays for every group."""
        key = ("relaxed masks", level)
        if key not in self._memo:
            allowed = self.level <= level        # a whole-map mask: made once per level, not per unit
            self._memo[key] = (allowed, self._overland(allowed, Unblocked(view)))
        return self._memo[key]

    def _first_blocked(self, relaxed: ResumableReach, reach: GroupReach, level: int, view,
                       starts: np.ndarray | None = None) -> FirstBlocked:
        """The first blocked hexes back along the relaxed search, kept per search and side, with
        every node of `starts` answered; by default, on first use, every node where a unit of the
        side stands that no line of the group reaches (the units this search explains), the rest
        as they are asked."""
        key = ("first blocked", id(relaxed), view.side)
        known = self._memo.get(key)
        if known is None or known[0] is not relaxed:
            known = self._memo[key] = (relaxed, FirstBlocked(relaxed, ~view.enter))
            known[1].answer(self._unlined_units(reach, level, view.side) if starts is None else starts)
        elif starts is not None:
            known[1].answer(starts)
        return known[1]

    def _unlined_units(self, reach: GroupReach, level: int, side: str) -> np.ndarray:
        """The nodes where a unit of `side` stands that no overland line of the group reaches
        within its length (as `_line_level`) and whose relaxed search is that of `level`."""
        nodes = self.position_nodes().nodes_of(side)
        if not all(isinstance(over.dist, Distances) for over in reach.overland.values()):
            return nodes[:0]
        unlined = self._line_levels(reach, nodes) < 0
        return nodes[unlined & (np.maximum(self.level[nodes], min(reach.overland)) == level)]

    def _naval_block(self, unit: Unit, reach: GroupReach, i: int) -> Block | None:
        """Where the naval element fails (34F / 34K): from the friendly ports the unit can reach
        overland, the first zone hex on the shortest passage to a port connected to a source."""
        return self._naval_blocks(reach, [unit], [i])[0]

    def _naval_blocks(self, reach: GroupReach, units: list[Unit], nodes: list[int]) -> list[Block | None]:
        """`_naval_block(unit, reach, i)` of each of `units` (all of one side) at its node of `nodes`,
        as those calls one after the other answer, the regions of the nodes read at once."""
        if not nodes or (not reach.naval and not self.map.ports):
            return [None] * len(nodes)
        # Once per group and side, and once per region of hexes an overland line of any length
        # joins (not per unit and port: units x ports grew faster than the map).
        key = ("naval goals", units[0].side, id(reach))
        known = self._memo.get(key)
        if known is None or known[0] is not reach:
            known = self._memo[key] = (reach, *self._naval_goals(units[0], reach))
        _, goals, zones = known
        if not goals:
            return [None] * len(nodes)
        regions = self._regions(units[0].side)     # any-length overland lines, as _any_length
        if "port nodes" not in self._memo:
            ix = self.index
            self._memo["port nodes"] = {ix.pos[p.place.hex] for p in self.map.ports if p.place.hex is not None}
        ports, at, memo = self._memo["port nodes"], np.array(nodes, dtype=np.int64), self._memo
        found = []
        # `regions.reaches(port, i)` depends on i only through its region and whether i is a port.
        for unit, i, inside, region in zip(units, nodes, regions.into[at].tolist(), regions.label[at].tolist()):
            key = ("naval block", unit.side, unit.coalition, goals, region if inside else None,
                   i if i in ports else None)
            block = memo.get(key, memo)
            if block is memo:
                block = memo[key] = self._first_naval_block(unit, zones, goals, regions, i)
            found.append(block)
        return found

    def _naval_goals(self, unit: Unit, reach: GroupReach) -> tuple[frozenset, NavalZones]:
        """The sea nodes of the friendly destination-class ports connected to the group's sources,
        and the side's zones."""
        sea, ix, side = sea_graph(self.map), self.index, unit.side
        goals = []
        for port in self.map.ports:
            h = port.place.hex
            if port_state(self.position, self.map, self.rules, port).owner == side and \
                    port.klass in self.rules.naval_destination_classes and (
                    (h is not None and (reach.rail_ok[ix.pos[h]] or reach.seeds[ix.pos[h]]))
                    or port.place.box in reach.box_sources):
                goals.append(sea.port_node(port))
        return frozenset(goals), self.zones(side, unit.coalition)

    def _first_naval_block(self, unit: Unit, zones: NavalZones, goals: frozenset, regions: Regions,
                           i: int) -> Block | None:
        ix, sea = self.index, sea_graph(self.map)
        for port in self.map.ports:
            h = port.place.hex
            if h is None or not regions.reaches(ix.pos[h], i) or sea.port_node(port) in goals:
                continue
            if port_state(self.position, self.map, self.rules, port).owner != unit.side:
                continue
            key = ("first block", unit.side, unit.coalition, sea.port_node(port), goals)
            if key not in self._memo:
                self._memo[key] = first_block(sea, zones, sea.port_node(port), goals)
            found = self._memo[key]
            if found is not None:
                node, why = found
                rule = "34F, 34K" if "danger" in why else "34K"
                zone, by = zones.closer(node)
                return Block(self.map.hex_id(node) if isinstance(node, Hex) else node, rule,
                             f"naval element from {port.name}: {why}", zone=zone, group=by)
        return None

    def _isolated(self, unit: Unit, reach: GroupReach, i: int) -> bool:
        """3F: isolated unless an overland line of any length reaches a full general supply
        source of the unit's affiliation (DPS, 22-Aug-05)."""
        if self._reaching_seeds(unit.side, reach, np.array([i]))[0]:
            return False
        return not self._naval_unisolated(unit, i, None)

    def _reaching_seeds(self, side: str, reach: GroupReach, nodes: np.ndarray) -> np.ndarray:
        """Whether an overland line of any length reaches the group's seeds (3F) from each of
        `nodes`, read at those nodes alone; the regions holding a seed kept per group."""
        key = ("isolation", id(reach))
        known = self._memo.get(key)
        if known is None or known[0] is not reach:
            known = self._memo[key] = (reach, self._regions(side).hits(reach.seeds))
        return self._regions(side).reaching_at(reach.seeds, nodes, known[1])

    def _regions(self, side: str) -> Regions:
        """Any-length overland lines of a side (3F), for any seeds, without a search per set of seeds."""
        if ("regions", side) not in self._memo:
            overland = self._overland(np.ones(len(self.index), dtype=bool), self.view(side))
            self._memo[("regions", side)] = Regions(self.index, overland["edges"], overland["into"],
                                                    overland["out_of"])
        return self._memo[("regions", side)]

    def _any_length(self, side: str, seeds: np.ndarray) -> np.ndarray:
        """Node mask: an overland line of any length leads from the node to one of `seeds` (3F),
        kept per set of seeds."""
        key = ("any-length", side, np.packbits(seeds).tobytes())
        if key not in self._memo:
            self._memo[key] = self._regions(side).reaching(seeds)
        return self._memo[key]

    def _naval_unisolated(self, unit: Unit, i: int | None, box: str | None) -> bool:
        """3F errata (AEG, 11-Mar-04): in the Balearics, Canaries or Spanish Morocco — and, by the
        DPS 24-Jun-05 ruling, for Interventionist units — a unit is not isolated if an overland line
        of any length reaches a friendly functioning port from which a naval element, from a port
        of any class, reaches a full general supply source."""
        if not self._naval_errata_apply(unit, i, box):
            return False
        if box is not None:
            any_port = self.general_reach(unit, origin_classes=ANY_PORT)
            return box in any_port.origins or box in any_port.box_sources
        return self._naval_unisolated_at(unit, [i])[1][0]

    def _naval_unisolated_at(self, unit: Unit, nodes: list[int]) -> tuple[list[bool], list[bool]]:
        """For units of `unit`'s group at `nodes` (on the map): whether the 3F errata's naval line
        counts for each, and `_naval_unisolated` of each; the ports' regions read once per group
        (not a whole-map mask and region table per unit: those grew with the map and its units)."""
        applies = [self._naval_errata_apply(unit, i, None) for i in nodes]
        if not any(applies):
            return applies, applies
        any_port = self.general_reach(unit, origin_classes=ANY_PORT)
        key = ("naval ports", unit.side, id(any_port))
        known = self._memo.get(key)
        if known is None or known[0] is not any_port:
            ports = self.index.mask(self.index.hexes[k] for k in any_port.origins if isinstance(k, int))
            known = self._memo[key] = (any_port, ports, self._regions(unit.side).hits(ports))
        _, ports, hit = known
        reached = self._regions(unit.side).reaching_at(ports, np.array(nodes, dtype=np.int64), hit).tolist()
        return applies, [a and r for a, r in zip(applies, reached)]

    def _naval_errata_apply(self, unit: Unit, i: int | None, box: str | None) -> bool:
        """Whether the 3F errata's naval line counts for this unit where it is (see below)."""
        where = {self.map.region_of(self.index.hexes[i]), self.map.country_of(self.index.hexes[i])} \
            if i is not None else {box}
        island = unit.coalition in self.rules.island_errata_coalitions and \
            bool(where & set(self.rules.island_regions))
        return island or unit.coalition in self.rules.naval_isolation_coalitions

    def _attack_supply(self, unit: Unit, i: int) -> bool:
        """12D: an overland element only, of the supply-line-summary length (AEG 1998), to a step
        of attack supply of the unit's side; 12D2: Interventionist units also from friendly
        functioning standard / major ports by a full line of any elements (AEG, 05-Nov-04)."""
        reach = self._port_attack_reach(unit)
        if reach is not None and self._line_level(reach, i) is not None:
            return True
        return bool(self._attack_steps_reach(unit.side)[i])

    def _port_attack_reach(self, unit: Unit) -> GroupReach | None:
        """12D2: the searches toward the friendly functioning ports of the classes the unit's
        coalition draws attack supply from, or None (no such classes, or no such port)."""
        classes = self.rules.port_attack_supply.get(unit.coalition)
        if not classes:
            return None
        key = ("port attack", unit.side, unit.coalition)
        if key not in self._memo:
            ports = {p.place.hex: f"port of {p.name}" for p in self.map.ports
                     if p.place.hex is not None and p.klass in classes
                     and (st := port_state(self.position, self.map, self.rules, p)).owner == unit.side
                     and st.functioning}
            self._memo[key] = (ports, self.group_reach(unit.side, ports, unit.coalition, ANY_PORT,
                                                       seed_ports=classes))
        ports, reach = self._memo[key]
        return reach if ports else None

    def _attack_steps_reach(self, side: str) -> np.ndarray:
        """Node mask: an overland element of its weather's length reaches a step of attack supply of
        `side` (12D, 36D), every node's answer once per side."""
        key = ("attack", side)
        supplied = self._memo.get(key)
        if supplied is None:
            steps = {s.hex: "attack supply" for s in self.position.supply
                     if s.side == side and s.kind == "attack" and s.amount > 0}
            ix = self.index
            supplied = np.zeros(len(ix), dtype=bool)
            for level in self._levels if steps else ():
                masks = self._level_masks(side, level)
                limit = self.rules.lengths[self.rules.weather_order[level]]["overland"]
                reach = search(ix, ix.mask(steps) & masks["allowed"], **masks["overland"], cutoff=limit)
                # 36D: the unit's hex within this weather level, the line within its length.
                supplied |= masks["allowed"] & (reach.dist.array <= limit)
            self._memo[key] = supplied
        return supplied
