"""Ruling cases continued from europa_supply.py (the file was split to stay readable)."""
from dataclasses import replace

from logistics.games.europa.supply import IN_SUPPLY, NOT_CHECKED, ON_POINTS, OUT_OF_SUPPLY, EuropaSupply
from logistics.rulings.builders import plain_map, position, source, stock, unit
from logistics.rulings.cases import case, params
from logistics.rulings.cases.europa_supply import SHORT, _republican, _straight_line, _three_cities, judge, nb

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
    on the only line bars it; a 1-RE Loyalist unit standing there is that garrison."""
    from logistics.mapdata import City, Place
    m, p, middle = _straight_line()
    m.cities.append(City("Venta", "point", Place((m.hex_at(middle),))))
    p = replace(p, unpacified=frozenset({m.hex_at(middle)}))
    if garrisoned:
        p = replace(p, units=p.units + (unit("G", "People's Army", middle, m, zoc="none"),))
    assert judge(p, m, "L").general == expected


@case('FW-38B5-39B-barcelona-unpurified')
@params("garrisoned, expected", [(False, OUT_OF_SUPPLY), (True, IN_SUPPLY)])
def rule_38B5_39B_an_unpurified_city_without_its_garrison_is_no_supply_city_AEG_1998(garrisoned, expected):
    """38B5 / 39B (AEG, 1998): after the Barcelona Revolt, until repurified, no supply line may be
    traced into or through Barcelona unless it has its required garrison, so it is no supply city:
    not for an Anarchist unit beside it, nor for one in it that is smaller than the required
    garrison (1/2 RE of the 1 RE required). (The scenario lists unpurified cities as `unpacified`,
    the garrison here as `garrisoned`.)"""
    m = plain_map(cities={"Barcelona": ("0505", "0506")})
    p = position(m, [unit("Out", "Anarchist", nb(m, "0505", 3), m), unit("In", "Anarchist", "0505", m, size=0.5)],
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
    from logistics.games.europa.hexes import hex_isolated
    from logistics.position import Turn
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


@case('SF-setup-anzio-supplied')
def deemed_in_supply_is_a_general_scenario_rule_not_a_table_of_region_names():
    """The SF set-up ruling (GR/D, 03-Mar-98) is one instance of a general rule any scenario may
    state (option `deemed_in_supply`): a FWtBT position whose Loyalist unit in region Pocket has no
    line is in general supply on the Loyalist Aug II 36 turn only because the scenario says so."""
    from logistics.games.europa.rules import EuropaRules
    from logistics.position import Turn
    m = plain_map()
    m.layers["region"] = {m.hex_at(h): "Pocket" for h in ("0505", "0506")}
    deemed = {"deemed_in_supply": [{"turn": "Aug II 36", "side": "Loyalist", "region": "Pocket",
                                    "rule": "scenario", "ruling": "the besieged pocket, by the scenario"}]}
    units = [unit("L", "People's Army", "0505", m)]
    for date, options, expected in (("Aug II 36", deemed, IN_SUPPLY), ("Aug II 36", {}, OUT_OF_SUPPLY),
                                    ("Sep I 36", deemed, OUT_OF_SUPPLY)):
        p = position(m, units, options=options, turn=Turn(4, date, "initial", "Loyalist"))
        v = EuropaSupply(p, m, EuropaRules.from_options(options, "europa-fwtbt")).verdict(p.unit("L"))
        assert v.general == expected, (date, options, v.general)
        assert (expected == IN_SUPPLY) == ("the besieged pocket, by the scenario" in (v.source or ""))
