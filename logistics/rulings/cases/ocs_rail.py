"""OCS rail movement and Rail Cap (13.3, seed 003): one position per rule, in which it decides
legality or cost. OCS v4 series rules, chapter 13 (no date in the seed).

The map: the Main line along row 05 (0105 .. 1105) with villages at 0105 (a supply source), 0605
and 1105, and a Bypass from 0405 through rows 03-04 back to 0805 that avoids 0605."""
from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.ocs.supply import OOS, TRACED, OcsSupply
from logistics.position import SupplySource
from logistics.rulings.builders import position, unit
from logistics.rulings.cases import case, params
from logistics.rulings.rail_builders import by_unit, cargo, rail_map, result, route, run

BYPASS = {"Bypass": ["0405", "0403", "0803", "0805"]}   # 0405 0404 0403 0504 0603 0704 0803 0804 0805


def ocs(units=(), *, bypass=True, owner=None, marks=None, rail_cap=6, tracks=None, rail=None):
    m = rail_map(rail={**(BYPASS if bypass else {}), **(rail or {})}, tracks=tracks,
                 cities=("0105", "0605", "1105"))
    p = position(m, [u(m) for u in units], owner=owner or "Loyalist", options={"rail_cap": rail_cap},
                 sources=[SupplySource("Rail head", "Loyalist", (), hexes=(m.hex_at("0105"),))],
                 marks={k: frozenset(m.hex_at(h) for h in v) for k, v in (marks or {}).items()})
    return m, replace(p, game="ocs")


def loyal(uid, hid, **fields):
    fields.setdefault("mode", "move")
    return lambda m: unit(uid, "People's Army", hid, m, **fields)


def enemy(uid, hid, **fields):
    return lambda m: unit(uid, "Nationalist", hid, m, **fields)


def moved(the_plan, move_id) -> bool:
    return result(the_plan, move_id).chosen is not None


# --- 13.3a cargo and cost ------------------------------------------------------------------------------

@case('OCS-13.3a-rail-cap-cost', 'OCS-13.3-railroads')
def rule_13_3a_one_rail_cap_moves_one_SP_or_one_RE_any_distance():
    """13.3a: each Rail Cap point moves 1 SP or 1 RE any distance (13.3: railroads move units and
    SP); what is left of the level is all a further move may use."""
    m, p = ocs([loyal("Inf", "0105", size=2)])
    the_plan = run(p, m, cargo("sp", m, "0105", "1105", size=3), by_unit("inf", p, m, "Inf", "1105"),
                   cargo("more", m, "0105", "0605", size=2))
    assert result(the_plan, "sp").chosen.cost == 3 and result(the_plan, "inf").chosen.cost == 2
    more = result(the_plan, "more")
    assert more.reason == "capacity" and "Rail Cap: capacity 6, this plan uses 5, 1 free; the move needs 2" in more.explanation


@case('OCS-13.3a-rail-cap-cost', 'OCS-13.3-railroads')
def rule_13_3a_cost_halved_on_a_path_entirely_of_multi_track():
    """13.3a: the cost is halved if the path is entirely multi-track rail hexes (13.3: rail hexes
    are multi-track or single-track); one hex off the multi-track line pays the normal rate."""
    m, p = ocs(tracks={"Main": {"klass": "multi_track"}})
    r = result(run(p, m, cargo("sp", m, "0105", "1105", size=3)), "sp")
    assert r.chosen.cost == 1.5 and "13.3a: x1/2, path entirely multi-track" in r.chosen.rules
    m, p = ocs(tracks={"Main": {"klass": "multi_track"}}, marks={"detrainable": ("0603",)})
    assert result(run(p, m, cargo("sp", m, "0105", "0603", size=3)), "sp").chosen.cost == 3


