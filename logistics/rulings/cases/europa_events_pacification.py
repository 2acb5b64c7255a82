"""Ruling cases continued from europa_events.py (the file was split to stay readable)."""
from dataclasses import replace

from logistics.games.europa.events import collapse_check
from logistics.games.europa.supply import IN_SUPPLY, OUT_OF_SUPPLY, EuropaSupply
from logistics.position import Turn
from logistics.rulings.builders import plain_map, position, source, unit
from logistics.rulings.cases import case, params
from logistics.rulings.cases.europa_events import catalunya, verdicts

# --- 39A / 39B / 38B5: pacification, purification, the Barcelona Revolt -------------------------------------------
#
# A city (0505) is the People's Army source of the unit beside it (0405), one overland hex allowed:
# while the city is closed to its owner's lines (39A / 39B) it is no supply city.

def city_source(*works, garrison_res=0.0, name="Venta", kind="point"):
    from logistics.mapdata import City, Place
    from logistics.position import Pacification
    m = plain_map()
    m.cities.append(City(name, kind, Place((m.hex_at("0505"),))))
    units = [unit("PA", "People's Army", "0405", m)]
    if garrison_res:
        units.append(unit("Gar", "People's Army", "0505", m, size=garrison_res))
    p = position(m, units, sources=[source("Republican cities", "Loyalist", [name], users=("Republican",))],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}},
                 pacification=tuple(Pacification(m.hex_at("0505"), *w) for w in works))
    return m, p


def pa_supplied(p, m) -> bool:
    return EuropaSupply(p, m).verdict(p.unit("PA")).general == IN_SUPPLY


def without_garrison(p):
    return replace(p, units=tuple(u for u in p.units if u.id != "Gar"))


@case('FW-39A-pacified-definition')
def rule_39A_a_city_is_pacified_only_after_its_garrison_has_stayed_the_required_time_DPS_04Jan04():
    """39A (DPS, 04-Jan-04): a city must have its required pacification garrison in place for the
    required time to be pacified; a garrison merely present does not pacify it, and only a
    pacified city has an intrinsic garrison (39D). Venta needs 1 RE for 2 turns: with the garrison
    there its owner's lines pass, but take it away after one turn and Venta closes again; after
    the second turn it is pacified and stays open without it."""
    from logistics.games.europa.events import advance_pacification, pacified
    m, p = city_source(("pacification", 1, 2), garrison_res=1)
    h = m.hex_at("0505")
    assert pa_supplied(p, m) and not pacified(p, h)                      # garrisoned, not pacified
    p = advance_pacification(p, m)
    assert p.pacification[0].held == 1 and not pacified(p, h)
    assert not pa_supplied(without_garrison(p), m)                       # one turn is not enough
    p = advance_pacification(p, m)
    assert pacified(p, h) and p.pacification == ()
    assert pa_supplied(without_garrison(p), m)


@case('FW-39A-39B-both-before-supply')
@params("works, garrison_res, expected", [
    ((("pacification", 1, 1), ("purification", 1, 1)), 1, False),      # one garrison for both: no
    ((("pacification", 1, 1), ("purification", 1, 1)), 2, True),       # two garrisons: yes
    ((("pacification", 1, 1, 1), ("purification", 1, 1)), 0, False),   # pacified, not purified
    ((("pacification", 1, 1), ("purification", 1, 1, 1)), 0, False),   # purified first, not pacified
    ((("pacification", 1, 1, 1), ("purification", 1, 1, 1)), 0, True),  # both done
])
def rule_39A_39B_a_city_needing_both_works_passes_no_line_until_both_are_done_AEG_03Mar04(works, garrison_res, expected):
    """39A / 39B (AEG, 03-Mar-04): pacification and ideological purification are different
    procedures; a city needing both lets no supply line through until both are complete. They may
    be done in either order or at once, but at once each needs its own set of units: Sabadell,
    needing 1 RE for each, is open with 2 REs in it, not with 1 (the garrison exception of 39A /
    39B, AEG 1998, applies to each work). Closed, Sabadell is no supply city even for the
    garrison inside it."""
    m, p = city_source(*works, garrison_res=garrison_res, name="Sabadell")
    assert pa_supplied(p, m) is expected
    if garrison_res:
        assert (EuropaSupply(p, m).verdict(p.unit("Gar")).general == IN_SUPPLY) is expected


