"""Geography of the compiled Iberian maps (maps/iberia-europa, maps/iberia-tscw): places in the
right hexes, countries and regions, the Strait, the islands, rail lines and rivers.

These read the committed map files only (no land mask needed)."""
from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from logistics.hexgrid import Hex, Hexside
from logistics.mapio import load_map

MAPS = Path(__file__).resolve().parents[1] / "maps"


@pytest.fixture(scope="module")
def europa():
    return load_map(MAPS / "iberia-europa")


@pytest.fixture(scope="module")
def tscw():
    return load_map(MAPS / "iberia-tscw")


def hex_of(m, name: str) -> Hex:
    return m.city(name).place.hexes[0]


def sides(m, feature: str) -> set[Hexside]:
    return {s for run in m.side_features if run.feature == feature for s in run.sides}


def land_reach(m, start: Hex) -> set[Hex]:
    """Hexes a ground unit reaches from `start` over land, never across an all-sea hexside."""
    blocked = sides(m, "all_sea")
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in m.neighbours(h):
            if n not in seen and m.is_land(n) and Hexside(h, n) not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


def rail_reach(m, start: Hex, classes=("standard", "low_volume")) -> set[Hex]:
    links = {}
    for side, track in m.rail_links.items():
        if track.klass in classes:
            links.setdefault(side.a, []).append(side.b)
            links.setdefault(side.b, []).append(side.a)
    seen, todo = {start}, deque([start])
    while todo:
        for n in links.get(todo.popleft(), []):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


# --- Europa (FWtBT) ---------------------------------------------------------------------------------

# Hexes the FWtBT FAQ cites (seed 000): the compiled map must hold these places there.
FAQ_HEXES = [
    ("Oviedo", "23A:1007"), ("Gijon", "23A:1006"), ("Calatayud", "23A:2702"), ("Alcazarquivir", "23A:4131"),
    ("Sanlucar de Barrameda", "23A:3328"), ("Malaga", "23A:3822"), ("Cartagena", "23A:4410"),
    ("Cadiz", "23A:3428"), ("El Ferrol", "23A:0313"), ("La Coruna", "23A:0314"), ("Melilla", "23A:4822"),
    ("Algeciras", "23A:3825"), ("Vitoria", "23A:2001"), ("Soria", "23A:2403"), ("Burgos", "23A:1906"),
    ("Mahon", "33:4625"),
]


@pytest.mark.parametrize("name,printed", FAQ_HEXES)
def test_faq_hexes_hold_their_places(europa, name, printed):
    assert europa.hex_id(hex_of(europa, name)) == printed


def test_madrid_and_barcelona_are_multi_hex_as_the_faq_says(europa):
    assert [europa.hex_id(h) for h in europa.city("Madrid").place.hexes] == ["23A:2710", "23A:2711"]
    assert [europa.hex_id(h) for h in europa.city("Barcelona").place.hexes] == ["33:3625", "33:3624"]


FAQ_PLACES = ["Madrid", "Barcelona", "Ceuta", "Melilla", "Algeciras", "Cadiz", "Sanlucar de Barrameda",
              "Palma", "Vigo", "Gijon", "Santander", "Bilbao", "San Sebastian", "Oviedo", "El Ferrol",
              "La Coruna", "Malaga", "Sevilla", "Cordoba", "Granada", "Valladolid", "Burgos", "Soria",
              "Calatayud", "Zaragoza", "Vitoria", "Lerida", "Tarragona", "Valencia", "Cartagena",
              "Alcazarquivir", "Aguilas", "Mahon", "Huelva", "Almeria", "Alicante", "Castellon", "Teruel",
              "Guadalajara", "Toledo", "Talavera", "Badajoz", "Caceres", "Salamanca", "Leon", "Lugo",
              "Pamplona", "Huesca", "Gerona", "Tortosa", "Albacete", "Jaen", "Ciudad Real"]


def test_every_place_the_faq_names_is_a_city_on_the_map(europa):
    for name in FAQ_PLACES:
        assert europa.is_land(hex_of(europa, name)), name