@case('OCS-13.3a-rail-cap-cost')
@params("zones, cost, via", [
    ((), 3, "0605"),
    (("0605",), 3, "0603"),                  # the Bypass avoids the zone at the same cost
    (("0605", "0603"), 6, "0605"),           # no path avoids a zone: doubled
    (("0105",), 6, "0605"),                  # the entraining hex is part of the path
])
def rule_13_3a_cost_doubled_on_a_path_through_a_trainbusting_zone_cheapest_path_chosen(zones, cost, via):
    """13.3a: the cost is doubled if the path includes one or more Trainbusting zones."""
    m, p = ocs(marks={"trainbusting": zones})
    r = result(run(p, m, cargo("sp", m, "0105", "1105", size=3)), "sp")
    assert r.chosen.cost == cost and via in route(m, r)


@case('OCS-13.3a-rail-cap-cost')
def rule_13_3a_trainbusting_and_all_multi_track_together_cost_the_normal_rate():
    """13.3a: doubled for the zone and halved for the multi-track path: the normal rate."""
    m, p = ocs(bypass=False, tracks={"Main": {"klass": "multi_track"}}, marks={"trainbusting": ("0605",)})
    assert result(run(p, m, cargo("sp", m, "0105", "1105", size=4)), "sp").chosen.cost == 4


@case('OCS-13.3a-rail-cap-cost')
def rule_13_3a_aircraft_are_never_rail_cargo():
    """13.3a: only combat units, Transport Points and SP move by Rail Cap, never aircraft."""
    m, p = ocs([loyal("Ju52", "0105", type="aircraft")])
    r = result(run(p, m, by_unit("air", p, m, "Ju52", "1105")), "air")
    assert r.block.rule == "13.3a"


# --- 13.3b Rail Cap --------------------------------------------------------------------------------

@case('OCS-13.3b-rail-cap-phase')
def rule_13_3b_rail_cap_is_used_only_in_the_movement_phase():
    """13.3b: Rail Cap can be used only in the Movement Phase (never Reaction or Exploitation)."""
    m, p = ocs()
    r = result(run(p, m, cargo("sp", m, "0105", "1105"), phase="exploitation"), "sp")
    assert r.block.rule == "13.3b" and "Movement Phase" in r.block.reason


@case('OCS-13.3b-rail-cap-phase')
def rule_13_3b_rail_cap_is_the_scenario_level_for_each_phase_and_never_saved():
    """13.3b: Rail Cap is the scenario's level every turn and cannot be saved."""
    m, p = ocs(rail_cap=4)
    light = run(p, m, cargo("sp", m, "0105", "1105", size=1))
    heavy = run(p, m, cargo("sp", m, "0105", "1105", size=5))
    assert light.pools[0].capacity == heavy.pools[0].capacity == 4   # the 3 left unused before are gone
    assert result(heavy, "sp").reason == "capacity"


@case('OCS-13.3b-rail-cap-phase')
def rule_13_3b_a_scenario_without_rail_cap_is_an_error():
    """13.3b: Rail Cap is "the scenario-specified level": a scenario that gives none cannot plan."""
    m, p = ocs()
    try:
        run(replace(p, options={}), m, cargo("sp", m, "0105", "1105"))
    except LoadError as exc:
        assert "options.rail_cap" in str(exc)
    else:
        raise AssertionError("a plan without options.rail_cap was accepted")


# --- 13.3c detrainable hexes --------------------------------------------------------------------------

@case('OCS-13.3c-detrainable')
def rule_13_3c_cargo_entrains_only_in_a_detrainable_hex():
    """13.3c: a railroad hex is detrainable only with a village, city, port or Engineer-Capable
    HQ (or by the scenario's word)."""
    m, p = ocs()
    r = result(run(p, m, cargo("sp", m, "0305", "1105")), "sp")
    assert r.block.hex == "0305" and r.block.rule == "13.3c" and "no village, city, port" in r.block.reason
    m, marked = ocs(marks={"detrainable": ("0305",)})
    assert moved(run(marked, m, cargo("sp", m, "0305", "1105")), "sp")


@case('OCS-13.3c-detrainable', 'OCS-13.8a-engineer-capable', 'OCS-13.8c-detrainable-creation')
@params("mode, legal", [("combat", True), ("dg-combat", True), ("move", False)])
def rule_13_3c_13_8a_an_engineer_capable_HQ_makes_its_rail_hex_detrainable(mode, legal):
    """13.8c: an Engineer-Capable HQ on a railroad hex makes it detrainable; 13.8a: only in Combat
    Mode, or DG oriented toward Combat Mode."""
    m, p = ocs([loyal("HQ", "0305", type="hq", mode=mode)])
    assert moved(run(p, m, cargo("sp", m, "0305", "1105")), "sp") is legal