@case('FW-39A-39B-both-before-supply')
@params("garrison_res, left", [(2, 0), (1, 1)])
def rule_39A_39B_simultaneous_works_advance_only_with_separate_garrisons_AEG_03Mar04(garrison_res, left):
    """39A / 39B (AEG, 03-Mar-04): done at once, each work needs its own units: a turn with 2 REs in
    Sabadell finishes both 1-turn works; with 1 RE only one of them (the first listed), and the
    city stays closed once the garrison leaves."""
    from logistics.games.europa.events import advance_pacification
    m, p = city_source(("pacification", 1, 1), ("purification", 1, 1), garrison_res=garrison_res, name="Sabadell")
    p = advance_pacification(p, m)
    assert len(p.pacification) == left
    assert pa_supplied(without_garrison(p), m) is (left == 0)


def revolt_map():
    """Columns 04-11 are Catalunya, 01-03 the Balearics: Tarragona (0705) and Palma (0205) are
    Loyalist-owned People's Army sources, each beside a unit of its own."""
    from logistics.mapdata import City, Place
    m = plain_map(cities={"Tarragona": ("0705",), "Palma": ("0205",)})
    m.layers["region"] = {h: ("Catalunya" if m.layout.to_offset(h)[0] >= 3 else "Balearics") for h in m.terrain}
    m.cities.append(City("Venta", "point", Place((m.hex_at("0905"),))))
    units = [unit("T", "People's Army", "0605", m), unit("P", "People's Army", "0305", m)]
    p = position(m, units, sources=[source("Republican cities", "Loyalist", ["Tarragona", "Palma"], users=("Republican",))],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    return m, p


REQUIRED = {"Tarragona": (1, 1), "Palma": (1, 1), "Venta": (1, 1), "Barcelona": (1, 1)}


@case('FW-38B5-palma-not-catalonia')
def rule_38B5_39B_palma_needs_no_repurification_at_the_barcelona_revolt_DPS_20Sep05_AEG_23Sep05():
    """38B5 / 39B (DPS 20-Sep-05, AEG 23-Sep-05): the Balearics are not part of Catalunya, so a
    Loyalist-owned Palma needs no repurification after the Barcelona Revolt, though it yields
    Catalan inf RPs. At the revolt Tarragona and the point city Venta, in Catalunya, must be
    purified (and Tarragona, ungarrisoned, stops supplying the unit beside it); Palma goes on."""
    from logistics.games.europa.events import barcelona_revolt
    m, p = revolt_map()
    before = verdicts(p, m)
    assert before["T"].general == IN_SUPPLY and before["P"].general == IN_SUPPLY
    after = barcelona_revolt(p, m, REQUIRED)
    assert sorted(m.hex_id(w.hex) for w in after.pacification if w.work == "purification") == ["0705", "0905"]
    v = verdicts(after, m)
    assert v["T"].general == OUT_OF_SUPPLY and v["P"].general == IN_SUPPLY


@case('FW-39B-purify-max-twice')
def rule_39B_a_catalan_city_is_purified_at_most_twice_not_again_when_regained_AEG_03Mar04():
    """39B (AEG, 03-Mar-04): a city of Catalunya is purified at most twice, if Loyalist-owned at
    the start and again if Loyalist-owned at the Barcelona Revolt, never each time the Loyalists
    regain it. After the revolt the Insurgents take Tarragona (its purification lapses) and the
    Loyalists retake it: it now needs only pacification (39A), which its 1-RE garrison covers, so
    it supplies again; a purification still owed would want a second RE."""
    from logistics.games.europa.events import barcelona_revolt
    from logistics.games.europa.ownership import update_ownership
    from logistics.position import Pacification
    m, p = revolt_map()
    p = barcelona_revolt(p, m, REQUIRED)
    tarragona = m.hex_at("0705")
    taken = update_ownership(replace(p, units=p.units + (unit("Nat", "Nationalist", "0705", m),)), m)
    assert taken.owner_of(tarragona) == "Insurgent" and all(w.hex != tarragona for w in taken.pacification)
    retaken = update_ownership(replace(taken, units=p.units + (unit("Gar", "People's Army", "0705", m),)), m)
    assert retaken.owner_of(tarragona) == "Loyalist" and tarragona in retaken.unpacified
    assert all(w.hex != tarragona for w in retaken.pacification)       # no third purification
    # The player details the 39A pacification: 1 RE for 1 turn, which the garrison covers.
    detailed = replace(retaken, unpacified=retaken.unpacified - {tarragona},
                       pacification=retaken.pacification + (Pacification(tarragona, "pacification", 1, 1),))
    assert verdicts(detailed, m)["T"].general == IN_SUPPLY


@case('FW-38D2-tarragona-lerida-pa')
def rule_38D2_tarragona_is_one_of_the_three_cities_once_repurified_after_the_revolt_AEG_19Feb04():
    """38D2 / Loyalist OB note 3 (AEG, 19-Feb-04): once Tarragona (and likewise Lerida) begins
    producing People's Army inf RPs, after its repurification following the Barcelona Revolt, it
    can be one of the three cities (or two and France) of a Republican full general supply source.
    Zaragoza lost, Barcelona and France alone make no source, and Catalunya is at risk; once
    Tarragona is repurified it joins them: the source holds and Catalunya stands."""
    from logistics.games.europa.events import advance_pacification, barcelona_revolt
    garrisons = [lambda m, h=h: unit(f"Gar {h}", "People's Army", h, m) for h in ("0404", "0405", "0408")]
    m, p = catalunya(owner={"0904": "Insurgent"}, units=[*garrisons, lambda m: unit("PA", "People's Army", "0508", m)])
    # Catalunya: columns 03-07; Zaragoza, Valencia and Madrid lie beyond it.
    m.layers["region"] = {h: "Catalunya" if 2 <= m.layout.to_offset(h)[0] <= 6 else "Aragon"
                          for h in m.terrain if m.country_of(h) == "Ruritania"}
    p = barcelona_revolt(p, m, REQUIRED, joins={"Tarragona": "Republican cities"})
    assert {m.hex_id(w.hex) for w in p.pacification} == {"0404", "0405", "0408"}
    assert collapse_check(p, m, "Catalan").collapses
    assert verdicts(p, m)["PA"].general == OUT_OF_SUPPLY
    p = advance_pacification(p, m)
    assert p.pacification == () and "Tarragona" in p.supply_sources[0].cities
    assert not collapse_check(p, m, "Catalan").collapses
    assert verdicts(p, m)["PA"].general == IN_SUPPLY


# --- 37B: what factories produce ------------------------------------------------------------------------------------

@case('FW-37B-factory-supply-is-attack', 'FW-37B-factory-attack-supply')
def rule_37B_factories_produce_steps_of_attack_supply_and_resource_points_in_even_months_AEG_1998_TEM62():
    """37B (AEG 1998; Rules Court, TEM 62): the supply a factory produces is attack supply — the
    chart's "supply" means steps of attack supply only — and each friendly-owned factory in
    production also yields 1 resource point on the first turn of every even-numbered month. A unit
    beside the factory after production has attack supply (12D) but no general supply from it."""
    from logistics.games.europa.events import factory_output
    m = plain_map()
    factory = m.hex_at("0505")
    p = position(m, [unit("L", "People's Army", "0405", m)], turn=Turn(30, "Feb I 37", "initial", "Loyalist"),
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}})
    stocks, points = factory_output(p, {factory: 1})
    assert [(s.side, s.kind, s.amount) for s in stocks] == [("Loyalist", "attack", 1)] and points == {"Loyalist": 1}
    v = EuropaSupply(replace(p, supply=stocks), m).verdict(p.unit("L"))
    assert v.attack is True and v.general == OUT_OF_SUPPLY
    for date in ("Feb II 37", "Mar I 37"):
        assert factory_output(p, {factory: 1}, Turn(31, date, "initial", "Loyalist"))[1] == {}


