"""The naval element (12B4, 34K), danger zones (34F), combat zones (34A2), limited sources (12C2)
and their CP-SAT allocation: one position per ruling, in which the ruling changes the verdict."""
from dataclasses import replace

from logistics.games.europa.limited import LIMITED
from logistics.games.europa.supply import IN_SUPPLY, ON_POINTS, OUT_OF_SUPPLY, EuropaSupply
from logistics.mapdata import Box, City, Place, Port, Route
from logistics.position import CoastalDefence, LimitedSource, NavalGroup
from logistics.rulings.builders import SF_SIDES, grid_map, position, source, stock, unit
from logistics.rulings.cases import case, params

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


@case('FW-12B4-34K-ceuta-dz-blocks', 'FW-34F-night-runs-not-supply-line')
def rule_34F_danger_zones_are_not_reduced_at_night_DPS_04Jan04():
    """34F / 34K (DPS, 04-Jan-04; AEG, 11-Mar-04): a transport may try a night run through the
    Strait, but a naval-element supply line is never traced through a danger zone, day or night."""
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
    sides = SF_SIDES
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


@case('FW-12C2c-source-usable-by-unit', 'FW-12C2c-any-coalition-source')
def rule_12C2c_port_must_reach_a_source_usable_by_the_unit_AEG_07Jan05():
    """12C2c as rewritten (AEG, 07-Jan-05): the port's naval element must reach a full source the
    unit itself may use. This supersedes DPS (15-Oct-04), a full source of either coalition: the
    Basque unit, for which the Republican source at Gijon is no source, gets no port supply."""
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


def in_the_canaries(m, source_city: str):
    """A Rebel unit in the Canaries box, its side's full source at `source_city`."""
    from logistics.position import Unit
    p = position(m, [], owner="Insurgent", options=SHORT, box_owner={"Canaries": "Insurgent"},
                 sources=[source(source_city, "Insurgent", [source_city])])
    return replace(p, units=(Unit("Can", "Insurgent", "Rebel", "Nationalist", box="Canaries"),))


@case('FW:12B4')
def units_in_an_off_map_box_draw_on_its_sources():
    m = island_map()
    assert judge(in_the_canaries(m, "Las Palmas"), m, "Can").general == IN_SUPPLY


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


# --- isolation by sea: Spanish Morocco, Interventionist units --------------------------------------------
# On the islands map the north-east landmass (0802 Ceuta, 0902, 1002, 0903, 1003) is cut off from
# Gijon (0905) overland; 1003 is two hexes from Ceuta, beyond the one overland hex allowed.

def _north_east(m, country: str):
    from logistics.mapdata import Country
    m.countries[country] = Country(country)
    for hid in ("0802", "0902", "1002", "0903", "1003"):
        m.layers["country"][m.hex_at(hid)] = country
    return m


@case('FW-3E1-3E3-spanish-morocco-region')
@params("country, isolated", [("Spanish Morocco", False), ("Ruritania", True)])
def rule_3E1_3E3_spanish_morocco_is_no_part_of_spain_but_a_region_of_spain_erratum_1996(country, isolated):
    """3E1 / 3E3 (Official Erratum, 01-Jun-96): Spanish Morocco is not part of Spain (the map has
    it as its own, non-neutral country) but it is a region of Spain for geographic purposes, so the
    3F errata for the islands and Spanish Morocco (AEG, 11-Mar-04) applies there: a Rebel unit
    with no overland line to a full source is unisolated by the port of Ceuta."""
    m = _north_east(island_map(), country)
    p = position(m, [unit("Nat", "Nationalist", "1003", m), unit("Near", "Nationalist", "0902", m)],
                 owner="Insurgent", options=SHORT, sources=[source("Gijon", "Insurgent", ["Gijon"])])
    v = judge(p, m, "Nat")
    assert v.general == OUT_OF_SUPPLY and v.isolated is isolated
    assert judge(p, m, "Near").general == IN_SUPPLY          # a line enters Ceuta's hex: not neutral


