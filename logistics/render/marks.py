"""Units and their supply on the picture: counters marked by verdict, full-id labels placed
where they hit no other label, the chosen unit's line element by element, blocking hexes with
their rule, and the optional layers (enemy ZOC, naval zones, sources, rail sections)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from logistics.render.palette import (
    BLOCK,
    COMBAT,
    CUT,
    DANGER,
    INK,
    LINE,
    LINE_HALO,
    NEUTRAL,
    PAPER,
    SOURCE,
    VERDICTS,
    ZOC,
    side_colour,
)

if TYPE_CHECKING:
    from logistics.position import Position
    from logistics.render.canvas import Canvas
    from logistics.render.layers import SupplyPicture, UnitMark

# How each element of a line is drawn: dash length in hex sizes (0 = solid).
ELEMENT_DASH = {"overland": 0.0, "unit": 0.0, "road": 0.2, "rail": 0.45, "naval": 0.1, "sea": 0.1, "LOS": 0.0}
COUNTER = 0.42   # half the counter's side, in hex sizes
STACK = 0.2      # offset of each counter under the top one


def counter_at(c: Canvas, hex_, k: int) -> tuple[float, float]:
    x, y = c.centre(hex_)
    return round(x + k * c.size * STACK, 2), round(y - k * c.size * STACK, 2)


def _stacked(units) -> list[tuple[object, int]]:
    seen: dict = {}
    out = []
    for u in units:
        k = seen.get(u.hex, 0)
        seen[u.hex] = k + 1
        out.append((u, k))
    return out


def draw_counters(c: Canvas, position: Position) -> None:
    """A position without its supply: counters in side colours, labelled with their full ids."""
    sides = [sd.name for sd in position.sides]
    units = [u for u in position.units if u.hex is not None and u.hex in c.map.terrain]
    c.group = "units"
    placed = []
    for u, k in _stacked(units):
        x, y = counter_at(c, u.hex, k)
        c.add("rect", [(x, y)], fill=side_colour(sides, u.side), stroke="#000000", width=c.size * 0.06,
              size=c.size * COUNTER, data=u.id)
        placed.append((u.id, u.side, x, y, ""))
    _labels(c, sides, placed)
    c.group = "map"


def draw_units(c: Canvas, pic: SupplyPicture) -> None:
    s = c.size
    if "zoc" in pic.layers:
        c.group = "zoc"
        for h in c.map.grid_order(pic.zoc):
            c.add("polygon", c.corners(h), fill=ZOC, opacity=0.35)
    if "zones" in pic.layers:
        c.group = "zones"
        for h in c.map.grid_order(pic.zones):
            kind, _ = pic.zones[h]
            c.add("polygon", c.corners(h), fill=COMBAT if kind == "combat" else DANGER, opacity=0.3)
    if "rail" in pic.layers:
        c.group = "rail"
        _rail_sections(c, pic)
    if "cuts" in pic.layers:
        c.group = "cuts"
        for h, res, rule, units in pic.cuts:
            c.add("polygon", c.corners(h), fill=CUT, opacity=0.45, stroke=CUT, width=s * 0.2)
            x, y = c.centre(h)
            _place(c, f"cut: {res:g} REs of {pic.zoc_side} ({rule})", x, y, s * 0.5, INK, PAPER, CUT)
    if "sources" in pic.layers:
        c.group = "sources"
        for h in c.map.grid_order(pic.sources):
            x, y = c.centre(h)
            c.add("circle", [(x, y)], fill="none", stroke=SOURCE, width=s * 0.16, size=s * 0.72)
    chosen = pic.mark(pic.chosen) if pic.chosen else None
    if "blocks" in pic.layers:
        c.group = "blocks"
        shown = {(chosen.block[0], chosen.block[1])} if chosen is not None and chosen.block and "line" in pic.layers else set()
        for m in pic.units:
            if m.block and (m.block[0], m.block[1]) not in shown:
                shown.add((m.block[0], m.block[1]))
                _block(c, m.block[0], m.block[1])
    # Counters, marked by verdict; their boxes, and the chosen line's hexes, are taken before any
    # label is placed.
    if "line" in pic.layers and chosen is not None:
        for h, _ in chosen.line:
            x, y = c.centre(h)
            c.taken.append((x - s * 0.5, y - s * 0.5, x + s * 0.5, y + s * 0.5))
    c.group = "units"
    placed = []
    for m, k in _stacked(pic.units):
        x, y = counter_at(c, m.hex, k)
        letter, ring, _ = VERDICTS[m.kind]
        colour = side_colour(pic.sides, m.side)
        if ring:
            c.add("rect", [(x, y)], fill=ring, stroke="#000000", width=s * 0.05, size=s * (COUNTER + 0.16),
                  data=m.id)
        c.add("rect", [(x, y)], fill=colour, stroke="#000000", width=s * 0.06, size=s * COUNTER, data=m.id)
        c.add("text", [(x, y + s * 0.2)], text=letter, size=s * 0.55, fill=PAPER, bold=True, halo=False, data=m.id)
        c.taken.append((x - s * 0.6, y - s * 0.6, x + s * 0.6, y + s * 0.6))
        status = "" if m.kind == "in" else f" \u00b7 {m.kind} {m.u_level}"
        placed.append((m.id, m.side, x, y, status))
    _labels(c, pic.sides, placed)
    if "line" in pic.layers and chosen is not None:   # on top of every counter and label
        c.group = "line"
        draw_line(c, chosen)
    c.group = "map"


def draw_line(c: Canvas, m: UnitMark) -> None:
    """The traced line, element by element: a light halo, then each element's own dash."""
    s = c.size
    points = [c.centre(h) for h, _ in m.line]
    if len(points) >= 2:
        c.add("line", points, stroke=LINE_HALO, width=s * 0.6, data=m.id)
    runs: list[tuple[str, list]] = []
    for (h, element), p in zip(m.line, points):
        if element == "unit":
            element = m.line[1][1] if len(m.line) > 1 else "overland"
        if runs and runs[-1][0] == element:
            runs[-1][1].append(p)
        else:
            start = [runs[-1][1][-1]] if runs else []
            runs.append((element, start + [p]))
    for element, pts in runs:
        c.add("line", pts, stroke=LINE, width=s * 0.24, dash=s * ELEMENT_DASH.get(element, 0.5), data=m.id)
        x, y = pts[0]
        c.add("text", [(x + s * 0.4, y - s * 0.4)], text=element, size=s * 0.6, fill=INK, bold=True, anchor="start")
    if m.line:
        x, y = points[-1]
        c.add("circle", [(x, y)], fill=SOURCE, stroke="#000000", width=s * 0.06, size=s * 0.3)
    if m.block:
        _block(c, m.block[0], m.block[1], m.block[2])