# --- 12H: supply items by rail and by SMPs in one phase ------------------------------------------------------------

@case('FW-12H-rail-and-smp-same-phase')
def rule_12H_an_item_may_rail_move_off_rail_and_rail_again_in_one_phase_AEG_1998():
    """12H (AEG, 1998): a supply or resource item may move by rail and off rail by SMP in the same
    phase, and rail again, as long as capacity and SMPs last. The planner puts no one-move-a-phase
    limit on cargo (7A2's limits are for units): both rail legs of one resource point, West to
    0505 and, after an SMP move the tool does not trace, 0605 to East, are planned, each drawing
    1 RE of capacity (a unit asked to rail twice moves once: 7A2, cased in europa_rail)."""
    from logistics.rail.model import MoveRequest
    from logistics.rulings.rail_builders import result, run, two_yards
    m, p = two_yards(west=2, east=0)
    legs = [MoveRequest("leg 1", m.hex_at("0205"), m.hex_at("0505"), 1, cargo="resource point 7"),
            MoveRequest("leg 2", m.hex_at("0605"), m.hex_at("1005"), 1, cargo="resource point 7")]
    the_plan = run(p, m, *legs)
    assert all(result(the_plan, r.id).reason == "" for r in legs)
    assert sum(result(the_plan, r.id).chosen.cost for r in legs) == 2