@case('OCS-13.3c-detrainable')
def rule_13_3c_detrainable_needs_a_rail_path_free_of_EZOC_to_a_source_where_friendly_units_negate_it():
    """13.3c: a detrainable hex needs a rail path free of enemy ZOC back to a supply source; EZOC
    can be negated to connect with the source, never to move cargo (13.3e)."""
    cut = enemy("E", "0306")                 # its ZOC covers 0205, 0305 and 0405: every way west
    m, p = ocs([cut])
    r = result(run(p, m, cargo("sp", m, "0605", "1105")), "sp")
    assert r.block.rule == "13.3c" and "free of enemy ZOC" in r.block.reason
    guards = [loyal(f"G{h}", h) for h in ("0205", "0305", "0405")]
    m, p = ocs([cut, *guards])
    assert moved(run(p, m, cargo("sp", m, "0605", "1105")), "sp")
    through = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert through.block.hex == "0205" and through.block.rule == "13.3e"


# --- 13.3e entrain, move, detrain --------------------------------------------------------------------

@case('OCS-13.3e-entrain-move-detrain')
@params("enemy_hex, start, to, verb", [("0604", "0605", "1105", "entrain"), ("1004", "0105", "1105", "detrain")])
def rule_13_3e_no_entraining_or_detraining_in_an_enemy_zoc(enemy_hex, start, to, verb):
    """13.3e (1) and (3): cargo entrains and detrains only in a hex not in an enemy ZOC (both ends
    detrainable by the scenario's word, so that 13.3e alone decides)."""
    m, p = ocs([enemy("E", enemy_hex)], marks={"detrainable": (start, to)})
    r = result(run(p, m, cargo("sp", m, start, to)), "sp")
    assert r.block.rule == "13.3e" and verb in r.block.reason


@case('OCS-13.3e-entrain-move-detrain')
def rule_13_3e_the_path_never_enters_a_hex_with_an_enemy_combat_unit():
    """13.3e (2): the path never enters a hex with an enemy combat unit; an enemy non-combat unit
    (trucks) does not bar it."""
    m, p = ocs([enemy("E", "0805", zoc="none")], bypass=False, marks={"detrainable": ("1105",)})
    r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert r.block.hex == "0805" and "enemy combat unit" in r.block.reason
    m, p = ocs([enemy("Trucks", "0805", zoc="none", type="transport")], bypass=False)
    assert moved(run(p, m, cargo("sp", m, "0105", "1105")), "sp")


@case('OCS-13.3e-entrain-move-detrain')
def rule_13_3e_a_unit_moving_by_rail_must_be_in_move_mode():
    """13.3e (1): a unit moving by rail must be in Move Mode."""
    m, p = ocs([loyal("Inf", "0105", mode="combat")])
    r = result(run(p, m, by_unit("inf", p, m, "Inf", "1105")), "inf")
    assert r.block.rule == "13.3e" and "Move Mode" in r.block.reason


# --- 13.3f gauge, 13.3g Rail Repair, 13.3h control -----------------------------------------------------

@case('OCS-13.3f-rail-conversion', 'OCS-13.3d-railheads')
def rule_13_3f_a_side_uses_only_rail_of_its_gauge_or_converted_to_it():
    """13.3f: a side uses Rail Cap only along rail of its own gauge; 13.3d: hexes converted up to
    the railhead are of the converting side's gauge."""
    spur = {"Spur": ["0605", "0601"]}       # 0605 0604 0603 0602 0601
    kwargs = dict(bypass=False, rail=spur, tracks={"Main": {"gauge": "broad"}, "Spur": {"gauge": "standard"}})
    m, p = ocs(marks={"detrainable": ("0601",)}, **kwargs)
    r = result(run(p, m, cargo("sp", m, "0105", "0601"), gauge="broad"), "sp")
    assert r.block.hex == "0604" and r.block.rule == "13.3f"
    m, converted = ocs(marks={"detrainable": ("0601",), "gauge:broad": ("0605", "0604", "0603", "0602", "0601")},
                       **kwargs)
    assert moved(run(converted, m, cargo("sp", m, "0105", "0601"), gauge="broad"), "sp")


