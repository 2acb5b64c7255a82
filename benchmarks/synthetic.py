"""Seeded synthetic Europa maps and positions for the benchmarks (issue [H]).

`synthetic(n_hexes, n_units, seed)` builds, in memory and deterministically for a seed:

- a rectangular map of about `n_hexes` hexes (flat, odd columns; Europa numbering on 99 x 99
  sheets) with a terrain mix from smoothed noise (clear, rough, woods, wooded rough, mountain,
  swamp), an all-sea northern coast with partial-sea coastal hexes, a few lakes, a small neutral
  country in the south-west and two weather zones (north / south);
- a rail network: east-west and north-south trunk lines (some multi-track) plus branches, about
  40 % of them low-volume, cities every dozen trunk hexes (some two-hex major cities), a port
  city every 25 columns of coast (minor, standard or major, with a branch inland), a few roads;
- a position: ownership split at a wavy north-south front (Loyalist west, Insurgent east), each
  side's units (FWtBT sides and affiliations, as logistics/rulings/builders.py) in a front belt, in
  the rear and in a few pockets behind the enemy front, with normal / reduced / no ZOCs and some
  U-1 / U-2 markers; full general supply sources per coalition (three-or-more rail-connected
  cities for the Republicans and Rebels (Radicals and Interventionists may use them too), a
  per-hex Radical city, Gobernito cities, an Interventionist port), general supply points and
  attack supply steps; the 43C3 adverse-terrain option.
"""
from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass

import numpy as np

from logistics.hexgrid import Hex, Layout, line
from logistics.mapdata import City, Country, Map, Place, Port, Track
from logistics.numbering import Numbering, Sheet
from logistics.position import Position, SupplySource, SupplyStock, Unit
from logistics.rulings.builders import SIDES  # the FWtBT sides, coalitions and affiliations

SHEET = 99  # columns / rows per printed sheet (Europa ids have two digits each)

# Affiliation mix of each side's units, as (affiliation, weight).
MIX = {
    "Loyalist": (("People's Army", 55), ("International", 15), ("Anarchist", 10), ("POUM", 5),
                 ("Basque", 8), ("Asturian", 7)),
    "Insurgent": (("Nationalist", 40), ("Colonial", 15), ("Falangist", 10), ("Requete", 10),
                  ("German", 10), ("Italian", 15)),
}


@dataclass
class Synthetic:
    map: Map
    position: Position
    seed: int

    def summary(self) -> dict:
        m, p = self.map, self.position
        terrain: dict[str, int] = {}
        for t in m.terrain.values():
            terrain[t] = terrain.get(t, 0) + 1
        rail: dict[str, int] = {}
        for track in m.rail:
            rail[track.klass] = rail.get(track.klass, 0) + len(track.hexes)
        return {
            "hexes": len(m.terrain), "columns": m.columns, "rows": m.rows, "terrain": dict(sorted(terrain.items())),
            "rail_hexes": len(m.rail_hexes), "rail_track_hexes_by_class": dict(sorted(rail.items())),
            "road_tracks": len(m.roads), "cities": len(m.cities), "ports": len(m.ports),
            "units": {s.name: sum(u.side == s.name for u in p.units) for s in p.sides},
            "sources": [s.name for s in p.supply_sources], "stocks": len(p.supply),
            "weather": dict(p.weather), "options": dict(p.options),
        }


def grid_shape(n_hexes: int) -> tuple[int, int]:
    """(columns, rows) of about n_hexes hexes, 8:5 wide (1k: 40 x 25, 10k: 125 x 80, 100k: 400 x 250)."""
    guess = max(8, round(math.sqrt(n_hexes * 1.6)))
    exact = [c for c in range(guess - 6, guess + 7) if n_hexes % c == 0]
    columns = min(exact, key=lambda c: abs(c - guess)) if exact else guess
    return columns, max(6, round(n_hexes / columns))


