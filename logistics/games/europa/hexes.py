"""Verdicts on hexes rather than units: is a hex (a city, a factory) isolated (Europa 3F, 42A);
is a city in general supply (Rule 40 ruling, DPS 13-Oct-04).

3F: "A hex or a factory is isolated if the owning player cannot trace an overland supply line of
any length from the item to any Rebel or Republican full general supply source, as appropriate"
(quoted by DPS, 23-Oct-04). So a hex is judged against the sources of its side's main coalition
(the first coalition the scenario lists for the side: Rebel, Republican), never against sources
of one affiliation only: a surrounded San Sebastian is isolated although the Basque units in it,
for which it is a source, are not. Unlike units, hexes are judged in every turn: the 37C
exemption of the first two game turns covers units only (AEG, 03-Mar-04).
"""
from __future__ import annotations

from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex


def hex_isolated(engine: EuropaSupply, hex_: Hex, side: str, coalition: str | None = None) -> bool:
    """3F / 42A: whether `hex_`, owned by `side`, is isolated."""
    position = engine.position
    coalition = coalition or position.side(side).coalitions[0][0]
    seeds = [h for s in position.supply_sources
             if s.side == side and (not s.users or coalition in s.users) for h in engine.active_hexes(s)]
    return not engine._any_length(side, engine.index.mask(seeds))[engine.index.pos[hex_]]


# --- Rule 40: the supply status of a city -----------------------------------------------------------

FULL_SOURCE = "full source"
LIMITED_SOURCE = "limited source"
TRACES_TO_FULL = "traces to a full source"
TRACES_TO_LIMITED = "traces to a limited source"
NO_SUPPLY = "out of supply"


def city_supply(engine: EuropaSupply, city: str, affiliation: str) -> tuple[str, str | None]:
    """Rule 40, 2nd para. (DPS, 13-Oct-04, provisional): "a city is in general supply if it is a
    full or limited supply city, or if it can trace a supply line to a full or limited supply
    city", the line's naval element included; a unit entering play there in step 7 has the city's
    step-4 status, even if every RE of the limited sources was drawn in step 4, so no capacity is
    counted here. Judged for a unit of `affiliation` (12C1: whose sources). Returns the status and
    the source."""
    from logistics.position import Unit
    position, map_, ix = engine.position, engine.map, engine.index
    side, coalition = next((s.name, c) for s in position.sides for c, affs in s.coalitions if affiliation in affs)
    place = map_.city(city).place
    probe = Unit(f"a unit entering play at {city}", side, coalition, affiliation, hex=place.hex, box=place.box)
    nodes = [ix.pos[h] for h in place.hexes]
    status = _status(engine, engine.general_reach(probe), nodes, place.box, FULL_SOURCE, TRACES_TO_FULL)
    return status or _status(engine, limited_reach(engine, probe), nodes, place.box, LIMITED_SOURCE,
                             TRACES_TO_LIMITED) or (NO_SUPPLY, None)


def limited_reach(engine: EuropaSupply, probe, skip: tuple[Hex, ...] = ()):
    """The searches from every limited general supply source `probe` (a unit, or a stand-in for
    one) may draw on, capacities aside: 12C2a / 12C2b cities, and 12C2c minor and standard ports
    whose naval element reaches a full source usable by it; the naval element of the line may
    start at a port of any class (Palma ruling, AEG 11-Mar-04). `skip`: hexes that are not to
    count as sources."""
    from logistics.games.europa.limited import ALL_PORTS, port_key
    from logistics.games.europa.naval import port_state
    position, map_, ix, side = engine.position, engine.map, engine.index, probe.side
    seeds: dict[Hex, str] = {}
    boxes: dict[str, str] = {}
    for src in position.limited_sources:
        if not engine.may_use(src, probe):
            continue
        where = map_.city(src.city).place
        if where.box is not None:
            if position.box_owner.get(where.box) == side:
                boxes[where.box] = src.name
        elif src.per_hex or all(position.owner_of(h) == side for h in where.hexes):
            seeds.update({h: src.name for h in where.hexes if position.owner_of(h) == side})
    any_port = engine.general_reach(probe, ALL_PORTS)
    sides = engine.rules.limited_port_sides      # Second Front 12C2: the Allies only (GR/D 1998)
    for port in map_.ports if not sides or side in sides else ():
        state = port_state(position, map_, engine.rules, port)
        node = ix.pos[port.place.hex] if port.place.hex is not None else port.place.box
        if port.klass in ("minor", "standard") and state.owner == side and state.functioning \
                and node in any_port.origins:
            if port.place.hex is not None:
                seeds.setdefault(port.place.hex, port_key(port))
            else:
                boxes.setdefault(port.place.box, port_key(port))
    seeds = {h: name for h, name in seeds.items() if h not in skip}
    return engine.group_reach(side, seeds, probe.coalition, ALL_PORTS, boxes)


def _status(engine: EuropaSupply, reach, nodes: list[int], box: str | None, is_source: str,
            traces: str) -> tuple[str, str | None] | None:
    """Whether the city (its hex nodes, or its box) is one of the group's sources, or traces a
    line to one (naval element included); None if neither."""
    for i in nodes:
        if i in reach.source_of:
            return is_source, reach.source_of[i]
    if box is not None and box in reach.box_sources:
        return is_source, reach.box_sources[box]
    for i in nodes:
        found = engine._best_line(reach, i)
        if found is not None:
            return traces, found[3]
    if box is not None and box in reach.origins:
        return traces, engine._continue_by_sea(reach, box, [])
    return None


# --- 38C1 / 40B3: RPs transferred from the France Holding Box --------------------------------------------

TO_POOL = "added to the general RP pool"
TO_FACTORY = "accumulated at the factory"
IN_BOX = "stays in the France Holding Box"


def french_rp_transfer(engine: EuropaSupply, factory: Hex, side: str, country: str) -> tuple[str, str]:
    """38C1 / 40B3 (DPS and AEG, 13-Jan-03): RPs in the France Holding Box enter Spain only by a
    rail-element supply line traced from a `side`-owned hex of Spain on the border of `country` —
    not from the Holding Box — to a `side`-owned factory: to the general RP pool if the factory is
    unisolated (3F), else to those accumulated at the factory; with no such line they stay in the
    box, where nothing can be rebuilt. Returns the outcome and why. One rail search, from the
    factory (12B: the line enters the factory, and starts on the border)."""
    position, map_, ix = engine.position, engine.map, engine.index
    hid = map_.hex_id
    if position.owner_of(factory) != side:
        return IN_BOX, f"the factory at {hid(factory)} is not {side}-owned"
    _, reaches = engine._rail_stage(engine.view(side), ix.mask([factory]))
    border = [h for h in map_.terrain if position.owner_of(h) == side and map_.country_of(h) != country
              and any(n in map_.terrain and map_.country_of(n) == country for n in h.neighbours())]
    start = next((h for h in border if reaches[ix.pos[h]]), None)
    if start is None:
        return IN_BOX, (f"no rail element can be traced from a {side}-owned hex on the {country} border "
                        f"to the factory at {hid(factory)} (38C1)")
    if hex_isolated(engine, factory, side):
        return TO_FACTORY, f"rail element from {hid(start)}; the factory is isolated (3F, 40B3)"
    return TO_POOL, f"rail element from {hid(start)} to an unisolated factory (40B3)"
