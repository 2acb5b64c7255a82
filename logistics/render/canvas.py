"""The display list of a picture: shapes in picture coordinates, and the hex-grid to picture
transform (scaled, turned, shifted). svg.py draws it as SVG text or through Pillow as PNG."""
from __future__ import annotations

import math
from dataclasses import dataclass

from logistics.hexgrid import Hex, Hexside
from logistics.mapdata import Map


@dataclass
class Shape:
    kind: str                          # polygon | line | circle | rect | text
    points: list[tuple[float, float]]  # polygon/line: the points; others: the anchor point
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    dash: float = 0.0                  # dash length (lines); 0 = solid
    opacity: float = 1.0
    size: float = 0.0                  # circle radius, rect half-size, text height
    text: str = ""
    bold: bool = False
    anchor: str = "middle"             # text: middle | start
    group: str = "map"                 # the layer it belongs to (the page switches layers)
    data: str = ""                     # the unit a counter or label shows (the page's hover)
    halo: bool = True                  # text: a light halo behind dark letters


class Canvas:
    """Hex-grid coordinates -> picture coordinates (scaled, turned, shifted), and the shapes."""

    def __init__(self, map_: Map, hex_size: float, rotate: float, margin: float, legend_width: float = 0.0):
        self.map, self.size = map_, hex_size
        self.cos, self.sin = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
        xs, ys = [], []
        for h in map_.terrain:
            for x, y in map_.layout.corners(h, hex_size):
                rx, ry = self._turn(x, y)
                xs.append(rx)
                ys.append(ry)
        self.dx, self.dy = margin - min(xs, default=0), margin - min(ys, default=0)
        self.map_width = math.ceil(max(xs, default=0) - min(xs, default=0) + 2 * margin)
        self.width = self.map_width + math.ceil(legend_width)
        self.height = math.ceil(max(ys, default=0) - min(ys, default=0) + 2 * margin)
        self.shapes: list[Shape] = []
        self.taken: list[tuple[float, float, float, float]] = []   # boxes of the labels placed so far
        self.group = "map"

    def free(self, box: tuple[float, float, float, float]) -> bool:
        """Whether a label box overlaps none placed so far."""
        return not any(box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3] for t in self.taken)

    def _turn(self, x: float, y: float) -> tuple[float, float]:
        return x * self.cos - y * self.sin, x * self.sin + y * self.cos

    def at(self, x: float, y: float) -> tuple[float, float]:
        rx, ry = self._turn(x, y)
        return round(rx + self.dx, 2), round(ry + self.dy, 2)

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.at(*self.map.layout.center(h, self.size))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        return [self.at(x, y) for x, y in self.map.layout.corners(h, self.size)]

    def edge(self, side: Hexside) -> list[tuple[float, float]]:
        """The two corners the hexes of a hexside share."""
        a = self.map.layout.corners(side.a, self.size)
        b = self.map.layout.corners(side.b, self.size)
        shared = [p for p in a if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6 * self.size for q in b)]
        return [self.at(x, y) for x, y in shared[:2]]

    def add(self, kind: str, points, **style) -> None:
        style.setdefault("group", self.group)
        self.shapes.append(Shape(kind, list(points), **style))
