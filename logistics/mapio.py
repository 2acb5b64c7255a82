"""Reading and writing map folders (format: docs/map-format.md)."""
from __future__ import annotations

from pathlib import Path

from logistics.atomic import write_files
from logistics.errors import LoadError
from logistics.hexgrid import Hex, Hexside, Layout
from logistics.mapcorrect import apply_corrections
from logistics.mapdata import (
    BOX_KINDS,
    CITY_SIZES,
    DEFAULT_TERRAIN_LEGEND,
    HEXSIDE_FEATURES,
    LAYERS,
    OFF_MAP,
    PORT_CLASSES,
    RAIL_CLASSES,
    TERRAINS,
    Airbase,
    Beach,
    Box,
    City,
    Country,
    Map,
    Place,
    Port,
    Route,
    SideFeature,
    Track,
    Yard,
)
from logistics.numbering import STYLES, Numbering, NumberingError, Sheet
from logistics.project import inside, project_root
from logistics.yamldoc import Doc, dump_flow, load_doc, read_text

MAP_FILE = "map.yaml"
FEATURES_FILE = "features.yaml"
GAMES = ("europa", "tscw", "ocs")


def named_places(map_: Map) -> dict[str, set[Hex]]:
    """Lower-case name -> hexes of the map's named places (cities, ports, yards, airbases, beaches);
    a place over several hexes (a major city) is named by its first listed hex."""
    names: dict[str, set[Hex]] = {}
    for feature in (*map_.cities, *map_.ports, *map_.yards, *map_.airbases, *map_.beaches):
        if feature.place.hex is not None:
            names.setdefault(feature.name.lower(), set()).add(feature.place.hex)
    return names


def find_hex(map_: Map, text: str) -> Hex:
    """A printed id, or the name of a place in one hex, -> its hex. NumberingError otherwise;
    an ambiguous name lists its candidates."""
    try:
        return map_.hex_at(text)
    except NumberingError as exc:
        hexes = named_places(map_).get(str(text).strip().lower())
        if not hexes:
            raise NumberingError(f"{exc}; nor is it the name of a place of map {map_.name}") from None
        if len(hexes) > 1:
            ids = ", ".join(map_.hex_id(h) for h in map_.grid_order(hexes))
            raise NumberingError(f"{text!r} names places in several hexes: {ids} (give the printed id)") from None
        return next(iter(hexes))


class HexReader:
    """Printed ids (or unique place names) in a file -> hexes of a map, with errors that say where."""

    def __init__(self, map_: Map):
        self.map = map_

    def parse(self, doc: Doc, text: str) -> Hex:
        try:
            hex_ = find_hex(self.map, text)
        except NumberingError as exc:
            raise doc.error(str(exc), expected="a hex id of the map") from None
        if hex_ not in self.map:
            raise doc.error(f"hex {text} is not on map {self.map.name}", expected="a hex of the map")
        return hex_

    def hex(self, doc: Doc) -> Hex:
        return self.parse(doc, doc.text())

    def hexes(self, doc: Doc) -> tuple[Hex, ...]:
        return tuple(self.hex(d) for d in doc.list())

    def chain(self, doc: Doc, what: str) -> tuple[Hex, ...]:
        """A list of hex ids where each follows the last, hex by hex."""
        docs = doc.list()
        hexes = tuple(self.hex(d) for d in docs)
        if len(hexes) < 2:
            raise doc.error(f"a {what} needs at least two hexes", expected="a list of adjacent hexes")
        for d, prev, cur in zip(docs[1:], hexes, hexes[1:]):
            if not prev.is_adjacent(cur):
                raise d.error(f"{what} jumps from {self.map.hex_id(prev)} to {d.text()}, which are not adjacent",
                              expected="each hex adjacent to the one before")
        return hexes

    def hexside(self, doc: Doc) -> Hexside:
        text = doc.text()
        parts = text.split("/")
        if len(parts) != 2:
            raise doc.error(f"{text!r} is not a hexside", expected="two adjacent hex ids joined by '/'")
        a, b = (self.parse(doc, part.strip()) for part in parts)
        if not a.is_adjacent(b):
            raise doc.error(f"{parts[0]} and {parts[1]} are not adjacent", expected="a hexside between adjacent hexes")
        return Hexside(a, b)