@pytest.mark.parametrize("name,country", [
    ("Madrid", "Spain"), ("Lisboa", "Portugal"), ("Porto", "Portugal"), ("Bayonne", "France"),
    ("Perpignan", "France"), ("Gibraltar", "Gibraltar"), ("Ceuta", "Spanish Morocco"),
    ("Melilla", "Spanish Morocco"), ("Tetuan", "Spanish Morocco"), ("Tangier", "Tangier"),
    ("Andorra la Vella", "Andorra"), ("Palma", "Spain"),
])
def test_places_lie_in_their_country(europa, name, country):
    assert europa.country_of(hex_of(europa, name)) == country


def test_neutrals_are_neutral(europa):
    for name in ("Portugal", "France", "Gibraltar", "Tangier", "Andorra"):
        assert europa.countries[name].neutral
    assert not europa.countries["Spain"].neutral


@pytest.mark.parametrize("name,region", [
    ("Aguilas", "Murcia"),            # FAQ: "Aguilas is a Murcian city"
    ("Cartagena", "Murcia"), ("Sevilla", "Andalucia"), ("Malaga", "Andalucia"), ("Almeria", "Andalucia"),
    ("Barcelona", "Catalunya"), ("Lerida", "Catalunya"), ("Zaragoza", "Aragon"), ("Teruel", "Aragon"),
    ("Palma", "Balearics"), ("Mahon", "Balearics"), ("Bilbao", "Euzkadi"), ("Oviedo", "Asturias"),
    ("Santander", "Santander"), ("Burgos", "Castilla la Vieja"), ("Madrid", "Castilla la Nueva"),
    ("Valencia", "Valencia"), ("Badajoz", "Extremadura"), ("La Coruna", "Galicia"), ("Pamplona", "Navarra"),
    ("Leon", "Leon"), ("Ceuta", "Spanish Morocco"),
])
def test_places_lie_in_their_region(europa, name, region):
    assert europa.region_of(hex_of(europa, name)) == region


def test_ceuta_faces_algeciras_and_gibraltar_across_the_strait(europa):
    ceuta, algeciras, gibraltar = (hex_of(europa, n) for n in ("Ceuta", "Algeciras", "Gibraltar"))
    all_sea = sides(europa, "all_sea")
    for other in (algeciras, gibraltar):
        assert ceuta.is_adjacent(other)
        assert Hexside(ceuta, other) in all_sea        # not a narrow strait: ~14 miles of water
    assert algeciras not in land_reach(europa, ceuta)
    assert gibraltar.is_adjacent(algeciras) and gibraltar in land_reach(europa, algeciras)


def test_mallorca_is_reachable_only_by_sea(europa):
    palma = hex_of(europa, "Palma")
    island = land_reach(europa, palma)
    assert hex_of(europa, "Madrid") not in island and hex_of(europa, "Valencia") not in island
    assert len(island) < 12
    assert palma in europa.partial_sea and europa.port_at(palma) is not None


def test_morocco_is_not_joined_to_spain_by_land(europa):
    assert hex_of(europa, "Sevilla") not in land_reach(europa, hex_of(europa, "Tetuan"))
    assert hex_of(europa, "Melilla") in land_reach(europa, hex_of(europa, "Tetuan"))


def test_madrid_zaragoza_barcelona_is_one_rail_line(europa):
    line = next(t for t in europa.rail if t.name == "Madrid-Zaragoza-Barcelona")
    for name in ("Madrid", "Guadalajara", "Calatayud", "Zaragoza"):
        assert hex_of(europa, name) in line.hexes
    reach = rail_reach(europa, hex_of(europa, "Madrid"), ("standard",))
    assert hex_of(europa, "Zaragoza") in reach and hex_of(europa, "Barcelona") in reach


def test_gijon_santander_bilbao_lie_on_the_low_volume_northern_line(europa):
    line = next(t for t in europa.rail if t.name == "Cantabrico")
    assert line.klass == "low_volume"
    stops = [line.hexes.index(hex_of(europa, n)) for n in ("Gijon", "Santander", "Bilbao")]
    assert stops == sorted(stops)
    assert hex_of(europa, "Bilbao") in rail_reach(europa, hex_of(europa, "Gijon"), ("low_volume",))


def test_the_balearic_and_moroccan_rail_stay_on_their_shores(europa):
    assert hex_of(europa, "Madrid") not in rail_reach(europa, hex_of(europa, "Palma"))
    assert hex_of(europa, "Sevilla") not in rail_reach(europa, hex_of(europa, "Ceuta"))


