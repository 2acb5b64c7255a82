"""The naval element (12B4, 34K), danger zones (34F), combat zones (34A2), limited sources (12C2)
and their CP-SAT allocation: one position per ruling, in which the ruling changes the verdict."""
from dataclasses import replace


from logistics.mapdata import Box, City, Place, Port, Route
from logistics.position import CoastalDefence, LimitedSource, NavalGroup, Side
from logistics.supply.europa import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
from logistics.supply.limited import LIMITED
from ..builders import grid_map, position, rows_of, source, unit
from . import case, params

SHORT = {"supply_lengths": {"clear": {"overland": 1, "road": 0}}}

# The Strait: a northern basin (the Biscay zone), a one-hex-wide passage through neutral Gibraltar
# (1105) beside the naval base of Ceuta (1005), and a southern basin. Bilbao (0702) and Cartagena
# (0708) are major ports; Cartagena is a full source. Overland, they are far apart.
STRAIT = ["......,~~~~~",
          "......,~~~~~",
          "......,~~~~~",
          "..........~.",
          ".........,,.",
          "..........~.",
          "......,~~~~~",
          "......,~~~~~",
          "......,~~~~~"]


def strait_map():
    m = grid_map(STRAIT, countries={"Gibraltar": ["1105"]}, neutral=("Gibraltar",))
    m.layers["sea_zone"] = {h: ("Biscay" if m.layout.to_offset(h)[1] <= 2 else "Mediterranean")
                            for h in m.terrain if m.is_sea(h)}
    for name, hid, klass, base in (("Bilbao", "0702", "major", True), ("Cartagena", "0708", "major", True),
                                   ("Ceuta", "1005", "major", True)):
        m.cities.append(City(name, "dot", Place((m.hex_at(hid),))))
        m.ports.append(Port(name, klass, Place((m.hex_at(hid),)), naval_base=base))
    return m


def strait(units, *, ceuta="Insurgent", users=(), **fields):
    m = strait_map()
    p = position(m, [u(m) for u in units], owner={"1005": ceuta},
                 sources=[source("Cartagena", "Loyalist", ["Cartagena"], users=users),
                          source("Cartagena (Rebel)", "Insurgent", ["Cartagena"])],
                 options={**SHORT, **fields.pop("options", {})}, **fields)
    return m, p


def pa(hid, uid="L", **kw):
    return lambda m: unit(uid, "People's Army", hid, m, **kw)


def judge(p, m, uid):
    return next(v for v in EuropaSupply(p, m).verdicts() if v.unit == uid)


@case('FW:12B4')
def rule_12B4_naval_element_from_major_port_to_major_port_connected_to_a_source():
    m, p = strait([pa("0702")], ceuta="Loyalist")
    v = judge(p, m, "L")
    assert v.general == IN_SUPPLY and v.source == "Cartagena"
    assert "naval" in {s.element for s in v.line} and v.line[-1].hex == "0708"


@case('FW-12B4-34K-gibraltar-traceable')
def rule_12B4_34K_naval_line_may_pass_the_neutral_gibraltar_hex_DPS_04Jan04():
    m, p = strait([pa("0702")], ceuta="Loyalist")
    assert "1105" in [s.hex for s in judge(p, m, "L").line]


@case('FW-34F-34K-ceuta-blocks-strait', 'FW-34F-ceuta-dz-covers-gibraltar', 'FW-12B4-34K-ceuta-dz-blocks', 'FW-34F-dz-single-zone')
def rule_34F_34K_ceuta_danger_zone_closes_the_strait_to_loyalist_naval_supply_AEG_11Mar04():
    m, p = strait([pa("0702")])
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY
    assert v.blocked.rule == "34F, 34K" and "danger zone of enemy naval base Ceuta" in v.blocked.reason
    zones = EuropaSupply(p, m).zones("Loyalist")
    assert "Ceuta" in zones.blocked(m.hex_at("1105"))   # the DZ covers the Gibraltar hex too


@case('FW-30A2-34F-damaged-port-dz')
def rule_30A2_34F_danger_zone_stays_at_zero_capacity_and_maximum_damage_TEM67():
    m, p = strait([pa("0702")], port_damage={"Ceuta": 99})
    assert judge(p, m, "L").general == OUT_OF_SUPPLY


@case('FW-12B4-34K-ceuta-dz-blocks')
def rule_34F_danger_zones_are_not_reduced_at_night_DPS_04Jan04():
    m, p = strait([pa("0702")], options={"night": True})
    assert judge(p, m, "L").general == OUT_OF_SUPPLY


