"""Optional layers of a map picture (`logistics render --layers`): sea zones and weather zones as
tints with a legend, and the naval connections ships use (logistics/mapcheck.py: passages between
adjacent sea hexes, naval routes dashed, a route to an off-map box ending in the box's name)."""
from __future__ import annotations

from logistics.hexgrid import Hex, Hexside
from logistics.mapcheck import sea_network
from logistics.mapdata import Map

LAYERS = ("sea_zones", "weather_zones", "naval")
ZONE_COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
NAVAL = "#0b3d91"


def draw_layers(c, map_: Map, layers: tuple[str, ...]) -> None:
    """Add the chosen layers' shapes to the canvas `c` (logistics.render.Canvas)."""
    s = c.size
    legend: list[tuple[str, str]] = []
    for layer, key, title in (("sea_zones", "sea_zone", "sea zone"), ("weather_zones", "weather_zone", "weather zone")):
        if layer not in layers:
            continue
        cells = map_.layers.get(key, {})
        zones = sorted(set(cells.values()))
        # Weather tints take the colours after the sea zones', so the two never look alike.
        offset = len(set(map_.layers.get("sea_zone", {}).values())) if key == "weather_zone" else 0
        colour = {z: ZONE_COLOURS[(offset + k) % len(ZONE_COLOURS)] for k, z in enumerate(zones)}
        # Sea zones tint the sea, weather zones the land (a line also marks them at sea).
        for h in map_.grid_order(cells):
            if key == "sea_zone" or map_.is_land(h):
                c.add("polygon", c.corners(h), fill=colour[cells[h]], opacity=0.35 if key == "sea_zone" else 0.15)
        if key == "weather_zone":   # and the line between two zones
            for h in map_.grid_order(cells):
                for n in h.neighbours():
                    if n in cells and h < n and cells[n] != cells[h]:
                        c.add("line", c.edge(Hexside(h, n)), stroke="#5a1e6e", width=s * 0.3, dash=s * 0.5)
        legend += [(f"{title} {z}", colour[z]) for z in zones]
    if "naval" in layers:
        _naval(c, map_, s)
        legend.append(("naval connection", NAVAL))
    for k, (text, colour) in enumerate(legend):
        c.add("text", [(s * 2 + 0.3 * s * len(text), s * (3.0 + 1.1 * k))], text=text, size=s * 0.8,
              fill=colour, bold=True)


def _naval(c, map_: Map, s: float) -> None:
    nodes, adjacent = sea_network(map_)
    order = {n: k for k, n in enumerate(nodes)}
    for a in nodes:
        if not isinstance(a, Hex):
            continue
        for b in adjacent[a]:
            if isinstance(b, Hex) and order[a] < order[b] and a.is_adjacent(b):
                c.add("line", [c.centre(a), c.centre(b)], stroke=NAVAL, width=s * 0.07)
    for route in map_.routes:
        if route.kind != "naval":
            continue
        ends = [end for end in route.ends if map_.box(end) is None]
        hexes = [map_.hex_at(end) for end in ends if map_.hex_at(end) in map_]
        if len(hexes) == 2:
            c.add("line", [c.centre(h) for h in hexes], stroke=NAVAL, width=s * 0.14, dash=s * 0.4)
        elif len(hexes) == 1:
            box = next(end for end in route.ends if map_.box(end) is not None)
            x, y = c.centre(hexes[0])
            c.add("circle", [(x, y)], fill=NAVAL, size=s * 0.25)
            c.add("text", [(x, y + s * 1.1)], text=f"\u2192 {box}", size=s * 0.7, fill=NAVAL, bold=True)
