"""Zones of control as they bear on supply, isolation and ownership (Europa rule 5, 37C).

A unit with a normal or reduced ZOC exerts it into the six adjacent hexes, except:
- into terrain it may not enter (all-sea, lake) or across hexsides it may not cross (impassable,
  all-sea unless a narrow strait) — Rules 5 / 37D ruling (AEG, 07-Feb-04);
- across a neutral country's border — 37C, "ZOCs do not extend across a neutral's border"
  (AEG, 07-Feb-04), whether the French border is open or closed.
Reduced ZOCs block supply and isolation exactly as normal ones (Rule 5 ruling, AEG 1998).
"""
from __future__ import annotations

from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position, Unit


def crossable(map_: Map, a: Hex, b: Hex) -> bool:
    """May a ground unit cross the hexside a/b at all (ignoring enemy units)?"""
    features = map_.features_of(a, b)
    if "impassable" in features:
        return False
    if "all_sea" in features and "narrow_strait" not in features:
        return False
    return True


def neutral_border(map_: Map, a: Hex, b: Hex) -> bool:
    if not map_.is_border(a, b):
        return False
    return map_.is_neutral(a) or map_.is_neutral(b)


def projects_into(map_: Map, unit_hex: Hex, target: Hex) -> bool:
    """Whether a ZOC in `unit_hex` reaches the adjacent `target` (terrain, hexside, neutral border)."""
    return (target in map_ and map_.is_land(target) and crossable(map_, unit_hex, target)
            and not neutral_border(map_, unit_hex, target))


def exerts_zoc(unit: Unit, lose_zoc_at: int | None = None) -> bool:
    """Whether the unit has a ZOC now. `lose_zoc_at`: the U-n marker at which a unit has none
    (Europa: U-2; the 12B ruling of DPS, 08-Oct-04, has a U-1 unit keep a reduced ZOC and lose
    it on going U-2)."""
    if unit.hex is None or unit.zoc not in ("normal", "reduced"):
        return False
    return lose_zoc_at is None or unit.oos < lose_zoc_at


def zoc_hexes(position: Position, map_: Map, side: str, lose_zoc_at: int | None = None) -> dict[Hex, tuple[str, ...]]:
    """Every hex into which units of `side` exert a ZOC, with the ids of the units exerting it.

    A unit's own hex is in its ZOC too (it is one of the hexes it controls for ownership).
    """
    zoc: dict[Hex, list[str]] = {}
    for unit in position.units:
        if unit.side != side or not exerts_zoc(unit, lose_zoc_at):
            continue
        zoc.setdefault(unit.hex, []).append(unit.id)
        for n in unit.hex.neighbours():
            if projects_into(map_, unit.hex, n):
                zoc.setdefault(n, []).append(unit.id)
    return {h: tuple(ids) for h, ids in zoc.items()}
