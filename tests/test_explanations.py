"""Explanations that answer the next question: the place a line reaches within its source, the
units behind a blocking hex, why a unit is isolated, who took a limited source, the hex that cuts
a 12C1 connection, and the naval zone that closes a sea route. Each on a position where naming the
wrong thing would show."""
from dataclasses import replace
from unittest import mock

import pytest

from logistics import games
from logistics.games.europa import limited
from logistics.games.europa.limited import LIMITED, Option, allocate
from logistics.games.europa.supply import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
from logistics.position import LimitedSource, NavalGroup
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases.europa_naval import SHORT, island_map, judge, pa, strait
from logistics.scenario import load_scenario
from logistics.zoc import zoc_hexes

AUG = "scenarios/fwtbt/aug-1936.yaml"
TSCW = "scenarios/tscw/example-9-5.yaml"


@pytest.fixture(scope="module")
def aug():
    s = load_scenario(AUG)
    return {v.unit: v for v in games.supply_engine(s.position, s.map).verdicts()}


def by_unit(p, m):
    return {v.unit: v for v in EuropaSupply(p, m).verdicts()}


# --- the source city -------------------------------------------------------------------------------

def test_the_source_place_is_the_city_of_the_group_the_line_reaches():
    """12B: a line ends at one city of its source group; the verdict names that city, the nearer
    of two (North 0502, South 0508), not only the group."""
    m = plain_map(cities={"North": ("0502",), "South": ("0508",)})
    grp = [source("Group", "Loyalist", ["North", "South"])]
    p = position(m, [unit("S", "People's Army", "0507", m), unit("N", "People's Army", "0503", m)], sources=grp)
    v = by_unit(p, m)
    assert v["S"].source == "Group" and v["S"].source_place == "South"
    assert v["N"].source_place == "North"


def test_bundled_lines_name_their_cities(aug):
    """The bundled August 1936 position: Mola's column traces by rail to Valladolid; the Canaries
    battalion by sea to the port of Cadiz (12B4); a limited source names its city (12C2a)."""
    assert aug["Mola Somosierra"].source_place == "Valladolid"
    assert aug["Canarias Bn"].source_place == "Cadiz"
    assert aug["Ceuta Leg"].source_place == "Ceuta"
    assert aug["Oviedo Gar"].source_place is None


def test_tscw_names_the_uss_city_and_the_zoc_unit():
    """TSCW 9.4: the place a LOS ends at; 10.3 / 10.6: the unit whose ZOC stops unit A's LOS."""
    s = load_scenario(TSCW)
    v = {v.unit: v for v in games.supply_engine(s.position, s.map).verdicts()}
    assert v["1"].source_place == "La Coruna"
    assert v["A"].blocked.hex == "2510" and v["A"].blocked.units == ("1",)
    assert v["A"].blocked.side == "Nationalist"


# --- whose ZOC blocks ------------------------------------------------------------------------------

def test_oviedo_is_blocked_by_the_asturian_mining_column_zoc(aug):
    """12A, Rule 5 (AEG 1998): besieged Oviedo's shortest line enters 23A:1108, in the ZOC of the
    Asturian Mining column (23A:1008) only."""
    b = aug["Oviedo Gar"].blocked
    assert (b.hex, b.rule) == ("23A:1108", "12A, Rule 5")
    assert b.units == ("Asturian Mining Col",) and b.side == "Loyalist"


def test_the_blocking_zoc_names_exactly_the_units_that_exert_it():
    """Rule 5: of two enemy units, only the one whose ZOC covers the blocking hex is named; the
    units named are those zoc.zoc_hexes finds for that hex."""
    m = plain_map(cities={"Src": ("0502",)})
    units = [unit("L", "People's Army", "0505", m), unit("Near", "Nationalist", "0604", m),
             unit("Far", "Nationalist", "1008", m)]
    p = position(m, units, sources=[source("S", "Loyalist", ["Src"])], options=SHORT)
    v = by_unit(p, m)["L"]
    assert v.general == OUT_OF_SUPPLY and "ZOC" in v.blocked.reason
    assert v.blocked.units == zoc_hexes(p, m, "Insurgent")[m.hex_at(v.blocked.hex)] == ("Near",)


# --- why isolated ----------------------------------------------------------------------------------

def test_oviedo_is_isolated_by_the_ring_of_asturian_units_and_zocs(aug):
    """3F: no overland line of any length from Oviedo; every land hex around it holds an Asturian
    column or lies in the ZOC of one, and the ring names them."""
    iso = aug["Oviedo Gar"].isolation
    assert "any length" in iso.reason
    ring = {b.hex: b.units for b in iso.ring}
    assert ring == {"23A:1006": ("Asturian Col",), "23A:0907": ("Asturian Trubia Col",),
                    "23A:1107": ("Asturian Col",), "23A:0908": ("Asturian Mining Col", "Asturian Trubia Col"),
                    "23A:1008": ("Asturian Mining Col",), "23A:1108": ("Asturian Mining Col",)}
    assert aug["Madrid Militia"].isolation is None


