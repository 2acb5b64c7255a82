"""The bundled maps' seas, ports and weather zones, and the map checks (logistics/mapcheck.py).

Rules: Europa 34A1 (AEG 1998: a cargo group moves from Melilla to Algeciras "along the coast",
hex by hex), 12B4 / 34K (naval elements run port to port through sea hexes), 34F (danger zones),
the AEG 11-Mar-04 rulings on the Strait of Gibraltar and on Palma, 36A1 (weather zones D and E,
Rules Court, TEM 62), TSCW 11.5-11.7 (three sea zones, Nationalists sail through all of them).
"""
from __future__ import annotations

import json
from dataclasses import replace
from itertools import groupby
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import edit

from cli import main
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hexside
from logistics.mapcheck import land_components, problems, sea_components, sea_network
from logistics.mapdata import Place, Port, Route, SideFeature
from logistics.mapio import load_map
from logistics.position import SupplySource, Unit
from logistics.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
EUROPA = load_map(ROOT / "maps" / "iberia-europa")
TSCW = load_map(ROOT / "maps" / "iberia-tscw")
AUG36 = ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml"


def main_sea(m):
    return sea_components(m)[0]


# --- one sea on the Europa map -----------------------------------------------------------------------

def test_one_sea_from_biscay_round_portugal_through_the_strait_to_the_balearics():
    """Issue [J]: the sea graph of iberia-europa fell apart into three seas (Mediterranean, Biscay,
    southern Atlantic). Every sea hex with a port and both port boxes now lie in one sea."""
    seas = sea_components(EUROPA)
    assert [s for s in seas if s["ports"]] == [seas[0]]
    sea = seas[0]
    assert sea["zones"] == ["Atlantic", "Biscay", "Mediterranean"]
    assert sea["boxes"] == ["Canaries", "Italian Ports"]
    assert {"Bilbao", "Vigo", "Lisboa", "Cadiz", "Ceuta", "Malaga", "Barcelona", "Palma", "Mahon",
            "Ibiza"} <= set(sea["ports"])


@pytest.mark.parametrize("port", sorted(p.name for p in EUROPA.ports))
def test_every_port_of_the_europa_map_is_in_the_one_sea(port):
    """Vigo (a major port and naval base), Lisboa (a great port), Setubal, Huelva, Sevilla and the
    rest reach the one sea (on main they reached no sea at all)."""
    assert port in main_sea(EUROPA)["ports"]


def test_the_strait_joins_the_atlantic_to_ceuta_through_the_tarifa_hex():
    """The Strait was drawn as all-sea hexsides round the land hex 23A:3826 and never joined
    23A:3827 to Ceuta (23A:3926): a land hex with water across a hexside has sea in it."""
    _, adjacent = sea_network(EUROPA)
    tarifa, atlantic, ceuta = (EUROPA.hex_at(x) for x in ("23A:3826", "23A:3827", "23A:3926"))
    assert tarifa in EUROPA.partial_sea
    assert atlantic in adjacent[tarifa] and ceuta in adjacent[tarifa]


def test_ships_pass_a_coastal_hexside_between_two_partial_sea_hexes_and_not_a_land_one():
    """34A1 (AEG 1998): ships move hex by hex along a coast; a hexside all of land (AEG,
    11-Mar-04, the 24A:4105/4005 example) joins nothing."""
    m = load_map(ROOT / "tests" / "data" / "maps" / "testland")
    a, b = m.hex_at("T:0806"), m.hex_at("T:0807")
    m.terrain[a] = m.terrain[b] = "clear"
    m.partial_sea = m.partial_sea | {a, b}
    assert not m.ships_pass(a, b)
    m.side_features.append(SideFeature("coastal", "", (Hexside(a, b),)))
    m.__dict__.pop("hexside_features", None)
    assert m.ships_pass(a, b)


def test_vigo_reaches_the_open_sea_along_its_ria_by_coastal_hexsides():
    """The Ria de Vigo: Vigo's hex is joined to the partial-sea hexes beside it by coastal
    hexsides, not only to all-sea hexes (it has none beside it)."""
    vigo = EUROPA.port_at(EUROPA.hex_at("23A:0718")).place.hex
    _, adjacent = sea_network(EUROPA)
    assert adjacent[vigo]
    assert all("coastal" in EUROPA.features_of(vigo, n) or "narrow_strait" in EUROPA.features_of(vigo, n)
               for n in adjacent[vigo] if EUROPA.terrain[n] != "all_sea")


# --- the Bilbao - Barcelona line and the Strait ---------------------------------------------------------