@case('FW-34A2-night-cz-not-subs')
@params("kind, night, expected", [
    ("combat", False, OUT_OF_SUPPLY),
    ("combat", True, IN_SUPPLY),        # 34A2: at night only its own hex, which the line avoids
    ("submarine", True, OUT_OF_SUPPLY),  # a submarine group's zone is not reduced (DPS, 19-Jun-05)
])
def rule_34K_34A2_combat_zone_of_an_enemy_naval_group_day_and_night(kind, night, expected):
    m, p = strait([pa("0702")], ceuta="Loyalist", options={"night": night})
    p = replace(p, naval_groups=(NavalGroup("TF", "Insurgent", kind, m.hex_at("1103")),))
    assert judge(p, m, "L").general == expected


@case('FW-28-29C-blockade-cz-blocks-supply')
def rule_28_29C_blockading_group_in_an_enemy_port_hex_blocks_the_line_from_the_port_AEG_13Jan03():
    m, p = strait([pa("0702")], ceuta="Loyalist")
    p = replace(p, naval_groups=(NavalGroup("Blockade", "Insurgent", "mixed", m.hex_at("0702")),))
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY
    assert "blockading" in EuropaSupply(p, m).zones("Loyalist").blocked(m.hex_at("0702"))


@case('FW-33B-level1-cd-adjacent')
@params("level, expected", [(1, IN_SUPPLY), (2, OUT_OF_SUPPLY)])
def rule_33B_level_1_coastal_defence_has_a_combat_zone_in_its_own_hex_only_AEG_1998(level, expected):
    m, p = strait([pa("0702")], ceuta="Loyalist")
    p = replace(p, coastal_defences=(CoastalDefence("CD", "Insurgent", m.hex_at("1205"), level),))
    assert judge(p, m, "L").general == expected


@case('FW-34F-interventionist-biscay-dz', 'FW-34F-rebel-biscay-ok', 'FW-34F-34K-ctv-no-biscay-naval-supply')
def rule_34F_biscay_danger_zone_blocks_interventionist_forces_only_AEG_07Jan05():
    m, p = strait([lambda m: unit("Nat", "Nationalist", "0702", m), lambda m: unit("CTV", "Italian", "0702", m)],
                  ceuta="Insurgent", users=("Rebel", "Interventionist"))
    owner = {h: ("Insurgent" if o != "neutral" else o) for h, o in p.owner.items()}
    p = replace(p, owner=owner, supply_sources=(source("Cartagena", "Insurgent", ["Cartagena"]),))
    assert judge(p, m, "Nat").general == IN_SUPPLY
    assert judge(p, m, "CTV").general == OUT_OF_SUPPLY


@case('SF-34F-allied-port-5-hex')
def SF_34F_hexes_near_an_allied_port_are_an_axis_danger_zone_and_never_an_allied_one_GRD_1998():
    sides = (Side("Allied", (("Allies", ("US", "British")),)), Side("Axis", (("Axis", ("German", "Italian")),)))
    m = strait_map()
    m.ports.append(Port("Dover", "minor", Place((m.hex_at("0709"),))))
    from logistics.position import Unit
    units = (Unit("US", "Allied", "Allies", "US", hex=m.hex_at("0702")),
             Unit("DE", "Axis", "Axis", "German", hex=m.hex_at("0702")))
    owner = {h: "Allied" for h in m.terrain if m.is_land(h)}
    owner[m.hex_at("1105")] = "neutral"
    owner[m.hex_at("1005")] = "Axis"          # an Axis naval base over the passage
    p = replace(position(m, [], options=SHORT), game="europa-sf", sides=sides, units=units, owner=owner,
                supply_sources=(source("Cartagena", "Allied", ["Cartagena"]), source("Cartagena Axis", "Axis", ["Cartagena"])))
    assert judge(p, m, "US").general == IN_SUPPLY           # within 5 of Dover: never an Allied DZ
    p_axis = replace(p, owner={**owner, **{h: "Axis" for h in (m.hex_at("0702"), m.hex_at("0708"))}})
    assert judge(p_axis, m, "DE").general == OUT_OF_SUPPLY  # within 5 of Allied-owned Dover


@case('SF-12-embarked-supply')
def SF_12_units_embarked_at_sea_are_out_of_supply_in_port_they_may_trace_GRD_1998():
    m, p = strait([], ceuta="Loyalist")
    at_sea = NavalGroup("NT", "Loyalist", "transport", m.hex_at("0802"))
    in_port = NavalGroup("NT2", "Loyalist", "transport", m.hex_at("0702"), in_port=True)
    from logistics.position import Unit
    cargo = (Unit("A", "Loyalist", "Republican", "People's Army", aboard="NT"),
             Unit("B", "Loyalist", "Republican", "People's Army", aboard="NT2"))
    p = replace(p, naval_groups=(at_sea, in_port), units=cargo)
    assert judge(p, m, "A").general == OUT_OF_SUPPLY and "embarked at sea" in judge(p, m, "A").blocked.reason
    assert judge(p, m, "B").general == IN_SUPPLY


