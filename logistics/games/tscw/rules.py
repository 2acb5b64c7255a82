"""TSCW rules that ask a supply or control question beyond a unit's verdict: withdrawals and
rebuilds (7.4, 7.6), reinforcement entry (7.8), the northern capitals (7.12, 12.2.3), stacking
(8.2), HQs (12.1, 12.1.3, 12.1.4), air support range (12.2.2), Fortified Lines (15.14) and
reduced ammunition (15.16). Each answers with a yes / no and the reason, citing the rule.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from logistics.games.tscw.supply import FULL, TscwSupply, enemy_zoc
from logistics.hexgrid import Hex, Hexside, within
from logistics.mapdata import Map
from logistics.position import Position, Unit

NORTH_CAPITALS = ("Santander", "Bilbao", "Gijon")       # 7.12: 3710, 3613, 3707
STACK_UNITS, STACK_DIVISIONS = 6, 4                       # 8.2
NON_GROUND = ("air", "naval")                             # 12.2.1


@dataclass(frozen=True)
class Answer:
    ok: bool
    rule: str
    reason: str


def uss_supplied(position: Position, map_: Map, unit: Unit) -> Answer:
    """7.4 / 7.6 / 12.1: 'supplied by a USS' — fully supplied (9.4), city supply not enough."""
    v = TscwSupply(position, map_).verdict(unit)
    return Answer(v.general == FULL, "9.4", f"{unit.id} is {v.general}")


def may_withdraw(position: Position, map_: Map, unit: Unit) -> Answer:
    a = uss_supplied(position, map_, unit)
    return replace(a, rule="7.4", reason=a.reason + ("" if a.ok else ": withdraw in a later Administrative Phase"))


def may_restore_on_map(position: Position, map_: Map, unit: Unit) -> Answer:
    return replace(uss_supplied(position, map_, unit), rule="7.6")


def hq_may_refit(position: Position, map_: Map, hq: Unit) -> Answer:
    """12.1 / 12.1.5: a Committed HQ flips back to Available only if fully supplied; 12.1.3: only
    a supplied HQ gives ground support."""
    return replace(uss_supplied(position, map_, hq), rule="12.1, 12.1.3")


def stacking(position: Position, hex_: Hex, side: str) -> Answer:
    """8.2: at most 6 ground combat units of a side in a hex, at most 4 of them divisions; HQs do
    not count, but at most one HQ a hex."""
    here = [u for u in position.units if u.hex == hex_ and u.side == side and u.type not in NON_GROUND]
    combat = [u for u in here if u.type != "hq"]
    divisions = [u for u in combat if u.type == "division"]
    hqs = [u for u in here if u.type == "hq"]
    if len(combat) > STACK_UNITS:
        return Answer(False, "8.2", f"{len(combat)} units, at most {STACK_UNITS}")
    if len(divisions) > STACK_DIVISIONS:
        return Answer(False, "8.2", f"{len(divisions)} divisions, at most {STACK_DIVISIONS}")
    if len(hqs) > 1:
        return Answer(False, "8.2", f"{len(hqs)} HQs, at most one")
    return Answer(True, "8.2", f"{len(combat)} units, {len(divisions)} divisions, {len(hqs)} HQ")


def reinforcement_hexes(position: Position, map_: Map, unit: Unit, printed: Hex) -> tuple[list[Hex], str]:
    """7.8: a reinforcement enters at its printed hex if friendly-controlled, within stacking and
    Fully Supplied; else in such a hex within 2 of it; none: its entry is delayed. 7.9: it then
    enters in supply."""
    def fits(h: Hex) -> bool:
        if h not in map_ or not map_.is_land(h) or position.owner_of(h) != unit.side:
            return False
        placed = replace(unit, hex=h)
        trial = replace(position, units=tuple(u for u in position.units if u.id != unit.id) + (placed,))
        return stacking(trial, h, unit.side).ok and TscwSupply(trial, map_).verdict(placed).general == FULL
    if fits(printed):
        return [printed], "7.8: its printed hex"
    near = [h for h in within(printed, 2) if h != printed and fits(h)]
    return near, ("7.8: a friendly Fully Supplied hex within 2 of its printed hex" if near
                  else "7.8: no hex fits: the entry is delayed")


def north_capitals_fallen(position: Position, map_: Map) -> Answer:
    """7.12 / 12.2.3: Nationalists control Santander, Bilbao and Gijon (the 'N' air unit goes; with
    every North Republican unit eliminated, the North RP end)."""
    held = {c: position.owner_of(map_.city(c).place.hex) == "Nationalist" for c in NORTH_CAPITALS}
    lost = [c for c, ok in held.items() if not ok]
    return Answer(not lost, "7.12, 12.2.3", "all three held by the Nationalists" if not lost
                  else "not Nationalist-controlled: " + ", ".join(lost))


def reserve_allowed(position: Position, map_: Map, hq: Unit) -> Answer:
    """12.1.4: an HQ may place units in Reserve only on a rail hex joined by a continuous line of
    friendly rail hexes to a USS (the line may pass EZOC hexes), the HQ itself not in an EZOC."""
    if hq.hex in enemy_zoc(position, map_, hq.side):
        return Answer(False, "12.1.4", "the HQ is in an enemy ZOC")
    engine = TscwSupply(position, map_)
    uss = set(engine.uss_hexes(hq))
    rail = {h for side in map_.rail_links for h in side.hexes}
    if hq.hex not in rail:
        return Answer(False, "12.1.4", "the HQ is not on a railroad hex")
    seen, frontier = {hq.hex}, [hq.hex]
    while frontier:
        h = frontier.pop()
        if h in uss:
            return Answer(True, "12.1.4", f"friendly rail joins it to the USS at {map_.hex_id(h)}")
        for n in h.neighbours():
            if n in rail and n not in seen and position.owner_of(n) == hq.side and Hexside(h, n) in map_.rail_links:
                seen.add(n)
                frontier.append(n)
    return Answer(False, "12.1.4", "no continuous friendly rail line to a USS")


def air_support_possible(position: Position, map_: Map, side: str, combat_hex: Hex,
                         engine: TscwSupply | None = None) -> Answer:
    """12.2.2: air units support a combat within 3 hexes of a friendly-controlled, fully supplied
    secondary source (town, city, HQ) or of a USS. `engine`: one already judging this position."""
    engine = engine or TscwSupply(position, map_)
    probe = Unit("probe", side, "", "", type="hq", hex=combat_hex)
    uss = engine.uss_hexes(replace(probe, affiliation=_any_affiliation(position, side)))
    sources = dict(uss)
    for h, name in engine.secondary_sources(replace(probe, affiliation=_any_affiliation(position, side)), uss).items():
        sources.setdefault(h, name)
    near = sorted((h.distance(combat_hex), map_.hex_id(h)) for h in sources if h.distance(combat_hex) <= 3)
    return Answer(bool(near), "12.2.2", f"within 3 of {near[0][1]}" if near else "no friendly supplied source within 3 hexes")


def _any_affiliation(position: Position, side: str) -> str:
    return position.side(side).coalitions[0][1][0]


def reduced_ammo_ended(position: Position, map_: Map) -> Answer:
    """15.16: the Nationalists' -1 drm north of row 24xx ends the first time, in an End of Turn
    Phase, a secondary source north of row 24xx traces a supply line to Cadiz (1305); "after Turn
    6, this restriction ends regardless of which USS the Nationalist troops use"."""
    if position.turn.number > 6:
        return Answer(True, "15.16", f"turn {position.turn.number}: after Turn 6 the restriction has ended")
    engine = TscwSupply(position, map_)
    cadiz = map_.city("Cadiz").place.hex
    nat = next((u for u in position.units if u.side == "Nationalist"), None)
    probe = nat or Unit("probe", "Nationalist", "", _any_affiliation(position, "Nationalist"))
    uss = {h: n for h, n in engine.uss_hexes(replace(probe, hex=None)).items() if h == cadiz}
    for h, name in sorted(engine.secondary_sources(probe, uss).items()):
        if int(map_.hex_id(h)[:2]) > 24:
            return Answer(True, "15.16", f"{name} ({map_.hex_id(h)}) traces to Cadiz")
    return Answer(False, "15.16", "no secondary source north of row 24xx traces to Cadiz")
