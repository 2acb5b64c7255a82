"""OCS unit vocabulary, one for the supply engine (games/ocs/supply.py) and the rail rules (games/ocs/rail.py).
Seed 003 (OCS v4 series rules, chapter 13).

Modes (5.0): combat, move, strat, reserve, exploit; a Disorganized unit (DG, 5.10e) is in
`dg-combat` or `dg-move`, the side it is oriented toward.
"""
from __future__ import annotations

from logistics.position import Unit

MODES = ("combat", "move", "strat", "reserve", "exploit", "dg-combat", "dg-move")
DG_PREFIX = "dg-"
HQ = "hq"
ORGANIC = "organic_truck"                                             # 13.2g
TRANSPORT_TYPES = ("transport", "truck", "wagon", "mule", ORGANIC)     # 13.2: Transport Points
NON_COMBAT = (*TRANSPORT_TYPES, "supply", "sp")                       # not combat units (13.3e)


def is_a(unit: Unit, word: str) -> bool:
    """The unit's type is `word`, or it carries the tag."""
    return unit.type.lower() == word or word in unit.tags


def is_hq(unit: Unit) -> bool:
    return is_a(unit, HQ)


def is_transport(unit: Unit) -> bool:
    return unit.type.lower() in TRANSPORT_TYPES


def is_combat(unit: Unit) -> bool:
    return unit.type.lower() not in NON_COMBAT and "noncombat" not in unit.tags


def oriented(mode: str) -> str:
    """The mode a unit shows, DG or not: `dg-combat` -> `combat` (5.10e)."""
    return mode.removeprefix(DG_PREFIX)


def check_unit(doc, f: dict) -> None:
    """An OCS unit states its mode (5.0); an HQ its throw ranges (13.1a)."""
    if "mode" not in f:
        raise doc.error("an OCS unit needs a mode", expected="mode: one of " + ", ".join(MODES))
    f["mode"].choice(MODES, "OCS mode")
    kind = f["type"].text() if "type" in f else ""
    if kind == HQ and "throw" not in f:
        raise doc.error("an OCS HQ needs its throw ranges", expected="throw: {combat: N, move: M} in truck MP (13.1a)")
    if kind in TRANSPORT_TYPES and "load" in f:
        size = f["size"].number(0) if "size" in f else 1.0
        if f["load"].number(0) > size:
            raise f["load"].error(f"a Transport Point of size {size:g} carries {f['load'].number(0):g} SP",
                                  expected=f"at most its size, {size:g} SP (OCS 13.2c)")