def bilbao_line(ceuta_owner: str):
    """A People's Army unit at Bilbao whose only source is Barcelona: every other land hex of Spain
    and Morocco Insurgent, so its only line is a naval element round the peninsula."""
    s = load_scenario(AUG36)
    m, p = s.map, s.position
    keep = set(m.city("Bilbao").place.hexes) | set(m.city("Barcelona").place.hexes)
    owner = {h: "neutral" if m.is_neutral(h) else "Loyalist" if h in keep else "Insurgent"
             for h in m.terrain if m.is_land(h)}
    owner[m.city("Ceuta").place.hex] = ceuta_owner
    unit = Unit("Bilbao PA", "Loyalist", "Republican", "People's Army", hex=m.city("Bilbao").place.hex)
    q = replace(p, units=(unit,), owner=owner, naval_groups=(), coastal_defences=(), limited_sources=(),
                supply=(), options={}, unpacified=frozenset(), garrisoned=frozenset(),
                supply_sources=(SupplySource("Barcelona", "Loyalist", ("Barcelona",)),))
    return m, next(iter(EuropaSupply(q, m).verdicts()))


def test_bilbao_to_barcelona_by_sea_is_in_supply_with_a_loyalist_ceuta_AEG_11Mar04():
    """12B4 / 34K: a naval element from Bilbao (major port) round Portugal and through the Strait to
    Barcelona (major port). Only an Insurgent Ceuta's danger zone closes the Strait (AEG, 11-Mar-04)."""
    m, v = bilbao_line("Loyalist")
    assert v.general == "in supply" and v.source == "Barcelona"
    assert [k for k, _ in groupby(s.element for s in v.line)] == ["unit", "naval"]
    hexes = {s.hex for s in v.line}
    assert "23A:3826" in hexes or "23A:3925" in hexes      # through the Strait


def test_bilbao_to_barcelona_is_out_with_an_insurgent_ceuta_whose_danger_zone_covers_the_strait_AEG_11Mar04():
    """34F / 34K (AEG, 11-Mar-04): the Insurgent-owned naval base at Ceuta exerts a danger zone over
    the Strait (the Gibraltar hex too): no Loyalist naval element passes. The explanation names
    Ceuta's zone, not a zone (El Ferrol's) the line could sail round."""
    m, v = bilbao_line("Insurgent")
    assert v.general == "out of supply"
    assert v.blocked.rule == "34F, 34K" and "danger zone of enemy naval base Ceuta" in v.blocked.reason
    assert m.hex_at(v.blocked.hex).distance(m.city("Ceuta").place.hex) <= 1


# --- Palma to the Canaries --------------------------------------------------------------------------------

def test_palma_traces_a_naval_element_to_the_canaries_AEG_11Mar04():
    """12C2a / 12C2c (AEG, 11-Mar-04, the Palma ruling): Rebel units at Palma may trace a naval
    element from Palma to the 3-RE limited sources at Las Palmas and Santa Cruz in the Canaries
    box: on the bundled map through the Strait and out by the Atlantic route (Rule 28)."""
    s = load_scenario(AUG36)
    m, p = s.map, s.position
    canaries = tuple(src for src in p.limited_sources if m.city(src.city).place.box == "Canaries")
    assert len(canaries) == 2
    palma = p.unit("Palma Gar")
    q = replace(p, units=(palma,), naval_groups=(), limited_sources=canaries)
    engine = EuropaSupply(q, m)
    v = next(iter(engine.verdicts()))
    # Both Canaries sources are within reach; the tie-break (shortest line first, docs/naval.md)
    # gives the garrison its own port (12C2c), 0 hexes away.
    from logistics.games.europa.limited import limited_options
    reached = {o.source for o in limited_options(engine, [v])[2] if o.unit == "Palma Gar"}
    assert reached >= {c.name for c in canaries}
    assert v.general == "in supply (limited source)" and v.source == "port of Palma"
    # The naval element itself: Palma's port to the Canaries box, clear of every zone.
    from logistics.games.europa.naval import NavalZones, naval_path, naval_reach, sea_graph
    sea = sea_graph(m)
    zones = NavalZones(q, m, EuropaSupply(q, m).rules, "Insurgent")
    palma_port = sea.port_node(next(x for x in m.ports if x.name == "Palma"))
    path = naval_path(naval_reach(sea, zones, ["Canaries"]), palma_port)
    strait = {m.hex_at(x) for x in ("23A:3826", "23A:3927", "23A:3925")}
    assert path[-1] == "Canaries" and strait & set(path)   # through the Strait


# --- TSCW ------------------------------------------------------------------------------------------------

