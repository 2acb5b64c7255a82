"""Corrections: a player's changes to a map folder, kept apart from its base files.

A map folder may hold `corrections/*.yaml` (format: docs/map-format.md, "Corrections"). They are
applied after the base (`map.yaml`, the layer files, `features.yaml`, as compiled or generated),
file by file in file-name order, entry by entry in each file's order, and the base files are never
rewritten. Each entry names a hex (printed id or place name), a hexside, a chain of hexes or a
place by name, and must change something: one naming nothing, or asking for what the map already
has, is refused with its file, line and field. What each entry changed is kept on the map
(`Map.corrections`) for `logistics validate` and the header of `logistics supply`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from logistics.hexgrid import Hex, Hexside
from logistics.mapdata import (
    CITY_SIZES,
    HEXSIDE_FEATURES,
    PORT_CLASSES,
    RAIL_CLASSES,
    TERRAINS,
    WATER_TERRAINS,
    City,
    Map,
    Place,
    Port,
    SideFeature,
    Track,
)
from logistics.yamldoc import Doc, load_doc

FOLDER = "corrections"
SECTIONS = ("terrain", "hexsides", "rail", "roads", "cities", "ports")
ROAD_CLASSES = ("road", "primary", "secondary")
# Cached views of a Map that a correction makes stale.


@dataclass(frozen=True)
class Change:
    """What one correction entry changed: where it is written (`file` relative to the map folder,
    `line`), what it is about (`what`: a hex, hexside or place) and the value before and after."""

    file: str
    line: int
    what: str
    before: str
    after: str

    def text(self) -> str:
        return f"{self.file}:{self.line}: {self.what}: {self.before} -> {self.after}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "what": self.what, "before": self.before, "after": self.after}


def correction_files(folder: Path) -> list[Path]:
    """The correction files of a map folder, in the order they are applied (file name order)."""
    where = folder / FOLDER
    return sorted(where.glob("*.yaml"), key=lambda p: p.name) if where.is_dir() else []


def apply_corrections(map_: Map, folder: Path, reader) -> None:
    """Apply every correction file of `folder` to `map_` (read from its base files) and record
    the changes in `map_.corrections`. `reader`: a `mapio.HexReader` of the map. Raises LoadError."""
    for path in correction_files(folder):
        doc = load_doc(path)
        if doc.is_null():
            continue
        f = doc.mapping(SECTIONS)
        fixer = _Fixer(map_, reader, path.relative_to(folder).as_posix())
        for section in SECTIONS:
            if section in f and not f[section].is_null():
                for item in f[section].list():
                    getattr(fixer, section)(item)
                    map_.forget_views()             # the next entry sees this one's result


class _Fixer:
    def __init__(self, map_: Map, reader, display: str):
        self.map, self.reader, self.display = map_, reader, display

    def _record(self, item: Doc, what: str, before: str, after: str) -> None:
        if before == after:
            raise item.error(f"{what}: {before} -> {after}: the correction changes nothing",
                             expected="a correction that changes the map")
        self.map.corrections.append(Change(self.display, item.line, what, before, after))

    # --- terrain -----------------------------------------------------------------------------------
    def terrain(self, item: Doc) -> None:
        """`{hex: H, terrain: T, partial_sea: bool}`: the terrain of one hex."""
        f = item.mapping(("hex", "terrain", "partial_sea"), required=("hex",))
        if "terrain" not in f and "partial_sea" not in f:
            raise item.error("no change given", expected="'terrain' and/or 'partial_sea'")
        m, h = self.map, self.reader.hex(f["hex"])
        terrain = f["terrain"].choice(TERRAINS, "terrain") if "terrain" in f else m.terrain[h]
        partial = f["partial_sea"].boolean() if "partial_sea" in f else h in m.partial_sea
        if terrain in WATER_TERRAINS:     # what stands on land may not be left in the water
            held = [f"city {x.name}" for x in m.cities if h in x.place.hexes]
            held += [f"{what} {t.name}" for what, tracks in (("rail line", m.rail), ("road", m.roads))
                     for t in tracks if h in t.hexes]
            if held:
                raise f.get("terrain", item).error(f"hex {m.hex_id(h)} holds {held[0]}: it cannot be {terrain}",
                                                   expected="a land terrain, or the place or line removed first")
            if partial:
                raise item.error(f"partial sea on {terrain} hex {m.hex_id(h)}", expected="partial sea on a land hex only")
        self._record(item, f"hex {m.hex_id(h)} terrain", _terrain_text(m.terrain[h], h in m.partial_sea),
                     _terrain_text(terrain, partial))
        m.terrain[h] = terrain
        m.partial_sea = m.partial_sea | {h} if partial else m.partial_sea - {h}

    # --- hexsides ----------------------------------------------------------------------------------
    def hexsides(self, item: Doc) -> None:
        """`{side: "A/B", add: FEATURE}` or `{side: "A/B", remove: FEATURE}`; `sides: [...]` for several."""
        f = item.mapping(("side", "sides", "add", "remove", "name"))
        sides = _one_of(item, f, ("side", "sides"), "the hexside(s)")
        verb = _one_of(item, f, ("add", "remove"), "the change")
        feature = f[verb].choice(HEXSIDE_FEATURES, "hexside feature")
        docs = [f[sides]] if sides == "side" else f[sides].list()
        if not docs:
            raise f[sides].error("no hexsides", expected="at least one hexside 'A/B'")
        m = self.map
        for d in docs:
            side = self.reader.hexside(d)
            before = m.features_of(side.a, side.b)
            after = before | {feature} if verb == "add" else before - {feature}
            self._record(d, f"hexside {m.hex_id(side.a)}/{m.hex_id(side.b)}", _set_text(before), _set_text(after))
            if verb == "add":
                m.side_features.append(SideFeature(feature, f["name"].ident("name") if "name" in f else "", (side,)))
            else:
                runs = (replace(run, sides=tuple(s for s in run.sides if s != side)) if run.feature == feature else run
                        for run in m.side_features)
                m.side_features[:] = [run for run in runs if run.sides]
            m.forget_views()

    # --- rail and roads ----------------------------------------------------------------------------
    def rail(self, item: Doc) -> None:
        """`{add: [hexes...], class: C, gauge: G, name: N}` or `{remove: [hexes...]}`."""
        self._track(item, "rail", RAIL_CLASSES, "rail line")

    def roads(self, item: Doc) -> None:
        self._track(item, "roads", ROAD_CLASSES, "road")

    def _track(self, item: Doc, key: str, classes: tuple[str, ...], what: str) -> None:
        f = item.mapping(("add", "remove", "class", "gauge", "name"))
        verb = _one_of(item, f, ("add", "remove"), "the change")
        hexes = self.reader.chain(f[verb], what)
        m, tracks = self.map, getattr(self.map, key)
        links = {s: t.klass for t in tracks for s in t.hexsides()}
        if verb == "add":
            for d, h in zip(f[verb].list(), hexes):
                if m.is_water(h):
                    raise d.error(f"{what} enters {m.terrain[h]} hex {d.text()}", expected="land hexes")
            klass = f["class"].choice(classes, f"{key} class") if "class" in f else classes[0]
            name = f["name"].ident("name") if "name" in f else f"{self.display}:{item.line}"
            tracks.append(Track(name, klass, hexes, f["gauge"].text() if "gauge" in f else ""))
        for d, a, b in zip(f[verb].list()[1:], hexes, hexes[1:]):
            self._record(d, f"{what} {m.hex_id(a)}-{m.hex_id(b)}", links.get(Hexside(a, b), "none"),
                         "none" if verb == "remove" else klass)
        if verb == "remove":
            cut = {Hexside(a, b) for a, b in zip(hexes, hexes[1:])}
            tracks[:] = [piece for t in tracks for piece in _cut_track(t, cut)]

    # --- cities and ports --------------------------------------------------------------------------
    def cities(self, item: Doc) -> None:
        """`{name: N, size: S, hex: H}` adds or changes the city N; `{name: N, remove: true}`."""
        f = item.mapping(("name", "size", "hex", "remove"), required=("name",))
        m, name = self.map, f["name"].ident("name")
        old = next((c for c in m.cities if c.name == name), None)
        if self._removed(item, f, old, "city", name, m.cities, lambda c: f"{c.size} at {_where(m, c.place)}"):
            return
        if old is None and not {"size", "hex"} <= set(f):
            raise item.error(f"no city {name!r} on map {m.name} to change", expected="'size' and 'hex' for a new city")
        place = Place(hexes=(self._land(f["hex"], "city", name),)) if "hex" in f else old.place
        size = f["size"].choice(CITY_SIZES, "city size") if "size" in f else old.size
        held = next((c.name for c in m.cities if c.name != name and place.hex in c.place.hexes), None)
        if held:
            raise f.get("hex", item).error(f"hex {m.hex_id(place.hex)} already holds {held}", expected="one city per hex")
        new = City(name, size, place, old.tags if old else ())
        self._record(item, f"city {name}", f"{old.size} at {_where(m, old.place)}" if old else "none",
                     f"{size} at {_where(m, place)}")
        _put(m.cities, old, new)

    def ports(self, item: Doc) -> None:
        """`{name: N, class: C, hex: H, inland: bool, naval_base: bool}`; `{name: N, remove: true}`."""
        f = item.mapping(("name", "class", "hex", "inland", "naval_base", "remove"), required=("name",))
        m, name = self.map, f["name"].ident("name")
        old = next((p for p in m.ports if p.name == name), None)
        if self._removed(item, f, old, "port", name, m.ports, lambda p: _port_text(m, p)):
            return
        if old is None and not {"class", "hex"} <= set(f):
            raise item.error(f"no port {name!r} on map {m.name} to change", expected="'class' and 'hex' for a new port")
        new = Port(name, f["class"].choice(PORT_CLASSES, "port class") if "class" in f else old.klass,
                   Place(hexes=(self.reader.hex(f["hex"]),)) if "hex" in f else old.place,
                   f["inland"].boolean() if "inland" in f else bool(old and old.inland),
                   f["naval_base"].boolean() if "naval_base" in f else bool(old and old.naval_base))
        self._record(item, f"port {name}", _port_text(m, old) if old else "none", _port_text(m, new))
        _put(m.ports, old, new)

    def _removed(self, item: Doc, f: dict, old, what: str, name: str, items: list, text) -> bool:
        if "remove" not in f:
            return False
        if not f["remove"].boolean():
            raise f["remove"].error("remove: false", expected="remove: true, or no 'remove'")
        if old is None:
            raise f["name"].error(f"no {what} {name!r} on map {self.map.name}", expected=f"the name of a {what} of the map")
        extra = sorted(set(f) - {"name", "remove"})
        if extra:
            raise f[extra[0]].error(f"a {what} being removed takes no {extra[0]!r}", expected="only 'name' and 'remove'")
        self._record(item, f"{what} {name}", text(old), "none")
        items.remove(old)
        return True

    def _land(self, doc: Doc, what: str, name: str) -> Hex:
        h = self.reader.hex(doc)
        if self.map.is_water(h):
            raise doc.error(f"{what} {name} lies on {self.map.terrain[h]} hex {doc.text()}", expected="a land hex")
        return h


def _one_of(item: Doc, f: dict, keys: tuple[str, ...], what: str) -> str:
    given = [k for k in keys if k in f]
    if len(given) != 1:
        raise item.error(f"needs exactly one of {', '.join(keys)}", expected=f"{what} as " + " or ".join(map(repr, keys)))
    return given[0]


def _cut_track(track: Track, cut: set[Hexside]) -> list[Track]:
    """The pieces of `track` left when the hexsides `cut` are taken out (pieces of one hex dropped)."""
    pieces, current = [], [track.hexes[0]]
    for a, b in zip(track.hexes, track.hexes[1:]):
        if Hexside(a, b) in cut:
            pieces.append(current)
            current = [b]
        else:
            current.append(b)
    pieces.append(current)
    pieces = [p for p in pieces if len(p) > 1]
    return [replace(track, name=track.name if i == 0 else f"{track.name} ({i + 1})", hexes=tuple(p))
            for i, p in enumerate(pieces)]


def _put(items: list, old, new) -> None:
    if old is None:
        items.append(new)
    else:
        items[items.index(old)] = new


def _terrain_text(terrain: str, partial: bool) -> str:
    return terrain + (" (partial sea)" if partial else "")


def _set_text(features: frozenset[str]) -> str:
    return ", ".join(sorted(features)) or "none"


def _where(map_: Map, place: Place) -> str:
    return ", ".join(map_.hex_id(h) for h in place.hexes) if place.hexes else f"box {place.box}"


def _port_text(map_: Map, port: Port) -> str:
    flags = [k for k, v in (("inland", port.inland), ("naval base", port.naval_base)) if v]
    return f"{port.klass} at {_where(map_, port.place)}" + (f" ({', '.join(flags)})" if flags else "")


def corrections_summary(map_: Map) -> dict:
    """The map a verdict was judged on and the correction files applied to it (for headers)."""
    files: dict[str, int] = {}
    for change in map_.corrections:
        files[change.file] = files.get(change.file, 0) + 1
    return {"name": map_.name, "corrections": [{"file": k, "changes": v} for k, v in files.items()]}


def header_line(summary: dict) -> str:
    """A `corrections_summary` as one line: `map: NAME; corrections: none` or `...; corrections:
    FILE (N changes), ...`."""
    fixed = ", ".join(f"{c['file']} ({c['changes']} change{'s' if c['changes'] != 1 else ''})"
                      for c in summary["corrections"])
    return f"map: {summary['name']}; corrections: {fixed or 'none'}"
