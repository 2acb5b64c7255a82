"""Geography to hex grid: projection, the fitted grid transform, polygons.

A point (lat, lon) goes to the map's pixel plane (hexes of circumradius 1, as `Layout.center`
draws them) in two steps:

1. a Lambert conformal conic projection (sphere, one standard parallel at 40 N, centred on
   Madrid), in kilometres: conformal, so a hex is the same shape all over Iberia;
2. an affine map from kilometres to pixels, fitted per map on the places whose printed hexes the
   rules cite (`python -m logistics.mapbuild fit NAME`) and stored in `data/maps.yaml`;
3. a local warp (`Warp`): the publishers' maps are drawn by hand, so a cited place can lie a hex
   or two from where any affine map puts it. A smooth displacement field, exact at the cited
   places and fading within a few hexes of them, moves each to the centre of its cited hex and
   carries its coast, rivers and neighbours along.

Pure Python (no numpy): the compiler's output must not depend on a numeric library's rounding.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Iterable, Sequence

from logistics.hexgrid import Hex, Layout, hex_round

EARTH_KM = 6371.0
MILES_PER_KM = 0.621371
LAT1 = 40.0          # standard parallel: the middle of the peninsula
LAT0, LON0 = 40.4165, -3.70256  # projection origin: Madrid

_N = math.sin(math.radians(LAT1))
_F = math.cos(math.radians(LAT1)) * math.tan(math.pi / 4 + math.radians(LAT1) / 2) ** _N / _N
_RHO0 = EARTH_KM * _F / math.tan(math.pi / 4 + math.radians(LAT0) / 2) ** _N

LatLon = tuple[float, float]
Point = tuple[float, float]


def project(lat: float, lon: float) -> Point:
    """(lat, lon) in degrees -> (east, north) in km from Madrid (Lambert conformal conic)."""
    rho = EARTH_KM * _F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** _N
    theta = _N * math.radians(lon - LON0)
    return rho * math.sin(theta), _RHO0 - rho * math.cos(theta)


def unproject(x: float, y: float) -> LatLon:
    rho = math.hypot(x, _RHO0 - y)
    theta = math.atan2(x, _RHO0 - y)
    lat = 2 * math.atan((EARTH_KM * _F / rho) ** (1 / _N)) - math.pi / 2
    return math.degrees(lat), LON0 + math.degrees(theta / _N)


@dataclass(frozen=True)
class Affine:
    """pixel = (a*x + b*y + c, d*x + e*y + f) for projected (x, y) in km."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f

    def invert(self, px: float, py: float) -> Point:
        det = self.a * self.e - self.b * self.d
        u, v = px - self.c, py - self.f
        return (self.e * u - self.b * v) / det, (self.a * v - self.d * u) / det

    @property
    def km_per_pixel(self) -> float:
        """The mean scale: kilometres per pixel unit (a hex's circumradius)."""
        return 1 / math.sqrt(abs(self.a * self.e - self.b * self.d))

    @property
    def north_angle(self) -> float:
        """Degrees to turn the drawing clockwise so that north points up the page."""
        # Pixel y grows downwards; north on the page is the image of +y (km), lying
        # atan2(b, -e) degrees clockwise from page-up: turn back by as much.
        return -math.degrees(math.atan2(self.b, -self.e))