@case('FW-3F-interventionist-naval-isolation')
def rule_3F_interventionist_units_are_unisolated_through_a_port_to_their_off_map_source_DPS_24Jun05():
    """3F (DPS, 24-Jun-05): like the island errata, an Interventionist unit in Spain is unisolated
    if it traces overland to a friendly functioning port from which a naval element reaches its
    off-map full source (Italy, here the Canaries box); a Rebel unit beside it is isolated."""
    m = island_map()
    p = position(m, [unit("CTV", "Italian", "1003", m), unit("Nat", "Nationalist", "1003", m)], owner="Insurgent",
                 options=SHORT, box_owner={"Canaries": "Insurgent"},
                 sources=[source("Italy", "Insurgent", ["Las Palmas"], users=("Interventionist",)),
                          source("Gijon", "Insurgent", ["Gijon"], users=("Rebel",))])
    ctv, nat = judge(p, m, "CTV"), judge(p, m, "Nat")
    assert ctv.general == OUT_OF_SUPPLY and ctv.isolated is False
    assert nat.general == OUT_OF_SUPPLY and nat.isolated is True


@case('FW-40B1-isolated-city-units')
def rule_40B1_units_in_an_isolated_city_are_isolated_yet_supplied_by_a_limited_source_DPS_13Oct04():
    """40B1 / 3F (DPS, 13-Oct-04): units in an isolated city are isolated, which has no bearing on
    whether a limited source supplies them: at Santander (12C2b, no overland line to Gijon) a unit
    is both in limited supply and isolated."""
    m = island_map()
    p = position(m, [unit("PA", "People's Army", "0305", m)], options=SHORT,
                 sources=[source("Gijon", "Loyalist", ["Gijon"])],
                 limited_sources=(LimitedSource("Santander (12C2b)", "Loyalist", "Santander", 3, ("Republican",)),))
    v = judge(p, m, "PA")
    assert v.general == LIMITED and v.isolated is True


# --- which ports are sources ---------------------------------------------------------------------------

@case('FW-12C1a-mainland-only-full')
def rule_12C1a_12C2c_a_port_whose_naval_element_reaches_only_limited_sources_gives_nothing_AEG_11Mar04():
    """12C1a / 12C2c (AEG, 11-Mar-04): Ceuta, Las Palmas and Santa Cruz are never Insurgent full
    sources (not Mainland Spain), so Palma, whose naval element reaches only them, is no 12C2c
    source: 0 REs (its units may still use their 12C2a limited sources). Once a naval element
    reaches a full source on the mainland, Palma's port is one."""
    from logistics.games.europa.limited import limited_options
    m = island_map()
    units = [unit(f"Nat{k}", "Nationalist", "0202", m) for k in range(2)]
    limited = tuple(LimitedSource(f"{c} (12C2a)", "Insurgent", c, 3, ("Rebel",)) for c in ("Ceuta", "Las Palmas", "Santa Cruz"))
    p = position(m, units, owner="Insurgent", options=SHORT, limited_sources=limited, box_owner={"Canaries": "Insurgent"})

    def palma_is_a_source(p):
        engine = EuropaSupply(p, m)
        return "port of Palma" in limited_options(engine, engine.verdicts())[1]
    assert not palma_is_a_source(p)
    assert palma_is_a_source(replace(p, supply_sources=(source("Gijon", "Insurgent", ["Gijon"]),)))


@case('FW-12C2a-no-balearic-limited')
def rule_12C2a_no_insurgent_3_RE_limited_sources_in_the_balearics_AEG_11Mar04():
    """12C2a (AEG, 11-Mar-04): the Insurgent 3-RE limited sources are the cities of the Canaries
    and Spanish Morocco only; the Balearics are left out on purpose. The bundled Aug II 36 position
    lists them so, and the garrison of Palma draws on none in the Balearics."""
    from pathlib import Path

    from logistics.scenario import load_scenario
    s = load_scenario(Path(__file__).resolve().parents[3] / "scenarios" / "fwtbt" / "aug-1936.yaml")
    m, p = s.map, s.position
    regions = set()
    for src in p.limited_sources:
        if src.side == "Insurgent":
            place = m.city(src.city).place
            regions.add(place.box or m.region_of(place.hex))
    assert regions == {"Canaries", "Spanish Morocco"}
    palma = next(v for v in EuropaSupply(p, m).verdicts() if v.unit == "Palma Gar")
    assert palma.general == LIMITED and m.region_of(m.city(p.limited_sources[
        [x.name for x in p.limited_sources].index(palma.source)].city).place.hex or "") != "Balearics"