# --- map.yaml ------------------------------------------------------------------------------------

def _read_grid(doc: Doc) -> tuple[Layout, int, int, float]:
    fields = doc.mapping(("orientation", "offset", "columns", "rows", "north_rotation"), required=("columns", "rows"))
    orientation = fields["orientation"].choice(("flat", "pointy"), "orientation") if "orientation" in fields else "flat"
    offset = fields["offset"].choice(("odd", "even"), "offset") if "offset" in fields else "odd"
    rotation = fields["north_rotation"].number() if "north_rotation" in fields else 0.0
    return Layout(orientation, offset), fields["columns"].integer(1), fields["rows"].integer(1), rotation


SHEET_FLAGS = ("row_first", "columns_leftward", "rows_upward")     # written only when true


def _read_numbering(doc: Doc) -> Numbering:
    fields = doc.mapping(("style", "sheets"), required=("style",))
    style = fields["style"].choice(STYLES, "numbering style")
    sheets = []
    if "sheets" in fields:
        for item in fields["sheets"].list():
            f = item.mapping(("name", "col", "row", "columns", "rows", "first_col", "first_row", *SHEET_FLAGS))
            ints = {k: f[k].integer() for k in ("col", "row", "columns", "rows", "first_col", "first_row") if k in f}
            flags = {k: f[k].boolean() for k in SHEET_FLAGS if k in f}
            name = f["name"].text() if "name" in f else ""
            if style != "tscw" and not name:
                raise item.error("a sheet needs a name", expected=f"a sheet name, as in {Numbering(style).example!r}")
            sheets.append(Sheet(name, **ints, **flags))
    elif style != "tscw":
        raise doc.error(f"{style} numbering needs its sheets", expected="a 'sheets' list")
    else:
        sheets.append(Sheet(""))
    names = [s.name.lower() for s in sheets]
    if len(set(names)) != len(names):
        raise fields["sheets"].error("two sheets share a name", expected="unique sheet names")
    return Numbering(style, tuple(sheets))


def _read_legend(layer: str, doc: Doc | None) -> dict[str, object]:
    if doc is None:
        return dict(DEFAULT_TERRAIN_LEGEND)      # only the terrain layer may omit its legend
    legend: dict[str, object] = {}
    for char, value in doc.items():
        if len(char) != 1 or char == OFF_MAP:
            raise value.error(f"legend key {char!r} is not one character", expected="a single non-space character")
        if layer == "terrain":
            if value.kind == "mapping":
                f = value.mapping(("terrain", "partial_sea"), required=("terrain",))
                partial = f["partial_sea"].boolean() if "partial_sea" in f else False
                legend[char] = (f["terrain"].choice(TERRAINS, "terrain"), partial)
            else:
                legend[char] = (value.choice(TERRAINS, "terrain"), False)
        else:
            legend[char] = value.text()
    return legend


def _read_layer_file(path: Path, display: str, layer: str, legend: dict[str, object],
                     columns: int, rows: int, layout: Layout) -> dict[Hex, object]:
    lines = read_text(path, "layer file").splitlines()
    if len(lines) > rows:
        raise LoadError(display, f"{len(lines)} lines for a grid of {rows} rows", line=rows + 1,
                        expected=f"at most {rows} lines")
    cells: dict[Hex, object] = {}
    for row, text in enumerate(lines):
        if len(text) > columns:
            raise LoadError(display, f"{len(text)} characters for a grid of {columns} columns",
                            line=row + 1, expected=f"at most {columns} characters")
        for col, char in enumerate(text):
            if char == OFF_MAP:
                continue
            if char not in legend:
                known = " ".join(repr(c) for c in legend)
                raise LoadError(display, f"unknown {layer} character {char!r}", line=row + 1,
                                field=f"column {col + 1}", expected=f"one of {known} or a space")
            cells[layout.to_hex(col, row)] = legend[char]
    return cells