def _block(c: Canvas, hex_, rule: str, reason: str = "") -> None:
    s = c.size
    x, y = c.centre(hex_)
    d = s * 0.45
    for a, b in (((x - d, y - d), (x + d, y + d)), ((x - d, y + d), (x + d, y - d))):
        c.add("line", [a, b], stroke=PAPER, width=s * 0.36)
        c.add("line", [a, b], stroke=BLOCK, width=s * 0.18)
    text = f"blocked: {reason} ({rule})" if reason else f"blocked ({rule})"
    _place(c, text, x, y, s * 0.5, INK, PAPER, BLOCK)


def _rail_sections(c: Canvas, pic: SupplyPicture) -> None:
    s = c.size
    links = c.map.rail_links
    for sec in pic.rail:
        hexes = set(sec.hexes)
        colour = side_colour(pic.sides, sec.side)
        for side in sorted(links, key=lambda hs: (c.map.hex_id(hs.a), c.map.hex_id(hs.b))):
            if side.a in hexes and side.b in hexes:
                c.add("line", [c.centre(side.a), c.centre(side.b)], stroke=colour, width=s * 0.3)
        if sec.hexes:
            x, y = c.centre(sec.hexes[0])
            _place(c, f"{sec.side} {sec.name}: capacity {sec.capacity:g}, free {sec.free:g}", x, y, s * 0.5,
                   INK, PAPER, colour)


def _labels(c: Canvas, sides: list[str], placed) -> None:
    for unit_id, side, x, y, status in placed:
        _place(c, unit_id + status, x, y, c.size * 0.6, INK, PAPER, side_colour(sides, side), data=unit_id,
               bold=bool(status))


def _place(c: Canvas, text: str, x: float, y: float, size: float, ink: str, paper: str, edge: str,
           data: str = "", bold: bool = False) -> None:
    """A label on a light box, at the first spot around (x, y) where it hits no other label; a
    leader line when it had to move away."""
    s = c.size
    w = size * (0.62 if bold else 0.57) * len(text) + size * 0.6
    h = size * 1.35
    spots = []
    for ring in (1.0, 1.9, 2.8, 3.7):
        r = s * ring
        for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (-1, -1), (-1, 1)):
            cx = x + dx * (r * 0.55 + w / 2) if dx else x
            cy = y + dy * (r * 0.7 + h / 2) if dy else y
            spots.append((round(cx, 2), round(cy, 2), ring))
    inside = [sp for sp in spots if w / 2 < sp[0] < c.map_width - w / 2 and h < sp[1] < c.height - h]
    spots = inside or spots
    box = None
    for cx, cy, ring in spots:
        candidate = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if c.free(candidate):
            box, far = candidate, ring > 1.0
            break
    if box is None:
        cx, cy, _ = spots[0]
        box, far = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), False
    c.taken.append(box)
    x0, y0, x1, y1 = (round(v, 2) for v in box)
    if far:
        ex, ey = min(max(x, x0), x1), min(max(y, y0), y1)
        if math.hypot(ex - x, ey - y) > s * 0.5:
            c.add("line", [(x, y), (ex, ey)], stroke=NEUTRAL, width=s * 0.06, data=data)
    c.add("box", [(x0, y0), (x1, y1)], fill=paper, stroke=edge, width=s * 0.08, data=data)
    c.add("text", [(round((x0 + x1) / 2, 2), round(y1 - h * 0.3, 2))], text=text, size=size, fill=ink, bold=bold,
          halo=False, data=data)