@case('FW-12C2-12C3a-limited-source-with-gsps')
def rule_12C2_12C3a_a_limited_source_still_supplies_while_its_supply_points_remain_TEM62():
    """12C2 / 12C3a (Rules Court, TEM 62): Gijon, a 3-RE limited source, still supplies units while
    general supply points generated there on an earlier turn remain in play: of four REs beside it,
    three draw on the source and the fourth on the points."""
    m = island_map()
    units = [unit(f"PA{k}", "People's Army", "1005", m) for k in range(4)]
    p = position(m, units, options=SHORT, supply=(stock("Loyalist", "general", "0905", m),),
                 limited_sources=(LimitedSource("Gijon (12C2b)", "Loyalist", "Gijon", 3, ("Republican",)),))
    verdicts = [v.general for v in EuropaSupply(p, m).verdicts()]
    assert sorted(verdicts) == sorted([LIMITED] * 3 + [ON_POINTS])


@case('FW-12C3a-malaga-gsps')
def rule_12C3a_12C1b_malaga_is_a_radical_full_source_despite_enemy_submarines_in_its_hex_DPS_01Feb06():
    """12C3a / 12C1b (DPS, 01-Feb-06): Malaga is a Radical full source needing no connection and
    no naval line, so enemy submarines in its hex do not stop it being a source (nor, therefore,
    GSPs being generated there: games/europa/supply_points.py). As a 12C2c port, by contrast,
    the submarines' combat zone blocks its naval element (34K)."""
    m = island_map()
    subs = NavalGroup("Subs", "Insurgent", "submarine", m.hex_at("0305"))
    p = position(m, [unit("An", "Anarchist", "0205", m), unit("PA", "People's Army", "0205", m)], options=SHORT,
                 sources=[source("Malaga", "Loyalist", ["Santander"], users=("Radical",)),
                          source("Gijon", "Loyalist", ["Gijon"], users=("Republican",))])
    p = replace(p, naval_groups=(subs,))
    engine = EuropaSupply(p, m)
    assert [m.hex_id(h) for h in engine.active_hexes(p.supply_sources[0])] == ["0305"]
    verdicts = {v.unit: v for v in engine.verdicts()}
    assert verdicts["An"].general == IN_SUPPLY and verdicts["An"].source == "Malaga"
    assert verdicts["PA"].general == OUT_OF_SUPPLY


@case('FW-12C2c-anarchists-use-ports')
@params("radical_source, expected", [(True, LIMITED), (False, OUT_OF_SUPPLY)])
def rule_12C2c_anarchist_units_use_the_limited_supply_of_ports_AEG_10Feb04(radical_source, expected):
    """12C2c (AEG, 10-Feb-04): "either side, any coalition or affiliation": an Anarchist unit at a
    friendly standard port draws limited supply from it when its naval element reaches a full
    source the unit may use (a Radical one: AEG 07-Jan-05)."""
    m = island_map()
    users = ("Radical",) if radical_source else ("Republican",)
    p = position(m, [unit("An", "Anarchist", "0305", m)], options=SHORT,
                 sources=[source("Gijon", "Loyalist", ["Gijon"], users=users)])
    assert judge(p, m, "An").general == expected


@case('FW-12B4-port-capacity-general')
def rule_12B4_12C2c_general_supply_through_a_major_port_is_unlimited_through_a_standard_port_counted_DPS_21Aug05():
    """12B4 / 12C1a / 12C2c (DPS, 21-Aug-05): general supply traced through a major or great port
    does not count against the port; each RE supplied through a minor or standard port does. Eight
    REs at Ceuta (major) are all in full supply by sea; of eight at Palma (standard), six."""
    m = island_map()
    units = [unit(f"C{k}", "Nationalist", "0802", m) for k in range(8)] + \
            [unit(f"P{k}", "Nationalist", "0202", m) for k in range(8)]
    p = position(m, units, owner="Insurgent", options=SHORT, sources=[source("Gijon", "Insurgent", ["Gijon"])])
    verdicts = EuropaSupply(p, m).verdicts()
    assert [v.general for v in verdicts[:8]] == [IN_SUPPLY] * 8
    assert sum(v.general == LIMITED for v in verdicts[8:]) == 6