def test_tscw_one_sea_with_its_three_zones_and_every_anchor_city():
    """TSCW 11.5-11.7: the Cantabrian Sea, the Atlantic and the Mediterranean, and Nationalists move
    through every zone: one sea, every anchor city in it; the Galician coast round Finisterre and
    Portugal's coast south of Porto, off our map, are naval routes."""
    seas = sea_components(TSCW)
    assert len(seas) == 1
    assert seas[0]["zones"] == ["Atlantic", "Cantabrian Sea", "Mediterranean"]
    assert sorted(seas[0]["ports"]) == sorted(p.name for p in TSCW.ports)
    assert problems(TSCW) == [] and problems(EUROPA) == []


# --- weather zones -------------------------------------------------------------------------------------------

def test_the_europa_map_has_weather_zones_d_and_e_only_36A1():
    """36A1 (Rules Court, TEM 62): the FWtBT map includes only weather zones D and E; TSCW has none."""
    zones = EUROPA.layers["weather_zone"]
    assert set(zones.values()) == {"D", "E"} and set(zones) == set(EUROPA.terrain)
    assert zones[EUROPA.city("Madrid").place.hex] == "D" and zones[EUROPA.city("Sevilla").place.hex] == "E"
    assert "weather_zone" not in TSCW.layers


def test_mud_in_zone_e_changes_the_verdicts_of_units_in_zone_e_only_36D():
    """36D: each element is held to the length of the worst weather it is traced through. `weather:
    {E: mud}` on the bundled scenario turns the weather of every zone-E unit's line to mud and of no
    zone-D unit's; with a mud overland length of 1, Granada's garrison (3 hexes overland) is out."""
    s = load_scenario(AUG36)
    m, p = s.map, s.position
    zone = m.layers["weather_zone"]
    clear = {v.unit: v for v in EuropaSupply(p, m).verdicts()}
    mud = {v.unit: v for v in EuropaSupply(replace(p, weather={"E": "mud"}), m).verdicts()}
    on_map = [u for u in p.units if u.hex is not None and clear[u.id].line]
    in_e = [u.id for u in on_map if zone[u.hex] == "E"]

    def touches_e(u):
        return any(zone.get(m.hex_at(step.hex)) == "E" for step in clear[u.id].line if m.box(step.hex) is None)

    # The overland element starts in the unit's hex, in zone E: it is traced in mud.
    assert in_e and all(clear[u].weather == "clear" and "mud" in mud[u].weather for u in in_e)
    assert all(mud[u.id].weather == "clear" for u in on_map if not touches_e(u))
    short = replace(p, options={**p.options, "supply_lengths": {"mud": {"overland": 1}}})
    before = next(v for v in EuropaSupply(short, m).verdicts() if v.unit == "Granada Gar")
    after = next(v for v in EuropaSupply(replace(short, weather={"E": "mud"}), m).verdicts() if v.unit == "Granada Gar")
    assert before.general == "in supply" and after.general == "out of supply"


def test_weather_naming_a_zone_the_map_lacks_is_a_validation_error(tmp_path):
    """A zone the map lacks would be ignored in silence: `weather: {F: mud}` on the FWtBT map (D and
    E only, 36A1) is an error with file, line and field."""
    text = AUG36.read_text(encoding="utf-8").replace("options:\n", "weather: {E: mud, F: mud}\noptions:\n", 1)
    text = text.replace("map: iberia-europa", f"map: {ROOT / 'maps' / 'iberia-europa'}", 1)
    scen = tmp_path / "weather.yaml"
    scen.write_text(text, encoding="utf-8")
    (tmp_path / "aug-1936.owner.txt").write_text((AUG36.parent / "aug-1936.owner.txt").read_text())
    result = CliRunner().invoke(main, ["validate", str(scen)])
    line = text[:text.index("weather: {E")].count("\n") + 1
    assert result.exit_code == 1
    assert result.output.strip() == (f"error: {scen}:{line}: weather.F: weather zone 'F' is not on map "
                                     "iberia-europa (expected a zone of the map's weather_zone layer: D, E)")


# --- map checks -----------------------------------------------------------------------------------------------

