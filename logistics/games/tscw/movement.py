"""What TSCW rules of a unit's move along a path (seed 002), for the turn engine's orders:

- 10.2: a unit stops on entering a hex in an enemy ZOC (a full one: 10.6), and never moves directly from one EZOC
  hex to another; 10.5: a unit that starts in an EZOC may leave it into a hex outside any EZOC;
- 8.2: stacking in the hex where it ends (6 units, 4 divisions, one HQ).
"""
from __future__ import annotations

from dataclasses import replace

from logistics.games.tscw.rules import stacking
from logistics.games.tscw.supply import TscwSupply, enemy_zoc
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position, Unit


def path_refusal(position: Position, map_: Map, unit: Unit, path: list[Hex]) -> tuple[int, str, str] | None:
    """None, or (index in `path`, what is wrong, what is expected)."""
    # 10.6: only full ZOCs stop a move (a column's is full in a Fully Supplied city or town).
    ezoc = enemy_zoc(position, map_, unit.side, TscwSupply(position, map_).zoc_of)
    prev = unit.hex
    for k, h in enumerate(path):
        if prev in ezoc and h in ezoc:
            return k, (f"10.2: {map_.hex_id(prev)} and {map_.hex_id(h)} are both in an enemy ZOC "
                       f"(of {ezoc[h]})"), "no move directly from one EZOC hex to another"
        if h in ezoc and k < len(path) - 1:
            return k, f"10.2: {map_.hex_id(h)} is in the ZOC of {ezoc[h]}: the move stops there", \
                "an enemy-ZOC hex only at the end of the path"
        prev = h
    moved = replace(position, units=tuple(replace(u, hex=path[-1]) if u.id == unit.id else u for u in position.units))
    answer = stacking(moved, path[-1], unit.side)
    if not answer.ok:
        return len(path) - 1, f"8.2: {map_.hex_id(path[-1])} would hold {answer.reason}", "a hex within stacking"
    return None