# --- attack supply from ports (12D2) ---------------------------------------------------------------------

@case('FW-12D2-interventionist-attack-full-line', 'FW-12D2-interventionist-attack-overland')
@params("rail, expected", [(True, True), (False, False)])
def rule_12D2_interventionist_attack_supply_to_a_port_by_a_full_line_AEG_05Nov04_over_DPS_23Oct04(rail, expected):
    """12D2 (AEG, 05-Nov-04): Interventionist units trace attack supply to a friendly functioning
    standard or major port by a full supply line, rail element included. This overrules DPS
    (23-Oct-04), overland element only: here the unit is one overland hex from a rail line that
    runs to Santander, two overland hexes from the port itself."""
    from logistics.hexgrid import line
    from logistics.mapdata import Track
    m = island_map()
    if rail:
        m.rail.append(Track("Coast", "standard", tuple(line(m.hex_at("0305"), m.hex_at("0105")))))
    p = position(m, [unit("CTV", "Italian", "0106", m)], owner="Insurgent", options=SHORT)
    assert judge(p, m, "CTV").attack is expected


@case('FW-12D2-interventionist-attack-full-line')
@params("santander, hits, expected", [("Insurgent", 0, True), ("Loyalist", 0, False), ("Insurgent", 4, False)])
def rule_12D2_a_naval_element_may_end_at_the_standard_port_that_gives_attack_supply_AEG_05Nov04(santander, hits,
                                                                                               expected):
    """12D2 (AEG, 05-Nov-04): the line may be traced "by sea to an Insurgent-owned functioning
    standard or major port": an Italian unit at Palma (a minor port here, which gives no attack
    supply itself) reaches Santander, a standard port, by sea. Santander Loyalist-owned, or damaged
    to its maximum (not functioning), gives nothing; no major port or source is friendly, so only
    the standard port can end the line."""
    m = island_map()
    m.ports = [replace(port, klass="minor") if port.name == "Palma" else port for port in m.ports]
    p = position(m, [unit("CTV", "Italian", "0202", m)], owner={"0202": "Insurgent", "0305": santander},
                 options=SHORT, port_damage={"Santander": hits} if hits else {})
    v = judge(p, m, "CTV")
    assert v.attack is expected and not v.supplied


@case('FW-12D2-attack-port-no-capacity')
def rule_12D2_port_attack_supply_is_unlimited_DPS_21Aug05():
    """12D2 (DPS, 21-Aug-05): a standard or major port gives Interventionist units unlimited attack
    supply, never counted against port capacity: eight REs at Santander (a standard port) all have
    attack supply."""
    m = island_map()
    p = position(m, [unit(f"CTV{k}", "Italian", "0305", m) for k in range(8)], owner="Insurgent", options=SHORT)
    assert all(v.attack for v in EuropaSupply(p, m).verdicts())


@case('FW-30A4-sos-blockade-not-used')
@params("blockade, hits, expected", [(False, 0, True), (True, 0, True), (False, 4, False)])
def rule_30A4_a_blockaded_port_keeps_functioning_in_FWtBT_AEG_13Jan03(blockade, hits, expected):
    """30A4 (AEG, 13-Jan-03): SoS's rule that blockade makes a port non-functioning is not used in
    FWtBT: a blockaded Santander still gives Interventionist units attack supply (12D2), which a
    port damaged to its maximum does not."""
    m = island_map()
    p = position(m, [unit("CTV", "Italian", "0305", m)], owner="Insurgent", options=SHORT,
                 port_damage={"Santander": hits} if hits else {})
    if blockade:
        p = replace(p, naval_groups=(NavalGroup("Blockade", "Loyalist", "combat", m.hex_at("0305")),))
    assert judge(p, m, "CTV").attack is expected
