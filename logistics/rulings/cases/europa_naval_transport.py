"""Ruling cases continued from europa_naval.py (the file was split to stay readable)."""
from dataclasses import replace

from logistics.games.europa.limited import LIMITED
from logistics.games.europa.supply import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
from logistics.mapdata import City, Place, Port
from logistics.position import CoastalDefence, LimitedSource, NavalGroup
from logistics.rulings.builders import SF_SIDES, grid_map, position, source, unit
from logistics.rulings.cases import case, params
from logistics.rulings.cases.europa_naval import SHORT, in_the_canaries, island_map, judge, pa, strait

# --- naval transport and routes -------------------------------------------------------------------------

@case('FW-12H-3A3-re-sizes')
def rule_12H_3A3_supply_items_by_sea_a_point_is_a_quarter_RE_a_resource_point_1_a_step_3_AEG_1998():
    """12H / 3A3 (AEG, 1998): carried by sea, a point of general supply is 1/4 RE, a resource point
    1 RE and a step of attack supply 3 REs: 3 REs of transport between two major ports carry 12
    points, or 3 resource points, or 1 step."""
    from logistics.games.europa.naval import naval_flow
    from logistics.games.europa.rules import EuropaRules
    m = island_map()
    p = position(m, [], owner="Insurgent")
    p = replace(p, naval_groups=(NavalGroup("NT", "Insurgent", "transport", m.hex_at("0804"), capacity=3),))
    flow = naval_flow(p, m, EuropaRules(), "Insurgent", ["Gijon"], ["Ceuta"])
    assert (flow.res, flow.general_supply_points, flow.resource_points, flow.attack_steps) == (3, 12, 3, 1)


@case('FW-28-off-map-routes')
@params("route, expected", [(True, IN_SUPPLY), (False, OUT_OF_SUPPLY)])
def rule_28_off_map_naval_movement_follows_the_listed_routes_only_AEG_1998(route, expected):
    """28 (AEG, 1998): off-map naval movement follows only the routes of the Off-Map Port Summary;
    a naval element from the Canaries box reaches the map by its listed route, and without one
    not at all."""
    m = island_map()
    if not route:
        m.routes = []
    assert judge(in_the_canaries(m, "Gijon"), m, "Can").general == expected


@case('FW-14A1-repair-port-immediate')
def rule_14A1_a_repaired_port_is_operational_at_once_AEG_1998():
    """14A1 (AEG, 1998): a damaged port repaired by engineers is operational immediately: Bilbao,
    damaged to its maximum, starts no naval element; repaired, it does in the same turn."""
    from logistics.position import SetPortDamage
    m, p = strait([pa("0702")], ceuta="Loyalist", port_damage={"Bilbao": 8})
    assert judge(p, m, "L").general == OUT_OF_SUPPLY
    assert judge(p.apply(SetPortDamage("Bilbao", 0)), m, "L").general == IN_SUPPLY


# --- danger zones, neutral waters -------------------------------------------------------------------------

@case('FW-34F-dz-two-cases')
def rule_34F_only_two_kinds_of_danger_zone_AEG_29Jan04():
    """34F (AEG, 29-Jan-04): FWtBT has only two danger zones: the hexes within 1 hex of an
    enemy-owned naval base, and, for Interventionist forces, the Bay of Biscay. An enemy-owned
    major port that is no naval base (Bilbao here) exerts none."""
    from logistics.hexgrid import within
    m, p = strait([], ceuta="Insurgent")
    m.ports[0] = Port("Bilbao", "major", Place((m.hex_at("0702"),)), naval_base=False)
    p = replace(p, owner={**p.owner, m.hex_at("0702"): "Insurgent"})
    engine = EuropaSupply(p, m)
    ceuta, cartagena = set(within(m.hex_at("1005"), 1)), set(within(m.hex_at("0708"), 1))   # enemy naval bases
    biscay = {h for h, z in m.layers["sea_zone"].items() if z == "Biscay"}
    assert set(engine.zones("Loyalist").danger) == ceuta
    assert set(engine.zones("Insurgent", "Rebel").danger) == cartagena
    assert set(engine.zones("Insurgent", "Interventionist").danger) == cartagena | biscay


