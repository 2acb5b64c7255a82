"""Water crossings between two land hexes: all-sea and narrow-strait hexsides.

For two adjacent land hexes A and B, the land mask is sampled on a 1 km lattice over both hexes.
If some land of A and some land of B are connected through land lying in A or B, the hexside is a
land hexside. Otherwise water runs across the hexside, and its width is the least distance from
A's land to B's land:

- FWtBT FAQ (Narrow Straits): a narrow-straits symbol is shown at each all-sea hexside 3 miles
  across or less, and at some 3-5 miles across, chiefly where it closes a bay or an estuary. We
  mark a narrow strait up to 3 miles, and from 3 to 5 miles where one of the two hexes flanking
  the hexside is land (the water there runs inland, into a bay or estuary, as at the Gironde);
- wider crossings are all-sea hexsides: ground units cannot cross them.
With `limit_miles` 0 (TSCW has no narrow straits), crossings up to 5 miles count as land hexsides
and wider ones as all-sea.
"""
from __future__ import annotations

import math

from ..hexgrid import Hex, Hexside
from ..mapdata import Map
from .geo import EARTH_KM, LAT0, LON0, MILES_PER_KM, GridTransform, _F, _N, _RHO0, fractional_hex
from .land import LandMask

LATTICE_KM = 1.0
NARROW_MILES = 3.0


def _lattice(transform: GridTransform, hexes: list[Hex]):
    """Lattice points (pixel x, y) in the given hexes, with the hex each lies in."""
    import numpy as np

    layout = transform.layout
    step = LATTICE_KM / transform.affine.km_per_pixel
    xs, ys, owner = [], [], []
    for k, h in enumerate(hexes):
        cx, cy = layout.center(h)
        # A global lattice (multiples of step), so neighbouring hexes share one.
        i0, i1 = math.floor((cx - 1) / step), math.ceil((cx + 1) / step)
        j0, j1 = math.floor((cy - 1) / step), math.ceil((cy + 1) / step)
        gi, gj = np.meshgrid(np.arange(i0, i1 + 1), np.arange(j0, j1 + 1), indexing="ij")
        px, py = gi.ravel() * step, gj.ravel() * step
        q, r = fractional_hex(layout, px - cx, py - cy)
        s = -q - r
        inside = np.maximum(np.maximum(np.abs(q - r), np.abs(r - s)), np.abs(s - q)) <= 1
        xs.append(gi.ravel()[inside])
        ys.append(gj.ravel()[inside])
        owner.append(np.full(int(inside.sum()), k))
    return np.concatenate(xs), np.concatenate(ys), np.concatenate(owner), step


def _latlon(transform: GridTransform, px, py):
    """Vectorised `GridTransform.latlon`."""
    import numpy as np

    warp = transform.warp
    if warp is not None and warp.points:
        qx, qy = px.copy(), py.copy()
        for _ in range(60):
            dx = np.zeros_like(qx)
            dy = np.zeros_like(qy)
            for (ax, ay), wx, wy in zip(warp.points, *warp.weights):
                d2 = (qx - ax) ** 2 + (qy - ay) ** 2
                b = np.where(d2 > (warp.REACH * warp.SIGMA) ** 2, 0.0, np.exp(-d2 / (2 * warp.SIGMA ** 2)))
                dx += wx * b
                dy += wy * b
            nx, ny = px - dx, py - dy
            done = np.max(np.abs(nx - qx) + np.abs(ny - qy)) < 1e-9
            qx, qy = nx, ny
            if done:
                break
        px, py = qx, qy
    a = transform.affine
    det = a.a * a.e - a.b * a.d
    u, v = px - a.c, py - a.f
    x, y = (a.e * u - a.b * v) / det, (a.a * v - a.d * u) / det
    rho = np.hypot(x, _RHO0 - y)
    theta = np.arctan2(x, _RHO0 - y)
    lat = np.degrees(2 * np.arctan((EARTH_KM * _F / rho) ** (1 / _N)) - math.pi / 2)
    return lat, LON0 + np.degrees(theta / _N)


def water_sides(map_: Map, transform: GridTransform, mask: LandMask, limit_miles: float) -> dict[Hexside, str]:
    import numpy as np

    coastal = sorted(h for h in map_.terrain if map_.is_land(h)
                     and (h in map_.partial_sea or any(map_.terrain.get(n) == "all_sea" for n in h.neighbours())))
    if not coastal:
        return {}
    gi, gj, owner, step = _lattice(transform, coastal)
    lat, lon = _latlon(transform, gi * step, gj * step)
    land = np.asarray(mask.is_land(list(zip(lat.tolist(), lon.tolist()))))
    km = step * transform.affine.km_per_pixel
    points: dict[Hex, dict[tuple[int, int], bool]] = {}
    for h, i, j, f in zip((coastal[k] for k in owner.tolist()), gi.tolist(), gj.tolist(), land.tolist()):
        points.setdefault(h, {})[(i, j)] = f

    out: dict[Hexside, str] = {}
    coastal_set = set(coastal)
    for a in coastal:
        for b in a.neighbours():
            if not (a < b and b in coastal_set):
                continue
            width = _crossing_km(points[a], points[b])
            if width is None:
                continue
            miles = width * km * MILES_PER_KM
            flank_land = any(map_.is_land(n) for n in a.neighbours() if n.is_adjacent(b))
            if limit_miles and (miles <= NARROW_MILES or (miles <= limit_miles and flank_land)):
                out[Hexside(a, b)] = "narrow_strait"
            elif limit_miles or miles > 5.0:
                out[Hexside(a, b)] = "all_sea"
    return out


def _crossing_km(pa: dict[tuple[int, int], bool], pb: dict[tuple[int, int], bool]) -> float | None:
    """None if A's and B's land touch through land in A and B; else the least gap (lattice units)."""
    import numpy as np

    land_a = [p for p, f in pa.items() if f]
    land_b = [p for p, f in pb.items() if f]
    if not land_a or not land_b:
        return None
    both = set(land_a) | set(land_b)
    seen = set(land_a)
    frontier = list(land_a)
    goal = set(land_b)
    while frontier:
        i, j = frontier.pop()
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n in both and n not in seen:
                if n in goal:
                    return None
                seen.add(n)
                frontier.append(n)
    a = np.array(land_a, dtype=float)
    b = np.array(land_b, dtype=float)
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    return max(float(np.sqrt(d2.min())) - 1, 0.0)   # lattice points are cell centres
