"""Water crossings between two land hexes: all-sea and narrow-strait hexsides.

For two adjacent land hexes A and B, the land mask is sampled on a 1 km lattice over both hexes.
If some land of A and some land of B are connected through land lying in A or B (or within a
third of a hex of the hexside's two ends: a coast that turns at a hex corner is no strait), the
hexside is a land hexside. Otherwise water runs across the hexside, and its width is the least
distance from A's land to B's land:

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

from logistics.hexgrid import Hex, Hexside
from logistics.mapbuild.geo import _F, _N, _RHO0, EARTH_KM, LON0, MILES_PER_KM, GridTransform, fractional_hex
from logistics.mapbuild.land import LandMask
from logistics.mapdata import Map

LATTICE_KM = 1.0
NARROW_MILES = 3.0
CORNER_REACH = 0.33   # pixels (a hex's circumradius is 1)
FOREIGN = 2           # a lattice point on land of another country than its hex's


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
        # Only points near an anchor move (bumps are cut at REACH * SIGMA).
        reach = warp.REACH * warp.SIGMA + max(math.hypot(*warp.shift(p)) for p in warp.points) + 1
        near = np.zeros(px.shape, dtype=bool)
        for ax, ay in warp.points:
            near |= (np.abs(px - ax) < reach) & (np.abs(py - ay) < reach)
        far_x, far_y = px, py
        px, py = px[near], py[near]
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
        px, py = far_x.copy(), far_y.copy()
        px[near], py[near] = qx, qy
    a = transform.affine
    det = a.a * a.e - a.b * a.d
    u, v = px - a.c, py - a.f
    x, y = (a.e * u - a.b * v) / det, (a.a * v - a.d * u) / det
    rho = np.hypot(x, _RHO0 - y)
    theta = np.arctan2(x, _RHO0 - y)
    lat = np.degrees(2 * np.arctan((EARTH_KM * _F / rho) ** (1 / _N)) - math.pi / 2)
    return lat, LON0 + np.degrees(theta / _N)


def water_sides(map_: Map, transform: GridTransform, mask: LandMask, limit_miles: float,
                wet: set[Hex], moved: dict[Hex, Hex], country_at, drawn: set[str]) -> dict[Hexside, str]:
    """Water crossings between land hexes that have some water (`wet`: sampled sea in them).

    In a hex next to another country, only land of the hex's own country counts (`country_at`):
    the shores of the two sides of a strait may share a hex. Countries without a border polygon
    (`drawn`: those that have one; Gibraltar, Tangier, Andorra have none) own all land in their hex.

    `moved`: hexes given to a place that really lies in the next hex (Gibraltar); such a hex is
    joined by land to that hex only, if none of its own samples is land.
    """
    import numpy as np

    coastal = sorted(h for h in map_.terrain if map_.is_land(h) and h in wet)
    if not coastal:
        return {}
    sampled = sorted({n for h in coastal for n in [h, *h.neighbours()] if map_.is_land(n)})
    gi, gj, owner, step = _lattice(transform, sampled)
    lat, lon = _latlon(transform, gi * step, gj * step)
    land = np.asarray(mask.is_land(list(zip(lat.tolist(), lon.tolist()))))
    km = step * transform.affine.km_per_pixel
    points: dict[Hex, dict[tuple[int, int], bool]] = {}
    border = {h for h in sampled if any(map_.is_land(n) and map_.country_of(n) != map_.country_of(h)
                                         for n in h.neighbours())}
    for h, i, j, f, la, lo in zip((sampled[k] for k in owner.tolist()), gi.tolist(), gj.tolist(), land.tolist(),
                                  lat.tolist(), lon.tolist()):
        if f and h in border and map_.country_of(h) in drawn | {"Spain"} and country_at(la, lo) != map_.country_of(h):
            f = FOREIGN
        points.setdefault(h, {})[(i, j)] = f
    reach2 = (CORNER_REACH / step) ** 2

    out: dict[Hexside, str] = {}
    coastal_set = set(coastal)
    for a in coastal:
        for b in a.neighbours():
            if not (a < b and b in coastal_set):
                continue
            dry = [h for h in (a, b) if h in moved and not any(points[h].values())]
            if dry:
                if moved[dry[0]] not in (a, b):
                    out[Hexside(a, b)] = "all_sea"
                continue
            ends = [(x / step, y / step) for x, y in _shared_corners(transform, a, b)]
            near_ends = {p: f for n in a.neighbours() if n.is_adjacent(b) and n in points
                         for p, f in points[n].items()
                         if f and min((p[0] - ex) ** 2 + (p[1] - ey) ** 2 for ex, ey in ends) <= reach2}
            width = _crossing_km(points[a], points[b], near_ends)
            if width is None:
                continue
            miles = width * km * MILES_PER_KM
            flank_land = any(map_.is_land(n) for n in a.neighbours() if n.is_adjacent(b))
            if limit_miles and (miles <= NARROW_MILES or (miles <= limit_miles and flank_land)):
                out[Hexside(a, b)] = "narrow_strait"
            elif limit_miles or miles > 5.0:
                out[Hexside(a, b)] = "all_sea"
    return out


def _shared_corners(transform: GridTransform, a: Hex, b: Hex) -> list[tuple[float, float]]:
    ca = transform.layout.corners(a)
    cb = transform.layout.corners(b)
    return [p for p in ca if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6 for q in cb)]


def reaches(start: set, allowed: set, goal: set) -> bool:
    """Some lattice point of `start` reaches one of `goal` through `allowed` (4-neighbours)."""
    if start & goal:
        return True
    seen = set(start)
    frontier = list(start)
    while frontier:
        i, j = frontier.pop()
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n in allowed and n not in seen:
                if n in goal:
                    return True
                seen.add(n)
                frontier.append(n)
    return False


def _crossing_km(pa: dict, pb: dict, extra: dict) -> float | None:
    """None if A's and B's own land touch through land in A, B or `extra`; else the least gap
    between them (lattice units). Values: True = own land, FOREIGN = another country's, False = water."""
    import numpy as np

    land_a = [p for p, f in pa.items() if f is True]
    land_b = [p for p, f in pb.items() if f is True]
    if not land_a or not land_b:
        return None
    both = {p for p, f in pa.items() if f} | {p for p, f in pb.items() if f} | set(extra)
    if reaches(set(land_a), both, set(land_b)):
        return None
    a = np.array(land_a, dtype=float)
    b = np.array(land_b, dtype=float)
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
    return max(float(np.sqrt(d2.min())) - 1, 0.0)   # lattice points are cell centres