def load_map(folder: Path | str) -> Map:
    """Read `folder/map.yaml`, its layer files and features. Raises LoadError."""
    folder = Path(folder)
    if not folder.is_dir():
        raise LoadError(str(folder), "map folder not found", expected="a folder with map.yaml")
    doc = load_doc(folder / MAP_FILE)
    f = doc.mapping(("name", "game", "scale_miles", "grid", "numbering", "countries", "layers", "features"),
                    required=("name", "grid", "numbering", "layers"))
    name = f["name"].ident("map name")
    game = f["game"].choice(GAMES, "game") if "game" in f else "europa"
    scale = f["scale_miles"].number(0) if "scale_miles" in f else 16.0
    layout, columns, rows, rotation = _read_grid(f["grid"])
    numbering = _read_numbering(f["numbering"])
    countries = {}
    if "countries" in f:
        for cname, cdoc in f["countries"].items():
            cf = cdoc.mapping(("neutral",)) if not cdoc.is_null() else {}
            countries[cname] = Country(cname, cf["neutral"].boolean() if "neutral" in cf else False)
    map_ = Map(name=name, game=game, layout=layout, numbering=numbering, columns=columns, rows=rows,
               scale_miles=scale, north_rotation=rotation, countries=countries)

    layer_docs = f["layers"].mapping(LAYERS, required=("terrain",))
    # Terrain first, whatever the file's order: the other layers are checked against its hexes.
    for layer in ["terrain", *(name for name in layer_docs if name != "terrain")]:
        ldoc = layer_docs[layer]
        lf = ldoc.mapping(("file", "legend"), required=("file",))
        if "legend" not in lf and layer != "terrain":
            raise ldoc.error(f"layer {layer!r} needs a legend", expected="a 'legend' of character: value")
        legend = _read_legend(layer, lf.get("legend"))
        file_name = lf["file"].text()
        inside(folder / file_name, lf["file"], "layer file", folder, project_root(folder))
        cells = _read_layer_file(folder / file_name, str(folder / file_name), layer, legend, columns, rows, layout)
        map_.legends[layer] = legend
        if layer == "terrain":
            map_.terrain = {h: v[0] for h, v in cells.items()}
            map_.partial_sea = frozenset(h for h, v in cells.items() if v[1])
        else:
            stray = next((h for h in cells if h not in map_.terrain), None) if map_.terrain else None
            if stray is not None:
                c, r = layout.to_offset(stray)
                raise LoadError(str(folder / file_name), f"a {layer} value where terrain.txt has no hex",
                                line=r + 1, field=f"column {c + 1}", expected="a space")
            map_.layers[layer] = {h: str(v) for h, v in cells.items()}
    if not map_.terrain:
        raise doc.error("the terrain layer has no hexes", expected="at least one hex")
    for h in map_.terrain:
        try:
            map_.hex_id(h)
        except NumberingError:
            c, r = layout.to_offset(h)
            raise f["numbering"].error(f"grid column {c + 1}, row {r + 1} lies on no sheet",
                                       expected="sheets that cover every hex") from None
    for cname in sorted(set(map_.layers.get("country", {}).values())):
        if cname not in countries:
            raise layer_docs["country"].error(f"country {cname!r} is not declared in 'countries'",
                                              expected="every country of the legend under 'countries'")

    features_name = f["features"].text() if "features" in f else FEATURES_FILE
    if "features" in f:
        inside(folder / features_name, f["features"], "features file", folder, project_root(folder))
    if (folder / features_name).exists() or "features" in f:
        _read_features(map_, load_doc(folder / features_name))
    apply_corrections(map_, folder, HexReader(map_))   # the player's corrections, after the base
    return map_


# --- features.yaml -------------------------------------------------------------------------------

def _unique(items: list[Doc], name_of, what: str) -> None:
    seen: dict[str, Doc] = {}
    for item in items:
        key = name_of(item)
        if key in seen:
            raise item.error(f"duplicate {what} {key!r} (first at line {seen[key].line})", expected=f"unique {what} names")
        seen[key] = item


