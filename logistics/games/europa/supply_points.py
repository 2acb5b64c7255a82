"""FWtBT 12C3a: general supply points generated at a general supply source in the owner's initial
phase, and their expiry one player turn of his later, as the turn engine runs them.

What the seeds rule (the rule's own text is not among them):
- GSPs may be generated at any full or limited general supply source, and only at one that is a
  source now: a Rebel or Republican replacement city cut off from the two others is none, while
  the Radical and Gobernito cities need no connection (DPS and AEG, 14-Feb-06; DPS, 01-Feb-06).
- They are generated in the initial phase of the owner's player turn and "last through the
  initial phase" of his next player turn (Rules Court, TEM 62: generated in the Loyalist I Jan 37
  initial phase, they last through that of Loyalist II Jan 37): they are there for that phase's
  supply check, and gone when it ends.
- 12C3a limits the number generated at each source (DPS, 22-Jun-05); the number is not in the
  seeds: `options: {supply_points_per_source: N}` sets it (per city, or per hex outside a city),
  and without it the engine sets no limit.

- A 12C2c port generates them only while it is a limited source, a naval element traced from it
  to a full general supply source (DPS, 01-Feb-06: Malaga with enemy submarines in its hex could
  not, were it not a full source).

The points units use up at each supply check: supply_point_use.py (12C3).
"""
from __future__ import annotations

from dataclasses import replace

from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position, SupplyStock, Unit

RULE = "12C3a (Rules Court, TEM 62)"


def source_hexes(position: Position, map_: Map, side: str) -> dict[Hex, str]:
    """The hexes at which `side` may generate general supply points now, each with its source:
    the active hexes of its full sources (12C1), the cities of its limited sources it owns
    (12C2a / 12C2b; each owned hex of a per-hex source such as Barcelona, 38D2) and its 12C2c
    ports."""
    from logistics.games.europa.supply import EuropaSupply
    engine = EuropaSupply(position, map_)
    out: dict[Hex, str] = {}
    for src in position.supply_sources:
        if src.side == side:
            for h in engine.active_hexes(src):
                out.setdefault(h, src.name)
    barred = position.barred_cities() if position.unpacified or position.pacification else set()
    for src in position.limited_sources:
        if src.side != side:
            continue
        hexes = map_.city(src.city).place.hexes
        owned = [h for h in hexes if position.owner_of(h) == side and h not in barred]
        for h in owned if src.per_hex or len(owned) == len(hexes) else ():
            out.setdefault(h, src.name)
    for port in _ports_12C2c(engine, side):
        out.setdefault(port.place.hex, f"{port.name} (12C2c)")
    return out


def _ports_12C2c(engine, side: str) -> list:
    """12C2c ports that are limited sources of `side` now, and so may generate points (DPS,
    01-Feb-06: a port generates them under 12C2c only when a naval element can be traced from it
    to a full general supply source; 34K blocks it): friendly-owned functioning minor / standard
    ports whose naval element reaches a full source usable by some unit of the side (AEG,
    07-Jan-05, as limited.py reads it)."""
    from logistics.games.europa.limited import ALL_PORTS
    from logistics.games.europa.naval import port_state
    position, map_, rules = engine.position, engine.map, engine.rules
    if rules.limited_port_sides and side not in rules.limited_port_sides:
        return []
    users = [Unit(f"12C2c {aff}", side, coalition, aff) for coalition, affs in position.side(side).coalitions
             for aff in affs]
    found = []
    for port in map_.ports:
        if port.klass not in ("minor", "standard") or port.place.hex is None:
            continue
        state = port_state(position, map_, rules, port)
        if not state.functioning or state.owner != side:
            continue
        node = engine.index.pos[port.place.hex]
        if any(node in engine.general_reach(u, ALL_PORTS).origins for u in users):
            found.append(port)
    return found


def _place(map_: Map, h: Hex) -> str:
    city = map_.city_at(h)
    return city.name if city is not None else map_.hex_id(h)


def generate(position: Position, map_: Map, side: str, h: Hex, points: float, affiliation: str,
             where) -> tuple[Position, str]:
    """`points` general supply points of `side` generated at `h` this initial phase; `where(key,
    message, expected)` makes the error naming the order's field."""
    if position.turn.phase != "initial" or position.turn.player != side:
        raise where("supply_points", f"general supply points are generated in {side}'s initial phase; the "
                    f"scenario is in {position.turn.player}'s {position.turn.phase} phase",
                    f"orders of {side}'s initial phase (12C3a, TEM 62)")
    sources = source_hexes(position, map_, side)
    if h not in sources:
        raise where("hex", f"hex {map_.hex_id(h)} is no general supply source of {side} now",
                    "a full or limited general supply source that is one now (12C3a; DPS and AEG 14-Feb-06)")
    cap = position.options.get("supply_points_per_source")
    if cap is not None:
        here = _place(map_, h)
        made = sum(s.amount for s in position.supply if s.kind == "general" and s.side == side
                   and s.generated == position.turn.number and _place(map_, s.hex) == here)
        if made + points > cap:
            raise where("points", f"{made + points:g} general supply points at {here} this turn",
                        f"at most {cap:g} per source (options.supply_points_per_source, 12C3a)")
    stock = SupplyStock(side, "general", h, points, affiliation, generated=position.turn.number)
    line = f"{RULE}: {points:g} general supply point(s) generated at {map_.hex_id(h)} ({sources[h]})"
    return replace(position, supply=position.supply + (stock,)), line


def expire(position: Position, map_: Map) -> tuple[Position, list[str]]:
    """Leaving the phasing player's initial phase: the points he generated in an earlier game turn
    have lasted through it and are removed (TEM 62)."""
    t = position.turn
    gone = [s for s in position.supply if s.kind == "general" and s.side == t.player
            and 0 < s.generated < t.number]
    if not gone:
        return position, []
    kept = tuple(s for s in position.supply if s not in gone)
    return replace(position, supply=kept), [
        f"{RULE}: {s.amount:g} general supply point(s) at {map_.hex_id(s.hex)} generated on turn {s.generated} expire"
        for s in gone]
