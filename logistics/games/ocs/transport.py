"""OCS Transport Points: how much they carry and combining them (13.2c), loading and unloading SP
(13.2f, 13.2g A). Seed 003. A Transport Point's `size` is the SP it can carry; `load` what it
carries now."""
from __future__ import annotations

import math
from dataclasses import dataclass

from logistics.errors import LoadError
from logistics.games.ocs.units import ORGANIC, is_combat, is_transport
from logistics.mapdata import Map
from logistics.position import Position, Unit


@dataclass(frozen=True)
class TransportCheck:
    allowed: bool
    cost: int           # MP the Transport Point pays
    reason: str
    amount: float = 0.0  # SP that may be loaded (load_check)


def handling_cost(unit: Unit) -> int:
    """13.2f: 10% of the printed MA to load or unload any number of SP in a hex, rounded normally
    (a truck with 45 MA pays 5 MP)."""
    return math.floor(unit.ma / 10 + 0.5)


def _transport(position: Position, unit_id: str) -> Unit:
    unit = next((u for u in position.units if u.id == unit_id), None)
    if unit is None or not is_transport(unit) or unit.hex is None:
        raise LoadError("scenario", f"no Transport Point {unit_id!r} on the map", field="units",
                        expected="the id of a truck, wagon, mule or organic_truck unit in a map hex")
    return unit


def load_check(position: Position, map_: Map, unit_id: str) -> TransportCheck:
    """13.2f: a Transport Point loads in any hex, but only from a dump in its own hex: never via
    direct draw or thrown SP. 13.2c: it carries up to its size in SP."""
    tp = _transport(position, unit_id)
    cost = handling_cost(tp)
    here = map_.hex_id(tp.hex)
    in_dump = sum(s.amount for s in position.supply if s.side == tp.side and s.kind == "sp" and s.hex == tp.hex)
    room = max(0.0, tp.size - tp.load)
    if in_dump <= 0:
        return TransportCheck(False, cost, f"no friendly dump in {here}: a Transport Point loads only in the dump's "
                                           f"hex, never via direct draw or thrown SP (13.2f)")
    if room <= 0:
        return TransportCheck(False, cost, f"{tp.id} is full: it carries {tp.load:g} SP, its size (13.2c)")
    amount = min(room, in_dump)
    return TransportCheck(True, cost, f"a friendly dump of {in_dump:g} SP lies in {here} (13.2f); {tp.id} takes "
                                      f"{amount:g} SP, up to its size {tp.size:g} (13.2c); loading costs {cost} MP", amount)


def combine_check(position: Position, unit_ids: list[str]) -> TransportCheck:
    """13.2c: Transport Points combine (or divide) at no MP cost, only in their side's Movement
    Phase, only when all are in one hex, and never across types (an Organic Truck never with a
    regular Truck)."""
    tps = [_transport(position, uid) for uid in unit_ids]
    t = position.turn
    if len(tps) < 2:
        return TransportCheck(False, 0, "combining needs at least two Transport Points (13.2c)")
    if t.phase != "movement" or t.player != tps[0].side:
        return TransportCheck(False, 0, f"only in the {tps[0].side} Movement Phase, not the {t.player} {t.phase} "
                                        f"phase (13.2c)")
    if len({u.hex for u in tps}) > 1:
        return TransportCheck(False, 0, "the Transport Points are not all in one hex (13.2c)")
    if len({u.type for u in tps}) > 1:
        kinds = ", ".join(sorted({u.type.replace('_', ' ') for u in tps}))
        return TransportCheck(False, 0, f"different types never combine ({kinds}; 13.2c)")
    size, load = sum(u.size for u in tps), sum(u.load for u in tps)
    return TransportCheck(True, 0, f"one {tps[0].type.replace('_', ' ')} of size {size:g} carrying {load:g} SP, "
                                   f"at no MP cost (13.2c)", load)


def unload_check(position: Position, map_: Map, unit_id: str) -> TransportCheck:
    """13.2f: a Transport Point unloads only in a hex with a friendly combat unit, a port, an air
    base or an existing unloaded dump; 13.2g A: an Organic Truck never unloads on the map."""
    tp = _transport(position, unit_id)
    cost = handling_cost(tp)
    here = map_.hex_id(tp.hex)
    if tp.type == ORGANIC:
        return TransportCheck(False, cost, "an Organic Truck can never unload its SP on the map (13.2g A)")
    why = []
    if any(u.side == tp.side and u.hex == tp.hex and is_combat(u) for u in position.units):
        why.append("a friendly combat unit")
    if map_.port_at(tp.hex) is not None:
        why.append("a port")
    if any(tp.hex in a.place.hexes for a in map_.airbases):
        why.append("an air base")
    if any(s.side == tp.side and s.kind == "sp" and s.hex == tp.hex and s.amount > 0 for s in position.supply):
        why.append("an unloaded dump")
    if why:
        return TransportCheck(True, cost, f"{here} has {' and '.join(why)} (13.2f); unloading costs {cost} MP")
    return TransportCheck(False, cost, f"{here} has no friendly combat unit, port, air base or unloaded dump (13.2f)")
