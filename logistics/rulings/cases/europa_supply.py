"""Europa general supply, isolation and attack supply: one position per ruling, in which the
ruling changes the verdict. Rulings are cited as the FWtBT FAQ (seed 000) prints them."""
from dataclasses import replace

from logistics.games.europa.supply import IN_SUPPLY, ON_POINTS, OUT_OF_SUPPLY, EuropaSupply, initial_phase_markers
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


@case('FW-36D-mud-supply-length')
@params("unit_hex, road_end, expected", [
    ("1405", "0205", IN_SUPPLY),      # unit in mud: overland 2 within the mud 3; 10 clear road hexes within 10
    ("1505", "0105", OUT_OF_SUPPLY),  # 14 hexes away: overland at most 3 (mud), then 11 road hexes, over 10
    ("1205", "0205", IN_SUPPLY),      # the unit in clear at the road's end: every element clear
])
def rule_36D_each_element_takes_the_weather_of_its_own_zones_a_mud_unit_hex_holds_only_its_first_element_AEG_20Feb03(
        unit_hex, road_end, expected):
    """36D (AEG, 20-Feb-03): "the specific supply line element being traced is affected by the worse
    weather of the zones" — a unit standing in mud uses the mud length for its first (overland)
    element only; the road element traced through clear hexes keeps the clear road length."""
    lengths = {"supply_lengths": {"clear": {"overland": 5, "road": 10}, "mud": {"overland": 3, "road": 5}}}
    m = plain_map(17, 9, cities={"Source": (road_end,)}, roads={"r": ["1205", road_end]}, weather_split=13)
    p = position(m, [unit("L", "People's Army", unit_hex, m)], sources=[source("Src", "Loyalist", ["Source"])],
                 weather={"D": "clear", "E": "mud"}, options=lengths)
    v = judge(p, m, "L")
    assert v.general == expected, (v.general, v.blocked)
    if expected == IN_SUPPLY and unit_hex == "1405":
        assert v.weather == "overland mud, road clear" and v.lengths["road"] == 10


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
