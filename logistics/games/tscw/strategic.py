"""The Spanish Civil War: strategic movement (11), checked move by move for the planner.

- 11.1 / 9.3: only a Fully Supplied unit may use strategic movement.
- 11.4 rail: start in a rail hex; move along connected friendly rail hexes; never enter or pass a
  rail hex adjacent to an enemy unit unless a friendly unit occupies it (the start hex excepted).
- 11.5 sea: from a coastal city or town with the anchor symbol to another friendly one;
  11.6: Republicans in the Mediterranean only; 11.7: Nationalists in and across every zone.
- 11.8 landing: one per turn, using all the side's sea capacity: one division or two smaller
  units, from coastal cities or towns, to one unoccupied enemy coastal hex that is not a coastal
  city; Nationalists in the Cantabrian Sea or the Mediterranean, Republicans the Mediterranean.
- 11.2 / 11.3: a division counts 1 against the turn's limit, a regiment, battalion, brigade or
  column 1/2, an HQ 2 by rail and never by sea; no unit moves by both rail and sea in a turn
  (the planner moves each unit at most once).
"""
from __future__ import annotations

from logistics.errors import LoadError
from logistics.games.tscw.supply import FULL, TscwSupply
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position, Unit
from logistics.rail.model import Candidate, MoveRequest, Orders, Pool, Setting
from logistics.rail.paths import rail_graph, search
from logistics.verdict import Block

RAIL, SEA = 0, 1
REPUBLICAN_SEAS = ("Mediterranean",)                   # 11.6
LANDING_SEAS = {"Nationalist": ("Cantabrian Sea", "Mediterranean"), "Republican": ("Mediterranean",)}  # 11.8


def strategic_count(unit: Unit, by: str) -> float | None:
    """11.2 / 11.3: what a unit counts against the limit (None: it may not move this way)."""
    if unit.type == "hq":
        return 2.0 if by == "rail" else None
    return 1.0 if unit.type == "division" else 0.5


def pools(position: Position, side: str, source: str = "scenario") -> list[Pool]:
    """The turn's rail and sea limits of the side (11.2: the Strategic Movement Limits Table)."""
    limits = (position.options.get("strategic_limits") or {}).get(side)
    if limits is None:
        raise LoadError(source, f"no strategic movement limits for {side}", field="options.strategic_limits",
                        expected=f"the table's numbers for this turn, e.g. {side}: {{rail: 3, sea: 1}} (11.2)")
    return [Pool(RAIL, "rail (11.4)", frozenset(), base=float(limits["rail"])),
            Pool(SEA, "sea (11.5)", frozenset(), base=float(limits["sea"]))]


def coastal_zone(map_: Map, hex_: Hex) -> str:
    """11.8: a coastal hex has part of an all-sea hexside; its sea zone is its own, or that of the
    all-sea hex beside it."""
    if map_.sea_zone_of(hex_) and map_.is_land(hex_):
        return map_.sea_zone_of(hex_)
    for n in hex_.neighbours():
        if map_.terrain.get(n) == "all_sea" and map_.sea_zone_of(n):
            return map_.sea_zone_of(n)
    return ""


