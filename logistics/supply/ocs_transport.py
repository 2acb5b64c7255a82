"""OCS Transport Points loading and unloading SP (13.2f, 13.2g A). Seed 003."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import LoadError
from ..mapdata import Map
from ..position import Position, Unit
from .ocs import ORGANIC, is_combat, is_transport


@dataclass(frozen=True)
class TransportCheck:
    allowed: bool
    cost: int           # MP the Transport Point pays
    reason: str


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
    direct draw or thrown SP."""
    tp = _transport(position, unit_id)
    cost = handling_cost(tp)
    here = map_.hex_id(tp.hex)
    if any(s.side == tp.side and s.kind == "sp" and s.hex == tp.hex and s.amount > 0 for s in position.supply):
        return TransportCheck(True, cost, f"a friendly dump lies in {here} (13.2f); loading costs {cost} MP")
    return TransportCheck(False, cost, f"no friendly dump in {here}: a Transport Point loads only in the dump's "
                                       f"hex, never via direct draw or thrown SP (13.2f)")


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