@case('OCS-13.3g-rail-repair')
def rule_13_3g_rail_repair_units_rail_in_combat_mode_from_any_railroad_hex():
    """13.3g (B, C): Rail Repair units may rail-move in Combat Mode and entrain and detrain in any
    railroad hex; other units need detrainable hexes (13.3c)."""
    m, p = ocs([loyal("RR", "0305", type="rail_repair", mode="combat"), loyal("Inf", "0305")])
    the_plan = run(p, m, by_unit("rr", p, m, "RR", "0905"), by_unit("inf", p, m, "Inf", "1105"))
    assert moved(the_plan, "rr")
    assert result(the_plan, "inf").block.rule == "13.3c"


@case('OCS-13.3h-rail-control')
def rule_13_3h_only_detrainable_type_hexes_need_control_on_the_path():
    """13.3h: rail paths enter only detrainable-type hexes the player controls; control of other
    rail hexes does not matter. (1105 is detrainable by the scenario's word: the uncontrolled
    village of 0605 also cuts its rail path back to the source, 13.3c.)"""
    m, p = ocs(bypass=False, owner={"0605": "Insurgent"}, marks={"detrainable": ("1105",)})
    r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert r.block.hex == "0605" and r.block.rule == "13.3h"
    m, p = ocs(bypass=False, owner={"0305": "Insurgent"})
    assert moved(run(p, m, cargo("sp", m, "0105", "1105")), "sp")


# --- 13.1 HQs, 13.2 Transport Points, 13.8 engineer functions ------------------------------------------------

@case('OCS-13.1-hq-basics')
def rule_13_1_an_HQ_is_1_RE_for_rail_shipping_whatever_its_designation():
    """13.1: "HQs are 1 RE in size, regardless of what is on the unit designation": an HQ the
    scenario sizes at 3 REs costs 1 Rail Cap (13.3a)."""
    m, p = ocs([loyal("HQ", "0105", type="hq", size=3), loyal("Inf", "0105", size=3)])
    the_plan = run(p, m, by_unit("hq", p, m, "HQ", "1105"), by_unit("inf", p, m, "Inf", "0605", priority=0))
    assert result(the_plan, "hq").chosen.cost == 1 and result(the_plan, "inf").chosen.cost == 3


@case('OCS-13.2d-always-move-mode', 'OCS-13.2e-shipping-cost')
@params("mode, cost", [("", 2), ("combat", 2), ("reserve", None)])
def rule_13_2d_13_2e_transport_points_are_always_in_move_mode_and_rail_for_their_size(mode, cost):
    """13.2d: Transport Points are in Move Mode at all times (never Combat, Strat, Reserve, DG or
    Exploit), save Organic Trucks, which may enter Reserve Mode (13.2g); 13.2e: they may be
    shipped by rail, loaded or not, for their size. A 2-point truck rails for 2 Rail Cap whatever
    mode a scenario writes, except in Reserve; an infantry unit in Combat Mode may not rail."""
    m, p = ocs([loyal("Trk", "0105", type="truck", size=2, mode=mode), loyal("Inf", "0105", mode="combat")])
    truck = result(run(p, m, by_unit("trk", p, m, "Trk", "1105")), "trk")
    if cost is None:
        assert truck.block.rule == "13.3e" and "Move Mode" in truck.block.reason
    else:
        assert truck.chosen is not None and truck.chosen.cost == cost
    assert result(run(p, m, by_unit("inf", p, m, "Inf", "1105")), "inf").block.rule == "13.3e"


@case('OCS-13.8-engineer-functions', 'OCS-13.8c-detrainable-creation')
@params("kind, legal", [("hq", True), ("engineer", False), ("rail_repair", False), ("assault_engineer", False)])
def rule_13_8_13_8c_only_an_HQ_creates_a_detrainable_hex(kind, legal):
    """13.8 / 13.8c: detrainable creation is a special ability of HQs only, not of other
    engineers; Rail Repair, Assault Engineer and similar units perform no engineer function. Each
    in Combat Mode on a plain railroad hex: only the HQ lets cargo entrain there."""
    m, p = ocs([loyal("X", "0305", type=kind, mode="combat")])
    assert moved(run(p, m, cargo("sp", m, "0305", "1105")), "sp") is legal