def test_rail_and_roads_run_over_land(europa, tscw):
    for m in (europa, tscw):
        for track in m.rail + m.roads:
            assert all(m.is_land(h) for h in track.hexes), track.name


def _chain_is_connected(run) -> bool:
    """Consecutive hexsides share a hex corner: their hexes are three mutually adjacent hexes."""
    for s, t in zip(run.sides, run.sides[1:]):
        trio = {s.a, s.b, t.a, t.b}
        if len(trio) != 3 or not all(x == y or x.is_adjacent(y) for x in trio for y in trio):
            return False
    return True


def test_rivers_are_connected_chains_of_hexsides(europa, tscw):
    for m in (europa, tscw):
        majors = {run.name for run in m.side_features if run.feature == "major_river"}
        assert {"Ebro", "Duero", "Tajo", "Guadiana", "Guadalquivir"} <= majors
        for run in m.side_features:
            if run.feature.endswith("river"):
                assert len(run.sides) >= 5 and _chain_is_connected(run), run.name
                assert len(set(run.sides)) == len(run.sides), run.name


def test_rivers_flow_past_their_cities(europa):
    def touches(name, river):
        h = hex_of(europa, name)
        return any(h in s.hexes for run in europa.side_features if run.name == river for s in run.sides)
    assert touches("Zaragoza", "Ebro")
    assert touches("Toledo", "Tajo") or touches("Talavera", "Tajo")
    assert touches("Badajoz", "Guadiana") or touches("Merida", "Guadiana")
    assert touches("Cordoba", "Guadalquivir") or touches("Sevilla", "Guadalquivir")
    tajo = {h for run in europa.side_features if run.name == "Tajo" for s in run.sides for h in s.hexes}
    assert any(europa.country_of(h) == "Portugal" for h in tajo)


@pytest.mark.parametrize("name,zone", [
    ("Bilbao", "Biscay"), ("Santander", "Biscay"), ("Gijon", "Biscay"), ("Cadiz", "Atlantic"),
    ("Huelva", "Atlantic"), ("Vigo", "Atlantic"), ("Valencia", "Mediterranean"), ("Barcelona", "Mediterranean"),
    ("Palma", "Mediterranean"), ("Malaga", "Mediterranean"),
])
def test_coastal_cities_lie_in_their_sea_zone(europa, name, zone):
    assert europa.sea_zone_of(hex_of(europa, name)) == zone


def test_ports_and_naval_bases(europa):
    ports = {p.name: p for p in europa.ports}
    for base in ("El Ferrol", "Cadiz", "Cartagena", "Mahon"):
        assert ports[base].naval_base
    assert ports["Sevilla"].inland
    # FWtBT FAQ: Ceuta, Gijon, Las Palmas, Santa Cruz are major ports (12B4/34K and 12C2 rulings),
    # Barcelona one of the mainland major ports, and every major port a naval base (AEG, 11-Mar-04).
    for name in ("Ceuta", "Gijon", "Las Palmas", "Santa Cruz de Tenerife", "Barcelona", "Bilbao", "Vigo"):
        assert ports[name].klass == "major" and ports[name].naval_base, name
    assert ports["Palma"].klass == "standard" and ports["Santander"].klass == "standard"
    assert {y.name for y in europa.yards} >= {"Madrid", "Barcelona", "Valencia", "Sevilla", "Zaragoza"}


def test_narrow_straits_are_narrow_water_between_land(europa):
    straits = sides(europa, "narrow_strait")
    assert straits, "the estuaries and Es Freus give some"
    for s in straits:
        assert europa.is_land(s.a) and europa.is_land(s.b)
    lisbon = hex_of(europa, "Lisboa")
    assert any(lisbon.distance(h) <= 1 for s in straits for h in s.hexes)   # the Tagus at Lisbon
    assert not any(hex_of(europa, "Ceuta") in s.hexes for s in straits)       # the Strait is wide


