"""The map editor page (`logistics map edit MAP -o edit.html`): one offline, self-contained page
over the map's own picture (the SVG of `logistics render`) where a player paints the terrain of a
hex, clicks hexsides for rivers, mountains and straits, draws rail and roads, places cities and
ports, and saves (downloads) a correction file for the map folder's `corrections/`
(docs/map-format.md, "Corrections"). The page writes only changes against the map it shows, so
every entry it saves changes something, as `logistics validate` requires.
"""
from __future__ import annotations

from xml.sax.saxutils import escape

from logistics.hexgrid import Hexside
from logistics.mapcorrect import ROAD_CLASSES
from logistics.mapdata import CITY_SIZES, HEXSIDE_FEATURES, PORT_CLASSES, RAIL_CLASSES, TERRAINS, Map
from logistics.render.page import html_page
from logistics.render.palette import TERRAIN_COLOURS
from logistics.render.svg import draw_picture


def _side_key(map_: Map, side: Hexside) -> str:
    return "/".join(sorted((map_.hex_id(side.a), map_.hex_id(side.b))))


def editor_data(c, map_: Map) -> dict:
    """What the page's script needs: each hex (centre, corners, terrain, neighbours), the map's
    hexside features, rail and road hexsides, cities and ports, and the choices the format allows."""
    hid = map_.hex_id
    hexes = {hid(h): {"x": x, "y": y, "c": c.corners(h), "t": map_.terrain[h], "p": h in map_.partial_sea,
                      "n": [hid(n) for n in map_.neighbours(h)]}
             for h in map_.hexes() for x, y in (c.centre(h),)}
    return {
        "map": map_.name, "size": c.size, "hexes": hexes,
        "sides": {_side_key(map_, s): sorted(f) for s, f in map_.hexside_features.items()
                  if s.a in map_ and s.b in map_},
        "rail": {_side_key(map_, s): t.klass for s, t in map_.rail_links.items()},
        "roads": {_side_key(map_, s): "road" for s in map_.road_links},
        "cities": {city.name: {"size": city.size, "hexes": [hid(h) for h in city.place.hexes]}
                   for city in map_.cities if city.place.hexes},
        "ports": {port.name: {"class": port.klass, "hex": hid(port.place.hex)}
                  for port in map_.ports if port.place.hex is not None},
        "colours": {t: TERRAIN_COLOURS.get(t, "#ffffff") for t in TERRAINS},
    }


def _select(name: str, options, label: str) -> str:
    items = "".join(f'<option value="{escape(o)}">{escape(o.replace("_", " "))}</option>' for o in options)
    return f'<label>{label} <select id="{name}">{items}</select></label>'


def render_editor(map_: Map, *, hex_size: float = 12.0) -> str:
    """The editor page's HTML (deterministic)."""
    c = draw_picture(map_, None, True, map_.north_rotation, hex_size)
    modes = ("terrain", "hexside", "rail", "road", "city", "port")
    title = f"Corrections to map {map_.name}"
    tools = " ".join([
        _select("mode", modes, "tool"),
        _select("terrain", TERRAINS, "terrain"),
        '<label><input type="checkbox" id="partial"> partial sea</label>',
        _select("feature", HEXSIDE_FEATURES, "hexside"),
        _select("rail-class", RAIL_CLASSES, "rail"),
        _select("road-class", ROAD_CLASSES, "road"),
        '<label>name <input id="place-name" size="14"></label>',
        _select("city-size", CITY_SIZES, "city"),
        _select("port-class", PORT_CLASSES, "port"),
        '<label><input type="checkbox" id="remove-place"> remove the place</label>',
        '<label>file <input id="file-name" value="corrections.yaml" size="16"></label>',
        '<button id="save">save</button>',
    ])
    info = ('<p id="help">Pick a tool, then click the map: a hex paints its terrain; near a '
            'hexside toggles the feature; rail and road: click hex after adjacent hex (a segment already '
            'there is taken out); city and port: the name, then its hex. Save writes the correction file '
            'for the map folder\'s corrections/.</p><p id="status"></p><pre id="edits"></pre>')
    return html_page(title, tools, c, info, editor_data(c, map_), "editor.js",
                     style="#bar label { white-space: nowrap; }\n#edits { white-space: pre-wrap; }\n")