def test_an_island_garrison_is_isolated_by_the_sea_not_by_units(aug):
    """3F and its errata (AEG, 11-Mar-04): Palma's garrison has no overland line and no naval
    element to a full source; no enemy closes it, only the sea."""
    iso = aug["Palma Gar"].isolation
    assert iso.ring == () and "sea" in iso.reason and "naval element" in iso.reason


# --- 12C1: the hex that cuts a connection ----------------------------------------------------------

def connection_cut_position():
    """Three cities on one rail line (A 0102, B 0104, C 0108) must be connected (12C1, 7A); an
    Insurgent unit without ZOC sits on the rail at 0106, between B and C."""
    m = plain_map(cities={"A": ("0102",), "B": ("0104",), "C": ("0108",)}, rail={"main": ["0102", "0108"]})
    units = [unit("L", "People's Army", "0909", m), unit("E", "Nationalist", "0106", m, zoc="none")]
    return m, position(m, units, sources=[source("Republican cities", "Loyalist", ["A", "B", "C"], connected=3)])


def test_the_hex_that_cuts_a_12C1_connection_is_named_with_its_unit():
    """12C1, 7A: the cities count only when three are rail-connected; the enemy unit at 0106 cuts
    B from C. The block names that hex, its rule, its unit, and the cities it separates."""
    m, p = connection_cut_position()
    v = by_unit(p, m)["L"]
    assert v.general == OUT_OF_SUPPLY and v.blocked.rule == "12C1"
    cut = v.blocked.cut
    assert (cut.hex, cut.rule, cut.units, cut.side) == ("0106", "12A", ("E",), "Insurgent")
    assert "B and C are not connected" in cut.reason
    assert v.isolation.reason.startswith("no full general supply source of its affiliation is active")
    assert v.isolation.ring == (cut,)


def test_an_enemy_owned_rail_hex_cuts_a_connection():
    """12C1, 7A (RCV 01-Oct-97): the connection runs on friendly-owned rail; an Insurgent-owned
    hex between B and C cuts it though no unit is there."""
    m, p = connection_cut_position()
    p = replace(p, units=p.units[:1])
    p = replace(p, owner={**p.owner, m.hex_at("0107"): "Insurgent"})
    cut = by_unit(p, m)["L"].blocked.cut
    assert (cut.hex, cut.rule, cut.units) == ("0107", "12C1, 7A", ())
    assert "not Loyalist-owned (Insurgent)" in cut.reason


# --- the naval zone that closes a sea route --------------------------------------------------------

def test_ceutas_danger_zone_and_base_close_the_strait_AEG_11Mar04():
    """34F / 34K (AEG, 11-Mar-04): the Insurgent naval base at Ceuta closes the Strait to a
    Loyalist naval element: the block names the zone and the base."""
    m, p = strait([pa("0702")])
    b = judge(p, m, "L").blocked
    assert (b.zone, b.group) == ("danger zone of enemy naval base Ceuta", "Ceuta")


def test_a_combat_group_closes_the_strait_34K():
    """34K: by day an enemy combat group's zone covers its hex and the adjacent ones; the block
    names the zone and the group (TF), not Ceuta (Loyalist here)."""
    m, p = strait([pa("0702")], ceuta="Loyalist")
    p = replace(p, naval_groups=(NavalGroup("TF", "Insurgent", "combat", m.hex_at("1103")),))
    b = judge(p, m, "L").blocked
    assert (b.zone, b.group) == ("combat zone of enemy combat group TF", "TF")


# --- limited sources: who took them, and the tie-break ---------------------------------------------

def palma_ruling_position():
    """8 REs at Palma (a standard port), three 3-RE limited sources over the sea (12C2a)."""
    m = island_map()
    units = [unit(f"Nat{k}", "Nationalist", "0202", m) for k in range(8)]
    sources = tuple(LimitedSource(f"{c} (12C2a)", "Insurgent", c, 3, ("Rebel",)) for c in ("Ceuta", "Las Palmas", "Santa Cruz"))
    return m, position(m, units, owner="Insurgent", options=SHORT, limited_sources=sources,
                       box_owner={"Canaries": "Insurgent"})


def test_units_left_without_limited_supply_name_the_units_that_took_it_AEG_11Mar04():
    """12C2, the Palma ruling (AEG, 11-Mar-04): 8 REs at Palma, 9 REs of limited sources over the
    sea, but only the port's 6 REs may pass: the two units left out name the six that took the
    port, and for each source the units on it."""
    m, p = palma_ruling_position()
    v = by_unit(p, m)
    supplied = sorted(u for u, x in v.items() if x.general == LIMITED)
    left = sorted(set(v) - set(supplied))
    assert len(supplied) == 6 and len(left) == 2
    for u in left:
        shares = {s.source: s for s in v[u].limited_lost}
        assert shares["port of Palma"].taken_by == tuple(supplied) and shares["port of Palma"].capacity == 6
        for name in ("Ceuta (12C2a)", "Las Palmas (12C2a)", "Santa Cruz (12C2a)"):
            assert shares[name].taken_by == tuple(sorted(x for x in supplied if v[x].source == name))
        assert shares["Ceuta (12C2a)"].place == "Ceuta"
    assert all(v[u].limited_lost == [] for u in supplied)


