"""Coastal hexsides: where ships pass from one partial-sea hex to the next along a coast.

Europa ships move hex by hex along a coast through partial-sea hexes (34A1, AEG 1998: a cargo
group moves from Melilla to Algeciras "along the coast through friendly-owned hexes"), but not
across a hexside that is all land (38A1 as quoted by AEG, 11-Mar-04: from 24A:4105 an air unit
may not go straight to 24A:4005 "since ... it would have to pass over neutral Spanish land on the
24A:4105/4005 hexside"). For two adjacent partial-sea hexes the land mask is sampled on the 1 km
lattice of `straits.py` over both hexes: if the water of one reaches the water of the other
through water lying in the two hexes, the hexside is a coastal hexside.
"""
from __future__ import annotations

from logistics.hexgrid import Hex, Hexside
from logistics.mapbuild.geo import GridTransform
from logistics.mapbuild.land import LandMask
from logistics.mapbuild.straits import _latlon, _lattice, reaches


def coastal_sides(transform: GridTransform, mask: LandMask, partial: set[Hex],
                  skip: set[Hexside]) -> set[Hexside]:
    """Hexsides between two partial-sea hexes whose water joins across them (`skip`: hexsides
    already all-sea or narrow straits, which ships cross anyway)."""
    pairs = sorted((a, b) for a in partial for b in a.neighbours()
                   if a < b and b in partial and Hexside(a, b) not in skip)
    if not pairs:
        return set()
    hexes = sorted({h for pair in pairs for h in pair})
    gi, gj, owner, step = _lattice(transform, hexes)
    lat, lon = _latlon(transform, gi * step, gj * step)
    land = mask.is_land(list(zip(lat.tolist(), lon.tolist())))
    water: dict[Hex, set[tuple[int, int]]] = {h: set() for h in hexes}
    for k, i, j, f in zip(owner.tolist(), gi.tolist(), gj.tolist(), land):
        if not f:
            water[hexes[k]].add((i, j))
    return {Hexside(a, b) for a, b in pairs if _joined(water[a], water[b])}


def _joined(wa: set[tuple[int, int]], wb: set[tuple[int, int]]) -> bool:
    """Some water point of A reaches one of B through water points of A or B."""
    return bool(wa and wb) and reaches(wa, wa | wb, wb)
