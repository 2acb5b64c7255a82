"""Rivers: lat/lon polylines -> connected chains of hexsides.

A hex corner is named by the three hexes that meet there; two corners are joined by an edge when
they share two hexes, and that edge is the hexside between those two. The river's points are
projected onto the grid, each snapped to its nearest corner, and consecutive corners are joined by
the shortest walk on the corner graph; loops are cut. So the result is a chain of hexsides in which
each shares a corner with the next.
"""
from __future__ import annotations

import math
from collections import deque

from logistics.hexgrid import Hex, Hexside
from logistics.mapbuild.geo import GridTransform, densify, pixel_hex
from logistics.mapdata import Map

Corner = tuple[Hex, Hex, Hex]


def corner_near(transform: GridTransform, px: float, py: float) -> Corner:
    layout = transform.layout
    h = pixel_hex(layout, px, py)
    cx, cy = layout.center(h)
    start = 0 if layout.orientation == "flat" else 30
    angles = [start + 60 * i for i in range(6)]
    best = min(angles, key=lambda a: (math.cos(math.radians(a)) + cx - px) ** 2
               + (math.sin(math.radians(a)) + cy - py) ** 2)
    # The two neighbours meeting h at that corner lie 30 degrees either side of it.
    meet = [pixel_hex(layout, cx + math.sqrt(3) * math.cos(math.radians(best + d)),
                      cy + math.sqrt(3) * math.sin(math.radians(best + d))) for d in (-30, 30)]
    return tuple(sorted([h, *meet]))


def corner_neighbours(c: Corner) -> list[Corner]:
    out = []
    for i in range(3):
        x, y, third = c[i], c[(i + 1) % 3], c[(i + 2) % 3]
        other = [n for n in x.neighbours() if n.is_adjacent(y) and n != third]
        out.append(tuple(sorted([x, y, other[0]])))
    return sorted(out)


def _walk(a: Corner, b: Corner) -> list[Corner]:
    """Shortest corner path from a to b, a excluded (breadth first, fixed order)."""
    prev: dict[Corner, Corner | None] = {a: None}
    frontier = deque([a])
    while frontier:
        c = frontier.popleft()
        if c == b:
            break
        for n in corner_neighbours(c):
            if n not in prev:
                prev[n] = c
                frontier.append(n)
    path = [b]
    while prev[path[-1]] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def corner_path(transform: GridTransform, line: tuple[tuple[float, float], ...]) -> list[Corner]:
    points = densify((transform.pixel(lat, lon) for lat, lon in line), 0.25)
    path: list[Corner] = [corner_near(transform, *points[0])]
    for p in points[1:]:
        c = corner_near(transform, *p)
        if c == path[-1]:
            continue
        for step in _walk(path[-1], c):
            if step in path:          # a loop: cut it
                del path[path.index(step) + 1:]
            else:
                path.append(step)
    return path


def river_sides(map_: Map, transform: GridTransform, line) -> list[tuple[Hexside, ...]]:
    """The river's hexsides between two land hexes, as runs of connected hexsides."""
    path = corner_path(transform, line)
    runs: list[list[Hexside]] = [[]]
    for a, b in zip(path, path[1:]):
        x, y = sorted(set(a) & set(b))
        if map_.is_land(x) and map_.is_land(y):
            runs[-1].append(Hexside(x, y))
        elif runs[-1]:
            runs.append([])
    return [tuple(r) for r in runs if r]