def test_validate_names_a_port_that_reaches_no_sea_in_one_line(data_copy):
    """A port on an inland hex reaches no sea: validate fails with one line naming it and its hex."""
    features = edit(data_copy / "maps" / "testland" / "features.yaml",
                    '  - {name: Isla, class: standard, hex: "T:1006"}\n',
                    '  - {name: Isla, class: standard, hex: "T:1006"}\n'
                    '  - {name: Dryport, class: minor, hex: "T:0305"}\n')
    result = CliRunner().invoke(main, ["validate", str(features.parent)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {features}:15: ports.Dryport: port Dryport at T:0305 reaches no sea")
    assert "Traceback" not in result.output


def test_validate_and_show_report_the_seas_of_a_sound_map():
    result = CliRunner().invoke(main, ["validate", str(ROOT / "maps" / "iberia-europa")])
    assert result.exit_code == 0 and "seas 1," in result.output
    shown = json.loads(CliRunner().invoke(main, ["show", str(ROOT / "maps" / "iberia-europa"), "--json"]).output)
    assert shown["seas"][0]["ports"] == main_sea(EUROPA)["ports"] and len(shown["seas"]) == 1
    assert shown["weather_zones"].keys() == {"D", "E"}
    assert [c["cities"] for c in shown["land"] if "Palma" in c["cities"]] == [["Palma"]]


def test_problems_places_off_land_and_hexsides_off_the_map():
    m = load_map(ROOT / "tests" / "data" / "maps" / "testland")
    sea = m.hex_at("T:1001")
    off = m.layout.to_hex(40, 40)
    m.ports.append(Port("Wetport", "minor", Place((sea,))))
    m.side_features.append(SideFeature("minor_river", "Nowhere", (Hexside(off, off.neighbours()[0]),)))
    m.routes.append(Route(("Overseas", "T:0305"), "naval"))       # an inland hex: no ship is there
    found = [(p.field, p.message) for p in problems(m)]
    assert any(f == "hexsides" and "lies on a hex off the map" in msg for f, msg in found)
    assert any(f == "ports.Wetport" and "is not on land" in msg for f, msg in found)
    assert ("routes", "naval route Overseas - T:0305 ends where no ship is") in found
    assert problems(load_map(ROOT / "tests" / "data" / "maps" / "testland")) == []


def test_land_components_are_the_mainland_and_the_islands():
    pieces = land_components(EUROPA)
    assert "Madrid" in pieces[0]["cities"]
    assert any(c["cities"] == ["Mahon"] for c in pieces) and any(c["cities"] == ["Ibiza"] for c in pieces)


# --- render --layers --------------------------------------------------------------------------------------------

def test_render_layers_draw_sea_zones_weather_zones_and_every_naval_connection():
    from logistics.render.map_layers import NAVAL
    from logistics.render.svg import render_svg

    plain = render_svg(EUROPA)
    svg = render_svg(EUROPA, map_layers=("sea_zones", "weather_zones", "naval"))
    assert "naval connection" not in plain and NAVAL not in plain
    for label in ("sea zone Atlantic", "sea zone Biscay", "sea zone Mediterranean", "weather zone D",
                  "weather zone E", "naval connection", "\u2192 Canaries", "\u2192 Italian Ports"):
        assert f">{label}</text>" in svg
    nodes, adjacent = sea_network(EUROPA)
    passages = {frozenset((a, b)) for a in nodes for b in adjacent[a] if not isinstance(a, str)
                and not isinstance(b, str) and a.is_adjacent(b)}
    assert svg.count(f'stroke="{NAVAL}" stroke-width="0.84"') == len(passages)


def test_render_rejects_an_unknown_layer_in_one_line(tmp_path):
    result = CliRunner().invoke(main, ["render", str(ROOT / "maps" / "iberia-europa"), "-o",
                                       str(tmp_path / "x.svg"), "--layers", "sea_zones,tides"])
    assert result.exit_code == 1 and result.output.strip() == (
        "error: --layers: no layer 'tides' (expected a comma-separated list of blocks, line, zoc, zones, sources, "
        "rail, cuts, sea_zones, weather_zones, naval, or all)")
    assert not (tmp_path / "x.svg").exists()


def test_the_compiler_writes_no_map_that_fails_the_checks(tmp_path, monkeypatch, capsys):
    """The map compiler runs the map checks before writing: a built map with a port that reaches
    no sea is reported on stderr and nothing is written."""
    import logistics.mapbuild.build as build_module
    import logistics.mapbuild.land as land_module
    from logistics.mapbuild.__main__ import main as mapbuild_main

    broken = load_map(ROOT / "tests" / "data" / "maps" / "testland")
    broken.ports.append(Port("Dryport", "minor", Place((broken.hex_at("T:0305"),))))
    monkeypatch.setattr(land_module, "LandMask", lambda: None)
    monkeypatch.setattr(build_module, "build", lambda name, mask=None: build_module.Built(broken))
    assert mapbuild_main(["iberia-europa", "--out", str(tmp_path)]) == 1
    assert "ports.Dryport: port Dryport at T:0305 reaches no sea" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
