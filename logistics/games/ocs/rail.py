"""OCS rail movement (13.3, seed 003): may cargo rail from one hex to another, and at what Rail
Cap cost.

- 13.3a: cargo is combat units, Transport Points and SP only (never aircraft, ships or
  hedgehogs); 1 Rail Cap moves 1 SP or 1 RE any distance, doubled if the path includes a
  trainbusting zone (`marks: {trainbusting: [...]}`), halved if the path is entirely multi-track.
  The cheapest legal path is chosen.
- 13.3b: Rail Cap is the scenario's level (`options: {rail_cap: N}`) for each Movement Phase; it
  is used only in the Movement Phase and is never saved: each plan starts from the full level.
- 13.3c: a rail hex is detrainable if it has a village, city, port or Engineer-Capable HQ (13.8a:
  an HQ in Combat Mode, or DG oriented toward it), is under control, and has a rail path free of
  enemy ZOC back to a supply source (the side's `supply_sources`, by hexes or cities; the ZOC and
  the sources are trace supply's, games/ocs/ground.py); EZOC may be negated by friendly units for
  that path. Hexes listed in
  `marks: {detrainable: [...]}` are detrainable by the scenario's word, if under control.
- 13.3e: entrain and detrain in a detrainable hex not in an enemy ZOC; a unit must be in Move
  Mode; the path never enters a hex with an enemy combat unit or enemy ZOC (no negation).
- 13.3f / 13.3d: in a game of several gauges a side uses only rail of its own gauge (MOVES
  `gauge:`); hexes converted since the map was printed (railheads moved) are listed as
  `marks: {"gauge:<name>": [...]}`: a link between two such hexes is of that gauge.
- 13.3g: Rail Repair units (type or tag `rail_repair`) may rail in Combat Mode and entrain or
  detrain in any railroad hex.
- 13.1: an HQ costs 1 RE, whatever its designation (its `size`). 13.2d / 13.2e: Transport Points
  (types transport, truck, wagon, mule, organic_truck) are always in Move Mode (an Organic Truck may be in
  `reserve` mode, 13.2g) and cost their size. 13.8c: an Engineer-Capable HQ entrains itself
  before switching to Move Mode (the hex it makes detrainable serves its own move). 13.6b: a
  reinforcement (or new SP) arriving by rail (MOVES `arrival: true`) ignores the 13.3e entraining
  requirements: its arrival hex needs a railroad only, and a unit may be in any mode.
- 13.3h: a rail path may enter a detrainable-type hex (village, city, port, marked, or with an
  Engineer-Capable HQ) only if the side controls it (`ownership`); control of other rail hexes
  does not matter ("control of detrainable hexes is now the sole concern").
Control is hex ownership in the scenario.
"""
from __future__ import annotations

import numpy as np

from logistics.errors import LoadError
from logistics.games.ocs.ground import enemy_zoc, source_hexes
from logistics.games.ocs.units import is_a, is_combat, is_hq, is_transport
from logistics.mapdata import Map
from logistics.position import Position
from logistics.rail.model import Candidate, MoveRequest, Orders, Pool, Setting
from logistics.rail.paths import Blocker, all_of, rail_graph, search
from logistics.verdict import Block

NOT_CARGO = ("aircraft", "air", "ship", "naval", "hedgehog")          # 13.3a
RAIL_REPAIR = "rail_repair"                                          # 13.3g
ENGINEER_MODES = ("combat", "dg-combat")                             # 13.8a
MULTI_TRACK = "multi_track"


