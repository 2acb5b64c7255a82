"""Compile one map: from the curated data and the land mask to a `logistics.mapdata.Map`.

The steps, in order: which grid hexes exist (on a sheet, centre inside the map's extent, land of
a country the map shows); terrain from sampled land and terrain areas; countries, regions and
sea zones; places (cities, ports, yards); rail and roads as chains of adjacent land hexes; rivers
as chains of hexsides; all-sea and narrow-strait hexsides from the land mask.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from logistics.hexgrid import Hex, Hexside, line
from logistics.mapbuild import data
from logistics.mapbuild.coast import coastal_sides
from logistics.mapbuild.fit import anchors, spec_grid
from logistics.mapbuild.geo import Affine, GridTransform, Warp, hex_samples, in_polygon, project
from logistics.mapbuild.land import LandMask
from logistics.mapbuild.rivers import river_sides
from logistics.mapbuild.straits import water_sides
from logistics.mapdata import Box, City, Country, Map, Place, Port, Route, SideFeature, Track, Yard

PARTIAL_SEA_SHARE = 4 / 19   # a land hex with at least this share of sea samples, by the sea
TSCW_SIZES = {"major": "city", "dot": "town"}  # Europa symbol -> TSCW city kind (points: none)


@dataclass
class Built:
    map: Map
    notes: list[str] = field(default_factory=list)


def transform_for(spec: dict) -> GridTransform:
    """The fitted affine map, warped so that every cited place sits at its cited hex's centre."""
    layout, numbering = spec_grid(spec)
    affine = Affine(**spec["transform"])
    bumps = []
    for place, printed in anchors(spec):
        p = affine.apply(*project(place.lat, place.lon))
        tx, ty = layout.center(layout.to_hex(*numbering.parse(printed)))
        bumps.append((p, (tx - p[0], ty - p[1])))
    return GridTransform(layout, affine, Warp(bumps))