@case('FW-12C2c-34F-no-interventionist-biscay')
def rule_12C2c_34F_interventionist_units_trace_no_naval_supply_through_biscay_even_to_a_rebel_source_DPS_AEG():
    """12C2c / 34F (DPS, 15-Oct-04; AEG, 07-Jan-05): Interventionist units may not trace a naval
    element through the Biscay danger zone even to a non-Interventionist full source: at a
    standard port on Biscay a Rebel unit draws limited supply, an Italian one none."""
    m, p = strait([lambda m: unit("Nat", "Nationalist", "0702", m), lambda m: unit("CTV", "Italian", "0702", m)])
    m.ports[0] = Port("Bilbao", "standard", Place((m.hex_at("0702"),)), naval_base=True)
    owner = {h: ("Insurgent" if o != "neutral" else o) for h, o in p.owner.items()}
    p = replace(p, owner=owner, supply_sources=(source("Cartagena", "Insurgent", ["Cartagena"]),))
    verdicts = {v.unit: v.general for v in EuropaSupply(p, m).verdicts()}
    assert verdicts == {"Nat": LIMITED, "CTV": OUT_OF_SUPPLY}


@case('FW-38C-gibraltar-international-waters', 'FW-38C4-gibraltar-hex', 'FW-38C-portugal-2633-naval')
def rule_38C_38C4_naval_lines_pass_neutral_coastal_waters_no_land_line_enters_a_neutral_hex_AEG_11Mar04():
    """38C4 (AEG, 11-Mar-04): forces may not enter or trace supply into a neutral hex, but every
    coastal sea hex of a neutral contains international waters where forces operate: a naval
    element passes the Gibraltar hex, a land line may not enter it. The 1996 erratum on 38C lets
    naval units into Portugal's coastal hex 23A:2633: on our map of Iberia it is a sea node."""
    from pathlib import Path

    from logistics.games.europa.naval import sea_graph
    from logistics.mapio import load_map
    m, p = strait([pa("0702")], ceuta="Loyalist")
    assert "1105" in [s.hex for s in judge(p, m, "L").line]
    engine = EuropaSupply(p, m)
    assert engine.view("Loyalist").why_not(engine.index.pos[m.hex_at("1105")]) == ("37C", "neutral country")
    iberia = load_map(Path(__file__).resolve().parents[3] / "maps" / "iberia-europa")
    h = iberia.hex_at("23A:2633")
    assert iberia.country_of(h) == "Portugal" and iberia.countries["Portugal"].neutral
    assert sea_graph(iberia).adjacent[h]


# --- Second Front 12C2 ------------------------------------------------------------------------------------

@case('SF-12C2-minor-port-naval-line')
@params("side, expected", [("Allied", LIMITED), ("Axis", OUT_OF_SUPPLY)])
def SF_12C2_limited_supply_from_a_standard_or_minor_port_is_for_the_allies_only_GRD_1998(side, expected):
    """SF Q&A on 12C2 (GR/D, 03-Mar-98): 12B4 / 12C1 give both sides full supply by naval lines
    traced from major or great ports; 12C2 is the Allies' special case, a naval line from a
    standard or minor port giving limited supply. An Axis unit at a standard port gets none."""
    from logistics.position import Unit
    sides = SF_SIDES
    m = island_map()
    affiliation = "US" if side == "Allied" else "German"
    p = replace(position(m, [], owner=side, options=SHORT), game="europa-sf", sides=sides,
                units=(Unit("U", side, sides[0 if side == "Allied" else 1].coalitions[0][0], affiliation,
                            hex=m.hex_at("0305")),),
                supply_sources=(source("Gijon", side, ["Gijon"]),))
    assert judge(p, m, "U").general == expected


# --- 44H coast defences, 38D2 Barcelona ----------------------------------------------------------------------

