"""OCS rail movement and Rail Cap (13.3, seed 003): one position per rule, in which it decides
legality or cost.

The map: the Main line along row 05 (0105 .. 1105) with villages at 0105 (a supply source), 0605
and 1105, and a Bypass from 0405 through rows 03-04 back to 0805 that avoids 0605."""
from dataclasses import replace

import pytest

from logistics.errors import LoadError
from logistics.rulings.builders import position, unit
from rail_positions import by_unit, cargo, rail_map, result, route, run

BYPASS = {"Bypass": ["0405", "0403", "0803", "0805"]}   # 0405 0404 0403 0504 0603 0704 0803 0804 0805


def ocs(units=(), *, bypass=True, owner=None, marks=None, rail_cap=6, tracks=None, rail=None):
    m = rail_map(rail={**(BYPASS if bypass else {}), **(rail or {})}, tracks=tracks,
                 cities=("0105", "0605", "1105"))
    p = position(m, [u(m) for u in units], owner=owner or "Loyalist", options={"rail_cap": rail_cap},
                 marks={"supply_source": frozenset({m.hex_at("0105")}),
                        **{k: frozenset(m.hex_at(h) for h in v) for k, v in (marks or {}).items()}})
    return m, replace(p, game="ocs")


def loyal(uid, hid, **fields):
    fields.setdefault("mode", "move")
    return lambda m: unit(uid, "People's Army", hid, m, **fields)


def enemy(uid, hid, **fields):
    return lambda m: unit(uid, "Nationalist", hid, m, **fields)


# --- 13.3a cargo and cost ------------------------------------------------------------------------------

def test_13_3a_one_rail_cap_moves_one_SP_or_one_RE_any_distance():
    m, p = ocs([loyal("Inf", "0105", size=2)])
    the_plan = run(p, m, cargo("sp", m, "0105", "1105", size=3), by_unit("inf", p, m, "Inf", "1105"),
                   cargo("more", m, "0105", "0605", size=2))
    assert result(the_plan, "sp").chosen.cost == 3 and result(the_plan, "inf").chosen.cost == 2
    more = result(the_plan, "more")
    assert more.reason == "capacity" and "Rail Cap: capacity 6, this plan uses 5, 1 free; the move needs 2" in more.explanation


def test_13_3a_cost_halved_on_a_path_entirely_of_multi_track():
    m, p = ocs(tracks={"Main": {"klass": "multi_track"}})
    r = result(run(p, m, cargo("sp", m, "0105", "1105", size=3)), "sp")
    assert r.chosen.cost == 1.5 and "13.3a: x1/2, path entirely multi-track" in r.chosen.rules
    # A path that leaves the multi-track line for one hex pays the normal rate.
    m, p = ocs(tracks={"Main": {"klass": "multi_track"}}, marks={"detrainable": ("0603",)})
    assert result(run(p, m, cargo("sp", m, "0105", "0603", size=3)), "sp").chosen.cost == 3


@pytest.mark.parametrize("zones, cost, via", [
    ((), 3, "0605"),
    (("0605",), 3, "0603"),                  # the Bypass avoids the zone at the same cost
    (("0605", "0603"), 6, "0605"),           # no path avoids a zone: doubled
    (("0105",), 6, "0605"),                  # the entraining hex is part of the path
])
def test_13_3a_cost_doubled_on_a_path_through_a_trainbusting_zone_cheapest_path_chosen(zones, cost, via):
    m, p = ocs(marks={"trainbusting": zones})
    r = result(run(p, m, cargo("sp", m, "0105", "1105", size=3)), "sp")
    assert r.chosen.cost == cost and via in route(m, r)


def test_13_3a_trainbusting_and_all_multi_track_together_cost_the_normal_rate():
    m, p = ocs(bypass=False, tracks={"Main": {"klass": "multi_track"}}, marks={"trainbusting": ("0605",)})
    assert result(run(p, m, cargo("sp", m, "0105", "1105", size=4)), "sp").chosen.cost == 4


def test_13_3a_aircraft_are_never_rail_cargo():
    m, p = ocs([loyal("Ju52", "0105", type="aircraft")])
    r = result(run(p, m, by_unit("air", p, m, "Ju52", "1105")), "air")
    assert r.block.rule == "13.3a"


# --- 13.3b Rail Cap --------------------------------------------------------------------------------

def test_13_3b_rail_cap_is_used_only_in_the_movement_phase():
    m, p = ocs()
    r = result(run(p, m, cargo("sp", m, "0105", "1105"), phase="exploitation"), "sp")
    assert r.block.rule == "13.3b" and "Movement Phase" in r.block.reason


def test_13_3b_rail_cap_is_the_scenario_level_for_each_phase_and_never_saved():
    m, p = ocs(rail_cap=4)
    light = run(p, m, cargo("sp", m, "0105", "1105", size=1))
    heavy = run(p, m, cargo("sp", m, "0105", "1105", size=5))
    assert light.pools[0].capacity == heavy.pools[0].capacity == 4   # the 3 left unused before are gone
    assert result(heavy, "sp").reason == "capacity"


def test_13_3b_a_scenario_without_rail_cap_is_an_error():
    m, p = ocs()
    with pytest.raises(LoadError, match="options.rail_cap"):
        run(replace(p, options={}), m, cargo("sp", m, "0105", "1105"))


# --- 13.3c detrainable hexes --------------------------------------------------------------------------