def _place(reader: HexReader, f: dict[str, Doc], item: Doc, boxes: set[str], multi: bool = False) -> Place:
    keys = [k for k in ("hex", "hexes", "box") if k in f]
    allowed = ("hex", "hexes", "box") if multi else ("hex", "box")
    if len(keys) != 1 or keys[0] not in allowed:
        raise item.error("needs exactly one place", expected=" or ".join(repr(k) for k in allowed))
    if keys[0] == "box":
        box = f["box"].text()
        if box not in boxes:
            raise f["box"].error(f"unknown box {box!r}", expected="a box declared under 'boxes'")
        return Place(box=box)
    if keys[0] == "hex":
        return Place(hexes=(reader.hex(f["hex"]),))
    hexes = reader.hexes(f["hexes"])
    if not hexes:
        raise f["hexes"].error("no hexes", expected="at least one hex")
    if len(set(hexes)) != len(hexes):
        raise f["hexes"].error("a hex is listed twice", expected="distinct hexes")
    _check_connected(hexes, f["hexes"], reader.map)
    return Place(hexes=hexes)


def _check_connected(hexes: tuple[Hex, ...], doc: Doc, map_: Map) -> None:
    reached, frontier = {hexes[0]}, [hexes[0]]
    while frontier:
        h = frontier.pop()
        for n in h.neighbours():
            if n in hexes and n not in reached:
                reached.add(n)
                frontier.append(n)
    if len(reached) != len(hexes):
        loose = next(h for h in hexes if h not in reached)
        raise doc.error(f"hex {map_.hex_id(loose)} is not adjacent to the city's other hexes",
                        expected="the hexes of a multi-hex city adjacent to each other")


def _check_beach(map_: Map, beach: Beach, doc: Doc) -> None:
    """A beach is one map hex of land touching the sea (30B, 31B): not off map, not at sea."""
    expected = "a land hex with sea in it (partial sea) or beside an all-sea hex"
    h = beach.place.hex
    if h is None:
        raise doc.error(f"beach {beach.name} lies in box {beach.place.box}", expected=expected)
    if map_.is_water(h):
        raise doc.error(f"beach {beach.name} lies on {map_.terrain[h]} hex {map_.hex_id(h)}", expected=expected)
    if not map_.touches_sea(h):
        raise doc.error(f"beach {beach.name} at hex {map_.hex_id(h)} touches no sea", expected=expected)


