"""Pictures of a map (and of a position on it): SVG text, or PNG through Pillow.

Both outputs draw one display list (polygons, lines, circles, rectangles, texts) built once, so
they show the same thing. Layers, bottom to top: terrain, ownership shading, neutral countries,
region and country borders, coast, hexside features (rivers blue, all-sea hexsides, narrow
straits), roads, rail (low volume dashed), cities and ports with names, printed ids, unit counters.

`rotate` turns the whole drawing clockwise by that many degrees (labels stay upright): maps whose
grid is not laid north-up (TSCW's grid runs south to north) are drawn north-up with it; the map
compiler knows the angle from its fitted transform.
"""
from __future__ import annotations

import io
import math
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from logistics.atomic import write_text
from logistics.hexgrid import Hexside
from logistics.mapdata import Map
from logistics.render.canvas import Canvas, Shape
from logistics.render.palette import (
    INK,
    NEUTRAL,
    NEUTRAL_OPACITY,
    OWNER_OPACITY,
    PAPER,
    RAIL,
    RIVER,
    ROAD,
    SEA_EDGE,
    TERRAIN_COLOURS,
    side_colour,
)

if TYPE_CHECKING:  # the Position model is only read, never needed to draw a bare map
    from logistics.position import Position
    from logistics.render.layers import SupplyPicture