@case('FW-ob-44H-la-corunya-cd', 'FW-44H-ferrol-corunya-cd')
@params("owner, expected", [("Insurgent", OUT_OF_SUPPLY), ("Loyalist", IN_SUPPLY)])
def rule_44H_33B_la_corunyas_coast_defence_follows_el_ferrols_ownership_AEG_01Oct05(owner, expected):
    """44H / 33B (AEG, 01-Oct-05): La Corunya's coast defence has El Ferrol's strength while El
    Ferrol is friendly-owned, and none while El Ferrol is enemy-owned. This supersedes DPS
    (17-Sep-03: with El Ferrol risen and La Corunya loyal, La Corunya's CD is not reduced). Here
    an Insurgent CD beside the Strait follows El Ferrol (0103, level 2): while the Loyalists hold El
    Ferrol it has no combat zone, and the Loyalist naval line passes."""
    m, p = strait([pa("0702")], ceuta="Loyalist")
    ferrol, corunya = m.hex_at("0103"), m.hex_at("1205")
    p = replace(p, owner={**p.owner, ferrol: owner},
                coastal_defences=(CoastalDefence("El Ferrol CD", "Insurgent", ferrol, 2),
                                  CoastalDefence("La Corunya CD", "Insurgent", corunya, 2, follows=ferrol)))
    assert judge(p, m, "L").general == expected


@case('FW-38D2-barcelona-limited-per-hex')
@params("split, expected", [(False, 12), (True, 6)])
def rule_38D2_12C2b_each_loyalist_hex_of_barcelona_is_a_6_RE_limited_source_AEG_10Feb04(split, expected):
    """38D2 / 12C2b (AEG, 10-Feb-04): each Loyalist-owned hex of Barcelona is a Republican limited
    source for up to 6 REs, before or after Catalunya's collapse (`per_hex`): 12 REs while both
    hexes are held, 6 from the one hex left when the other falls."""
    from logistics.rulings.builders import plain_map
    m = plain_map(cities={"Barcelona": ("0505", "0506")})
    units = [unit(f"PA{k}", "People's Army", "0405", m) for k in range(14)]
    p = position(m, units, options=SHORT, owner={"0506": "Insurgent"} if split else "Loyalist",
                 limited_sources=(LimitedSource("Barcelona (38D2)", "Loyalist", "Barcelona", 6, ("Republican",),
                                                per_hex=True),))
    assert sum(v.general == LIMITED for v in EuropaSupply(p, m).verdicts()) == expected


# --- beaches (31, 31B) --------------------------------------------------------------------------------------
# The Tyrrhenian coast: Naples (0203), a major port on a partial-sea hex, and the beach of Anzio
# (0704), a land hex beside open water. Sea zones: Tyrrhenian in columns 01-04, Ligurian east of them,
# so the seas off Anzio are Ligurian. The side's transports carry 3 REs.
COAST = ["~~~~~~~~",
         "~~~~~~~~",
         "~,~~~~~~",
         "........",
         "........"]


def beachhead(beach_owner: str, *, game: str = "europa-sf", stormy=()):
    from logistics.mapdata import Beach
    m = grid_map(COAST)
    m.layers["sea_zone"] = {h: ("Tyrrhenian" if m.layout.to_offset(h)[0] < 4 else "Ligurian")
                            for h in m.terrain if m.is_sea(h)}
    m.cities.append(City("Naples", "dot", Place((m.hex_at("0203"),))))
    m.ports.append(Port("Naples", "major", Place((m.hex_at("0203"),))))
    m.beaches.append(Beach("Anzio", Place((m.hex_at("0704"),))))
    p = position(m, [], game=game, owner={"0704": beach_owner}, options={"stormy_seas": stormy} if stormy else {})
    friend = p.owner_of(m.hex_at("0203"))
    return m, replace(p, naval_groups=(NavalGroup("NT", friend, "transport", m.hex_at("0502"), capacity=3),))


def beach_flow(m, p, origins=("Naples",), destinations=("Anzio",)):
    from logistics.games.europa.naval import naval_flow
    from logistics.games.europa.rules import EuropaRules
    return naval_flow(p, m, EuropaRules.for_position(p), p.owner_of(m.hex_at("0203")), list(origins), list(destinations))


@case('FW-31-nt-supply-at-beaches', 'FW-41B1-unowned-as-enemy')
@params("owner, res, why", [("Loyalist", 3, None), ("Insurgent", 0, "Insurgent-owned"),
                            ("unowned", 0, "unowned, which counts as enemy-owned (41B1")])