# --- 44B1: how ownership is gained ---------------------------------------------------------------------------------

@case('FW-44B1-ownership-methods')
def rule_44B1_3D_43C1_ownership_is_gained_by_occupation_or_uncontested_zoc_AEG_05May04():
    """44B1 (AEG, 05-May-04): ownership is gained as 3D says (occupation, or an uncontested ZOC),
    by 1/2-RE units for cities and airbases under 43C1 (advanced), and by 44B1's alternative
    (optional: its condition is not in the seeds; under it the scenario sets ownership itself).
    Otherwise "you will just have to move a unit through the hex or project a ZOC into the hex".
    A rail line crosses an unowned hex (0505), so the rail element cannot reach the source; a
    unit projecting its ZOC there (3D) makes it Loyalist and the line whole. Under 43C1 a 1/2-RE
    unit owns its hex only while it stays."""
    from logistics.games.europa.ownership import update_ownership
    from logistics.position import MoveUnit
    m = plain_map(cities={"Source": ("0105",)}, rail={"Main": ["0105", "0905"]})
    p = position(m, [unit("L", "People's Army", "0905", m)], sources=[source("Src", "Loyalist", ["Source"])],
                 options={"supply_lengths": {"clear": {"overland": 1, "road": 0}}, "advanced_ownership": True})
    gap = m.hex_at("0505")
    p = replace(p, owner={h: o for h, o in p.owner.items() if h != gap})
    assert EuropaSupply(p, m).verdict(p.unit("L")).general == OUT_OF_SUPPLY
    zoc = update_ownership(replace(p, units=p.units + (unit("Z", "People's Army", "0506", m),)), m)
    assert zoc.owner_of(gap) == "Loyalist" and EuropaSupply(zoc, m).verdict(p.unit("L")).general == IN_SUPPLY
    half = update_ownership(replace(p, units=p.units + (unit("Bn", "Nationalist", "0505", m, size=0.5),)), m,
                            advanced=True)
    assert half.owner_of(gap) == "Insurgent"
    gone = update_ownership(half.apply(MoveUnit("Bn", hex=m.hex_at("0509"))), m, advanced=True)
    assert gone.owner_of(gap) == "unowned"
