"""One self-contained, offline HTML page: the supply picture as inline SVG, the facts behind it as
JSON, and a little JavaScript (no library, no network):

- hover a unit: its verdict, and its traced line drawn on the map;
- click a hex: its id, terrain, owner, units, and for each side whether a supply line may enter
  it and, if not, the rule that stops it;
- switch the layers on and off; search a unit or a city by name.
"""
from __future__ import annotations

import json
from importlib import resources
from xml.sax.saxutils import escape

from logistics.mapdata import Map
from logistics.position import Position
from logistics.render.layers import SupplyPicture, entry_blocks
from logistics.render.svg import draw_picture, svg_document
from logistics.report.supply import explanation


def page_data(c, pic: SupplyPicture, position: Position, map_: Map) -> dict:
    hid = map_.hex_id
    blocks = entry_blocks(pic, map_)
    units_at: dict = {}
    for u in position.units:
        if u.hex is not None:
            units_at.setdefault(u.hex, []).append(u.id)
    hexes = {}
    for h in map_.hexes():
        x, y = c.centre(h)
        city = map_.city_at(h)
        hexes[hid(h)] = {
            "x": x, "y": y, "terrain": map_.terrain[h].replace("_", " "),
            "owner": position.owner_of(h), "country": map_.country_of(h),
            "city": city.name if city else "", "units": sorted(units_at.get(h, [])),
            "entry": {side: (blocks[side].get(h, "may enter") if map_.is_land(h) else "may not enter: not land")
                      for side in pic.sides},
        }
    units = {}
    for m in pic.units:
        units[m.id] = {"side": m.side, "hex": hid(m.hex), "kind": m.kind, "u": m.u_level,
                       "verdict": explanation(m.verdict),
                       "line": [list(c.centre(h)) for h, _ in m.line],
                       "block": list(c.centre(m.block[0])) if m.block else None}
    cities = {}
    for city in map_.cities:
        if city.place.hexes:
            cities[city.name] = hid(city.place.hexes[0])
    return {"title": pic.title, "size": c.size, "sides": pic.sides, "hexes": hexes, "units": units,
            "cities": dict(sorted(cities.items()))}


def render_page(map_: Map, position: Position, pic: SupplyPicture, *, rotate: float = 0.0,
                hex_size: float = 12.0) -> str:
    """The HTML page: the picture with every layer drawn (each can be switched off)."""
    c = draw_picture(map_, position, False, rotate, hex_size, pic)
    groups = sorted({sh.group for sh in c.shapes} - {"map"})
    boxes = "".join(f'<label><input type="checkbox" checked data-layer="{g}"> {g}</label>' for g in groups)
    bar = (f'<input id="search" type="search" placeholder="unit or city" aria-label="search a unit or a city"> '
           f'<span id="layers">{boxes}</span>')
    info = "<p>Hover a unit to see its verdict and its line; click a hex for its facts.</p>"
    return html_page(pic.title, bar, c, info, page_data(c, pic, position, map_), "page.js")


def html_page(title: str, bar: str, c, info: str, data: dict, script: str, style: str = "") -> str:
    """The page around a picture (the map page, the editor): a bar with the title and `bar`'s
    controls, the picture's SVG, an info panel, the data as JSON for `script` (with hexpick.js)
    and page.css (then `style`). Deterministic."""
    svg = svg_document(c).replace("<svg ", '<svg id="map-svg" ', 1)
    data_text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    data_text = data_text.replace("</", "<\\/")   # nothing in the data may close the script element
    asset = resources.files("logistics.render")
    code = "".join(asset.joinpath(js).read_text(encoding="utf-8") for js in ("hexpick.js", script))
    css = asset.joinpath("page.css").read_text(encoding="utf-8") + style
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<title>{escape(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n'
            f'<div id="bar"><strong>{escape(title)}</strong> {bar}</div>\n'
            f'<div id="main"><div id="map">{svg}</div>\n'
            f'<div id="info">{info}</div>'
            f'</div>\n<script id="data" type="application/json">{data_text}</script>\n'
            f'<script>\n{code}</script>\n</body>\n</html>\n')