def rule_31_nts_embark_and_disembark_supply_items_at_friendly_beaches_TEM62(owner, res, why):
    """31 (Rules Court, TEM 62): NTs may embark and disembark supply and resource items at a
    friendly beach: 3 REs of transport carry 12 general supply points from Naples to a Loyalist
    beach, which has no port capacity to limit them (our reading). An Insurgent beach takes none;
    nor does an unowned one, which counts as enemy-owned for naval transport to beaches (41B1
    erratum, AEG 03-Mar-04). The compiler's query whether this costs 60 NMPs is unconfirmed; naval
    movement points are not modelled."""
    m, p = beachhead(owner, game="europa-fwtbt")
    for origins, destinations in ((["Naples"], ["Anzio"]), (["Anzio"], ["Naples"])):   # disembark, embark
        flow = beach_flow(m, p, origins, destinations)
        assert flow.res == res and flow.general_supply_points == 4 * res
        assert flow.refused == {} if why is None else why in flow.refused["Anzio"]
    if why is not None:
        assert flow.limited_by == "refused ends"


@case('SF-recap-nt-beach-supplies', 'FW-41B1-unowned-as-enemy')
@params("owner, resource_points", [("Allied", 3), ("Axis", 0), ("unowned", 0)])
def SF_recap_nts_carry_supplies_to_a_friendly_owned_beach_never_an_enemy_owned_one_GRD_1998(owner, resource_points):
    """SF amphibious recap (GR/D, 03-Mar-98): NTs may carry resource points or supplies to a
    friendly-owned beach, never to an enemy-owned beach (that would be an amphibious landing, 32).
    An unowned beach is enemy-owned for this (41B1 erratum)."""
    m, p = beachhead(owner)
    flow = beach_flow(m, p)
    assert flow.resource_points == resource_points
    assert flow.limited_by == ("transport" if resource_points else "refused ends")


@case('SF-31B-beach-cargo')
@params("stormy, res", [((), 3), (["Tyrrhenian"], 3), (["Ligurian"], 0), (True, 0)])
def SF_31B_no_cargo_embarks_or_disembarks_at_a_beach_in_stormy_seas_GRD_1998(stormy, res):
    """SF 31B rewrite (GR/D, 03-Mar-98): no naval unit may embark or disembark cargo, supplies
    included, at a beach during stormy sea conditions (option `stormy_seas`: sea zones, or true
    for all). Storms in the Tyrrhenian, off Naples only, leave the friendly Anzio beach open;
    storms in the Ligurian, off Anzio, close it both ways, and so does a storm everywhere."""
    m, p = beachhead("Allied", stormy=stormy)
    for origins, destinations in ((["Naples"], ["Anzio"]), (["Anzio"], ["Naples"])):
        flow = beach_flow(m, p, origins, destinations)
        assert flow.res == res
        assert res or "stormy seas" in flow.refused["Anzio"]


@case('SF-31B-beach-cargo')
@params("type_, carriers, lands", [
    ("infantry", ("NT",), False), ("infantry", ("NT", "LC"), False), ("infantry", ("LC",), True),
    ("armor", ("LC",), True),                                   # heavy equipment too, solely on LCs
    ("marine infantry", ("NT",), True), ("amphibious_armor", ("NT", "LC"), True),
])
def SF_31B_27B6_amphibious_units_land_from_nts_or_lcs_others_solely_on_lcs_GRD_1998(type_, carriers, lands):
    """SF 31B rewrite (GR/D, 03-Mar-98): any amphibious unit (27B6: the amphibious or marine symbol
    in its unit type) may land at a beach; a non-amphibious unit, even with heavy equipment, only
    when solely on LCs, never on NTs or NTs with LCs. In stormy seas none lands."""
    from logistics.games.europa.beaches import beach_landing
    from logistics.position import Unit
    u = Unit("U", "Allied", "Allies", "US", type=type_)
    ok, why = beach_landing(u, carriers)
    assert ok is lands and "SF 31B" in why
    assert beach_landing(u, carriers, stormy=True)[0] is False
