"""The curated geography of `data/*.yaml`, read into plain records.

Every list keeps the file's order: the compiler's output follows it, so it is deterministic.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml

DATA = Path(__file__).parent / "data"
SIZE_RANK = {"major": 0, "dot": 1, "point": 2, "city": 0, "town": 1, "village": 2}


@dataclass(frozen=True)
class PlaceData:
    name: str
    lat: float
    lon: float
    source: str
    country: str
    region: str = ""
    size: str = ""              # Europa symbol: point | dot | major; "" = a waypoint only
    port: str = ""              # minor | standard | major | great
    inland: bool = False
    naval_base: bool = False
    yard: bool = False
    box: str = ""               # off-map: the box it lies in
    owns_hex: bool = False      # gives its hex its country (smaller than a hex)
    pins: dict[str, tuple[str, ...]] = field(default_factory=dict)   # game -> printed ids cited
    tscw_size: str = ""
    tscw_tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class LineData:
    name: str
    klass: str
    via: tuple[str, ...]
    gauge: str = ""


@dataclass(frozen=True)
class Area:
    name: str
    value: str                  # a terrain, country or sea zone
    poly: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class River:
    name: str
    feature: str
    line: tuple[tuple[float, float], ...]


def _read(name: str) -> dict:
    with open(DATA / name, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def _poly(points) -> tuple[tuple[float, float], ...]:
    return tuple((float(lat), float(lon)) for lat, lon in points)


@cache
def places() -> tuple[PlaceData, ...]:
    out = []
    for p in _read("places.yaml")["places"]:
        pins = {game: tuple([p[game]] if isinstance(p[game], str) else p[game])
                for game in ("europa", "tscw") if game in p}
        out.append(PlaceData(
            name=p["name"], lat=float(p["lat"]), lon=float(p["lon"]), source=p["source"],
            country=p["country"], region=p.get("region", ""), size=p.get("size", ""),
            port=p.get("port", ""), inland=p.get("inland", False), naval_base=p.get("naval_base", False),
            yard=p.get("yard", False), box=p.get("box", ""), owns_hex=p.get("owns_hex", False), pins=pins,
            tscw_size=p.get("tscw_size", ""), tscw_tags=tuple(p.get("tscw_tags", ()))))
    names = [p.name for p in out]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ValueError(f"places.yaml: duplicate names {dupes}")
    return tuple(out)


@cache
def place_index() -> dict[str, PlaceData]:
    return {p.name: p for p in places()}


def _lines(file: str, key: str) -> tuple[LineData, ...]:
    known = place_index()
    out = []
    for item in _read(file)[key]:
        missing = [n for n in item["via"] if n not in known]
        if missing:
            raise ValueError(f"{file}: line {item['name']!r} names unknown places {missing}")
        out.append(LineData(item["name"], item["class"], tuple(item["via"]), item.get("gauge", "")))
    return tuple(out)


@cache
def rail() -> tuple[LineData, ...]:
    return _lines("rail.yaml", "rail")


@cache
def roads() -> tuple[LineData, ...]:
    return _lines("roads.yaml", "roads")


@cache
def terrain_areas() -> tuple[Area, ...]:
    return tuple(Area(a["name"], a["terrain"], _poly(a["poly"])) for a in _read("terrain.yaml")["terrain"])


@cache
def rivers() -> tuple[River, ...]:
    return tuple(River(r["name"], r["feature"], _poly(r["line"])) for r in _read("rivers.yaml")["rivers"])


@cache
def countries() -> tuple[dict, tuple[Area, ...], dict[str, str]]:
    """(country -> {neutral, char}, the border polygons in priority order, region -> char)."""
    doc = _read("countries.yaml")
    areas = tuple(Area(a["country"], a["country"], _poly(a["poly"])) for i, a in enumerate(doc["areas"]))
    return doc["countries"], areas, doc["regions"]


@cache
def sea_zones(game: str) -> tuple[tuple[Area, ...], dict[str, str]]:
    doc = _read("seas.yaml")[game]
    return tuple(Area(z["zone"], z["zone"], _poly(z["poly"])) for z in doc["zones"]), doc["legend"]


def weather_zones(game: str) -> tuple[tuple[Area, ...], dict[str, str]]:
    doc = _read("weather.yaml")[game]
    return tuple(Area(z["zone"], z["zone"], _poly(z["poly"])) for z in doc["zones"]), doc["legend"]


@cache
def map_specs() -> dict[str, dict]:
    return _read("maps.yaml")["maps"]