def _read_features(map_: Map, doc: Doc) -> None:
    f = doc.mapping(("cities", "ports", "yards", "airbases", "beaches", "rail", "roads", "hexsides", "boxes", "routes"))
    reader = HexReader(map_)
    section = {k: (f[k].list() if k in f and not f[k].is_null() else []) for k in f}

    for item in section.get("boxes", []):
        b = item.mapping(("name", "kind", "country"), required=("name", "kind"))
        map_.boxes.append(Box(b["name"].ident("name"), b["kind"].choice(BOX_KINDS, "box kind"),
                              b["country"].text() if "country" in b else ""))
    _unique(section.get("boxes", []), lambda d: d.mapping()["name"].text(), "box")
    boxes = {b.name for b in map_.boxes}

    for item in section.get("cities", []):
        c = item.mapping(("name", "size", "hex", "hexes", "box", "tags"), required=("name", "size"))
        tags = tuple(c["tags"].texts()) if "tags" in c else ()
        map_.cities.append(City(c["name"].ident("name"), c["size"].choice(CITY_SIZES, "city size"),
                                _place(reader, c, item, boxes, multi=True), tags))
    _unique(section.get("cities", []), lambda d: d.mapping()["name"].text(), "city")
    held: dict[Hex, str] = {}
    for item, city in zip(section.get("cities", []), map_.cities):
        for h in city.place.hexes:
            if h in held:
                raise item.error(f"hex {map_.hex_id(h)} already holds {held[h]}", expected="one city per hex")
            if map_.is_water(h):
                raise item.error(f"city {city.name} lies on {map_.terrain[h]} hex {map_.hex_id(h)}",
                                 expected="a land hex")
            held[h] = city.name

    for item in section.get("ports", []):
        p = item.mapping(("name", "class", "hex", "box", "inland", "naval_base"), required=("name", "class"))
        map_.ports.append(Port(p["name"].ident("name"), p["class"].choice(PORT_CLASSES, "port class"),
                               _place(reader, p, item, boxes),
                               p["inland"].boolean() if "inland" in p else False,
                               p["naval_base"].boolean() if "naval_base" in p else False))
    _unique(section.get("ports", []), lambda d: d.mapping()["name"].text(), "port")

    for key, cls, what in (("yards", Yard, "yard"), ("airbases", Airbase, "airbase"), ("beaches", Beach, "beach")):
        for item in section.get(key, []):
            y = item.mapping(("name", "hex", "box"), required=("name",))
            feature = cls(y["name"].ident("name"), _place(reader, y, item, boxes))
            if cls is Beach:
                _check_beach(map_, feature, y.get("hex", item))
            getattr(map_, key).append(feature)
        _unique(section.get(key, []), lambda d: d.mapping()["name"].text(), what)

    for key, classes in (("rail", RAIL_CLASSES), ("roads", ("road", "primary", "secondary"))):
        for item in section.get(key, []):
            t = item.mapping(("name", "class", "gauge", "hexes"), required=("name", "hexes"))
            klass = t["class"].choice(classes, f"{key} class") if "class" in t else classes[0]
            what = "rail line" if key == "rail" else "road"
            hexes = reader.chain(t["hexes"], what)
            for d, h in zip(t["hexes"].list(), hexes):
                if map_.is_water(h):
                    raise d.error(f"{what} enters {map_.terrain[h]} hex {d.text()}", expected="land hexes")
            getattr(map_, key).append(Track(t["name"].ident("name"), klass, hexes, t["gauge"].text() if "gauge" in t else ""))
        _unique(section.get(key, []), lambda d: d.mapping()["name"].text(), "rail line" if key == "rail" else "road")

    for item in section.get("hexsides", []):
        s = item.mapping(("feature", "name", "sides"), required=("feature", "sides"))
        sides = tuple(reader.hexside(d) for d in s["sides"].list())
        map_.side_features.append(SideFeature(s["feature"].choice(HEXSIDE_FEATURES, "hexside feature"),
                                              s["name"].ident("name") if "name" in s else "", sides))

    for item in section.get("routes", []):
        r = item.mapping(("ends", "kind", "cost"), required=("ends",))
        ends = r["ends"].list()
        if len(ends) != 2:
            raise r["ends"].error(f"{len(ends)} ends", expected="two ends: box names or hex ids")
        for end in ends:
            if end.text() not in boxes:
                reader.hex(end)
        map_.routes.append(Route((ends[0].text(), ends[1].text()),
                                 r["kind"].choice(("naval", "land"), "route kind") if "kind" in r else "naval",
                                 r["cost"].integer(0) if "cost" in r else 1))


# --- writing ---------------------------------------------------------------------------------------

def _place_fields(map_: Map, place: Place, multi: bool = False) -> dict:
    if place.box is not None:
        return {"box": place.box}
    if multi and len(place.hexes) > 1:
        return {"hexes": [map_.hex_id(h) for h in place.hexes]}
    return {"hex": map_.hex_id(place.hexes[0])}


def _legend_for(map_: Map, layer: str) -> dict[str, object]:
    """The map's own legend, or one made up from the values' initials."""
    if layer in map_.legends:
        return map_.legends[layer]
    if layer == "terrain":
        return dict(DEFAULT_TERRAIN_LEGEND)
    legend: dict[str, object] = {}
    for value in sorted(set(map_.layers[layer].values())):
        pool = [c for c in value + value.upper() + value.lower() if c.isalnum()] + list("0123456789")
        char = next(c for c in pool if c not in legend)
        legend[char] = value
    return legend


def _layer_text(map_: Map, cells: dict[Hex, object], legend: dict[str, object]) -> str:
    char_of = {v: k for k, v in reversed(list(legend.items()))}
    grid = [[OFF_MAP] * map_.columns for _ in range(map_.rows)]
    for h, value in cells.items():
        col, row = map_.layout.to_offset(h)
        grid[row][col] = char_of[value]
    lines = ["".join(row).rstrip() for row in grid]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(line + "\n" for line in lines)