def test_13_3c_cargo_entrains_only_in_a_detrainable_hex():
    m, p = ocs()
    r = result(run(p, m, cargo("sp", m, "0305", "1105")), "sp")
    assert r.block.hex == "0305" and r.block.rule == "13.3c" and "no village, city, port" in r.block.reason
    m, marked = ocs(marks={"detrainable": ("0305",)})
    assert result(run(marked, m, cargo("sp", m, "0305", "1105")), "sp").chosen is not None


@pytest.mark.parametrize("mode, legal", [("combat", True), ("dg-combat", True), ("move", False)])
def test_13_3c_13_8a_an_engineer_capable_HQ_makes_its_rail_hex_detrainable(mode, legal):
    m, p = ocs([loyal("HQ", "0305", type="hq", mode=mode)])
    assert (result(run(p, m, cargo("sp", m, "0305", "1105")), "sp").chosen is not None) is legal


def test_13_3c_detrainable_needs_a_rail_path_free_of_EZOC_to_a_source_where_friendly_units_negate_it():
    cut = enemy("E", "0306")                 # its ZOC covers 0205, 0305 and 0405: every way west
    m, p = ocs([cut])
    r = result(run(p, m, cargo("sp", m, "0605", "1105")), "sp")
    assert r.block.rule == "13.3c" and "free of enemy ZOC" in r.block.reason
    guards = [loyal(f"G{h}", h) for h in ("0205", "0305", "0405")]
    m, p = ocs([cut, *guards])
    assert result(run(p, m, cargo("sp", m, "0605", "1105")), "sp").chosen is not None
    # ...but friendly units never negate an enemy ZOC for the cargo's own path (13.3c, 13.3e).
    through = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert through.block.hex == "0205" and through.block.rule == "13.3e"


# --- 13.3e entrain, move, detrain --------------------------------------------------------------------

@pytest.mark.parametrize("enemy_hex, start, to, verb", [("0604", "0605", "1105", "entrain"),
                                                         ("1004", "0105", "1105", "detrain")])
def test_13_3e_no_entraining_or_detraining_in_an_enemy_zoc(enemy_hex, start, to, verb):
    # Both ends detrainable by the scenario's word, so that 13.3e alone decides.
    m, p = ocs([enemy("E", enemy_hex)], marks={"detrainable": (start, to)})
    r = result(run(p, m, cargo("sp", m, start, to)), "sp")
    assert r.block.rule == "13.3e" and verb in r.block.reason


def test_13_3e_the_path_never_enters_a_hex_with_an_enemy_combat_unit():
    m, p = ocs([enemy("E", "0805", zoc="none")], bypass=False, marks={"detrainable": ("1105",)})
    r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert r.block.hex == "0805" and "enemy combat unit" in r.block.reason
    m, p = ocs([enemy("Trucks", "0805", zoc="none", type="transport")], bypass=False)
    assert result(run(p, m, cargo("sp", m, "0105", "1105")), "sp").chosen is not None


def test_13_3e_a_unit_moving_by_rail_must_be_in_move_mode():
    m, p = ocs([loyal("Inf", "0105", mode="combat")])
    r = result(run(p, m, by_unit("inf", p, m, "Inf", "1105")), "inf")
    assert r.block.rule == "13.3e" and "Move Mode" in r.block.reason


# --- 13.3f gauge, 13.3g Rail Repair, 13.3h control -----------------------------------------------------

def test_13_3f_a_side_uses_only_rail_of_its_gauge_or_converted_to_it():
    spur = {"Spur": ["0605", "0601"]}       # 0605 0604 0603 0602 0601
    kwargs = dict(bypass=False, rail=spur, tracks={"Main": {"gauge": "broad"}, "Spur": {"gauge": "standard"}})
    m, p = ocs(marks={"detrainable": ("0601",)}, **kwargs)
    r = result(run(p, m, cargo("sp", m, "0105", "0601"), gauge="broad"), "sp")
    assert r.block.hex == "0604" and r.block.rule == "13.3f"
    m, converted = ocs(marks={"detrainable": ("0601",), "gauge:broad": ("0605", "0604", "0603", "0602", "0601")},
                       **kwargs)
    assert result(run(converted, m, cargo("sp", m, "0105", "0601"), gauge="broad"), "sp").chosen is not None


def test_13_3g_rail_repair_units_rail_in_combat_mode_from_any_railroad_hex():
    m, p = ocs([loyal("RR", "0305", type="rail_repair", mode="combat"), loyal("Inf", "0305")])
    the_plan = run(p, m, by_unit("rr", p, m, "RR", "0905"), by_unit("inf", p, m, "Inf", "1105"))
    assert result(the_plan, "rr").chosen is not None
    assert result(the_plan, "inf").block.rule == "13.3c"


def test_13_3h_only_detrainable_type_hexes_need_control_on_the_path():
    # 1105 is detrainable by the scenario's word: the uncontrolled village of 0605 also cuts its
    # rail path back to the source (13.3c), which would refuse the move before its path is traced.
    m, p = ocs(bypass=False, owner={"0605": "Insurgent"}, marks={"detrainable": ("1105",)})
    r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert r.block.hex == "0605" and r.block.rule == "13.3h"
    m, p = ocs(bypass=False, owner={"0305": "Insurgent"})
    assert result(run(p, m, cargo("sp", m, "0105", "1105")), "sp").chosen is not None