class Warp:
    """A displacement field of Gaussian bumps (width SIGMA pixels) through given anchors.

    `Warp([(point, shift)])` moves each point by exactly its shift; the weights solve the small
    linear system that makes the bumps' sum exact at every anchor.
    """

    SIGMA = 3.0    # pixels: about 1.7 hexes
    REACH = 4.0    # bumps are cut beyond REACH * SIGMA (weight < e^-8)

    def __init__(self, anchors: Sequence[tuple[Point, Point]]):
        self.points = [p for p, _ in anchors]
        n = len(self.points)
        kernel = [[self._bump(self.points[i], self.points[j]) for j in range(n)] for i in range(n)]
        self.weights = [_solve(kernel, [shift[k] for _, shift in anchors]) for k in (0, 1)] if n else [[], []]

    def _bump(self, p: Point, q: Point) -> float:
        d2 = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
        if d2 > (self.REACH * self.SIGMA) ** 2:
            return 0.0
        return math.exp(-d2 / (2 * self.SIGMA ** 2))

    def shift(self, p: Point) -> Point:
        dx = dy = 0.0
        reach = self.REACH * self.SIGMA
        x, y = p
        for (qx, qy), wx, wy in zip(self.points, *self.weights):
            ex, ey = x - qx, y - qy
            if abs(ex) > reach or abs(ey) > reach:
                continue
            d2 = ex * ex + ey * ey
            if d2 <= reach * reach:
                b = math.exp(-d2 / (2 * self.SIGMA ** 2))
                dx += wx * b
                dy += wy * b
        return dx, dy

    def forward(self, p: Point) -> Point:
        dx, dy = self.shift(p)
        return p[0] + dx, p[1] + dy

    def backward(self, p: Point) -> Point:
        """The point that `forward` moves to p (fixed-point iteration; the field is gentle)."""
        q = p
        for _ in range(60):
            dx, dy = self.shift(q)
            nxt = (p[0] - dx, p[1] - dy)
            if abs(nxt[0] - q[0]) + abs(nxt[1] - q[1]) < 1e-9:
                return nxt
            q = nxt
        return q


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small systems)."""
    n = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


@dataclass(frozen=True)
class GridTransform:
    """lat/lon <-> the pixel plane and hexes of one map."""

    layout: Layout
    affine: Affine
    warp: Warp | None = None

    def pixel(self, lat: float, lon: float) -> Point:
        p = self.affine.apply(*project(lat, lon))
        return self.warp.forward(p) if self.warp else p

    def latlon(self, px: float, py: float) -> LatLon:
        if self.warp:
            px, py = self.warp.backward((px, py))
        return unproject(*self.affine.invert(px, py))

    def hex_at(self, lat: float, lon: float) -> Hex:
        return pixel_hex(self.layout, *self.pixel(lat, lon))

    @property
    def miles_per_hex(self) -> float:
        """Centre-to-centre distance of adjacent hexes, in miles."""
        return self.affine.km_per_pixel * math.sqrt(3) * MILES_PER_KM


def fractional_hex(layout: Layout, px: float, py: float) -> tuple[float, float]:
    """Pixel (hex size 1) -> fractional axial (q, r): the inverse of `Layout.center`."""
    if layout.orientation == "flat":
        return 2 / 3 * px, -px / 3 + math.sqrt(3) / 3 * py
    return math.sqrt(3) / 3 * px - py / 3, 2 / 3 * py


def pixel_hex(layout: Layout, px: float, py: float) -> Hex:
    return hex_round(*fractional_hex(layout, px, py))


def hex_samples(layout: Layout, hex_: Hex) -> list[Point]:
    """Sample points of a hex in pixels: the centre, a ring of 6 at half size and 12 near the rim.

    19 points: a hex is land if any is land; the share of sea ones says partial sea.
    """
    cx, cy = layout.center(hex_)
    start = 0 if layout.orientation == "flat" else 30
    points = [(cx, cy)]
    for radius, count, phase in ((0.5, 6, 30), (0.82, 12, 15)):
        for i in range(count):
            ang = math.radians(start + phase + 360 * i / count)
            points.append((cx + radius * math.cos(ang), cy + radius * math.sin(ang)))
    return points


def in_polygon(lat: float, lon: float, poly: Sequence[Sequence[float]]) -> bool:
    """Even-odd rule on [lat, lon] corners (fine at these sizes: no pole, no date line)."""
    box = _bounds(tuple(map(tuple, poly)))
    if not (box[0] <= lat <= box[1] and box[2] <= lon <= box[3]):
        return False
    inside = False
    n = len(poly)
    for i in range(n):
        (y1, x1), (y2, x2) = poly[i], poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            x = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < x:
                inside = not inside
    return inside


@cache
def _bounds(poly: tuple) -> tuple[float, float, float, float]:
    lats = [p[0] for p in poly]
    lons = [p[1] for p in poly]
    return min(lats), max(lats), min(lons), max(lons)


def densify(points: Iterable[Point], step: float) -> list[Point]:
    """The polyline with extra points so that no two are more than `step` apart."""
    points = list(points)
    out = points[:1]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / step))
        out.extend((x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n) for i in range(1, n + 1))
    return out
