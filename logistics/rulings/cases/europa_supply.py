"""Europa general supply, isolation and attack supply: one position per ruling, in which the
ruling changes the verdict. Rulings are cited as the FWtBT FAQ (seed 000) prints them."""
from dataclasses import replace


from logistics.games.europa.supply import IN_SUPPLY, NOT_CHECKED, ON_POINTS, OUT_OF_SUPPLY, EuropaSupply, initial_phase_markers
from logistics.rulings.builders import plain_map, position, source, stock, unit
from logistics.rulings.cases import case, params

SHORT = {"supply_lengths": {"clear": {"overland": 1, "road": 0}}}


def nb(m, hex_id: str, direction: int, steps: int = 1) -> str:
    h = m.hex_at(hex_id)
    for _ in range(steps):
        h = h.neighbour(direction)
    return m.hex_id(h)


def judge(p, m, unit_id):
    return EuropaSupply(p, m).verdict(p.unit(unit_id))


# --- 12A and Rule 5: enemy units and ZOCs ----------------------------------------------------------

def _adjacent_to_source(zoc: str, friendly_in_source: bool = False):
    m = plain_map(cities={"Source": ("0505",)})
    west, east = nb(m, "0505", 3), nb(m, "0505", 0)
    units = [unit("L", "People's Army", west, m), unit("E", "Nationalist", east, m, zoc=zoc)]
    if friendly_in_source:
        units.append(unit("F", "People's Army", "0505", m))
    return m, position(m, units, sources=[source("Src", "Loyalist", ["Source"])], options=SHORT)


@case('FW:12A')
def rule_12A_enemy_zoc_blocks_entering_a_hex_without_friendly_unit():
    m, p = _adjacent_to_source("normal")
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY
    assert v.blocked.hex == "0505" and "enemy ZOC" in v.blocked.reason and "12A" in v.blocked.rule


@case('FW:12A')
def rule_12A_friendly_unit_in_the_hex_negates_the_enemy_zoc():
    m, p = _adjacent_to_source("normal", friendly_in_source=True)
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-5-reduced-zoc-supply')
def rule5_reduced_zoc_blocks_supply_like_a_normal_zoc_AEG_1998():
    m, p = _adjacent_to_source("reduced")
    assert judge(p, m, "L").general == OUT_OF_SUPPLY


@case('FW:12A')
def unit_without_zoc_does_not_block():
    m, p = _adjacent_to_source("none")
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-12A-12B-trace-into-through')
def rule_12AB_only_tracing_into_a_hex_is_restricted_not_out_of_it_AEG_1998():
    m = plain_map(cities={"Source": ("0505",)})
    west = nb(m, "0505", 3)
    enemy = nb(m, west, 3)  # adjacent to the unit, two hexes from the source
    p = position(m, [unit("L", "People's Army", west, m), unit("E", "Nationalist", enemy, m)],
                 sources=[source("Src", "Loyalist", ["Source"])], options=SHORT)
    v = judge(p, m, "L")
    assert v.general == IN_SUPPLY and [s.hex for s in v.line] == [west, "0505"]


def _straight_line(middle_owner="Loyalist", enemy_in_middle=False, **fields):
    m = plain_map(cities={"Source": ("0505",)})
    middle, far = nb(m, "0505", 3), nb(m, "0505", 3, 2)
    units = [unit("L", "People's Army", far, m)]
    if enemy_in_middle:
        units.append(unit("E", "Nationalist", middle, m, zoc="none"))
    options = {"supply_lengths": {"clear": {"overland": 2, "road": 0}}}
    p = position(m, units, owner={middle: middle_owner}, sources=[source("Src", "Loyalist", ["Source"])],
                 options=options, **fields)
    return m, p, middle


@case('FW:12A')
def rule_12A_a_hex_with_an_enemy_unit_cannot_be_entered():
    m, p, middle = _straight_line(enemy_in_middle=True)
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY and v.blocked.hex == middle and v.blocked.reason == "enemy unit in the hex"
    m, p, _ = _straight_line()
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-39A-12B1-enemy-unpacified-overland')
def rule_12B1_overland_element_may_cross_enemy_owned_hexes_DPS_08Oct04():
    m, p, _ = _straight_line(middle_owner="Insurgent")
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-39A-12B1-enemy-unpacified-overland')
def rule_39A_enemy_owned_unpacified_city_does_not_block_the_overland_element_DPS_08Oct04():
    m, p, middle = _straight_line(middle_owner="Insurgent")
    p = replace(p, unpacified=frozenset({m.hex_at(middle)}))
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-39A-unpacified-supply-only')
def rule_39A_friendly_unpacified_city_without_garrison_blocks_a_supply_line_AEG_1998():
    m, p, middle = _straight_line()
    unpacified = replace(p, unpacified=frozenset({m.hex_at(middle)}))
    v = judge(unpacified, m, "L")
    assert v.general == OUT_OF_SUPPLY and v.blocked.rule == "39A"
    garrisoned = replace(unpacified, garrisoned=frozenset({m.hex_at(middle)}))
    assert judge(garrisoned, m, "L").general == IN_SUPPLY


# --- the rail element ---------------------------------------------------------------------------------

