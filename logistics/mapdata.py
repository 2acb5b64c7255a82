"""The static map: terrain, hexsides, places, lines, zones and off-map boxes.

A `Map` is built by `logistics.mapio` from a map folder, or by the map compiler; it knows nothing
about files. Printed ids are converted at the edges with `map.hex_at(id)` and `map.hex_id(hex)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from logistics.hexgrid import Hex, Hexside, Layout
from logistics.numbering import Numbering

TERRAINS = ("clear", "rough", "woods", "wooded_rough", "mountain", "swamp", "all_sea", "lake")
WATER_TERRAINS = ("all_sea", "lake")
HEXSIDE_FEATURES = ("minor_river", "major_river", "mountain", "narrow_strait", "all_sea", "impassable",
                    "fortified_line",  # TSCW 15.14: a named Republican Fortified Line
                    "coastal")         # land and sea: ships pass along the coast across it (34A1)
SEA_HEXSIDES = ("all_sea", "narrow_strait", "coastal")   # hexsides with water across or along them
CITY_SIZES = ("point", "dot", "major", "city", "town", "village")
PORT_CLASSES = ("minor", "standard", "major", "great", "anchor")
RAIL_CLASSES = ("standard", "low_volume", "single_track", "multi_track")
BOX_KINDS = ("holding", "ports", "region")
LAYERS = ("terrain", "country", "region", "sea_zone", "weather_zone")

# The terrain grid's default legend; a map may declare its own.
DEFAULT_TERRAIN_LEGEND = {
    ".": ("clear", False), "r": ("rough", False), "w": ("woods", False),
    "W": ("wooded_rough", False), "m": ("mountain", False), "s": ("swamp", False),
    "~": ("all_sea", False), "l": ("lake", False),
    ",": ("clear", True), "R": ("rough", True), "v": ("woods", True),
    "V": ("wooded_rough", True), "M": ("mountain", True), "S": ("swamp", True),
}
OFF_MAP = " "  # a grid character for "no hex here"


@dataclass(frozen=True)
class Country:
    name: str
    neutral: bool = False


@dataclass(frozen=True)
class Place:
    """Where a feature lies: one or more map hexes, or an off-map box."""

    hexes: tuple[Hex, ...] = ()
    box: str | None = None

    @property
    def hex(self) -> Hex | None:
        return self.hexes[0] if self.hexes else None


@dataclass(frozen=True)
class City:
    name: str
    size: str
    place: Place
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Port:
    name: str
    klass: str
    place: Place
    inland: bool = False
    naval_base: bool = False


@dataclass(frozen=True)
class Yard:
    """A rail-marshalling yard (Europa RMY)."""

    name: str
    place: Place


@dataclass(frozen=True)
class Airbase:
    name: str
    place: Place


@dataclass(frozen=True)
class Beach:
    """A beach: a land hex touching the sea where ships may embark and disembark cargo without a
    port (Europa 30B, 31B). One hex; the map reader checks that it touches the sea."""

    name: str
    place: Place


@dataclass(frozen=True)
class Track:
    """A rail line or road: a chain of adjacent hexes."""

    name: str
    klass: str
    hexes: tuple[Hex, ...]
    gauge: str = ""

    def hexsides(self) -> list[Hexside]:
        return [Hexside(a, b) for a, b in zip(self.hexes, self.hexes[1:])]


@dataclass(frozen=True)
class SideFeature:
    """A named run of hexsides with one feature (a river, a mountain crest, a strait)."""

    feature: str
    name: str
    sides: tuple[Hexside, ...]


@dataclass(frozen=True)
class Box:
    """An off-map box (the Canaries, a holding box, foreign ports)."""

    name: str
    kind: str
    country: str = ""


@dataclass(frozen=True)
class Route:
    """An off-map route between boxes, or a box and a map hex (naval movement, supply)."""

    ends: tuple[str, str]  # box names or printed hex ids, as written
    kind: str = "naval"
    cost: int = 1


@dataclass
class Map:
    name: str
    game: str
    layout: Layout
    numbering: Numbering
    columns: int
    rows: int
    scale_miles: float = 16.0
    north_rotation: float = 0.0   # degrees to turn a drawing clockwise so north points up
    terrain: dict[Hex, str] = field(default_factory=dict)
    partial_sea: frozenset[Hex] = frozenset()
    layers: dict[str, dict[Hex, str]] = field(default_factory=dict)  # country, region, ...
    # How each layer is written as characters: terrain char -> (terrain, partial_sea); others
    # char -> value. Kept so that a map written back reads the same to its player.
    legends: dict[str, dict[str, object]] = field(default_factory=dict)
    countries: dict[str, Country] = field(default_factory=dict)
    side_features: list[SideFeature] = field(default_factory=list)
    cities: list[City] = field(default_factory=list)
    ports: list[Port] = field(default_factory=list)
    yards: list[Yard] = field(default_factory=list)
    airbases: list[Airbase] = field(default_factory=list)
    beaches: list[Beach] = field(default_factory=list)
    rail: list[Track] = field(default_factory=list)
    roads: list[Track] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    # What the folder's correction files changed, in order (logistics.mapcorrect.Change).
    corrections: list = field(default_factory=list)

    # --- printed ids -------------------------------------------------------------------------
    def hex_at(self, printed: str) -> Hex:
        """Printed id -> Hex; NumberingError if malformed, KeyError-free: check `in map`."""
        return self.layout.to_hex(*self.numbering.parse(printed))

    def hex_id(self, hex_: Hex) -> str:
        return self.numbering.format(*self.layout.to_offset(hex_))

    def __contains__(self, hex_: Hex) -> bool:
        return hex_ in self.terrain

    def hexes(self) -> list[Hex]:
        """All map hexes in grid order (row by row, column by column)."""
        return self.grid_order(self.terrain)

    def grid_order(self, hexes) -> list[Hex]:
        """`hexes` sorted row by row, column by column."""
        return sorted(hexes, key=lambda h: self.layout.to_offset(h)[::-1])

    # --- terrain and zones ---------------------------------------------------------------------
    def is_water(self, hex_: Hex) -> bool:
        return self.terrain.get(hex_) in WATER_TERRAINS

    def is_land(self, hex_: Hex) -> bool:
        return hex_ in self.terrain and not self.is_water(hex_)

    def is_sea(self, hex_: Hex) -> bool:
        """A hex ships can be in: all-sea, or a land hex with sea in it."""
        return self.terrain.get(hex_) == "all_sea" or hex_ in self.partial_sea

    def ships_pass(self, a: Hex, b: Hex) -> bool:
        """Ships move between adjacent hexes `a` and `b` (both sea hexes) when one is all-sea or
        water lies across or along their hexside: all-sea, narrow strait (enemy ships may not pass
        it, FWtBT FAQ "Narrow Straits"), or coastal, ships moving hex by hex along a coast (34A1,
        AEG 1998: Melilla to Algeciras "along the coast")."""
        return (self.terrain.get(a) == "all_sea" or self.terrain.get(b) == "all_sea"
                or any(f in SEA_HEXSIDES for f in self.features_of(a, b)))

    def country_of(self, hex_: Hex) -> str:
        return self.layers.get("country", {}).get(hex_, "")

    def is_neutral(self, hex_: Hex) -> bool:
        """The hex lies in a neutral country."""
        country = self.countries.get(self.country_of(hex_))
        return country is not None and country.neutral

    def region_of(self, hex_: Hex) -> str:
        return self.layers.get("region", {}).get(hex_, "")

    def sea_zone_of(self, hex_: Hex) -> str:
        return self.layers.get("sea_zone", {}).get(hex_, "")

    def neighbours(self, hex_: Hex) -> list[Hex]:
        return [n for n in hex_.neighbours() if n in self.terrain]

    # --- hexsides -------------------------------------------------------------------------------
    def forget_views(self) -> None:
        """Drop every view cached from the map's lists (hexside features, rail and road links,
        city and port indexes), after the lists themselves were changed in place."""
        for name, attr in vars(type(self)).items():
            if isinstance(attr, cached_property):
                self.__dict__.pop(name, None)

    @cached_property
    def hexside_features(self) -> dict[Hexside, frozenset[str]]:
        index: dict[Hexside, set[str]] = {}
        for run in self.side_features:
            for side in run.sides:
                index.setdefault(side, set()).add(run.feature)
        return {side: frozenset(f) for side, f in index.items()}

    def features_of(self, a: Hex, b: Hex) -> frozenset[str]:
        return self.hexside_features.get(Hexside(a, b), frozenset())

    def is_border(self, a: Hex, b: Hex) -> bool:
        """An international border: the two hexes lie in different countries."""
        return self.country_of(a) != self.country_of(b)

    # --- lines and places -------------------------------------------------------------------------
    @cached_property
    def rail_links(self) -> dict[Hexside, Track]:
        """Each rail hexside and the line that crosses it (the better class where lines share)."""
        rank = {k: i for i, k in enumerate(RAIL_CLASSES)}
        links: dict[Hexside, Track] = {}
        for track in self.rail:
            for side in track.hexsides():
                held = links.get(side)
                if held is None or rank[track.klass] > rank[held.klass]:
                    links[side] = track
        return links

    @cached_property
    def road_links(self) -> frozenset[Hexside]:
        return frozenset(side for road in self.roads for side in road.hexsides())

    @cached_property
    def rail_hexes(self) -> frozenset[Hex]:
        return frozenset(h for side in self.rail_links for h in side.hexes)

    def city_at(self, hex_: Hex) -> City | None:
        return self._city_index.get(hex_)

    @cached_property
    def _city_index(self) -> dict[Hex, City]:
        return {h: c for c in self.cities for h in c.place.hexes}

    def port_at(self, hex_: Hex) -> Port | None:
        return self._port_index.get(hex_)

    @cached_property
    def _port_index(self) -> dict[Hex, Port]:
        return {p.place.hex: p for p in self.ports if p.place.hex is not None}

    @cached_property
    def _city_names(self) -> tuple[list[City], int, dict[str, City]]:
        return self.cities, len(self.cities), {c.name: c for c in reversed(self.cities)}  # the first wins

    def city(self, name: str) -> City:
        cities, count, names = self._city_names
        if cities is not self.cities or count != len(cities):    # a list replaced or appended to
            del self.__dict__["_city_names"]
            cities, count, names = self._city_names
        found = names.get(name)
        if found is None:
            raise KeyError(f"no city named {name!r} on map {self.name}")
        return found

    def yard(self, name: str) -> Yard | None:
        return next((y for y in self.yards if y.name == name), None)

    def beach(self, name: str) -> Beach | None:
        return next((b for b in self.beaches if b.name == name), None)

    def touches_sea(self, hex_: Hex) -> bool:
        """A land hex with sea in it or beside an all-sea hex (where a beach may lie)."""
        return self.is_land(hex_) and (hex_ in self.partial_sea
                                       or any(self.terrain.get(n) == "all_sea" for n in hex_.neighbours()))

    def box(self, name: str) -> Box | None:
        return next((b for b in self.boxes if b.name == name), None)