class TscwStrategic:
    def __init__(self, position: Position, map_: Map, side: str, source: str = "scenario",
                 requests: tuple[MoveRequest, ...] = ()):
        self.position, self.map, self.side = position, map_, side
        # 11.8: a landing requested this turn takes all the sea capacity: no other sea movement.
        self.landing_requested = any(r.kind == "landing" for r in requests)
        self.supply = TscwSupply(position, map_)
        self.pools = pools(position, side, source)
        self.graph = rail_graph(map_)
        self.landing_target: Hex | None = None
        self.enemy_near = {n for u in position.units if u.side != side and u.hex is not None
                           for n in u.hex.neighbours()}
        self.friendly = {u.hex for u in position.units if u.side == side and u.hex is not None}

    def check(self, request: MoveRequest) -> list[Candidate] | Block:
        hid = self.map.hex_id
        unit = self.position.unit(request.unit)
        if self.supply.verdict(unit).general != FULL:
            return Block(hid(unit.hex), "9.3, 11.1", "the unit is not Fully Supplied: no strategic movement")
        count = strategic_count(unit, "rail" if request.kind == "rail" else "sea")
        if count is None:
            return Block(hid(unit.hex), "11.3", "an HQ never moves by sea")
        if request.kind == "rail":
            return self._rail(unit, request, count)
        if request.kind == "sea":
            return self._sea(unit, request, count)
        return self._landing(unit, request, count)

    def _rail(self, unit: Unit, request: MoveRequest, count: float) -> list[Candidate] | Block:
        g, hid = self.graph, self.map.hex_id
        if not g.is_rail(g.node(unit.hex)):
            return Block(hid(unit.hex), "11.4", "the unit does not start in a rail hex")
        if not g.is_rail(g.node(request.to)):
            return Block(hid(request.to), "11.4", "the destination is no rail hex")

        def blocker(a: int, b: int) -> Block | None:
            h = g.index.hexes[b]
            if self.position.owner_of(h) != self.side:
                return Block(g.hex_id(b), "11.4", "not a friendly rail hex")
            if h in self.enemy_near and h not in self.friendly:
                return Block(g.hex_id(b), "11.4", "rail hex adjacent to an enemy unit, no friendly unit in it")
            return None

        route = search(g, g.node(unit.hex), g.node(request.to), blocker)
        if route is None:
            return Block(hid(request.to), "11.4", "no rail line joins the two hexes")
        if not route.legal:
            return route.block
        return [Candidate(RAIL, count, route.nodes, ("11.2", "11.4"))]

    def _anchor(self, hex_: Hex):
        port = self.map.port_at(hex_)
        return port if port is not None and port.klass == "anchor" else None

    def _sea(self, unit: Unit, request: MoveRequest, count: float) -> list[Candidate] | Block:
        hid = self.map.hex_id
        if self.landing_requested:
            return Block(hid(unit.hex), "11.8", "a landing uses all the side's sea movement this turn: "
                                                "no other sea movement")
        for where in (unit.hex, request.to):
            if self._anchor(where) is None:
                return Block(hid(where), "11.5", "not a coastal city or town with the anchor symbol")
        if self.position.owner_of(request.to) != self.side:
            return Block(hid(request.to), "11.5", "the destination is not a friendly coastal city or town")
        if unit.side == "Republican":
            for where in (unit.hex, request.to):
                if coastal_zone(self.map, where) not in REPUBLICAN_SEAS:
                    return Block(hid(where), "11.6", "Republicans move by sea in the Mediterranean only")
        g = self.graph.index
        return [Candidate(SEA, count, (g.pos[unit.hex], g.pos[request.to]), ("11.2", "11.5"))]

    def _landing(self, unit: Unit, request: MoveRequest, count: float) -> list[Candidate] | Block:
        hid, to = self.map.hex_id, request.to
        if self.pools[SEA].capacity <= 0:
            return Block(hid(unit.hex), "11.8", "no sea movement this turn (limit 0): no landing")
        if self._anchor(unit.hex) is None:
            return Block(hid(unit.hex), "11.8", "a landing starts in a coastal city or town (anchor symbol)")
        if self.landing_target is not None and to != self.landing_target:
            return Block(hid(to), "11.8", f"one landing a turn, in one hex: {hid(self.landing_target)}")
        zone = coastal_zone(self.map, to)
        if not zone or not self.map.is_land(to):
            return Block(hid(to), "11.8", "not a coastal hex")
        if zone not in LANDING_SEAS.get(unit.side, ()):
            return Block(hid(to), "11.8", f"{unit.side} landings only in the " + " or ".join(LANDING_SEAS.get(unit.side, ())))
        if self.map.city_at(to) is not None:
            return Block(hid(to), "11.8", "a landing may not be made in a coastal city or town")
        if self.position.owner_of(to) in (self.side, "neutral") or any(u.hex == to for u in self.position.units):
            return Block(hid(to), "11.8", "a landing hex is an unoccupied enemy hex")
        self.landing_target = to
        # One landing uses all the side's sea capacity: a division, or two smaller units (11.8).
        share = self.pools[SEA].capacity * (1.0 if unit.type == "division" else 0.5)
        g = self.graph.index
        return [Candidate(SEA, share, (g.pos[unit.hex], g.pos[to]), ("11.8",))]


def tscw_setting(position: Position, map_: Map, orders: Orders, source: str) -> Setting:
    engine = TscwStrategic(position, map_, orders.side, source, orders.moves)
    return Setting(engine, engine.pools, "11.2: the turn's strategic movement limits (units)", "11.2")