def test_off_map_boxes_and_routes(europa):
    assert europa.box("Canaries").kind == "ports"
    assert {c.name for c in europa.cities if c.place.box == "Canaries"} == {"Las Palmas", "Santa Cruz de Tenerife"}
    for route in europa.routes:
        for end in route.ends:
            if europa.box(end) is None:
                h = europa.hex_at(end)
                # A naval route ends where ships are: a sea hex or a port (Sevilla, up the river).
                assert h in europa and (route.kind == "land" or europa.is_sea(h) or europa.port_at(h))


# --- TSCW ----------------------------------------------------------------------------------------------

# Hexes the TSCW rules cite (seed 002: 9.5, 9.7, 9.8, 6.x, 15.15, 17.x).
TSCW_HEXES = [
    ("Cadiz", "1305"), ("La Coruna", "3701"), ("Talavera", "2509"), ("Ciudad Real", "2211"),
    ("Alcazar de San Juan", "2312"), ("Valencia", "2318"), ("Madrid", "2712"), ("Barcelona", "3023"),
    ("Santander", "3710"), ("Bilbao", "3613"), ("Gijon", "3707"), ("Lugo", "3503"), ("Soria", "3114"),
    ("Zaragoza", "3017"), ("Avila", "2709"),
]


@pytest.mark.parametrize("name,printed", TSCW_HEXES)
def test_tscw_cited_hexes_hold_their_places(tscw, name, printed):
    assert tscw.city_at(tscw.hex_at(printed)).name == name


def test_tscw_unlimited_supply_sources(tscw):
    uss = {c.name: set(c.tags) for c in tscw.cities if "uss" in c.tags}
    assert {n for n, t in uss.items() if "nationalist" in t} == {"Cadiz", "La Coruna"}                 # 9.7
    assert {n for n, t in uss.items() if "north" in t} == {"Gijon", "Bilbao", "Santander"}             # 9.8
    assert {n for n, t in uss.items() if "central" in t} == {"Barcelona", "Valencia", "Cartagena", "Figueras"}
    assert tscw.hex_id(hex_of(tscw, "Figueras")) == "3324"                                              # 9.8


def test_tscw_sea_zones_follow_11_5(tscw):
    assert tscw.sea_zone_of(tscw.hex_at("1207")) == "Atlantic"
    assert tscw.sea_zone_of(tscw.hex_at("1208")) == "Mediterranean"
    assert tscw.country_of(tscw.hex_at("1208")) == "Gibraltar"               # "y compris Gibraltar" (12.x)
    for name in ("La Coruna", "Gijon", "Santander", "Bilbao"):
        assert tscw.sea_zone_of(hex_of(tscw, name)) == "Cantabrian Sea"
    for name in ("Cadiz", "Huelva"):
        assert tscw.sea_zone_of(hex_of(tscw, name)) == "Atlantic"
    for name in ("Malaga", "Valencia", "Barcelona", "Cartagena", "Palma"):
        assert tscw.sea_zone_of(hex_of(tscw, name)) == "Mediterranean"
    border = tscw.hex_at("3201")                                            # Portugal's northern border
    assert any(tscw.country_of(n) != tscw.country_of(border) for n in tscw.neighbours(border) if tscw.is_land(n))


def test_tscw_coastal_cities_carry_the_anchor(tscw):
    anchors = {p.name for p in tscw.ports if p.klass == "anchor"}
    assert {"Cadiz", "La Coruna", "Gijon", "Santander", "Bilbao", "Barcelona", "Valencia", "Malaga",
            "Cartagena", "Alicante", "Almeria"} <= anchors
    assert "Madrid" not in anchors and "Sevilla" not in anchors


def test_tscw_strait_and_islands(tscw):
    assert hex_of(tscw, "Cadiz") not in land_reach(tscw, hex_of(tscw, "Ceuta"))
    assert hex_of(tscw, "Valencia") not in land_reach(tscw, hex_of(tscw, "Palma"))
    assert hex_of(tscw, "Madrid") in land_reach(tscw, hex_of(tscw, "Barcelona"))


def test_tscw_grid_runs_north(tscw):
    """The first two digits grow northward, the last two eastward (2.2 and the cited hexes)."""
    cadiz, coruna, barcelona = (tscw.hex_id(hex_of(tscw, n)) for n in ("Cadiz", "La Coruna", "Barcelona"))
    assert cadiz[:2] < coruna[:2] and coruna[2:] < barcelona[2:]
