"""FWtBT garrisons: a city's pacification garrison (39A) and its intrinsic garrison (39D).

- 39A: no supply line of its owner enters a friendly-owned unpacified city unless the city's
  required garrison is there (AEG 1998). The garrison is the owner's units standing in the hex —
  their REs against the city's requirement (option `pacification_garrison`, REs; 1 by default: the
  39A chart is not in the seeds) — or the scenario's `garrisoned` flag, an explicit override.
- 39D: a friendly-owned, *pacified* city has an intrinsic garrison, a unit (DPS, 04-Jan-04: it has
  to be pacified to have one); by 12A no enemy line enters its hex (DPS, 08-Oct-04). Point cities
  have none (seed 000, the 39A ruling of AEG 1998 on captured cities: "point cities not having
  intrinsic garrisons"). A dispersed garrison (scenario mark `dispersed_garrison`) is gone while
  dispersed; once its city is enemy-owned it is eliminated, and a new one appears only when the
  city is friendly-owned and pacified again (AEG 1998) — which follows here from the city being
  unpacified after a capture (ownership.py).
"""
from __future__ import annotations

from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position

DISPERSED = "dispersed_garrison"     # the scenario mark of dispersed intrinsic garrisons (39D)


def pacified(position: Position, hex_: Hex) -> bool:
    """39A (DPS, 04-Jan-04): a city hex is pacified (and purified) only once every work on it is
    done, its garrison having stayed the required time; a garrison merely present does not pacify
    it. 39D: only such a city has an intrinsic garrison."""
    return hex_ not in position.unpacified and all(w.done for w in position.pacification if w.hex == hex_)


def intrinsic_garrisons(position: Position, map_: Map, sizes: tuple[str, ...], side: str) -> set[Hex]:
    """39D: the hexes of `side`'s intrinsic garrisons — its owned, pacified cities of `sizes` whose
    garrison is not dispersed."""
    if not sizes:
        return set()
    dispersed = position.marks.get(DISPERSED, frozenset())
    return {h for city in map_.cities if city.size in sizes for h in city.place.hexes
            if position.owner.get(h) == side and h not in dispersed and pacified(position, h)}