@case('OCS-13.8c-detrainable-creation', 'OCS-13.8a-engineer-capable')
@params("mode, legal", [("combat", True), ("dg-combat", True), ("dg-move", False)])
def rule_13_8c_an_engineer_capable_HQ_entrains_itself_before_switching_to_move_mode(mode, legal):
    """13.8c: the detrainable status an HQ creates vanishes when a mode change ends its Engineer
    Capability, "Exception: An Engineer-Capable HQ can entrain itself before switching to Move
    Mode": an HQ in Combat Mode (or DG toward it, 13.8a) rails from the plain hex it stands on."""
    m, p = ocs([loyal("HQ", "0305", type="hq", mode=mode)])
    assert moved(run(p, m, by_unit("hq", p, m, "HQ", "1105")), "hq") is legal


# --- 13.6b reinforcements arriving by rail ----------------------------------------------------------------

@case('OCS-13.6b-arrive-by-rail')
def rule_13_6b_reinforcements_arrive_by_rail_ignoring_the_entraining_requirements():
    """13.6b: reinforcements "can arrive by rail (ignoring the usual 'entraining' requirements of
    13.3e)" (MOVES `arrival: true`): new SP entering at a plain railroad hex (no village: not
    detrainable) and a unit arriving in Combat Mode rail on to the village of 0605; the arrival hex
    still needs a railroad, and 13.3c still governs where they detrain."""
    m, p = ocs([loyal("Inf", "0305", mode="combat")])
    arriving = replace(cargo("sp", m, "0305", "0605", size=2), arrival=True)
    unit_arriving = replace(by_unit("inf", p, m, "Inf", "0605"), arrival=True)
    the_plan = run(p, m, arriving, unit_arriving)
    assert moved(the_plan, "sp") and moved(the_plan, "inf")
    usual = run(p, m, cargo("sp", m, "0305", "0605", size=2), by_unit("inf", p, m, "Inf", "0605"))
    assert result(usual, "sp").block.rule == "13.3c" and result(usual, "inf").block.rule == "13.3e"
    off_rail = result(run(p, m, replace(cargo("sp", m, "0304", "0605"), arrival=True)), "sp")
    assert off_rail.block.rule == "13.6b" and off_rail.block.hex == "0304"
    plain = result(run(p, m, replace(cargo("sp", m, "0305", "0705"), arrival=True)), "sp")
    assert plain.block.rule == "13.3c" and plain.block.hex == "0705"


# --- rules that combine: one Supply Source, one enemy ZOC for rail and trace supply -------------------------

@case('OCS-13.3c-detrainable', 'OCS-13.1b-hq-functions')
def rule_13_3c_a_supply_source_given_by_hexes_is_the_source_of_rail_paths_and_of_trace_supply():
    """13.3c (seed 003, line 78): a detrainable hex needs "a rail path free of enemy ZOC back to a
    supply source" — the same Supply Source units and HQs draw from (13.1b, line 13). Given as
    `supply_sources: hexes`, the village of 0105 is where the HQ beside it draws, and where cargo
    entrains for 1105 (before: refused at 0105, "not a detrainable hex: no rail path free of
    enemy ZOC back to a supply source")."""
    m, p = ocs([loyal("HQ", "0205", type="hq", mode="combat", throw=(6, 3))])    # the source: supply_sources
    assert OcsSupply(p, m).verdict(p.unit("HQ")).general == TRACED
    r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
    assert r.chosen is not None, r.block
    nowhere = replace(p, supply_sources=())
    assert result(run(nowhere, m, cargo("sp", m, "0105", "1105")), "sp").block.rule == "13.3c"


