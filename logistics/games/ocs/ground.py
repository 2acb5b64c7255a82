"""What OCS trace supply (`supply.py`) and OCS rail (`rail.py`) both read, computed one way for
both: the side's Supply Source hexes and the enemy's zones of control. Seed 003 (OCS v4 series
rules, chapter 13).

- Supply Sources: one form, the scenario's `supply_sources` (with `hexes` and / or `cities`) of
  the side. 13.3c makes a rail hex detrainable by "a rail path ... back to a supply source": the
  same sources units and HQs draw from.
- Enemy ZOC: 13.3c, 13.3e and 13.3h name enemy ZOC for rail paths and trace supply alike. Only
  units that can attack have one (4.5, not in the seeds): not HQs, whose strength is
  "parenthesized (defensive-only)" (13.1c), not artillery, likewise (13.4b), not Transport Points
  or SP, which are not combat units (13.3a lists "Combat units, Transport Points, and SP"), nor a
  unit the scenario marks `zoc: none`. A ZOC reaches the six hexes around the unit except where
  `logistics/zoc.py` `projects_into` says it does not (impassable or all-sea hexsides, water).
"""
from __future__ import annotations

from logistics.errors import LoadError
from logistics.games.ocs.units import is_a, is_combat, is_hq
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position, Unit
from logistics.zoc import projects_into

ARTILLERY = "artillery"                                               # 13.4b


def source_hexes(position: Position, map_: Map, side: str) -> dict[Hex, str]:
    """The side's Supply Source hexes, with the source's name (the first source listing a hex)."""
    if "supply_source" in position.marks:
        raise LoadError("scenario", "a Supply Source is given as a mark", field="marks.supply_source",
                        expected="supply_sources: [{name: ..., side: ..., hexes: [...]}] (docs/ocs.md)")
    out: dict[Hex, str] = {}
    for s in position.supply_sources:
        if s.side != side:
            continue
        for h in [*s.hexes, *(h for c in map_.cities if c.name in s.cities for h in c.place.hexes)]:
            out.setdefault(h, s.name)
    return out


def exerts_zoc(unit: Unit) -> bool:
    """The unit has a ZOC: a combat unit on the map that can attack (see the module docstring)."""
    return (unit.hex is not None and is_combat(unit) and not is_hq(unit) and not is_a(unit, ARTILLERY)
            and unit.zoc != "none")


def enemy_zoc(position: Position, map_: Map, side: str) -> set[Hex]:
    """Every hex in the ZOC of a unit of the side's enemies (their own hexes included)."""
    enemies = set(position.enemies_of(side))
    out: set[Hex] = set()
    for u in position.units:
        if u.side in enemies and exerts_zoc(u):
            out.add(u.hex)
            out.update(n for n in u.hex.neighbours() if projects_into(map_, u.hex, n))
    return out
