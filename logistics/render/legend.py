"""The legend beside the map: sides, neutral countries, sea, cities, the verdict marks and the
layers drawn. Every entry shows the mark as drawn, so the legend cannot drift from the picture."""
from __future__ import annotations

import textwrap
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
    NEUTRAL_OPACITY,
    OWNER_OPACITY,
    PAPER,
    SEA,
    SEA_EDGE,
    SOURCE,
    TERRAIN_COLOURS,
    VERDICTS,
    ZOC,
    blend,
    side_colour,
)

if TYPE_CHECKING:
    from logistics.position import Position
    from logistics.render.canvas import Canvas
    from logistics.render.layers import SupplyPicture

WIDTH = 19.0        # the legend column, in hex sizes


def draw(c: Canvas, position: Position, pic: SupplyPicture | None) -> None:
    s = c.size
    c.group = "legend"
    x0 = c.map_width + s * 0.5
    right = c.width - s * 0.8
    y = s * 3.2
    c.add("box", [(x0, s * 2.2), (right, c.height - s * 1.0)], fill=PAPER, stroke="#555555", width=s * 0.06)
    x = x0 + s * 1.0
    chars = int((right - x - s * 1.4) / (s * 0.55 * 0.56))

    def entry(text: str, draw_mark) -> None:
        nonlocal y
        draw_mark(x + s * 0.5, y)
        lines = textwrap.wrap(text, chars) or [""]
        for k, line in enumerate(lines):
            c.add("text", [(x + s * 1.4, y + s * 0.2 + k * s * 0.7)], text=line, size=s * 0.55, fill=INK,
                  anchor="start", halo=False)
        y += s * (0.7 * len(lines) + 0.7)

    def heading(text: str) -> None:
        nonlocal y
        c.add("text", [(x, y + s * 0.2)], text=text, size=s * 0.7, fill=INK, bold=True, anchor="start", halo=False)
        y += s * 1.2

    def swatch(fill: str, hatch: bool = False):
        def mark(mx, my):
            c.add("rect", [(mx, my)], fill=fill, stroke="#555555", width=s * 0.04, size=s * 0.4)
            if hatch:
                c.add("line", [(mx - s * 0.4, my + s * 0.4), (mx + s * 0.4, my - s * 0.4)], stroke=NEUTRAL,
                      width=s * 0.08)
        return mark

    sides = [sd.name for sd in position.sides]
    heading("Legend")
    for side in sides:
        colour = side_colour(sides, side)

        def counter(mx, my, colour=colour):
            c.add("rect", [(mx, my)], fill=colour, stroke="#000000", width=s * 0.05, size=s * 0.4)
        entry(f"{side}: counter", counter)
        entry(f"{side}: owned hex", swatch(blend(colour, OWNER_OPACITY, TERRAIN_COLOURS["clear"])))
    entry("neutral country (grey, hatched)", swatch(blend(NEUTRAL, NEUTRAL_OPACITY, TERRAIN_COLOURS["clear"]), True))
    entry("sea", swatch(SEA))

    def city(fill):
        def mark(mx, my):
            c.add("rect", [(mx, my)], fill=fill, stroke="#000000", width=s * 0.1, size=s * 0.3)
            c.add("rect", [(mx, my)], fill="#000000", size=s * 0.1)
        return mark
    entry("major city (yellow: several hexes)", city("#f2d13c"))
    entry("city or major city of one hex", city(PAPER))
    entry("port", lambda mx, my: c.add("circle", [(mx, my)], fill=PAPER, stroke=SEA_EDGE, width=s * 0.08,
                                       size=s * 0.22))
    if pic is None:
        return
    y += s * 0.4
    heading("Supply (letter on the counter)")
    for letter, ring, text in VERDICTS.values():
        def mark(mx, my, letter=letter, ring=ring):
            if ring:
                c.add("rect", [(mx, my)], fill=ring, stroke="#000000", width=s * 0.05, size=s * 0.55)
            c.add("rect", [(mx, my)], fill="#555555", stroke="#000000", width=s * 0.05, size=s * 0.4)
            c.add("text", [(mx, my + s * 0.2)], text=letter, size=s * 0.55, fill=PAPER, bold=True, halo=False)
        entry(f"{letter}: {text}", mark)
    entry("label: unit id \u00b7 verdict and U-level when not in full supply",
          lambda mx, my: c.add("box", [(mx - s * 0.5, my - s * 0.3), (mx + s * 0.5, my + s * 0.3)], fill=PAPER,
                               stroke=INK, width=s * 0.06))
    if any(m.block for m in pic.units) and ("blocks" in pic.layers or pic.chosen):
        def cross(mx, my):
            d = s * 0.35
            c.add("line", [(mx - d, my - d), (mx + d, my + d)], stroke=BLOCK, width=s * 0.16)
            c.add("line", [(mx - d, my + d), (mx + d, my - d)], stroke=BLOCK, width=s * 0.16)
        entry("hex that stops a unit's line, with the rule", cross)
    if "line" in pic.layers and pic.chosen and pic.mark(pic.chosen):
        def line(mx, my, dash=0.0):
            c.add("line", [(mx - s * 0.6, my), (mx + s * 0.6, my)], stroke=LINE_HALO, width=s * 0.45)
            c.add("line", [(mx - s * 0.6, my), (mx + s * 0.6, my)], stroke=LINE, width=s * 0.16, dash=dash)
        from logistics.render.marks import ELEMENT_DASH
        elements = list(dict.fromkeys(e for _, e in pic.mark(pic.chosen).line if e != "unit")) or ["overland"]
        heading(f"Supply line of {pic.chosen}")
        for element in elements:
            dash = ELEMENT_DASH.get(element, 0.5)
            entry(f"{element} element" + (" (solid)" if not dash else ""), lambda mx, my, d=dash: line(mx, my, s * d))
        entry("the source it reaches", lambda mx, my: c.add("circle", [(mx, my)], fill=SOURCE, stroke="#000000",
                                                             width=s * 0.06, size=s * 0.3))
    if pic.sources:
        entry("supply source (green ring)", lambda mx, my: c.add("circle", [(mx, my)], fill="none", stroke=SOURCE,
                                                                  width=s * 0.14, size=s * 0.4))
    if pic.zoc:
        entry(f"ZOC of the enemies of {pic.zoc_side}", swatch(blend(ZOC, 0.35, TERRAIN_COLOURS["clear"])))
    if pic.zones:
        entry(f"danger zone for {pic.zoc_side} (34F)", swatch(blend(DANGER, 0.3, SEA)))
        entry(f"combat zone for {pic.zoc_side} (34A2)", swatch(blend(COMBAT, 0.3, SEA)))
    if pic.cuts:
        entry(f"hex whose loss puts REs of {pic.zoc_side} out of supply (cut)", swatch(blend(CUT, 0.45, TERRAIN_COLOURS["clear"])))
    if pic.rail:
        entry("rail section (side colour) with its capacity", lambda mx, my: c.add(
            "line", [(mx - s * 0.5, my), (mx + s * 0.5, my)], stroke=side_colour(sides, sides[0]), width=s * 0.3))
    c.group = "map"
