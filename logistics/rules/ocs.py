"""OCS unit vocabulary, one for the supply engine (supply/ocs.py) and the rail rules (rail/ocs.py).
Seed 003 (OCS v4 series rules, chapter 13).

Modes (5.0): combat, move, strat, reserve, exploit; a Disorganized unit (DG, 5.10e) is in
`dg-combat` or `dg-move`, the side it is oriented toward.
"""
from __future__ import annotations

from ..position import Unit

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