def _rail_line(**fields):
    """Source at 0505; a rail line east to 0905; the unit at its far end, one overland hex."""
    m = plain_map(cities={"Source": ("0505",)}, rail={"Main": ["0505", "0905"]})
    line = [m.hex_id(h) for h in m.rail[0].hexes]
    p = position(m, [unit("L", "People's Army", "0905", m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options=SHORT, **fields)
    return m, p, line


@case('FW:12B')
def rail_element_of_any_length_along_friendly_rail():
    m, p, line = _rail_line()
    v = judge(p, m, "L")
    assert v.general == IN_SUPPLY and v.source == "Src"
    assert [s.element for s in v.line[1:]] == ["rail"] * (len(line) - 1)


@case('FW-41B1-unowned-as-enemy', 'FW-39A-12B1-enemy-unpacified-overland')
@params("owner", ["Insurgent", "unowned"])
def rule_12B1_rail_element_may_not_cross_enemy_owned_or_unowned_hexes_41B1(owner):
    m, p, line = _rail_line()
    owned = dict(p.owner)
    if owner == "unowned":
        del owned[m.hex_at(line[2])]
    else:
        owned[m.hex_at(line[2])] = owner
    assert judge(replace(p, owner=owned), m, "L").general == OUT_OF_SUPPLY


@case('FW-7A-7A3-rmy-connection-breaks')
def rule_12B3_rail_breaks_do_not_block_the_rail_element():
    m, p, line = _rail_line()
    p = replace(p, rail_breaks=frozenset({m.hex_at(line[2])}))
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW:12B')
def rule_12B_low_volume_rail_element_length_limit():
    m = plain_map(cities={"Source": ("0505",)}, rail={"Branch": ["0505", "0509"]}, low_volume=("Branch",))
    units = [unit("L", "People's Army", "0509", m)]
    src = [source("Src", "Loyalist", ["Source"])]
    rail_only = {"supply_lengths": {"clear": {"overland": 0, "road": 0}}}  # the unit stands on the branch
    within = position(m, units, sources=src, options={**rail_only, "low_volume_limit": 4})
    beyond = position(m, units, sources=src, options={**rail_only, "low_volume_limit": 3})
    assert judge(within, m, "L").general == IN_SUPPLY
    assert judge(within, m, "L").lengths["rail_low_volume"] == 4
    assert judge(beyond, m, "L").general == OUT_OF_SUPPLY


# --- 12C1 full general supply sources -------------------------------------------------------------------

def _three_cities(**map_fields):
    m = plain_map(cities={"A": ("0505",), "B": ("0905",), "C": ("0509",), "F": ("0105",)},
                  rail={"East": ["0505", "0905"], "South": ["0505", "0509"], "West": ["0505", "0105"]},
                  low_volume=("South",), neutral_columns=2, **map_fields)
    near_b = nb(m, "0905", 0)
    return m, near_b


def _republican(stand_ins=()):
    return source("Republican cities", "Loyalist", ["A", "B", "C"], users=("Republican",), connected=3,
                  stand_ins=stand_ins)


@case('FW-12C1-7A-low-volume-connection', 'FW-12C1-7A-connection-any-length', 'FW-12C1-7A-connection-any-length-confirmed')
def rule_12C1_three_connected_cities_make_a_source_any_rail_class_and_length_RCV_01Oct97():
    m, near_b = _three_cities()
    p = position(m, [unit("L", "People's Army", near_b, m)], sources=[_republican()],
                 options={**SHORT, "low_volume_limit": 0})
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-12C1-three-cities-no-special')
def rule_12C1_two_connected_cities_are_no_source_AEG_1998():
    m, near_b = _three_cities()
    cut = m.hex_id(m.rail[1].hexes[2])  # on the line to C
    p = position(m, [unit("L", "People's Army", near_b, m)], sources=[_republican()], options=SHORT,
                 owner={cut: "Insurgent"})
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY and v.blocked.rule == "12C1"


@case('FW-12C1b-france-city-order')
@params("open_border, expected", [(True, IN_SUPPLY), (False, OUT_OF_SUPPLY)])
def rule_12C1b_a_neutral_city_stands_in_for_one_of_three_only_with_its_border_open_DPS_13Jan03(open_border, expected):
    m, near_b = _three_cities()
    cut = m.hex_id(m.rail[1].hexes[2])
    options = {**SHORT, "open_borders": ["Neutralia"] if open_border else []}
    p = position(m, [unit("L", "People's Army", near_b, m)], sources=[_republican(stand_ins=("F",))],
                 options=options, owner={cut: "Insurgent"})
    assert judge(p, m, "L").general == expected


@case('FW-12C1-multihex-city')
def rule_12C1_multi_hex_city_counts_only_when_every_hex_is_friendly_owned_AEG_05Mar04():
    m = plain_map(cities={"Capital": ("0505", "0506"), "B": ("0905",), "C": ("0105",)},
                  rail={"East": ["0505", "0905"], "West": ["0505", "0105"]})
    near_b = nb(m, "0905", 0)
    src = [source("Republican cities", "Loyalist", ["Capital", "B", "C"], connected=3)]
    whole = position(m, [unit("L", "People's Army", near_b, m)], sources=src, options=SHORT)
    split = position(m, [unit("L", "People's Army", near_b, m)], sources=src, options=SHORT,
                     owner={"0506": "Insurgent"})
    assert judge(whole, m, "L").general == IN_SUPPLY
    assert judge(split, m, "L").general == OUT_OF_SUPPLY


@case('FW-7A3-43C2-insurgent-initial-nets')
def rule_12C1_7A3_rail_lines_entering_different_hexes_of_one_city_connect_AEG_02Apr03():
    m = plain_map(cities={"Capital": ("0505", "0506"), "B": ("0905",), "C": ("0109",)},
                  rail={"East": ["0505", "0905"], "South": ["0506", "0109"]})
    near_b = nb(m, "0905", 0)
    p = position(m, [unit("L", "People's Army", near_b, m)], options=SHORT,
                 sources=[source("Republican cities", "Loyalist", ["Capital", "B", "C"], connected=3)])
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-12C1b-malaga-radical-source')
def rule_12C1b_radical_source_is_any_friendly_owned_hex_of_the_city():
    m = plain_map(cities={"Capital": ("0505", "0506")})
    west = nb(m, "0505", 3)
    units = [unit("An", "Anarchist", west, m)]
    per_hex = position(m, units, options=SHORT, owner={"0506": "Insurgent"},
                       sources=[source("Radical", "Loyalist", ["Capital"], users=("Radical",), per_hex=True)])
    whole_city = position(m, units, options=SHORT, owner={"0506": "Insurgent"},
                          sources=[source("Radical", "Loyalist", ["Capital"], users=("Radical",))])
    assert judge(per_hex, m, "An").general == IN_SUPPLY
    assert judge(whole_city, m, "An").general == OUT_OF_SUPPLY


@case('FW-12C1-gobernito-no-republican', 'FW-12C1-coalition-specific-sources', 'FW-3F-gobernito-isolated-despite-republican', 'FW-3F-isolation-own-affiliation')
def rule_12C1_gobernito_units_may_not_draw_on_republican_sources_DPS_22Jun05_22Aug05():
    m = plain_map(cities={"Source": ("0505",)})
    west = nb(m, "0505", 3)
    p = position(m, [unit("PA", "People's Army", west, m), unit("Bq", "Basque", west, m)], options=SHORT,
                 sources=[source("Republican", "Loyalist", ["Source"], users=("Republican",))])
    pa, basque = judge(p, m, "PA"), judge(p, m, "Bq")
    assert pa.general == IN_SUPPLY and not pa.isolated
    # 3F (A2/A3): isolation too is judged against sources of the unit's own affiliation.
    assert basque.general == OUT_OF_SUPPLY and basque.isolated


# --- 3F isolation ----------------------------------------------------------------------------------

@case('FW:3F')
def rule_3F_out_of_supply_but_not_isolated_any_length_overland_line():
    m = plain_map(cities={"Source": ("0505",)})
    far = nb(m, "0505", 3, 3)
    p = position(m, [unit("L", "People's Army", far, m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options=SHORT)
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY and v.isolated is False
    assert v.blocked.rule == "12B" and "needs 3 overland hexes" in v.blocked.reason


@case('FW:3F')
def rule_3F_isolated_when_every_way_out_is_blocked():
    m = plain_map(cities={"Source": ("0505",)})
    far = nb(m, "0505", 3, 3)
    ring = [unit("E1", "Nationalist", nb(m, far, 0), m), unit("E2", "Nationalist", nb(m, far, 3), m)]
    p = position(m, [unit("L", "People's Army", far, m), *ring], sources=[source("Src", "Loyalist", ["Source"])])
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY and v.isolated is True


# --- 12D attack supply -------------------------------------------------------------------------------

@case('FW-12D-attack-supply-overland-length')
def rule_12D_attack_supply_is_an_overland_element_of_supply_line_length_AEG_1998():
    m, p, line = _rail_line()
    p = replace(p, supply=(stock("Loyalist", "attack", "0505", m),), options={})
    near = replace(p, units=(unit("N", "People's Army", nb(m, "0505", 0, 5), m),))
    too_far = replace(p, units=(unit("N", "People's Army", nb(m, "0505", 0, 6), m),))
    assert judge(near, m, "N").attack is True
    assert judge(too_far, m, "N").attack is False
    # On the rail line four hexes away: in general supply by rail, but rail gives no attack supply
    # when the overland length is 1.
    short = replace(p, options=SHORT)
    v = judge(short, m, "L")
    assert v.general == IN_SUPPLY and v.attack is False


# --- 36D weather ---------------------------------------------------------------------------------------

@case('FW-36D-mud-supply-length', 'FW-36D-boundary-hexside-worse')
@params("unit_hex, source_hex, east_weather, expected", [
    ("0405", "0905", "mud", OUT_OF_SUPPLY),   # unit in clear, line into the mud zone: mud length 3
    ("0405", "0905", "clear", IN_SUPPLY),     # 5 hexes, all clear
    ("0705", "0205", "mud", OUT_OF_SUPPLY),   # unit in mud, rest of the line clear: mud length
    ("0705", "0205", "clear", IN_SUPPLY),
])
def rule_36D_each_element_takes_the_worst_weather_it_is_traced_through_AEG_20Feb03(unit_hex, source_hex,
                                                                                    east_weather, expected):
    m = plain_map(cities={"Source": (source_hex,)}, weather_split=6)
    p = position(m, [unit("L", "People's Army", unit_hex, m)], sources=[source("Src", "Loyalist", ["Source"])],
                 weather={"D": "clear", "E": east_weather})
    assert judge(p, m, "L").general == expected


# --- 43C3 adverse terrain ------------------------------------------------------------------------------

@case('FW-12B-43C3-trace-from-unit')
def rule_43C3_mountain_hexes_count_double_for_the_overland_element():
    m = plain_map(cities={"Source": ("0505",)})
    middle, far = nb(m, "0505", 3), nb(m, "0505", 3, 2)
    m.terrain[m.hex_at(middle)] = "mountain"
    two = {"clear": {"overland": 2, "road": 0}}
    units = [unit("L", "People's Army", far, m)]
    src = [source("Src", "Loyalist", ["Source"])]
    assert judge(position(m, units, sources=src, options={"supply_lengths": two}), m, "L").general == IN_SUPPLY
    adverse = position(m, units, sources=src, options={"supply_lengths": two, "adverse_terrain": True})
    assert judge(adverse, m, "L").general == OUT_OF_SUPPLY


@case('FW-43C3-hexsides-not-counted')
def rule_43C3_narrow_strait_is_the_only_hexside_that_counts_DPS_24Jun05():
    from logistics.hexgrid import Hexside
    from logistics.mapdata import SideFeature
    m = plain_map(cities={"Source": ("0505",)})
    west = nb(m, "0505", 3)
    side = Hexside(m.hex_at(west), m.hex_at("0505"))
    m.side_features += [SideFeature("all_sea", "Strait", (side,)), SideFeature("narrow_strait", "Strait", (side,)),
                        SideFeature("major_river", "River", (Hexside(m.hex_at(west), m.hex_at(nb(m, west, 4))),))]
    units = [unit("L", "People's Army", west, m)]
    src = [source("Src", "Loyalist", ["Source"])]
    assert judge(position(m, units, sources=src, options=SHORT), m, "L").general == IN_SUPPLY
    adverse = position(m, units, sources=src, options={**SHORT, "adverse_terrain": True})
    assert judge(adverse, m, "L").general == OUT_OF_SUPPLY


# --- 12B simultaneous check, U-markers, supply points ----------------------------------------------------

@case('FW-12B-simultaneous-supply-check')
def rule_12B_both_sides_judged_at_once_before_any_marker_changes_DPS_08Oct04():
    m = plain_map(cities={"LSrc": ("0505",), "ISrc": ("0505",)})
    h = m.hex_at("0505").neighbour(0).neighbour(0)   # the critical hex H
    hid = m.hex_id
    m.cities = [c for c in m.cities if c.name == "LSrc"]
    from logistics.mapdata import City, Place
    m.cities = [City("LSrc", "dot", Place((h.neighbour(3),))), City("ISrc", "dot", Place((h.neighbour(4),)))]
    units = [unit("L", "People's Army", hid(h.neighbour(0)), m, oos=1),
             unit("I", "Nationalist", hid(h.neighbour(1)), m, oos=1)]
    p = position(m, units, owner={hid(h.neighbour(4)): "Insurgent"},
                 sources=[source("L", "Loyalist", ["LSrc"]), source("I", "Insurgent", ["ISrc"])],
                 options={"supply_lengths": {"clear": {"overland": 2, "road": 0}}})
    verdicts, after = initial_phase_markers(p, m)
    assert [(v.unit, v.general, v.next_marker) for v in verdicts] == [("L", OUT_OF_SUPPLY, 2), ("I", OUT_OF_SUPPLY, 2)]
    assert after.unit("L").oos == 2 and after.unit("I").oos == 2
    # Judged one after the other, the second would have traced through H (its enemy at U-2 has no
    # ZOC): the order would have mattered, which is why the check is simultaneous.
    assert {v.general for v in EuropaSupply(after, m).verdicts()} == {IN_SUPPLY}


@case('FW-12C3-44D1-gsp-no-reset')
def rule_12C3_44D1_supply_points_supply_but_do_not_reset_the_count_AEG_1998():
    m = plain_map(cities={"Source": ("0505",)})
    far = nb(m, "0505", 3, 4)
    p = position(m, [unit("L", "People's Army", far, m, oos=2)], sources=[source("Src", "Loyalist", ["Source"])],
                 options=SHORT, supply=(stock("Loyalist", "general", nb(m, far, 0), m),))
    v = judge(p, m, "L")
    assert v.general == ON_POINTS and v.next_marker == 3
    in_reach = replace(p, units=(unit("L", "People's Army", nb(m, "0505", 3), m, oos=2),))
    assert judge(in_reach, m, "L").next_marker == 0


# --- hexsides and terrain --------------------------------------------------------------------------------

@case('FW-straits-printed-symbol-only')
def narrow_straits_exist_only_where_the_map_prints_the_symbol_AEG_29Mar04():
    """Narrow Straits (AEG, 29-Mar-04): a narrow strait exists only across a sea hexside with a
    printed narrow-straits symbol. Two coastal hexes across an all-sea hexside, however close the
    geography, are joined for a supply line only once the map marks the strait."""
    from logistics.hexgrid import Hexside
    from logistics.mapdata import SideFeature
    m = plain_map(cities={"Source": ("0505",)})
    west = nb(m, "0505", 3)
    m.partial_sea = frozenset({m.hex_at("0505"), m.hex_at(west)})
    sea = Hexside(m.hex_at(west), m.hex_at("0505"))
    m.side_features.append(SideFeature("all_sea", "Estuary", (sea,)))
    p = position(m, [unit("L", "People's Army", west, m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options=SHORT)
    assert judge(p, m, "L").general == OUT_OF_SUPPLY          # no symbol: around the estuary, too far
    m = plain_map(cities={"Source": ("0505",)})
    m.side_features += [SideFeature("all_sea", "Estuary", (sea,)), SideFeature("narrow_strait", "Estuary", (sea,))]
    assert judge(p, m, "L").general == IN_SUPPLY


@case('FW-tec-36A1-rivers-never-freeze')
@params("weather", ["clear", "snow", "winter"])
def rule_36A1_lakes_never_freeze_in_zones_D_and_E_so_a_lake_hex_always_blocks_TEM62(weather):
    """TEC note 5 with 36A1 (Rules Court, TEM 62): rivers and lakes freeze only in weather zones A,
    B and C; the FWtBT map has only zones D and E, so in any weather a supply line goes around a
    lake hex, never across it."""
    m = plain_map(cities={"Source": ("0505",)}, weather_split=0)       # every hex in zone E
    middle, far = nb(m, "0505", 3), nb(m, "0505", 3, 2)
    m.terrain[m.hex_at(middle)] = "lake"
    two = {w: {"overland": 2, "road": 0} for w in ("clear", "snow", "winter")}
    p = position(m, [unit("L", "People's Army", far, m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": two}, weather={"E": weather, "D": weather})
    v = judge(p, m, "L")
    assert v.general == OUT_OF_SUPPLY and "needs 3 overland hexes" in v.blocked.reason


# --- operational areas, Spanish Morocco ----------------------------------------------------------------------

def _euzkadi(source_hex: str):
    """Columns 01-05 are the Basque operational area (region Euzkadi), the rest Castilla."""
    m = plain_map(cities={"Burgos": (source_hex,)})
    m.layers["region"] = {h: ("Euzkadi" if m.layout.to_offset(h)[0] < 5 else "Castilla") for h in m.terrain}
    return m


@case('FW-5-37D-zoc-beyond-operational-area')
def rule5_37D_a_gobernito_unit_exerts_its_zoc_outside_its_operational_area_AEG_07Feb04():
    """Rule 5 / 37D (AEG, 07-Feb-04): a Basque unit confined to Euzkadi still exerts a ZOC into
    hexes outside it; only terrain and neutral borders stop a ZOC. Burgos (0605, Castilla) lies in
    the ZOC of a Basque unit on the edge of Euzkadi (0505), so the Requete line cannot enter it."""
    m = _euzkadi("0605")
    assert m.region_of(m.hex_at("0505")) == "Euzkadi" and m.region_of(m.hex_at("0605")) == "Castilla"
    sources = [source("Burgos", "Insurgent", ["Burgos"])]
    on_edge = position(m, [unit("Bq", "Basque", "0505", m), unit("Req", "Requete", "0705", m)],
                       owner="Insurgent", sources=sources, options=SHORT)
    v = judge(on_edge, m, "Req")
    assert v.general == OUT_OF_SUPPLY and v.blocked.hex == "0605" and v.blocked.rule == "12A, Rule 5"
    back = position(m, [unit("Bq", "Basque", "0405", m), unit("Req", "Requete", "0705", m)],
                    owner="Insurgent", sources=sources, options=SHORT)
    assert judge(back, m, "Req").general == IN_SUPPLY


@case('FW-38D-gobernito-supply-outside-area')
def rule_38D_a_gobernito_unit_traces_supply_outside_its_operational_area_DPS_28Jun05():
    """38D (DPS, 28-Jun-05): operational areas restrict movement, attacks and retreats, not supply
    lines: a Basque unit in Euzkadi traces through Castilla to its source."""
    m = _euzkadi("0705")
    p = position(m, [unit("Bq", "Basque", "0505", m)],
                 sources=[source("Basque", "Loyalist", ["Burgos"], users=("Basque",))],
                 options={"supply_lengths": {"clear": {"overland": 2, "road": 0}}})
    v = judge(p, m, "Bq")
    assert v.general == IN_SUPPLY and m.region_of(m.hex_at(v.line[1].hex)) == "Castilla"


# --- 12C1 connections ---------------------------------------------------------------------------------

@case('FW-12C1-7A-connection-friendly-rail', 'FW-7A-37C-unowned-breaks-connection')
@params("between, expected", [("Loyalist", IN_SUPPLY), ("unowned", OUT_OF_SUPPLY), ("enemy ZOC", OUT_OF_SUPPLY)])
def rule_12C1_7A_cities_connect_only_by_friendly_owned_rail_the_player_could_use_TEM62(between, expected):
    """12C1 / 7A (Rules Court, TEM 62): the rail connecting supply cities must be friendly-owned
    and usable for friendly rail movement; unowned rail serves no purpose (so cities linked only
    through rail still unowned on II Aug 36 are not connected), nor does rail in an enemy ZOC
    without a friendly unit, since the connection is traced like a rail element (7A intro)."""
    m, near_b = _three_cities()
    cut = m.hex_id(m.rail[1].hexes[2])  # on the line to C
    p = position(m, [unit("L", "People's Army", near_b, m)], sources=[_republican()], options=SHORT)
    if between == "unowned":
        p = replace(p, owner={h: o for h, o in p.owner.items() if m.hex_id(h) != cut})
    elif between == "enemy ZOC":
        p = replace(p, units=p.units + (unit("E", "Nationalist", nb(m, cut, 0), m),))
    assert judge(p, m, "L").general == expected


@case('FW-12C1-7A-connection-by-rail')
@params("link, expected", [("rail", IN_SUPPLY), ("road", OUT_OF_SUPPLY)])
def rule_12C1_7A_cities_are_connected_by_rail_lines_not_by_traceable_supply_lines_AEG_1998(link, expected):
    """12C1 / 7A (AEG, 1998): three cities are "connected" only by friendly-owned rail lines; a
    road along which a supply line could be traced does not connect them."""
    m = plain_map(cities={"A": ("0505",), "B": ("0905",), "C": ("0509",)},
                  rail={"East": ["0505", "0905"], **({"South": ["0505", "0509"]} if link == "rail" else {})},
                  roads={"South": ["0505", "0509"]} if link == "road" else None)
    p = position(m, [unit("L", "People's Army", nb(m, "0905", 0), m)], sources=[_republican()], options=SHORT)
    assert judge(p, m, "L").general == expected


@case('FW-38C-no-neutral-rail-element')
@params("neutral, expected", [(True, OUT_OF_SUPPLY), (False, IN_SUPPLY)])
def rule_38C_no_rail_element_over_neutral_rail_even_with_the_border_open_AEG_11Mar04(neutral, expected):
    """38C / 38C1 (AEG, 11-Mar-04): neither side traces a rail element over French or Portuguese
    rail, border open or not; the only help a neutral gives is a city counting as one of the three.
    The only rail from the unit to its source loops through two columns of Neutralia."""
    m = plain_map(cities={"Source": ("0303",)}, rail={"Loop": ["0303", "0103", "0107", "0307"]},
                  neutral_columns=2 if neutral else 0)
    p = position(m, [unit("L", "People's Army", nb(m, "0307", 0), m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options={**SHORT, "open_borders": ["Neutralia"]})
    assert judge(p, m, "L").general == expected


# --- 12C1 / 12C3a: which cities are sources now (and so may generate general supply points) ----------------

@case('FW-12C1-12C3a-gsp-needs-source')
def rule_12C1_12C3a_a_cut_off_replacement_city_is_no_source_radical_and_gobernito_cities_need_no_connection_DPS_AEG_14Feb06():
    """12C1 / 12C3a (DPS and AEG, 14-Feb-06): GSPs are generated only at a current source. A Rebel
    or Republican replacement city is a full source only while rail-connected to two others; the
    Radical and Gobernito cities are full sources with no connection at all."""
    m, _ = _three_cities()
    cut = m.hex_id(m.rail[1].hexes[2])   # C is cut off from A and B
    p = position(m, [], owner={cut: "Insurgent"}, sources=[
        _republican(), source("Radical", "Loyalist", ["C"], users=("Radical",)),
        source("Basque", "Loyalist", ["C"], users=("Basque",))])
    engine = EuropaSupply(p, m)
    republican, radical, basque = p.supply_sources
    assert engine.active_hexes(republican) == []
    assert [m.hex_id(h) for h in engine.active_hexes(radical)] == ["0509"]
    assert [m.hex_id(h) for h in engine.active_hexes(basque)] == ["0509"]
    whole = replace(p, owner={**p.owner, m.hex_at(cut): "Loyalist"})
    assert len(EuropaSupply(whole, m).active_hexes(republican)) == 3


# --- 12F: steps and points ---------------------------------------------------------------------------------

@case('FW-12F-steps-are-attack-supply', 'FW-12F-steps-vs-points')
def rule_12F_steps_are_attack_supply_and_points_general_supply_erratum_1996_TEM62():
    """12F (Official Erratum, 01-Jun-96; Rules Court, TEM 62): "steps" of supply are always attack
    supply and "points" general supply: a step beside a unit gives it attack supply but no general
    supply; points give general supply but no attack supply."""
    m = plain_map()
    p = position(m, [unit("A", "People's Army", "0303", m), unit("G", "People's Army", "0707", m)], options=SHORT,
                 supply=(stock("Loyalist", "attack", nb(m, "0303", 0), m), stock("Loyalist", "general", nb(m, "0707", 0), m)))
    a, g = judge(p, m, "A"), judge(p, m, "G")
    assert a.general == OUT_OF_SUPPLY and a.attack is True
    assert g.general == ON_POINTS and g.attack is False


# --- 39A / 39B / 39D: pacification, purification, intrinsic garrisons --------------------------------------

@case('FW-39A-point-cities-pacified', 'FW-39B-point-cities-purified')
@params("garrisoned, expected", [(False, OUT_OF_SUPPLY), (True, IN_SUPPLY)])
def rule_39A_39B_a_point_city_needs_pacification_and_purification_too_TEM62_AEG_03Mar04(garrisoned, expected):
    """39A (Rules Court, TEM 62) and 39B (AEG, 03-Mar-04): point cities must be pacified (and, in
    Catalunya, purified) like any other: an unpacified point city without its required garrison
    on the only line bars it."""
    from logistics.mapdata import City, Place
    m, p, middle = _straight_line()
    m.cities.append(City("Venta", "point", Place((m.hex_at(middle),))))
    p = replace(p, unpacified=frozenset({m.hex_at(middle)}),
                garrisoned=frozenset({m.hex_at(middle)}) if garrisoned else frozenset())
    assert judge(p, m, "L").general == expected


@case('FW-38B5-39B-barcelona-unpurified')
@params("garrisoned, expected", [(False, OUT_OF_SUPPLY), (True, IN_SUPPLY)])
def rule_38B5_39B_an_unpurified_city_without_its_garrison_is_no_supply_city_AEG_1998(garrisoned, expected):
    """38B5 / 39B (AEG, 1998): after the Barcelona Revolt, until repurified, no supply line may be
    traced into or through Barcelona unless it has its required garrison, so it is no supply city:
    not for an Anarchist unit beside it, nor for one in it. (The scenario lists unpurified cities
    as `unpacified`, the garrison as `garrisoned`.)"""
    m = plain_map(cities={"Barcelona": ("0505", "0506")})
    p = position(m, [unit("Out", "Anarchist", nb(m, "0505", 3), m), unit("In", "Anarchist", "0505", m)],
                 options=SHORT, sources=[source("Radical", "Loyalist", ["Barcelona"], users=("Radical",), per_hex=True)],
                 unpacified=frozenset(m.hex_at(h) for h in ("0505", "0506")),
                 garrisoned=frozenset(m.hex_at(h) for h in ("0505", "0506")) if garrisoned else frozenset())
    assert judge(p, m, "Out").general == expected and judge(p, m, "In").general == expected


@case('FW-39D-intrinsic-always-supplied')
def rule_39D_an_intrinsic_garrison_is_always_in_general_supply_AEG_16Mar04():
    """39D erratum (AEG, 16-Mar-04): an intrinsic garrison is an unsupported static unit and is
    always in general supply (tag `intrinsic_garrison`), even surrounded, where an ordinary unit
    in the same hex is out of supply."""
    m = plain_map(cities={"Source": ("0505",)})
    far = nb(m, "0505", 3, 3)
    ring = [unit(f"E{d}", "Nationalist", nb(m, far, d), m) for d in (0, 3)]
    p = position(m, [unit("Gar", "People's Army", far, m, tags=("intrinsic_garrison",)),
                     unit("Inf", "People's Army", far, m), *ring], sources=[source("Src", "Loyalist", ["Source"])])
    gar, inf = judge(p, m, "Gar"), judge(p, m, "Inf")
    assert gar.general == IN_SUPPLY and gar.next_marker == 0 and "39D" in gar.rules
    assert inf.general == OUT_OF_SUPPLY


# --- 37C: the first two game turns ---------------------------------------------------------------------------

@case('FW-3F-37C-no-isolation-first-turns')
@params("date, checked", [("Jul II 36", False), ("I Aug 36", False), ("Aug II 36", True)])
def rule_3F_37C_no_unit_supply_or_isolation_check_before_the_Insurgent_II_Aug_36_turn_DPS_04Jan04(date, checked):
    """3F / 37C (DPS, 04-Jan-04; AEG, 03-Mar-04): supply and isolation are checked from the
    Insurgent II Aug 36 player turn on; in the II Jul 36 and I Aug 36 game turns no unit is out of
    supply or isolated, however surrounded."""
    from logistics.position import Turn
    m = plain_map(cities={"Source": ("0505",)})
    far = nb(m, "0505", 3, 3)
    ring = [unit(f"E{d}", "Nationalist", nb(m, far, d), m) for d in (0, 3)]
    p = position(m, [unit("L", "People's Army", far, m), *ring], sources=[source("Src", "Loyalist", ["Source"])],
                 turn=Turn(1, date, "initial", "Insurgent"))
    v = judge(p, m, "L")
    if checked:
        assert v.general == OUT_OF_SUPPLY and v.isolated is True
    else:
        assert v.general == NOT_CHECKED and v.isolated is False and v.next_marker == v.marker


@case('FW-3F-37C-hex-isolation-early', 'FW-42A-3F-hex-isolation-coalition')
def rule_3F_37C_42A_a_hex_is_isolated_from_its_coalition_sources_even_in_I_Aug_36_AEG_03Mar04_DPS_23Oct04():
    """3F (AEG, 03-Mar-04): the 37C exemption covers units only: a hex (a factory) can be isolated
    in the I Aug 36 initial phases. 42A / 3F (DPS, 23-Oct-04): a hex is isolated unless an overland
    line of any length reaches a Rebel or Republican full source, as appropriate: a surrounded San
    Sebastian is isolated although the Basque units in it, whose source it is, are not."""
    from logistics.position import Turn
    from logistics.games.europa.hexes import hex_isolated
    m = plain_map(cities={"Madrid": ("0909",), "San Sebastian": ("0303",)})
    city = m.hex_at("0303")
    ring = [unit(f"E{d}", "Nationalist", m.hex_id(city.neighbour(d).neighbour(d)), m) for d in range(6)]
    sources = [source("Republican", "Loyalist", ["Madrid"], users=("Republican",)),
               source("Basque", "Loyalist", ["San Sebastian"], users=("Basque",))]
    p = position(m, [unit("Bq", "Basque", "0303", m), *ring], sources=sources,
                 turn=Turn(2, "Aug I 36", "initial", "Insurgent"))
    engine = EuropaSupply(p, m)
    assert hex_isolated(engine, city, "Loyalist") is True
    assert judge(p, m, "Bq").isolated is False                       # 37C: units are not checked
    later = replace(p, turn=Turn(3, "Aug II 36", "initial", "Insurgent"))
    assert judge(later, m, "Bq").isolated is False                   # its own affiliation's source
    assert hex_isolated(EuropaSupply(later, m), city, "Loyalist") is True
    free = replace(later, units=(p.units[0],))
    assert hex_isolated(EuropaSupply(free, m), city, "Loyalist") is False


# --- 44B1: unowned hexes ------------------------------------------------------------------------------------

@case('FW-44B1-unowned-enemy-to-both')
@params("side", ["Loyalist", "Insurgent"])
def rule_44B1_unowned_hexes_count_as_enemy_owned_to_both_sides_AEG_05May04(side):
    """44B1 (AEG, 05-May-04, the working position for the updated errata): a non-neutral unowned
    hex counts as enemy-owned to both sides: for either side it bars the rail element exactly as
    an enemy-owned hex does, and lets the overland element through exactly as one does."""
    enemy = "Insurgent" if side == "Loyalist" else "Loyalist"
    affiliation = "People's Army" if side == "Loyalist" else "Nationalist"
    m = plain_map(cities={"Source": ("0505",)}, rail={"Main": ["0505", "0905"]})
    rail_cut = m.hex_id(m.rail[0].hexes[2])
    verdicts = []
    # By rail: the unit at the far end of the line, one overland hex allowed. Overland: the unit
    # two hexes west of the source, two overland hexes allowed, the one hex between them cut.
    for unit_hex, cut, overland in (("0905", rail_cut, 1), (nb(m, "0505", 3, 2), nb(m, "0505", 3), 2)):
        for owner in (enemy, "unowned"):
            p = position(m, [unit("U", affiliation, unit_hex, m)], owner=side,
                         options={"supply_lengths": {"clear": {"overland": overland, "road": 0}}},
                         sources=[source("Src", side, ["Source"])])
            own = dict(p.owner)
            if owner == "unowned":
                del own[m.hex_at(cut)]
            else:
                own[m.hex_at(cut)] = owner
            verdicts.append(judge(replace(p, owner=own), m, "U").general)
    assert verdicts == [OUT_OF_SUPPLY, OUT_OF_SUPPLY, IN_SUPPLY, IN_SUPPLY]


@case("FW:12B-road")
def road_element_carries_the_line_between_overland_and_rail():
    """12B: overland, then a road element of its own length, then rail. The unit is one hex off a
    road that runs four hexes to the source: overland 1 + road 4 traces; a road length of 3 does not."""
    m = plain_map(cities={"Source": ("0505",)}, roads={"Highway": ["0505", "0905"]})
    road = [m.hex_id(h) for h in m.roads[0].hexes]
    off_road = nb(m, road[-1], 0)   # east of the road's end, adjacent to no other road hex
    units = [unit("L", "People's Army", off_road, m)]
    src = [source("Src", "Loyalist", ["Source"])]
    fits = position(m, units, sources=src, options={"supply_lengths": {"clear": {"overland": 1, "road": 4}}})
    short = position(m, units, sources=src, options={"supply_lengths": {"clear": {"overland": 1, "road": 3}}})
    v = judge(fits, m, "L")
    assert v.general == IN_SUPPLY and v.lengths == {"overland": 1.0, "road": 4.0}
    assert [s.element for s in v.line] == ["unit", "overland"] + ["road"] * 4
    assert judge(short, m, "L").general == OUT_OF_SUPPLY


# --- Second Front set-up: the Anzio Beachhead ----------------------------------------------------------------

@case('SF-setup-anzio-supplied')
@params("date, player, where, expected", [
    ("Apr I 44", "Allied", "beachhead", IN_SUPPLY),
    ("I Apr 44", "Allied", "beachhead", IN_SUPPLY),         # the same turn, written the other way
    ("Apr II 44", "Allied", "beachhead", OUT_OF_SUPPLY),     # the next turn: traced as usual
    ("Apr I 44", "Axis", "beachhead", OUT_OF_SUPPLY),        # the Axis player turn
    ("Apr I 44", "Allied", "elsewhere", OUT_OF_SUPPLY),      # outside the beachhead
])
def SF_setup_the_anzio_beachhead_is_in_supply_on_the_allied_Apr_I_44_turn_GRD_1998(date, player, where, expected):
    """SF Q&A on the set-up (GR/D, 03-Mar-98): no cargo may move by sea or air in the pre-game
    Allied movement phase, yet the units in the Anzio Beachhead are in supply on the Allied Apr I
    44 turn. Here no line reaches any Allied source: the US unit in the map region `Anzio
    Beachhead` is in general supply on that player turn only, its verdict citing the ruling; an
    Axis unit there, and US units elsewhere or on other turns, are judged as usual."""
    from logistics.position import Turn, Unit
    m = plain_map()
    m.layers["region"] = {m.hex_at(h): "Anzio Beachhead" for h in ("0505", "0506", "0605")}
    hex_ = m.hex_at("0505" if where == "beachhead" else "0909")
    units = [Unit("US", "Allied", "Allies", "US", hex=hex_), Unit("DE", "Axis", "Axis", "German", hex=m.hex_at("0506"))]
    p = position(m, units, game="europa-sf", turn=Turn(1, date, "initial", player))
    v = judge(p, m, "US")
    assert v.general == expected
    assert (expected == IN_SUPPLY) == ("Anzio Beachhead on the Allied Apr I 44 turn" in (v.source or ""))
    assert judge(p, m, "DE").general == OUT_OF_SUPPLY