# --- limited sources ---------------------------------------------------------------------------------
# The islands: Palma (0202) a standard port alone at sea; Ceuta (0802) and Gijon (0905) major ports;
# Santander (0305) a standard port on the mainland; the Canaries box with Las Palmas and Santa Cruz.
ISLANDS = ["~~~~~~~~~~",
           "~,~~~~~,..",
           "~~~~~~~~,.",
           "~~~~~~~~~~",
           "..,~~~~~,.",
           "...~~~~~..",
           ]


def island_map():
    m = grid_map(ISLANDS)
    m.layers["region"] = {m.hex_at("0202"): "Balearics"}
    m.boxes.append(Box("Canaries", "ports"))
    m.routes.append(Route(("Canaries", "1004"), "naval", 1))
    for name, where, klass in (("Palma", "0202", "standard"), ("Ceuta", "0802", "major"),
                               ("Gijon", "0905", "major"), ("Santander", "0305", "standard"),
                               ("Las Palmas", "Canaries", "major"), ("Santa Cruz", "Canaries", "major")):
        place = Place(box=where) if where == "Canaries" else Place((m.hex_at(where),))
        m.cities.append(City(name, "dot", place))
        m.ports.append(Port(name, klass, place))
    return m


@case('FW-12C2c-port-to-limited-source', 'FW-12C2c-port-use-cap')
def rule_12C2_palma_ruling_units_using_a_standard_port_may_not_exceed_its_6_REs_AEG_11Mar04():
    m = island_map()
    units = [unit(f"Nat{k}", "Nationalist", "0202", m) for k in range(8)]   # 8 REs at Palma
    limited = tuple(LimitedSource(f"{c} (12C2a)", "Insurgent", c, 3, ("Rebel",)) for c in ("Ceuta", "Las Palmas", "Santa Cruz"))
    p = position(m, units, owner="Insurgent", options=SHORT, limited_sources=limited, box_owner={"Canaries": "Insurgent"})
    engine = EuropaSupply(p, m)
    verdicts = engine.verdicts()
    # Nine REs of limited sources lie across the sea, but only 6 REs may trace through Palma.
    assert sum(v.general == LIMITED for v in verdicts) == 6
    assert engine.allocation.status == "OPTIMAL" and engine.allocation.supplied_res == 6


@case('FW-12C2-santander-dual-limited')
def rule_12C2_santander_gives_6_plus_3_REs_DPS_04Jan04():
    m = island_map()
    units = [unit(f"PA{k}", "People's Army", "0305", m) for k in range(10)]
    p = position(m, units, options=SHORT, sources=[source("Gijon", "Loyalist", ["Gijon"])],
                 limited_sources=(LimitedSource("Santander (12C2b)", "Loyalist", "Santander", 3, ("Republican",)),))
    verdicts = EuropaSupply(p, m).verdicts()
    assert sum(v.general == LIMITED for v in verdicts) == 9


@case('FW-12C2c-30A2-damaged-port-limited')
@params("hits, expected", [(0, 9), (2, 9), (4, 3)])
def rule_12C2c_30A2_port_at_zero_capacity_still_a_limited_source_at_maximum_damage_not_TEM67(hits, expected):
    m = island_map()
    units = [unit(f"PA{k}", "People's Army", "0305", m) for k in range(10)]
    p = position(m, units, options=SHORT, sources=[source("Gijon", "Loyalist", ["Gijon"])],
                 port_damage={"Santander": hits} if hits else {},
                 limited_sources=(LimitedSource("Santander (12C2b)", "Loyalist", "Santander", 3, ("Republican",)),))
    # standard port: capacity 2 (zero at 2 hits), maximum damage at 4 hits (placeholder charts)
    assert sum(v.general == LIMITED for v in EuropaSupply(p, m).verdicts()) == expected


@case('FW-12C2c-source-usable-by-unit')
def rule_12C2c_port_must_reach_a_source_usable_by_the_unit_AEG_07Jan05():
    m = island_map()
    units = [unit("Bq", "Basque", "0305", m), unit("PA", "People's Army", "0305", m)]
    p = position(m, units, options=SHORT, sources=[source("Gijon", "Loyalist", ["Gijon"], users=("Republican",))])
    verdicts = {v.unit: v.general for v in EuropaSupply(p, m).verdicts()}
    assert verdicts == {"Bq": OUT_OF_SUPPLY, "PA": LIMITED}