def map_files(map_: Map) -> dict[str, str]:
    """The text of every file of a map folder, by file name (deterministic)."""
    out = [f"name: {dump_flow(map_.name)}", f"game: {map_.game}", f"scale_miles: {dump_flow(map_.scale_miles)}",
           "grid:", f"  orientation: {map_.layout.orientation}", f"  offset: {map_.layout.offset}",
           f"  columns: {map_.columns}", f"  rows: {map_.rows}",
           *([f"  north_rotation: {dump_flow(map_.north_rotation)}"] if map_.north_rotation else []),
           "numbering:", f"  style: {map_.numbering.style}", "  sheets:"]
    for s in map_.numbering.sheets:
        out.append("    - " + dump_flow({"name": s.name, "col": s.col, "row": s.row, "columns": s.columns,
                                          "rows": s.rows, "first_col": s.first_col, "first_row": s.first_row,
                                          **{k: True for k in SHEET_FLAGS if getattr(s, k)}}))
    if map_.countries:
        out.append("countries:")
        for c in map_.countries.values():
            out.append(f"  {dump_flow(c.name)}: " + (dump_flow({"neutral": True}) if c.neutral else "{}"))
    out.append("layers:")
    files: dict[str, str] = {}
    for layer in LAYERS:
        if layer == "terrain":
            legend = _legend_for(map_, layer)
            cells = {h: (t, h in map_.partial_sea) for h, t in map_.terrain.items()}
            entry = {"file": "terrain.txt"}
            if legend != DEFAULT_TERRAIN_LEGEND:
                entry["legend"] = {k: (v[0] if not v[1] else {"terrain": v[0], "partial_sea": True})
                                   for k, v in legend.items()}
        elif layer in map_.layers:
            legend = _legend_for(map_, layer)
            cells = map_.layers[layer]
            entry = {"file": f"{layer}.txt", "legend": legend}
        else:
            continue
        out.append(f"  {layer}: {dump_flow(entry)}")
        files[f"{layer}.txt"] = _layer_text(map_, cells, legend)
    out.append(f"features: {FEATURES_FILE}")
    files[MAP_FILE] = "\n".join(out) + "\n"
    files[FEATURES_FILE] = _features_text(map_)
    return files


def _features_text(map_: Map) -> str:
    hid = map_.hex_id
    sections: list[tuple[str, list[dict]]] = [
        ("cities", [{"name": c.name, "size": c.size, **_place_fields(map_, c.place, multi=True),
                     **({"tags": list(c.tags)} if c.tags else {})} for c in map_.cities]),
        ("ports", [{"name": p.name, "class": p.klass, **_place_fields(map_, p.place),
                    **({"inland": True} if p.inland else {}), **({"naval_base": True} if p.naval_base else {})}
                   for p in map_.ports]),
        ("yards", [{"name": y.name, **_place_fields(map_, y.place)} for y in map_.yards]),
        ("airbases", [{"name": a.name, **_place_fields(map_, a.place)} for a in map_.airbases]),
        ("beaches", [{"name": b.name, **_place_fields(map_, b.place)} for b in map_.beaches]),
        ("rail", [{"name": t.name, "class": t.klass, **({"gauge": t.gauge} if t.gauge else {}),
                   "hexes": [hid(h) for h in t.hexes]} for t in map_.rail]),
        ("roads", [{"name": t.name, "class": t.klass, "hexes": [hid(h) for h in t.hexes]} for t in map_.roads]),
        ("hexsides", [{"feature": s.feature, **({"name": s.name} if s.name else {}),
                       "sides": [f"{hid(x.a)}/{hid(x.b)}" for x in s.sides]} for s in map_.side_features]),
        ("boxes", [{"name": b.name, "kind": b.kind, **({"country": b.country} if b.country else {})}
                   for b in map_.boxes]),
        ("routes", [{"ends": list(r.ends), "kind": r.kind, "cost": r.cost} for r in map_.routes]),
    ]
    out = []
    for key, items in sections:
        if items:
            out.append(f"{key}:")
            out.extend("  - " + dump_flow(item) for item in items)
    return "\n".join(out) + "\n" if out else "{}\n"


def write_map(map_: Map, folder: Path | str) -> None:
    """Write a map folder; files are replaced atomically."""
    folder = Path(folder)
    write_files({folder / name: text for name, text in map_files(map_).items()})