@case('OCS-13.3e-entrain-move-detrain', 'OCS-13.1c-hq-combat-supply', 'OCS-13.2-transport-points')
@params("kind", ["hq", "truck", "artillery"])
def rule_13_1c_13_3a_enemy_hqs_and_trucks_exert_no_zoc_on_rail_or_trace_supply(kind):
    """13.3e (seed 003, line 89): the rail path enters no hex with an enemy combat unit or ZOC;
    13.3h (line 110): ZOC limits rail paths "for trace supply or rail transport". A ZOC is an
    attacker's (4.5): an HQ's strength is "parenthesized (defensive-only)" (13.1c, line 17), and
    Transport Points are no combat units (13.3a, line 67); artillery too is defensive-only (13.4b,
    line 122). An enemy HQ, truck or artillery unit at 0404, beside
    the Main line, bars neither the cargo's rail path nor the trace supply of the unit at 0505
    (direct draw 3 truck MP, from the source at 0105 or the rail joined to it, 13.3) (before: the
    HQ's ZOC, and the truck's, barred the rail path at 0305). An enemy infantry unit there bars
    both."""
    fields = {"hq": dict(type="hq", mode="combat", throw=(6, 3)), "truck": dict(type="truck", mode="move"),
              "artillery": dict(type="artillery", mode="combat")}[kind]
    for who, legal in ((enemy("E", "0404", **fields), True), (enemy("E", "0404"), False)):
        m, p = ocs([who, loyal("Inf", "0505", mode="combat")], bypass=False, marks={"detrainable": ("1105",)})
        p = replace(p, options={**p.options, "ocs_direct_draw": 3})
        r = result(run(p, m, cargo("sp", m, "0105", "1105")), "sp")
        assert (r.chosen is not None) is legal, r.block
        assert OcsSupply(p, m).verdict(p.unit("Inf")).general == (TRACED if legal else OOS)
        if not legal:
            assert r.block.hex == "0305" and r.block.rule == "13.3e"


@case('OCS-13.3-railroads', 'OCS-13.3c-detrainable')
@params("company, status", [((), TRACED), (("enemy",), OOS), (("enemy", "guard"), TRACED)])
def rule_13_3_13_3c_trace_supply_runs_along_the_rail_path_back_to_a_supply_source(company, status):
    """13.3 (seed 003, line 65): railroads "are often integral to trace supply"; 13.3c (line 78):
    the rail path back to a supply source may negate enemy ZOC "to connect with a supply source";
    13.3h (line 110): ZOC limits rail paths "for trace supply". The unit at 1004 is 9 truck MP
    from the source at 0105, beyond its direct draw (5), but 1 from the Main line joined to it:
    it draws there and its line runs by rail to 0105 (before: Out of Supply). An enemy unit at
    0604 cuts the rail path at 0605 and 0505; friendly units there negate its ZOC for the path."""
    units = [loyal("Inf", "1004", mode="combat")]
    if "enemy" in company:
        units.append(enemy("E", "0604"))
    if "guard" in company:
        units += [loyal("G1", "0505", mode="combat"), loyal("G2", "0605", mode="combat"),
                  loyal("G3", "0705", mode="combat")]
    m, p = ocs(units, bypass=False)
    v = OcsSupply(p, m).verdict(p.unit("Inf"))
    assert v.general == status
    if status == TRACED:
        assert v.lengths["draw"] == 1 and [s.hex for s in v.line if s.element == "rail"][-1] == "0105"


@case('OCS-13.3f-rail-conversion')
@params("gauge, status", [("broad", TRACED), ("standard", OOS)])
def rule_13_3f_trace_supply_runs_only_along_rail_of_the_sides_gauge(gauge, status):
    """13.3f (seed 003, line 94): "a side can only use its rail capacity or supply line trace along
    rail lines of a particular gauge". The Main line is broad gauge; the unit at 1004, beyond its
    direct draw from 0105, traces along it only if its side's gauge (`ocs_gauges`) is broad."""
    m, p = ocs([loyal("Inf", "1004", mode="combat")], bypass=False, tracks={"Main": {"gauge": "broad"}})
    p = replace(p, options={**p.options, "ocs_gauges": {"Loyalist": gauge}})
    assert OcsSupply(p, m).verdict(p.unit("Inf")).general == status
