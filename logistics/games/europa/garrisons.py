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

import numpy as np

from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.network import HexIndex
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


def garrison_mask(position: Position, map_: Map, index: HexIndex, owner: np.ndarray, codes: list[int],
                  sizes: tuple[str, ...]) -> np.ndarray:
    """39D: intrinsic_garrisons of every side numbered `codes` in `owner` (a node array of owner
    numbers, view.PositionNodes), as one node mask: the cities' nodes are kept with the map, so
    only the owners of their hexes are read here, not every city's hexes per side."""
    mask = index.node_mask(np.zeros(0, dtype=np.int64))
    if not sizes or not codes:
        return mask
    cities = city_nodes(map_, index, sizes)
    mask[cities[np.isin(owner[cities], codes)]] = True
    # Not pacified (39A: unpacified, or a work not done) or dispersed: no intrinsic garrison.
    gone = set(position.unpacified).union((w.hex for w in position.pacification if not w.done),
                                          position.marks.get(DISPERSED, ()))
    if gone:
        mask &= ~index.mask(gone)
    return mask


def city_nodes(map_: Map, index: HexIndex, sizes: tuple[str, ...]) -> np.ndarray:
    """The nodes of the hexes of the map's cities of `sizes` (each once, in node order; hexes off
    the index left out): they depend on the map only, so they are kept with it (made again if its
    city list is replaced or grows, as sources.map_pairs)."""
    cached = map_.__dict__.get("_city_nodes")
    if cached is None or cached[0] is not index or cached[1] is not map_.cities or cached[2] != len(map_.cities):
        cached = map_.__dict__["_city_nodes"] = (index, map_.cities, len(map_.cities), {})
    if sizes not in cached[3]:
        nodes = index.nodes([h for city in map_.cities if city.size in sizes for h in city.place.hexes])
        cached[3][sizes] = np.unique(nodes[nodes >= 0])
    return cached[3][sizes]