def build(name: str, mask: LandMask | None = None) -> Built:
    spec = data.map_specs()[name]
    game = spec["game"]
    layout, numbering = spec_grid(spec)
    transform = transform_for(spec)
    columns, rows = spec["grid"]["columns"], spec["grid"]["rows"]
    country_info, country_areas, region_chars = data.countries()
    zones, zone_legend = data.sea_zones(game)
    mask = mask or LandMask()
    notes: list[str] = []

    # --- which hexes, land or sea ---------------------------------------------------------------
    cells: list[Hex] = []
    for row in range(rows):
        for col in range(columns):
            if any(s.holds(col, row) for s in numbering.sheets):
                h = layout.to_hex(col, row)
                if in_polygon(*transform.latlon(*layout.center(h)), spec["extent"]):
                    cells.append(h)
    samples = {h: [transform.latlon(*p) for p in hex_samples(layout, h)] for h in cells}
    flat = [p for h in cells for p in samples[h]]
    flags = mask.is_land(flat)
    land_of: dict[Hex, list[tuple[float, float]]] = {}
    sea_share: dict[Hex, float] = {}
    i = 0
    for h in cells:
        n = len(samples[h])
        here = flags[i:i + n]
        i += n
        land_of[h] = [p for p, f in zip(samples[h], here) if f]
        sea_share[h] = 1 - sum(here) / n

    # Places on this map's hexes (off-map ones sit in boxes).
    place_hexes: dict[str, tuple[Hex, ...]] = {}
    for p in data.places():
        if p.box:
            continue
        pins = p.pins.get(game)
        if pins:
            place_hexes[p.name] = tuple(layout.to_hex(*numbering.parse(pid)) for pid in pins)
        else:
            place_hexes[p.name] = (transform.hex_at(p.lat, p.lon),)

    # A place smaller than a hex that is a country of its own (Gibraltar) keeps a hex of its own:
    # if a cited place holds its hex, it moves to the free neighbour nearest its true position.
    cited = {h: n for n, hs in place_hexes.items() if game in data.place_index()[n].pins for h in hs}
    moved: dict[Hex, Hex] = {}   # its new hex -> the hex it really lies in
    for p in data.places():
        if p.owns_hex and p.name in place_hexes and game not in p.pins and place_hexes[p.name][0] in cited:
            px, py = transform.pixel(p.lat, p.lon)
            free = [n for n in place_hexes[p.name][0].neighbours() if n not in cited and n in samples]
            best = min(free, key=lambda n: ((layout.center(n)[0] - px) ** 2 + (layout.center(n)[1] - py) ** 2, n))
            notes.append(f"{p.name}: moved off {cited[place_hexes[p.name][0]]}'s hex to a hex of its own")
            moved[best] = place_hexes[p.name][0]
            place_hexes[p.name] = (best,)

    # A place's hex is land even where the samples missed its sliver of coast.
    forced_land = {h for hs in place_hexes.values() for h in hs if h in samples}
    def country_at(lat: float, lon: float) -> str:
        return next((a.value for a in country_areas if in_polygon(lat, lon, a.poly)), "Spain")

    # A land hex is of the country that holds most of its land samples; a city's hex is of the
    # city's country (a hex can hold Tarifa's and Ceuta's shores at 28 miles a hex).
    country: dict[Hex, str] = {}
    for h in cells:
        pts = land_of[h] or (samples[h][:1] if h in forced_land else [])
        if pts:
            votes = [country_at(lat, lon) for lat, lon in pts]
            country[h] = max(dict.fromkeys(votes), key=votes.count)
    for owners in (False, True):
        for p in data.places():
            if p.name in place_hexes and (p.owns_hex if owners else p.size and not p.owns_hex):
                for h in place_hexes[p.name]:
                    if h in country:
                        country[h] = p.country
    kept = {h for h in cells if h not in country or country[h] in country_info}
    country = {h: c for h, c in country.items() if h in kept}

    terrain: dict[Hex, str] = {}
    for h in cells:
        if h not in kept:
            continue
        if h not in country:
            terrain[h] = "all_sea"
            continue
        pts = land_of[h] or samples[h][:1]
        kind = "clear"
        for area in data.terrain_areas():
            inside = sum(in_polygon(lat, lon, area.poly) for lat, lon in pts)
            if inside * 2 >= len(pts):
                kind = area.value
        terrain[h] = kind
    sea = {h for h, t in terrain.items() if t == "all_sea"}
    ports_here = {place_hexes[p.name][0] for p in data.places()
                  if p.port and not p.inland and p.name in place_hexes}
    partial = {h for h, t in terrain.items()
               if t != "all_sea" and any(n in sea for n in h.neighbours())
               and (sea_share[h] >= PARTIAL_SEA_SHARE or h in ports_here)}
    # A port up an estuary (Huelva, Bilbao): sea in its hex, and ships reach it through the coast.
    partial |= {h for h in ports_here if h in terrain and terrain[h] != "all_sea"
                and any(n in partial for n in h.neighbours())}
    partial = frozenset(partial)

    # --- regions and sea zones ------------------------------------------------------------------
    region_seeds = [(project(p.lat, p.lon), p.region) for p in data.places()
                    if p.region and not p.box and p.country in ("Spain", "Spanish Morocco")]
    region: dict[Hex, str] = {}
    for h, c in country.items():
        if c in ("Spain", "Spanish Morocco"):
            pts = land_of[h] or samples[h][:1]
            x, y = project(sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
            region[h] = min(region_seeds, key=lambda s: (s[0][0] - x) ** 2 + (s[0][1] - y) ** 2)[1]
    map_ = Map(name=name, game=game, layout=layout, numbering=numbering, columns=columns, rows=rows,
               scale_miles=spec["scale_miles"], north_rotation=round(transform.affine.north_angle, 1),
               terrain=terrain, partial_sea=partial,
               countries={c: Country(c, bool(info.get("neutral"))) for c, info in country_info.items()
                          if c in set(country.values())})
    map_.layers = {"country": country, "region": region}
    map_.legends = {
        "country": {info["char"]: c for c, info in country_info.items() if c in set(country.values())},
        "region": {ch: r for r, ch in region_chars.items() if r in set(region.values())},
    }

    # --- hexsides: water crossings, then rivers -------------------------------------------------
    strait_limit = 5.0 if game == "europa" else 0.0   # FWtBT FAQ: narrow straits up to ~5 miles
    water = water_sides(map_, transform, mask, strait_limit, {h for h, v in sea_share.items() if v > 0}, moved,
                        country_at, {a.value for a in country_areas})
    # A land hex with water across one of its hexsides has sea in it (the Strait of Gibraltar at
    # Tarifa, 23A:3826): ships pass through it hex by hex (34A1, AEG 1998).
    partial = frozenset(partial | {h for s in water for h in s.hexes})
    map_.partial_sea = partial
    coastal = coastal_sides(transform, mask, set(partial), set(water))
    # A port in a partial-sea hex reaches the water beside it, even where the sampled water of
    # its hex misses its neighbour's (a harbour on a straight coast, Castellon).
    reached = {h for s in coastal | set(water) for h in s.hexes} | {
        h for h in partial if any(n in sea for n in h.neighbours())}
    for h in sorted((ports_here & partial) - reached):
        coastal |= {Hexside(h, n) for n in h.neighbours() if n in partial}
    for feature in ("narrow_strait", "all_sea"):
        sides = tuple(sorted(s for s, f in water.items() if f == feature))
        if sides:
            map_.side_features.append(SideFeature(feature, "", sides))
    if coastal:
        map_.side_features.append(SideFeature("coastal", "", tuple(sorted(coastal))))
    # Sea zones: of sea hexes and partial-sea hexes; for TSCW also of every coastal hex, "any hex
    # with part of an all-sea hexside" (11.8), so that its coastal cities know their zone (11.5).
    wet_sides = {h for s, f in water.items() if f == "all_sea" for h in s.hexes}
    sea_zone: dict[Hex, str] = {}
    for h, t in terrain.items():
        coastal = t == "all_sea" or h in partial or (
            game == "tscw" and (any(n in sea for n in h.neighbours()) or h in wet_sides))
        if coastal:
            lat, lon = samples[h][0]
            zone = next((z.value for z in zones if in_polygon(lat, lon, z.poly)), "")
            if zone:
                sea_zone[h] = zone
    map_.layers["sea_zone"] = sea_zone
    map_.legends["sea_zone"] = {ch: z for ch, z in zone_legend.items() if z in set(sea_zone.values())}
    # Weather zones (Europa 36A1: D and E on this map), of every hex.
    weather_areas, weather_legend = data.weather_zones(game)
    weather = {h: z for h in terrain
               if (z := next((a.value for a in weather_areas if in_polygon(*samples[h][0], a.poly)), ""))}
    if weather:
        map_.layers["weather_zone"] = weather
        map_.legends["weather_zone"] = {ch: z for ch, z in weather_legend.items() if z in set(weather.values())}

    for river in data.rivers():
        for k, run in enumerate(river_sides(map_, transform, river.line)):
            map_.side_features.append(SideFeature(river.feature, river.name if k == 0 else f"{river.name} {k + 1}", run))

    # --- places ---------------------------------------------------------------------------------
    _places(map_, spec, place_hexes, notes)

    # --- lines ----------------------------------------------------------------------------------
    blocked = frozenset(s for s, f in water.items() if f == "all_sea")
    for source, target in ((data.rail(), map_.rail), (data.roads(), map_.roads)):
        for ln in source:
            chain = _chain(map_, [place_hexes[n][0] for n in ln.via if n in place_hexes], blocked)
            if len(chain) >= 2:
                target.append(Track(ln.name, ln.klass, tuple(chain), ln.gauge))
            else:
                notes.append(f"{ln.name}: fewer than two hexes on this map; left out")

    map_.boxes = [Box(b["name"], b["kind"], b.get("country", "")) for b in spec.get("boxes", [])]
    for r in spec.get("routes", []):
        ends = tuple(_route_end(map_, transform, place_hexes, end, r.get("kind", "naval")) for end in r["ends"])
        map_.routes.append(Route(ends, r.get("kind", "naval"), r.get("cost", 1)))
    return Built(map_, notes)


def _route_end(map_: Map, transform: GridTransform, place_hexes, end, kind: str) -> str:
    """A route's end as written in features.yaml: a box name or printed hex id, or the printed
    id of a hex given as a place name (a naval route: its port) or [lat, lon] (a naval route: the
    nearest all-sea hex to it)."""
    if isinstance(end, str) and end not in place_hexes:
        return end  # a box or a printed hex id
    h = place_hexes[end][0] if isinstance(end, str) else transform.hex_at(*end)
    if isinstance(end, str) and kind == "naval" and map_.port_at(h) is not None:
        return map_.hex_id(h)
    if kind == "naval" and map_.terrain.get(h) != "all_sea":
        h = min((x for x in map_.terrain if map_.terrain[x] == "all_sea"), key=lambda x: (x.distance(h), x))
    return map_.hex_id(h)


def _places(map_: Map, spec: dict, place_hexes: dict[str, tuple[Hex, ...]], notes: list[str]) -> None:
    game = spec["game"]
    held: dict[Hex, str] = {}
    candidates = []
    for order, p in enumerate(data.places()):
        size = p.size if game == "europa" else (p.tscw_size or TSCW_SIZES.get(p.size, ""))
        if not size:
            continue
        if p.box:
            candidates.append((0, 0, order, p, size))
        elif all(h in map_.terrain for h in place_hexes[p.name]):
            pinned = game in p.pins
            candidates.append((0 if pinned else 1, data.SIZE_RANK[size], order, p, size))
        else:
            notes.append(f"{p.name}: off the map")
    kept: list[tuple[int, data.PlaceData, str]] = []
    for _, _, order, p, size in sorted(candidates, key=lambda c: c[:3]):
        hexes = place_hexes.get(p.name, ())
        clash = next((held[h] for h in hexes if h in held), None)
        if clash:
            notes.append(f"{p.name}: shares a hex with {clash}; not drawn as a city")
            continue
        held.update((h, p.name) for h in hexes)
        kept.append((order, p, size))
    kept.sort(key=lambda k: k[0])
    for _, p, size in kept:
        place = Place(box=p.box) if p.box else Place(hexes=place_hexes[p.name])
        tags = p.tscw_tags if game == "tscw" else ()
        map_.cities.append(City(p.name, size, place, tuple(tags)))
        if p.port and (game == "europa" or not p.inland):
            klass = p.port if game == "europa" else "anchor"
            map_.ports.append(Port(p.name, klass, Place(box=p.box) if p.box else Place(hexes=place.hexes[:1]),
                                   inland=p.inland, naval_base=p.naval_base))
    # Ports of places too small to be drawn as cities (Europa only: TSCW anchors mark cities).
    if game == "europa":
        drawn = {c.name for c in map_.cities}
        for p in data.places():
            if p.port and p.name not in drawn and not p.box and p.name in place_hexes:
                h = place_hexes[p.name][0]
                if h in map_.terrain and not map_.is_water(h) and map_.port_at(h) is None:
                    map_.ports.append(Port(p.name, p.port, Place(hexes=(h,)), p.inland, p.naval_base))
        for p in data.places():
            if p.yard and p.name in place_hexes and place_hexes[p.name][0] in map_.terrain:
                map_.yards.append(Yard(p.name, Place(hexes=place_hexes[p.name][:1])))


def _chain(map_: Map, stops: list[Hex], blocked: frozenset[Hexside]) -> list[Hex]:
    """Stops joined hex by hex over land: the straight hex line where it stays on land and
    crosses no all-sea hexside, else the shortest land path (ties: nearest the straight line)."""
    stops = [h for h in stops if map_.is_land(h)]
    chain: list[Hex] = stops[:1]
    for a, b in zip(stops, stops[1:]):
        if a == b:
            continue
        straight = line(a, b)
        ok = all(map_.is_land(h) for h in straight) and not any(
            Hexside(x, y) in blocked for x, y in zip(straight, straight[1:]))
        path = straight if ok else _land_path(map_, a, b, blocked, straight)
        if path is None:
            break
        chain.extend(path[1:])
    # A chain that doubles back on itself (two stops in one place) keeps only its loop-free part.
    out: list[Hex] = []
    for h in chain:
        if h in out:
            del out[out.index(h) + 1:]
        else:
            out.append(h)
    return out


def _land_path(map_: Map, a: Hex, b: Hex, blocked: frozenset[Hexside], straight: list[Hex]) -> list[Hex] | None:
    guide = set(straight)
    prev: dict[Hex, Hex | None] = {a: None}
    frontier = deque([a])
    while frontier:
        h = frontier.popleft()
        if h == b:
            break
        # Visit neighbours on the straight line first, then in a fixed order.
        for n in sorted(h.neighbours(), key=lambda n: (n not in guide, n.distance(b), n)):
            if n not in prev and map_.is_land(n) and Hexside(h, n) not in blocked:
                prev[n] = h
                frontier.append(n)
    if b not in prev:
        return None
    path = [b]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return path[::-1]