def _value_noise(rng: np.random.Generator, rows: int, cols: int, cell: int) -> np.ndarray:
    """Smooth noise in [0, 1): random values on a coarse lattice, bilinearly interpolated."""
    coarse = rng.random((rows // cell + 2, cols // cell + 2))
    y, x = np.arange(rows) / cell, np.arange(cols) / cell
    y0, x0 = y.astype(int), x.astype(int)
    fy, fx = (y - y0)[:, None], (x - x0)[None, :]
    c = coarse
    top = c[y0][:, x0] * (1 - fx) + c[y0][:, x0 + 1] * fx
    bottom = c[y0 + 1][:, x0] * (1 - fx) + c[y0 + 1][:, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def _walk(rng: np.random.Generator, length: int, cell: int) -> np.ndarray:
    """Smooth 1-D noise in [-1, 1]."""
    return _value_noise(rng, 1, length, cell)[0] * 2 - 1


def _path(points: list[Hex]) -> list[Hex]:
    path = [points[0]]
    for a, b in zip(points, points[1:]):
        path += line(a, b)[1:]
    return path


def synthetic(n_hexes: int, n_units: int, seed: int = 1) -> Synthetic:
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)
    cols, rows = grid_shape(n_hexes)
    layout = Layout("flat", "odd")
    sheets = tuple(Sheet(f"{sr + 1}{chr(65 + sc)}", sc * SHEET, sr * SHEET, SHEET, SHEET)
                   for sr in range(math.ceil(rows / SHEET)) for sc in range(math.ceil(cols / SHEET)))
    m = Map(name=f"synthetic-{n_hexes}-{seed}", game="europa", layout=layout,
            numbering=Numbering("europa", sheets), columns=cols, rows=rows)
    m.countries = {"Ruritania": Country("Ruritania"), "Neutralia": Country("Neutralia", neutral=True)}
    at = [[layout.to_hex(c, r) for c in range(cols)] for r in range(rows)]

    # --- terrain ------------------------------------------------------------------------------
    elevation = _value_noise(rng, rows, cols, 9) + 0.25 * rng.random((rows, cols))
    cover = _value_noise(rng, rows, cols, 6) + 0.25 * rng.random((rows, cols))
    mountain = elevation > np.quantile(elevation, 0.92)
    rough = ~mountain & (elevation > np.quantile(elevation, 0.80))
    wooded = cover > np.quantile(cover, 0.85)
    swamp = (cover < np.quantile(cover, 0.03)) & ~mountain & ~rough
    coast = np.maximum(1, np.round(rows * 0.06 + rows * 0.05 * _walk(rng, cols, 7))).astype(int)
    coast_max = int(coast.max())
    neutral_cols, neutral_row = max(2, cols // 10), rows - max(2, rows // 7)
    grid = np.full((rows, cols), "clear", dtype=object)
    grid[rough] = "rough"
    grid[wooded] = "woods"
    grid[rough & wooded] = "wooded_rough"
    grid[mountain] = "mountain"
    grid[swamp] = "swamp"
    for c in range(cols):
        grid[: coast[c], c] = "all_sea"
    country, weather = {}, {}
    for r in range(rows):
        for c in range(cols):
            h = at[r][c]
            m.terrain[h] = grid[r, c]
            country[h] = "Neutralia" if c < neutral_cols and r >= neutral_row else "Ruritania"
            weather[h] = "N" if r < rows // 2 else "S"
    m.layers["country"], m.layers["weather_zone"] = country, weather
    m.partial_sea = frozenset(h for h, t in m.terrain.items() if t != "all_sea"
                              and any(m.terrain.get(n) == "all_sea" for n in h.neighbours()))

    def land(h: Hex) -> bool:
        return m.terrain.get(h) not in (None, "all_sea", "lake") and country[h] == "Ruritania"

    # --- rail ---------------------------------------------------------------------------------
    tracks: list[Track] = []

    def add_track(name: str, klass: str, points: list[Hex]) -> list[Hex]:
        """The land runs of the chain through `points` as tracks; returns the hexes laid."""
        laid, run, in_run = [], [], set()
        for h in _path(points) + [None]:
            if h is not None and land(h) and h not in in_run:
                run.append(h)
                in_run.add(h)
                continue
            if len(run) >= 2:
                tracks.append(Track(f"{name}.{len(tracks)}", klass, tuple(run)))
                laid += run
            run = [h] if h is not None and land(h) else []
            in_run = set(run)
        return laid

    trunks: list[list[Hex]] = []
    n_east = max(2, rows // 11)
    first, last = coast_max + 2, neutral_row - 2
    for k in range(n_east):
        row = first + (last - first) * (k + 0.5) / n_east
        points = [at[int(np.clip(row + pick.randint(-3, 3), first, last))][c]
                  for c in range(1, cols - 1, 15)] + [at[int(row)][cols - 2]]
        trunks.append(add_track(f"E{k}", "multi_track" if k % 2 == 0 else "standard", points))
    n_south = max(1, cols // 20)
    for k in range(n_south):
        col = int(neutral_cols + 2 + (cols - neutral_cols - 4) * (k + 0.5) / n_south)
        points = [at[r][int(np.clip(col + pick.randint(-3, 3), neutral_cols + 1, cols - 2))]
                  for r in range(coast[col] + 1, rows - 1, 12)] + [at[rows - 2][col]]
        trunks.append(add_track(f"S{k}", "standard", points))
    trunk_hexes = sorted({h for t in trunks for h in t})
    branches: list[list[Hex]] = []
    for k in range(max(2, len(trunk_hexes) // 8)):
        start = pick.choice(trunk_hexes)
        c0, r0 = layout.to_offset(start)
        north = pick.random() < 0.35
        length = pick.randint(6, 20)
        points = [start]
        c, r = c0, r0
        for _ in range(length // 5 + 1):
            r = int(np.clip(r + (-5 if north else pick.choice((-5, 5))), 0, rows - 1))
            c = int(np.clip(c + pick.randint(-4, 4), 0, cols - 1))
            points.append(at[r][c])
        klass = "low_volume" if pick.random() < 0.4 else "standard"
        branches.append(add_track(f"B{k}", klass, points))
    # Ports every couple of dozen columns along the coast, each with a branch to the first trunk.
    ports = []
    trunk_row = first + (last - first) * 0.5 / n_east
    for c in range(3, cols - 3, 25):
        h = at[coast[c]][c]
        if land(h):
            ports.append(h)
            branches.append(add_track(f"P{c}", "standard", [h, at[min(rows - 1, int(trunk_row) + 4)][c]]))
    m.rail = tracks

    # --- cities, ports, roads -------------------------------------------------------------------
    used: set[Hex] = set()
    city_no = 0

    def add_city(hexes: tuple[Hex, ...], size: str) -> City:
        nonlocal city_no
        city_no += 1
        city = City(f"City{city_no}", size, Place(hexes))
        m.cities.append(city)
        used.update(hexes)
        return city

    for trunk in trunks:
        for j in range(pick.randint(2, 6), len(trunk), pick.randint(10, 14)):
            h = trunk[j]
            if h in used or any(n in used for n in h.neighbours()):
                continue
            two = j + 1 < len(trunk) and trunk[j + 1].is_adjacent(h) and pick.random() < 0.25
            add_city((h, trunk[j + 1]) if two else (h,), "major" if two else pick.choice(("city", "town")))
    for h in ports:
        if h not in used:
            city = add_city((h,), "town")
            klass = pick.choice(("minor", "standard", "standard", "major"))
            m.ports.append(Port(f"Port of {city.name}", klass, Place((h,)), naval_base=klass == "major"))
    for k, city in enumerate(pick.sample(m.cities, max(1, len(m.cities) // 3))):
        c, r = layout.to_offset(city.place.hex)
        target = at[int(np.clip(r + pick.randint(-12, 12), 0, rows - 1))][int(np.clip(c + pick.randint(-12, 12), 0, cols - 1))]
        chain = []
        for h in _path([city.place.hex, target]):   # up to the first hex a road cannot be in
            if not land(h):
                break
            chain.append(h)
        if len(chain) >= 2:
            m.roads.append(Track(f"Road{k}", "road", tuple(chain)))
    rail_or_city = set(m.rail_hexes) | used
    for h in pick.sample(sorted(m.terrain), max(1, len(m.terrain) // 200)):
        if land(h) and h not in rail_or_city:
            m.terrain[h] = "lake"

    # --- the position -------------------------------------------------------------------------------
    bend = _walk(rng, rows, 8)
    front = [int(cols / 2 + cols * 0.06 * bend[r]) for r in range(rows)]
    owner: dict[Hex, str] = {}
    for r in range(rows):
        for c in range(cols):
            h = at[r][c]
            if country[h] == "Neutralia":
                owner[h] = "neutral"
            elif m.is_land(h):
                owner[h] = "Loyalist" if c < front[r] else "Insurgent"

    def side_hexes(side: str, near: int, far: int) -> list[Hex]:
        """Land hexes of `side` whose column lies near..far columns behind the front."""
        out = []
        for r in range(rows):
            for k in range(near, far):
                c = front[r] - 1 - k if side == "Loyalist" else front[r] + k
                if 0 <= c < cols and land(at[r][c]) and owner[at[r][c]] == side:
                    out.append(at[r][c])
        return out

    near_rail = {n for h in m.rail_hexes for n in [h] + h.neighbours()}
    near_rail |= {n for h in list(near_rail) for n in h.neighbours()}
    units: list[Unit] = []
    stocks: list[SupplyStock] = []
    for side in ("Loyalist", "Insurgent"):
        enemy = "Insurgent" if side == "Loyalist" else "Loyalist"
        affs, weights = zip(*MIX[side])
        coalition = {a: c for s in SIDES for c, members in s.coalitions for a in members}
        n_side = n_units // 2 if side == "Loyalist" else n_units - n_units // 2
        n_pocket = max(2, n_side // 20)
        n_front = int(n_side * 0.55)
        belt = [h for h in side_hexes(side, 0, 2) if pick.random() > 0.1]   # gaps in the front
        places = [belt[j % len(belt)] for j in range(n_front)]
        rear = [h for h in side_hexes(side, 3, cols) if h in near_rail]
        places += pick.sample(rear, n_side - n_front - n_pocket)
        near_city = {n for c in m.cities for h in c.place.hexes for n in [h] + h.neighbours()}
        near_city |= {n for h in list(near_city) for n in h.neighbours()}
        hostile = [h for h in side_hexes(enemy, 6, cols // 4) if h not in near_city]
        rings = [[n for n in [centre] + centre.neighbours() if land(n)]
                 for centre in pick.sample(hostile, max(1, n_pocket // 4))]
        places += [rings[j % len(rings)][(j // len(rings)) % len(rings[j % len(rings)])] for j in range(n_pocket)]
        for j, h in enumerate(places):
            aff = pick.choices(affs, weights)[0]
            zoc = pick.choices(("normal", "reduced", "none"), (85, 10, 5))[0]
            oos = pick.choices((0, 1, 2), (85, 10, 5))[0]
            units.append(Unit(f"{side[0]}{j}", side, coalition[aff], aff, size=pick.choice((1.0, 2.0, 3.0)),
                              zoc=zoc, hex=h, oos=oos))
        for h in pick.sample(rear, max(1, n_side // 100)):
            stocks.append(SupplyStock(side, "general", h, 2.0))
        for h in pick.sample(side_hexes(side, 2, 4), max(1, n_side // 50)):
            stocks.append(SupplyStock(side, "attack", h, 1.0))

    def cities_of(side: str, pool: list[City], count: int) -> list[str]:
        mine = [c for c in pool if all(owner.get(h) == side for h in c.place.hexes)]
        return [c.name for c in mine[:count]]

    n_connected = 3 + n_hexes // 25_000
    on_trunk = set(trunk_hexes)                       # built once: the generator stays linear
    on_trunks = [c for c in m.cities if c.place.hex in on_trunk]
    on_trunks.sort(key=lambda c: layout.to_offset(c.place.hex))
    west = cities_of("Loyalist", on_trunks, n_connected)            # the westernmost, and so on
    east = cities_of("Insurgent", on_trunks[::-1], n_connected)
    majors = [c for c in m.cities if len(c.place.hexes) > 1]
    ports = [m.city_at(p.place.hex) for p in m.ports]
    # Gobernito units (who may not use the Republican cities) get a port and cities spread north
    # to south; the Radicals and Interventionists their own city / port besides the coalition's.
    by_row = sorted((c for c in m.cities if len(c.place.hexes) == 1), key=lambda c: layout.to_offset(c.place.hex)[1])
    spread = [by_row[k * len(by_row) // 4] for k in range(1, 4)] if len(by_row) >= 4 else by_row
    sources = [
        SupplySource("Republican cities", "Loyalist", tuple(west), users=("Republican", "Radical"), connected=3),
        SupplySource("Radical city", "Loyalist", tuple(cities_of("Loyalist", majors, 1) or west[:1]),
                     users=("Radical",), per_hex=True),
        SupplySource("Gobernito cities", "Loyalist",
                     tuple(cities_of("Loyalist", ports, 1) + cities_of("Loyalist", spread, 3)) or tuple(west[-1:]),
                     users=("Gobernito",)),
        SupplySource("Rebel cities", "Insurgent", tuple(east), users=("Rebel", "Interventionist"), connected=3),
        SupplySource("Interventionist port", "Insurgent", tuple(cities_of("Insurgent", ports, 1) or east[:1]),
                     users=("Interventionist",)),
    ]
    position = Position(game="europa-fwtbt", map_ref=m.name, sides=SIDES, units=tuple(units), owner=owner,
                        supply=tuple(stocks), supply_sources=tuple(sources),
                        weather={"N": "clear", "S": "snow"}, options={"adverse_terrain": True})
    return Synthetic(m, position, seed)


if __name__ == "__main__":
    import json
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    u = int(sys.argv[2]) if len(sys.argv) > 2 else n // 20
    print(json.dumps(synthetic(n, u).summary(), indent=1))