def draw_picture(map_: Map, position: Position | None, show_ids: bool, rotate: float, hex_size: float,
                 picture: SupplyPicture | None = None, map_layers: tuple[str, ...] = ()) -> Canvas:
    from logistics.render import legend, marks
    c = Canvas(map_, hex_size, rotate, margin=hex_size * 2, legend_width=legend.WIDTH * hex_size if position else 0)
    s = hex_size
    hexes = map_.hexes()
    for h in hexes:
        c.add("polygon", c.corners(h), fill=TERRAIN_COLOURS.get(map_.terrain[h], "#ffffff"))
    # A partial-sea hex: a wash of sea over its land.
    for h in sorted(map_.partial_sea):
        c.add("polygon", c.corners(h), fill=TERRAIN_COLOURS["all_sea"], opacity=0.35)
    if position is not None:
        sides = [sd.name for sd in position.sides]
        for h in hexes:
            owner = position.owner_of(h)
            if owner in sides:
                c.add("polygon", c.corners(h), fill=side_colour(sides, owner), opacity=OWNER_OPACITY)
    for h in hexes:
        if map_.is_neutral(h):   # grey and hatched: told apart from the sides without colour
            c.add("polygon", c.corners(h), fill=NEUTRAL, opacity=NEUTRAL_OPACITY)
            corners = c.corners(h)
            c.add("line", [corners[0], corners[3]], stroke=NEUTRAL, width=s * 0.05)

    # Borders and coast: hexsides between different regions, countries, land and sea.
    for h in hexes:
        for n in h.neighbours():
            if n not in map_.terrain or n < h:
                continue
            side = Hexside(h, n)
            if map_.is_land(h) != map_.is_land(n):
                c.add("line", c.edge(side), stroke=SEA_EDGE, width=s * 0.12)
            elif map_.is_land(h) and map_.country_of(h) != map_.country_of(n):
                c.add("line", c.edge(side), stroke="#7a1f1f", width=s * 0.22, dash=s * 0.35)
            elif map_.is_land(h) and map_.region_of(h) != map_.region_of(n):
                c.add("line", c.edge(side), stroke="#6e6e6e", width=s * 0.08, dash=s * 0.2)

    for run in map_.side_features:
        if run.feature == "coastal":
            continue   # a passage for ships, not a line on the map (drawn by the naval layer)
        for side in run.sides:
            if run.feature in ("major_river", "minor_river"):
                c.add("line", c.edge(side), stroke=RIVER, width=s * (0.3 if run.feature == "major_river" else 0.16))
            elif run.feature == "all_sea":
                c.add("line", c.edge(side), stroke=SEA_EDGE, width=s * 0.3)
            elif run.feature == "narrow_strait":
                # The crossing symbol: a bar from centre towards centre across the hexside.
                (ax, ay), (bx, by) = c.centre(side.a), c.centre(side.b)
                mx, my = (ax + bx) / 2, (ay + by) / 2
                c.add("line", [(mx + (ax - mx) * 0.45, my + (ay - my) * 0.45),
                               (mx + (bx - mx) * 0.45, my + (by - my) * 0.45)], stroke="#e07b00", width=s * 0.25)
            else:
                c.add("line", c.edge(side), stroke="#5b3a1a", width=s * 0.25)

    if map_layers:   # sea zones, weather zones, naval connections (render/map_layers.py)
        from logistics.render.map_layers import draw_layers
        draw_layers(c, map_, map_layers)

    for road in map_.roads:
        c.add("line", [c.centre(h) for h in road.hexes], stroke=ROAD, width=s * 0.12)
    for track in map_.rail:
        low = track.klass == "low_volume"
        c.add("line", [c.centre(h) for h in track.hexes], stroke=RAIL, width=s * (0.12 if low else 0.16),
              dash=s * 0.3 if low else 0.0)

    anchors = {p.name for p in map_.ports if p.klass == "anchor"}   # TSCW 11.5: coastal cities, the anchor symbol
    for port in map_.ports:
        if port.place.hex is None:
            continue
        x, y = c.centre(port.place.hex)
        c.add("circle", [(x + s * 0.45, y - s * 0.45)], fill="#ffffff", stroke=SEA_EDGE, width=s * 0.08,
              size=s * 0.22)
        if port.naval_base:
            c.add("circle", [(x + s * 0.45, y - s * 0.45)], fill=SEA_EDGE, size=s * 0.1)
    for city in map_.cities:
        if not city.place.hexes:
            continue
        big = city.size in ("major", "city")
        for h in city.place.hexes:
            x, y = c.centre(h)
            if big:
                # A city, not a counter: a white square ringed in black, a black core.
                c.add("rect", [(x, y)], fill="#f2d13c" if len(city.place.hexes) > 1 else PAPER,
                      stroke="#000000", width=s * 0.1, size=s * 0.3)
                c.add("rect", [(x, y)], fill="#000000", size=s * 0.1)
            else:
                c.add("circle", [(x, y)], fill="#000000" if city.size in ("dot", "town") else "#ffffff",
                      stroke="#000000", width=s * 0.08, size=s * (0.2 if city.size in ("dot", "town") else 0.15))
        if "uss" in city.tags:
            x, y = c.centre(city.place.hexes[0])
            c.add("circle", [(x - s * 0.45, y - s * 0.45)], fill="#1e8c3a" if "republican" in city.tags else "#111111",
                  size=s * 0.2)
    # Names: big cities first, each where it overlaps no name already placed (below, above,
    # right, left of its hex; below if nowhere is free).
    rank = {"major": 0, "city": 0, "dot": 1, "town": 1}
    if picture is not None:   # the unit labels come first: cities give way to them
        marks.draw_units(c, picture)
    for city in sorted((ct for ct in map_.cities if ct.place.hexes), key=lambda ct: rank.get(ct.size, 2)):
        x, y = c.centre(city.place.hexes[0])
        size = s * (0.85 if city.size in ("major", "city") else 0.65)
        label = city.name + (" \u2693" if city.name in anchors else "")
        w = 0.58 * size * len(label)
        spots = [(x, y + s * 0.55 + size), (x, y - s * 0.6), (x + s * 0.5 + w / 2, y + size * 0.35),
                 (x - s * 0.5 - w / 2, y + size * 0.35)]
        if picture is not None:   # among unit labels: a little further out before giving up
            spots += [(x, y + s * 1.3 + size), (x, y - s * 1.4), (x + s * 1.2 + w / 2, y + size * 0.35),
                      (x - s * 1.2 - w / 2, y + size * 0.35)]
        boxes = [(px - w / 2, py - size, px + w / 2, py + size * 0.25) for px, py in spots]
        free = [k for k, b in enumerate(boxes) if c.free(b)]
        if not free and picture is not None and city.size not in ("major", "city"):
            continue    # a small town's name gives way to the unit labels
        k = free[0] if free else 0
        c.taken.append(boxes[k])
        c.add("text", [spots[k]], text=label, size=size, fill=INK, bold=city.size in ("major", "city"))

    title = f"{map_.name} \u2014 {map_.game}, {map_.scale_miles:g} miles a hex"
    if picture is not None:
        title = picture.title
    elif position is not None:
        from logistics.render.layers import title_of
        title = title_of(map_.name, position)
    c.add("text", [(s * 2, s * 1.6)], text=title, size=s * 1.0, fill=INK, bold=True, anchor="start")

    if show_ids:
        for h in hexes:
            x, y = c.centre(h)
            c.add("text", [(x, y - s * 0.45)], text=map_.hex_id(h), size=s * 0.3, fill="#555555")

    if position is not None:
        if picture is None:
            marks.draw_counters(c, position)
        legend.draw(c, position, picture)
    return c