@case('FW-12C2-major-to-limited-legal')
def rule_12C2_vigo_to_gijon_major_port_to_limited_source_is_legal_AEG_11Mar04():
    m = island_map()
    p = position(m, [unit("PA", "People's Army", "0802", m)], options=SHORT,
                 limited_sources=(LimitedSource("Gijon (12C2b)", "Loyalist", "Gijon", 3),))
    assert judge(p, m, "PA").general == LIMITED


@case('FW-3F-islands-naval-isolation')
def rule_3F_errata_island_units_unisolated_through_any_friendly_port_AEG_11Mar04():
    m = island_map()
    p = position(m, [unit("Nat", "Nationalist", "0202", m)], owner="Insurgent", options=SHORT,
                 sources=[source("Gijon", "Insurgent", ["Gijon"])])
    v = judge(p, m, "Nat")
    assert v.isolated is False   # Palma is a standard port: no full supply, but not isolated
    m.layers["region"] = {}
    assert judge(p, m, "Nat").isolated is True


@case('FW-12D2-interventionist-attack-full-line')
def rule_12D2_interventionist_attack_supply_from_a_friendly_standard_or_major_port_AEG_05Nov04():
    m = island_map()
    units = [unit("CTV", "Italian", "0305", m), unit("Nat", "Nationalist", "0305", m)]
    p = position(m, units, owner="Insurgent", options=SHORT)
    assert judge(p, m, "CTV").attack is True and judge(p, m, "Nat").attack is False


@case('FW:12B4')
def units_in_an_off_map_box_draw_on_its_sources():
    m = island_map()
    from logistics.position import Unit
    p = position(m, [], owner="Insurgent", options=SHORT, box_owner={"Canaries": "Insurgent"},
                 sources=[source("Canaries", "Insurgent", ["Las Palmas"])])
    p = replace(p, units=(Unit("Can", "Insurgent", "Rebel", "Nationalist", box="Canaries"),))
    assert judge(p, m, "Can").general == IN_SUPPLY


@case("FW-12A-12B4-port-in-enemy-zoc")
def port_hex_in_enemy_zoc_still_starts_a_naval_element_AEG_1998():
    """A friendly major port in an enemy ZOC, no friendly unit in it: a line may still be traced
    out of the hex, so a unit in the port is supplied by sea; a unit outside cannot enter it."""
    enemy = lambda m: unit("E", "Nationalist", "0601", m)   # its ZOC covers the port hex 0702
    m, in_port = strait([pa("0702", "InPort"), enemy], ceuta="Loyalist")
    assert judge(in_port, m, "InPort").general == IN_SUPPLY
    m, outside = strait([pa("0602", "Outside"), enemy], ceuta="Loyalist")
    engine = EuropaSupply(outside, m)
    assert engine.view("Loyalist").why_not(engine.index.pos[m.hex_at("0702")]) is not None
    assert judge(outside, m, "Outside").general == OUT_OF_SUPPLY


@case("FW-12C2c-34K-sub-cz-blocks-port")
def submarine_combat_zone_blocks_a_12C2c_port_DPS_01Feb06():
    """Santander qualifies under 12C2c only by a naval element to a full source; an enemy
    submarine group beside it blocks that element, leaving the 3 REs of the 12C2b city."""
    m = island_map()
    units = [unit(f"PA{k}", "People's Army", "0305", m) for k in range(10)]
    p = position(m, units, options=SHORT, sources=[source("Gijon", "Loyalist", ["Gijon"])],
                 limited_sources=(LimitedSource("Santander (12C2b)", "Loyalist", "Santander", 3, ("Republican",)),))
    assert sum(v.general == LIMITED for v in EuropaSupply(p, m).verdicts()) == 9
    subs = replace(p, naval_groups=(NavalGroup("U", "Insurgent", "submarine", m.hex_at("0405")),))
    assert sum(v.general == LIMITED for v in EuropaSupply(subs, m).verdicts()) == 3


@case("FW-40B3a-melilla-ceuta-directional")
def naval_element_must_end_at_a_major_or_great_port():
    """Lines are directional (accepted premise, 40B3a): a naval element may end at a major port,
    not at a standard one, even if that standard port is a source."""
    m, p = strait([pa("0702")], ceuta="Loyalist")
    assert judge(p, m, "L").general == IN_SUPPLY
    m.ports[[q.name for q in m.ports].index("Cartagena")] = Port("Cartagena", "standard", Place((m.hex_at("0708"),)))
    assert judge(p, m, "L").general == OUT_OF_SUPPLY