class OcsRail:
    def __init__(self, position: Position, map_, side: str, *, gauge: str | None = None,
                 phase: str = "movement"):
        self.position, self.map, self.side, self.gauge, self.phase = position, map_, side, gauge, phase
        self.graph = rail_graph(map_)
        ix = self.index = self.graph.index
        on_map = [u for u in position.units if u.hex is not None]
        self.controlled = ix.mask(h for h, o in position.owner.items() if o == side)
        self.enemy_combat = ix.mask(u.hex for u in on_map if u.side != side and is_combat(u))
        self.friendly = ix.mask(u.hex for u in on_map if u.side == side)
        self.ezoc = ix.mask(enemy_zoc(position, map_, side))     # one ZOC for rail and trace supply
        self.trainbusting = ix.mask(position.marks.get("trainbusting", ()))
        self.converted = ix.mask(position.marks.get(f"gauge:{gauge}", ())) if gauge else None
        marked = ix.mask(position.marks.get("detrainable", ()))
        hq = ix.mask(u.hex for u in on_map if u.side == side and is_hq(u) and u.mode in ENGINEER_MODES)
        featured = ix.mask(h for feature in [*map_.cities, *map_.ports] for h in feature.place.hexes)
        self.station = (marked | featured | hq) & ix.rail_hex         # 13.3c first condition, or marked
        # 13.3c: "back to a supply source": the side's Supply Sources, as trace supply reads them.
        sources = ix.mask(source_hexes(position, map_, side))
        self.linked = linked = self._reach(sources & self.controlled)
        self.detrainable = self.station & self.controlled & (marked | linked)

    def hid(self, i: int) -> str:
        return self.graph.hex_id(i)

    # --- steps ---------------------------------------------------------------------------------------
    def gauge_block(self, a: int, b: int) -> Block | None:
        """13.3f: a side uses only rail of its gauge (or converted to it: both ends marked)."""
        track = self.graph.track(a, b)
        if self.gauge is None or track.gauge in ("", self.gauge):
            return None
        if self.converted is not None and self.converted[a] and self.converted[b]:
            return None
        return Block(self.hid(b), "13.3f", f"{track.gauge} gauge rail ({track.name}); this side uses {self.gauge} gauge")

    def control_block(self, b: int) -> Block | None:
        if self.station[b] and not self.controlled[b]:
            return Block(self.hid(b), "13.3h", "detrainable-type hex (village, city, port or HQ) not under control")
        return None

    def step(self, a: int, b: int) -> Block | None:
        """13.3e (2): the path of moving cargo."""
        block = self.gauge_block(a, b) or self.control_block(b)
        if block is not None:
            return block
        if self.enemy_combat[b]:
            return Block(self.hid(b), "13.3e", "enemy combat unit in the hex")
        if self.ezoc[b]:
            return Block(self.hid(b), "13.3e", "enemy ZOC (it cannot be negated to move cargo, 13.3c)")
        return None

    def _reach(self, sources: np.ndarray) -> np.ndarray:
        """13.3c third condition: rail hexes with a path free of enemy ZOC back to a supply source;
        friendly units negate EZOC for this path (not for moving cargo). `self.toward_source`:
        each hex reached -> the next hex on its path back (trace supply follows it, 13.3)."""
        seen = sources.copy()
        self.toward_source: dict[int, int] = {}
        todo = sorted(np.flatnonzero(sources).tolist())
        while todo:
            a = todo.pop()
            for b in self.graph.adjacent.get(a, ()):
                if seen[b] or self.gauge_block(a, b) or self.control_block(b) or self.enemy_combat[b] \
                        or (self.ezoc[b] and not self.friendly[b]):
                    continue
                seen[b] = True
                self.toward_source[b] = a
                todo.append(b)
        return seen

    # --- a whole move ---------------------------------------------------------------------------------
    def _end_block(self, node: int, verb: str, repair: bool) -> Block | None:
        """13.3e (1) and (3): where cargo may entrain or detrain."""
        if not self.graph.is_rail(node):
            return Block(self.hid(node), "13.3e", f"no railroad here to {verb}")
        if repair:
            # 13.3g C: Rail Repair units entrain and detrain in any railroad hex.
            if not self.controlled[node] and self.station[node]:
                return self.control_block(node)
        elif not self.detrainable[node]:
            missing = ("not under control (13.3h)" if self.station[node] and not self.controlled[node]
                       else "no rail path free of enemy ZOC back to a supply source" if self.station[node]
                       else "no village, city, port or Engineer-Capable HQ")
            return Block(self.hid(node), "13.3c", f"not a detrainable hex: {missing}")
        if self.ezoc[node]:
            return Block(self.hid(node), "13.3e", f"in an enemy ZOC: cargo may not {verb} here")
        return None

    def check(self, req: MoveRequest) -> list[Candidate] | Block:
        here = self.map.hex_id(req.start)
        if self.phase != "movement":
            return Block(here, "13.3b", f"Rail Cap is used only in the Movement Phase, not the {self.phase} phase")
        repair = False
        if req.unit is not None:
            unit = self.position.unit(req.unit)
            if unit.type.lower() in NOT_CARGO or any(t in unit.tags for t in NOT_CARGO):
                return Block(here, "13.3a", f"{unit.type} may not move by rail: only combat units, Transport "
                                            f"Points and SP are rail cargo")
            repair = is_a(unit, RAIL_REPAIR)
            # 13.2d: Transport Points are in Move Mode at all times (Organic Trucks may be in Reserve).
            moving = unit.mode == "move" or (is_transport(unit) and unit.mode != "reserve")
            # 13.8c: an Engineer-Capable HQ can entrain itself before switching to Move Mode.
            hq_itself = is_hq(unit) and unit.mode in ENGINEER_MODES
            if not (moving or hq_itself or req.arrival or (repair and unit.mode == "combat")):
                return Block(here, "13.3e", f"a unit moving by rail must be in Move Mode (it is in "
                                            f"{unit.mode or 'no'} mode)")
        pos = self.index.pos
        s, g = pos[req.start], pos[req.to]
        if req.arrival:
            # 13.6b: reinforcements "can arrive by rail (ignoring the usual entraining requirements of 13.3e)".
            entrain = None if self.graph.is_rail(s) else Block(here, "13.6b", "no railroad in the arrival hex")
        else:
            entrain = self._end_block(s, "entrain", repair)
        block = entrain or self._end_block(g, "detrain", repair)
        if block is not None:
            return block
        if s == g:
            return Block(here, "13.3e", "the move does not leave its hex")
        # 13.1: "HQs are 1 RE in size, regardless of what is on the unit designation".
        size = 1.0 if req.unit is not None and is_hq(self.position.unit(req.unit)) else req.size
        return self._cheapest(size, s, g)

    def _cheapest(self, size: float, s: int, g: int) -> list[Candidate] | Block:
        """13.3a: the cheapest legal path: all multi-track without trainbusting (x1/2), then
        without trainbusting, then all multi-track, then any (x2 if it meets a trainbusting zone)."""
        def multi(a: int, b: int) -> Block | None:
            return None if self.graph.track(a, b).klass == MULTI_TRACK else Block(self.hid(b), "13.3a", "")

        def clear(a: int, b: int) -> Block | None:
            return Block(self.hid(b), "13.3a", "") if self.trainbusting[b] else None

        best, best_factor = None, 0.0
        variants: list[Blocker] = [all_of(self.step, multi, clear), all_of(self.step, clear),
                                   all_of(self.step, multi), self.step]
        for k, blocker in enumerate(variants):
            route = search(self.graph, s, g, blocker)
            if route is None:
                return Block(self.hid(g), "13.3e", f"no rail line joins {self.hid(s)} and {self.hid(g)}")
            if not route.legal:
                if k == len(variants) - 1:      # no legal path at all: the plain rules' block
                    return route.block
                continue
            factor, rules = 1.0, []
            if any(self.trainbusting[n] for n in route.nodes):
                factor, rules = 2 * factor, rules + ["13.3a: x2, path includes a trainbusting zone"]
            if all(self.graph.track(a, b).klass == MULTI_TRACK for a, b in zip(route.nodes, route.nodes[1:])):
                factor, rules = factor / 2, rules + ["13.3a: x1/2, path entirely multi-track"]
            if best is None or factor < best_factor:
                best, best_factor = Candidate(0, size * factor, route.nodes, ("13.3a", *rules)), factor
        return [best]


def ocs_rail_cap(position: Position, source: str = "scenario") -> Pool:
    """13.3b: the Rail Cap of this Movement Phase, at the scenario's level (never saved)."""
    cap = position.options.get("rail_cap")
    if cap is None:
        raise LoadError(source, "no Rail Cap set", field="options.rail_cap",
                        expected="the phasing player's Rail Cap for a Movement Phase (13.3b), e.g. rail_cap: 6")
    return Pool(0, "Rail Cap", frozenset(), base=float(cap))


def ocs_setting(position: Position, map_: Map, orders: Orders, source: str) -> Setting:
    return Setting(OcsRail(position, map_, orders.side, gauge=orders.gauge, phase=orders.phase),
                   [ocs_rail_cap(position, source)], "13.3b: the side's Rail Cap for this Movement Phase",
                   "13.3a, 13.3b")