# --- SVG -----------------------------------------------------------------------------------------

def _pts(points) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _svg_shape(sh: Shape) -> str:
    extra = f' data-unit="{escape(sh.data, {chr(34): "&quot;"})}"' if sh.data else ""
    if sh.opacity != 1.0:
        extra += f' opacity="{sh.opacity:g}"'
    if sh.kind == "polygon":
        return f'<polygon points="{_pts(sh.points)}" fill="{sh.fill}"{extra}/>'
    if sh.kind == "line":
        if len(sh.points) < 2:
            return ""
        dash = f' stroke-dasharray="{sh.dash:g}"' if sh.dash else ""
        return (f'<polyline points="{_pts(sh.points)}" fill="none" stroke="{sh.stroke}" '
                f'stroke-width="{sh.width:g}" stroke-linecap="round" stroke-linejoin="round"{dash}{extra}/>')
    stroke = f' stroke="{sh.stroke}" stroke-width="{sh.width:g}"' if sh.stroke else ""
    if sh.kind == "box":
        (x0, y0), (x1, y1) = sh.points
        return (f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" fill="{sh.fill}"'
                f'{stroke}{extra}/>')
    (x, y), = sh.points
    if sh.kind == "circle":
        return f'<circle cx="{x:g}" cy="{y:g}" r="{sh.size:g}" fill="{sh.fill}"{stroke}{extra}/>'
    if sh.kind == "rect":
        d = sh.size
        return (f'<rect x="{x - d:g}" y="{y - d:g}" width="{2 * d:g}" height="{2 * d:g}" fill="{sh.fill}"'
                f'{stroke}{extra}/>')
    weight = ' font-weight="bold"' if sh.bold else ""
    halo = f' stroke="#ffffff" stroke-width="{sh.size * 0.18:g}" paint-order="stroke"' if sh.halo else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{sh.size:g}" text-anchor="{sh.anchor}" fill="{sh.fill}"'
            f'{weight}{halo}{extra}>{escape(sh.text)}</text>')


def svg_body(c: Canvas) -> str:
    """The shapes, each run of one layer in its own group (`<g class="layer-NAME">`)."""
    out, group = [], None
    for sh in c.shapes:
        if sh.group != group:
            if group is not None:
                out.append("</g>")
            group = sh.group
            out.append(f'<g class="layer-{group}">')
        text = _svg_shape(sh)
        if text:
            out.append(text)
    if group is not None:
        out.append("</g>")
    return "\n".join(out)


def svg_document(c: Canvas) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{c.width}" height="{c.height}" '
            f'viewBox="0 0 {c.width} {c.height}" font-family="DejaVu Sans, sans-serif">\n'
            f'<rect width="100%" height="100%" fill="#ffffff"/>\n{svg_body(c)}\n</svg>\n')


def render_svg(map_: Map, position: Position | None = None, *, show_ids: bool = False,
               rotate: float = 0.0, hex_size: float = 12.0, picture: SupplyPicture | None = None,
               map_layers: tuple[str, ...] = ()) -> str:
    """The map (and position, and its supply picture) as an SVG document."""
    return svg_document(draw_picture(map_, position, show_ids, rotate, hex_size, picture, map_layers))


# --- PNG (Pillow) ----------------------------------------------------------------------------------