@pytest.mark.parametrize("solver", [False, True])
def test_the_limited_tie_break_prefers_the_shorter_line_then_the_name(solver):
    """12C2 tie-break (docs/naval.md): among equally good allocations a unit draws on the source
    its line reaches in fewer hexes, then the first by name; the same with or without CP-SAT."""
    with mock.patch.object(limited, "first_choices", return_value=None) if solver else mock.patch.object(limited, "TIE_BREAK_OPTIONS", 2000):
        near = allocate({"u": 1}, {"a": 3, "b": 3}, [Option("u", "a", length=4), Option("u", "b", length=0)])
        same = allocate({"u": 1}, {"a": 3, "b": 3}, [Option("u", "b", length=2), Option("u", "a", length=2)])
    assert near.assignment == {"u": "b"}
    assert same.assignment == {"u": "a"}


def test_mahon_garrison_draws_on_its_own_port(aug):
    """12C2c (AEG, 07-Jan-05): Mahon and Ciudadela are both 6-RE ports for Mahon's garrison; the
    line to its own port is 0 hexes long, so the tie-break gives it the port of Mahon."""
    v = aug["Mahon Gar"]
    assert (v.source, v.source_place) == ("port of Mahon", "Mahon")
    assert aug["Tetuan Reg"].source == "Tetuan (12C2a)"


def test_a_limited_source_out_of_reach_of_others_is_not_listed_as_lost(aug):
    """Units in full supply, and units no limited source reaches, list no lost allocation."""
    assert aug["Oviedo Gar"].limited_lost == [] and aug["Madrid Militia"].limited_lost == []
    assert aug["Palma Gar"].general == LIMITED and aug["Madrid Militia"].general == IN_SUPPLY


def test_the_ring_of_a_larger_pocket_is_the_one_hex_that_closes_it():
    """3F: west of a line of lakes (column 07) the only way out is 0705, held by an enemy unit
    (12A). Both units of the pocket, neither beside the gate, name that hex and that unit alone;
    the lakes are no part of the ring (no line enters them anyway)."""
    lakes = {f"07{r:02d}": "lake" for r in range(1, 10) if r != 5}
    m = plain_map(cities={"East": ("1005",)}, terrain=lakes)
    units = [unit("L1", "People's Army", "0205", m), unit("L2", "People's Army", "0408", m),
             unit("E", "Nationalist", "0705", m, zoc="none")]
    p = position(m, units, sources=[source("S", "Loyalist", ["East"])])
    v = by_unit(p, m)
    for uid in ("L1", "L2"):
        assert v[uid].isolated and [(b.hex, b.units) for b in v[uid].isolation.ring] == [("0705", ("E",))]


def test_the_text_says_each_fact_on_its_own_line():
    """The explanation as text (supply --explain, trace, the page's tooltips): the hex cutting the
    12C1 connection with its unit, and each limited source lost with the units that took it."""
    from logistics.report.supply import explanation
    m, p = connection_cut_position()
    text = explanation(by_unit(p, m)["L"])
    assert "  connection cut at 0106: Republican cities: B and C are not connected by rail; " \
           "enemy unit in the hex: E (Insurgent) (rule 12A)" in text
    m, p = palma_ruling_position()
    v = by_unit(p, m)
    lost = next(u for u, x in v.items() if x.limited_lost)
    took = ", ".join(sorted(u for u, x in v.items() if x.general == LIMITED))
    assert f"  limited source port of Palma (6 REs) went to {took} (12C2)" in explanation(v[lost])


def test_a_garrison_block_names_the_citys_owner_and_a_39A_block_no_one():
    """39D (DPS 08-Oct-04): an intrinsic garrison is no unit, so the block names the enemy city's
    owner; 39A: a friendly city waiting for its garrison is blocked by no one (not its owner)."""
    from dataclasses import replace

    from logistics.rulings.builders import position, source, unit
    from logistics.rulings.cases.europa_garrisons import LONG, _judge, _strait

    m = _strait()
    p = position(m, [unit("N", "Nationalist", "0305", m)], owner="Insurgent", options=LONG,
                 sources=[source("Src", "Insurgent", ["Source"])])
    enemy_city = replace(p, owner={**p.owner, m.hex_at("0605"): "Loyalist"})
    b = _judge(enemy_city, m, "N").blocked
    assert (b.rule, b.units, b.side) == ("12A, 39D", (), "Loyalist")
    waiting = replace(p, unpacified=frozenset({m.hex_at("0605")}))
    b = _judge(waiting, m, "N").blocked
    assert (b.rule, b.units, b.side) == ("39A", (), None)