def render_png(map_: Map, path: Path | str, position: Position | None = None, *, show_ids: bool = False,
               rotate: float = 0.0, hex_size: float = 12.0, picture: SupplyPicture | None = None,
               map_layers: tuple[str, ...] = ()) -> None:
    """The map (and position) as a PNG file, drawn with Pillow at twice the size and halved."""
    from PIL import Image, ImageDraw, ImageFont

    k = 2
    c = draw_picture(map_, position, show_ids, rotate, hex_size * k, picture, map_layers)
    base = Image.new("RGB", (c.width, c.height), "#ffffff")
    fonts: dict[tuple[float, bool], object] = {}

    def font(size: float, bold: bool):
        key = (round(size), bold)
        if key not in fonts:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            try:
                fonts[key] = ImageFont.truetype(name, key[0])
            except OSError:
                fonts[key] = ImageFont.load_default(size=key[0])
        return fonts[key]

    draw = ImageDraw.Draw(base)
    overlay = None
    for sh in c.shapes + [Shape("end", [])]:
        if sh.opacity != 1.0:
            # Translucent shapes: a run of them is drawn on one overlay, then blended in.
            if overlay is None:
                overlay = Image.new("RGBA", base.size, (0, 0, 0, 0))
            ImageDraw.Draw(overlay).polygon(sh.points, fill=_rgba(sh.fill, sh.opacity))
            continue
        if overlay is not None:
            base.paste(Image.alpha_composite(base.convert("RGBA"), overlay).convert("RGB"))
            overlay = None
        if sh.kind == "polygon":
            draw.polygon(sh.points, fill=sh.fill, outline="#bdb8a0" if sh.fill != TERRAIN_COLOURS["all_sea"] else "#9cc3dd")
        elif sh.kind == "line" and len(sh.points) >= 2:
            width = max(1, round(sh.width))
            for seg in (_dashes(sh.points, sh.dash) if sh.dash else [sh.points]):
                draw.line(seg, fill=sh.stroke, width=width, joint="curve")
        elif sh.kind == "circle":
            (x, y), = sh.points
            r = sh.size
            draw.ellipse((x - r, y - r, x + r, y + r), fill=None if sh.fill == "none" else sh.fill, outline=sh.stroke,
                         width=max(1, round(sh.width)) if sh.stroke else 0)
        elif sh.kind in ("rect", "box"):
            if sh.kind == "rect":
                (x, y), = sh.points
                box = (x - sh.size, y - sh.size, x + sh.size, y + sh.size)
            else:
                (x0, y0), (x1, y1) = sh.points
                box = (x0, y0, x1, y1)
            draw.rectangle(box, fill=sh.fill, outline=sh.stroke, width=max(1, round(sh.width)) if sh.stroke else 0)
        elif sh.kind == "text":
            (x, y), = sh.points
            draw.text((x, y), sh.text, fill=sh.fill, font=font(sh.size, sh.bold), anchor="ls" if sh.anchor == "start" else "ms",
                      stroke_width=max(1, round(sh.size * 0.12)) if sh.halo else 0, stroke_fill="#ffffff")
    out = base.resize((c.width // k, c.height // k), Image.LANCZOS)
    # A 256-colour palette: a third of the bytes, no visible loss on a map's flat colours.
    buffer = io.BytesIO()
    out.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(buffer, "PNG", optimize=True)
    write_text(path, buffer.getvalue())  # replaced whole or not at all


def _rgba(colour: str, opacity: float) -> tuple[int, int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16), round(255 * opacity)


def _dashes(points: list[tuple[float, float]], dash: float) -> list[list[tuple[float, float]]]:
    """A polyline cut into dash-long pieces with dash-long gaps."""
    out: list[list[tuple[float, float]]] = []
    on, left, cur = True, dash, [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        t = 0.0
        while seg - t > left:
            t += left
            p = (x1 + (x2 - x1) * t / seg, y1 + (y2 - y1) * t / seg)
            if on:
                cur.append(p)
                out.append(cur)
            cur = [p]
            on, left = not on, dash
        left -= seg - t
        if on:
            cur.append((x2, y2))
        else:
            cur = [(x2, y2)]
    if on and len(cur) >= 2:
        out.append(cur)
    return out
