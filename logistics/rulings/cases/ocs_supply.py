"""OCS trace supply: HQs (13.1), Transport Points (13.2) and formations (13.7a), one position per
rule in which it decides the verdict. OCS v4 series rules, chapter 13 (seed 003; no date in it).

The map: 15 x 7 clear hexes (1 truck MP each), German Supply Source at 0104; along row 04 a hex
is one column from the next. Chapter-12 parameters are the engine's defaults (docs/ocs.md):
direct draw 5 truck MP, an HQ draws from a source within its current throw range."""
from dataclasses import replace

from logistics.games.ocs.supply import EATS, OOS, TRACED, OcsSupply
from logistics.games.ocs.transport import combine_check, load_check, unload_check
from logistics.hexgrid import Hexside
from logistics.mapdata import SideFeature
from logistics.position import Side, SupplySource, SupplyStock, Unit
from logistics.rulings.builders import plain_map, position
from logistics.rulings.cases import case, params

SIDES = (Side("Axis", (("Axis", ("German", "Italian")),)), Side("Allied", (("Allied", ("Soviet",)),)))
HOME = {"German": "Axis", "Italian": "Axis", "Soviet": "Allied"}


def ocs(*units, source="0104", dumps=(), **options):
    m = plain_map(15, 7)
    built = [u(m) for u in units]
    p = position(m, built, owner="Axis",
                 sources=[SupplySource("Rail head", "Axis", (), hexes=(m.hex_at(source),))] if source else [])
    p = replace(p, game="ocs", sides=SIDES, options=options,
                supply=tuple(SupplyStock("Axis", "sp", m.hex_at(h), n) for h, n in dumps))
    return m, p


def u(uid, hex_id, affiliation="German", **fields):
    fields.setdefault("mode", "combat")
    side = HOME[affiliation]
    return lambda m: Unit(uid, side, side, affiliation, hex=m.hex_at(hex_id), **fields)


def hq(uid, hex_id, mode="combat", throw=(6, 3), **fields):
    return u(uid, hex_id, type="hq", mode=mode, throw=throw, **fields)


def truck(uid, hex_id, load=0, **fields):
    fields.setdefault("type", "truck")
    fields.setdefault("ma", 45)
    fields.setdefault("size", 2)          # carries up to 2 SP (13.2c)
    return u(uid, hex_id, mode="move", load=load, **fields)


def verdicts(m, p) -> dict:
    return {v.unit: v for v in OcsSupply(p, m).verdicts()}


# --- 13.1 HQs -------------------------------------------------------------------------------------

@case('OCS-13.1a-hq-modes-throw')
@params("mode, status, why", [
    ("combat", TRACED, "Combat Mode throw range 6"),
    ("move", OOS, "beyond its Move Mode throw range 3"),
    ("reserve", TRACED, "Combat Mode throw range 6"),
    ("strat", OOS, "Strat Mode and cannot throw supply (13.1a, 5.8b)"),
    ("dg-combat", TRACED, "Combat Mode throw range 6 (DG does not affect it, 13.1a)"),
    ("dg-move", OOS, "beyond its Move Mode throw range 3 (DG does not affect it, 13.1a)"),
])
def rule_13_1a_the_combat_mode_side_throws_farther_strat_mode_not_at_all_dg_changes_nothing(mode, status, why):
    """13.1a: the Combat Mode side of an HQ has the greater throw range; an HQ in Strat Mode cannot
    throw (5.8b); DG Mode does not affect an HQ's special functions. The HQ at 0404 is 3 truck MP
    from the source; the unit at 0904 is 5 MP from the HQ and 8 from the source."""
    m, p = ocs(hq("Corps", "0404", mode), u("Inf", "0904"))
    v = verdicts(m, p)["Inf"]
    assert v.general == status
    assert why in (v.source if status == TRACED else v.blocked.reason)


@case('OCS-13.1b-hq-functions')
def rule_13_1b_an_hq_throws_trace_supply_to_units_within_its_throw_range():
    """13.1b / 12.3b: an HQ traces supply to combat units within its throw range: the line runs
    unit -> HQ -> Supply Source hex by hex, in truck MP. One hex farther, out of range."""
    m, p = ocs(hq("Corps", "0404"), u("Near", "1004"), u("Far", "1104"))
    v = verdicts(m, p)
    assert v["Near"].general == TRACED and v["Near"].source.startswith("HQ Corps")
    line = v["Near"].line
    assert (line[0].hex, line[6].hex, line[-1].hex) == ("1004", "0404", "0104")
    assert [(s.element, s.length) for s in line[1:]] == [("throw", k) for k in range(1, 7)] + [("draw", k) for k in range(1, 4)]
    assert v["Far"].general == OOS and "HQ Corps: 7 truck MP away, beyond its Combat Mode throw range 6" in v["Far"].blocked.reason


@case('OCS-13.1b-hq-functions')
def rule_13_1b_an_hq_that_draws_from_no_source_throws_nothing():
    """13.1b: the HQ throws supply it traces; an HQ 9 MP from the only source (its draw range is its
    throw range, 6) gives the unit beside it nothing."""
    m, p = ocs(hq("Corps", "1004"), u("Inf", "1104"))
    v = verdicts(m, p)["Inf"]
    assert v.general == OOS and "HQ Corps draws from no Supply Source within 6 truck MP" in v.blocked.reason
    m, p = ocs(hq("Corps", "1004"), u("Inf", "1104"), ocs_hq_draw=10)
    assert verdicts(m, p)["Inf"].general == TRACED


@case('OCS-13.1c-hq-combat-supply', 'OCS-13.2b-never-oos')
def rule_13_1c_hqs_need_supply_like_any_other_combat_unit_transport_points_do_not():
    """13.1c: HQs need supply like any other combat unit; 13.2b: Transport Points are never Out of
    Supply. In Strat Mode an HQ throws nothing, not even to itself: alone at 1204 it is Out of
    Supply beside a truck that is not; a second HQ in range supplies it."""
    m, p = ocs(hq("Strat HQ", "1204", "strat"), truck("Truck", "1204"))
    v = verdicts(m, p)
    assert v["Strat HQ"].general == OOS and v["Truck"].general == TRACED
    assert v["Truck"].rules == ["13.2b"]
    m, p = ocs(hq("Strat HQ", "1204", "strat"), hq("Corps", "0604"))
    assert verdicts(m, p)["Strat HQ"].general == TRACED


@case('OCS-13.1d-divisional-hq')
def rule_13_1d_a_divisional_hq_supplies_its_division_and_independents_of_its_nationality():
    """13.1d: HQs throw to all friendly ground units, but a Divisional HQ only to its own
    division's units and to independent units (3.2f) of the same nationality."""
    units = [hq("7 Pz HQ", "0404", formation="7 Pz"), u("7 Pz Rgt", "0804", formation="7 Pz"),
             u("11 Pz Rgt", "0805", formation="11 Pz"), u("Indep German", "0803"),
             u("Indep Italian", "0903", "Italian")]
    m, p = ocs(*units)
    v = verdicts(m, p)
    assert v["7 Pz Rgt"].general == TRACED and v["Indep German"].general == TRACED
    assert v["11 Pz Rgt"].general == OOS and v["Indep Italian"].general == OOS
    assert "Divisional HQ of 7 Pz and may not supply this unit (13.1d)" in v["11 Pz Rgt"].blocked.reason
    m, p = ocs(hq("Corps HQ", "0404"), *units[1:])                 # a corps HQ serves them all
    assert all(x.general == TRACED for x in verdicts(m, p).values())


# --- 13.2 Transport Points ------------------------------------------------------------------------

@case('OCS-13.2-transport-points', 'OCS-13.2f-load-unload', 'OCS-13.2a-pause-and-use')
def rule_13_2_a_transport_point_carries_its_sp_across_the_map_to_the_units_that_use_them():
    """13.2: Transport Points move SP across the map; 13.2a: SP need not be unloaded before being
    used; 13.2f: its load is in effect unloaded by direct draw as nearby units use it. The unit at 1404, beyond every source, eats SP from a
    loaded truck brought within 5 MP; an empty truck, or one left at the source, feeds nobody."""
    for where, load, status in (("1104", 2, EATS), ("1104", 0, OOS), ("0104", 2, OOS)):
        m, p = ocs(truck("Truck", where, load), u("Inf", "1404"))
        v = verdicts(m, p)["Inf"]
        assert v.general == status, (where, load)
        if status == EATS:
            assert v.source == "truck Truck" and v.effects == ["eats 0.25 SP from truck Truck (12.6d)"]


@case('OCS-13.2f-load-unload')
def rule_13_2f_a_transport_point_loads_only_in_the_dumps_hex_at_a_tenth_of_its_ma():
    """13.2f: a Transport Point loads in any hex but only from a dump in its own hex, never via
    direct draw or thrown SP; 10% of the printed MA, rounded normally: 45 MA pays 5 MP."""
    m, p = ocs(truck("Truck", "0604"), dumps=[("0604", 3)])
    check = load_check(p, m, "Truck")
    assert check.allowed and check.cost == 5 and check.amount == 2      # up to its size (13.2c)
    m, p = ocs(truck("Truck", "0704"), hq("HQ", "0604"), dumps=[("0604", 3)])   # the dump next door
    check = load_check(p, m, "Truck")
    assert not check.allowed and "never via direct draw or thrown SP" in check.reason
    m, p = ocs(truck("Truck", "0604", ma=44), dumps=[("0604", 3)])
    assert load_check(p, m, "Truck").cost == 4


@case('OCS-13.2f-load-unload')
@params("company, dump, allowed", [
    ((), (), False),
    (("Inf",), (), True),                 # a friendly combat unit
    ((), (("1004", 1),), True),           # an existing unloaded dump
    (("HQ",), (), True),                  # HQs are combat units
])
def rule_13_2f_a_transport_point_unloads_only_beside_a_combat_unit_port_air_base_or_dump(company, dump, allowed):
    """13.2f: a Transport Point can unload only in a hex with a friendly combat unit, port, air
    base or existing unloaded dump (another truck is no combat unit)."""
    others = {"Inf": u("Inf", "1004"), "HQ": hq("HQ", "1004")}
    m, p = ocs(truck("Truck", "1004", 2), truck("Other truck", "1004"), *(others[k] for k in company), dumps=dump)
    assert unload_check(p, m, "Truck").allowed is allowed


@case('OCS-13.2g-organic-trucks')
def rule_13_2g_an_organic_trucks_sp_serve_only_its_formation_and_never_unload():
    """13.2g A: an Organic Truck never unloads its SP on the map; B: only units of its formation draw
    its SP; HQs may throw from an Organic Truck to units of that formation. Both units are beyond
    every Supply Source."""
    organic = truck("7 Pz trucks", "1104", 2, type="organic_truck", formation="7 Pz")
    m, p = ocs(organic, u("7 Pz Rgt", "1304", formation="7 Pz"), u("11 Pz Rgt", "1305", formation="11 Pz"))
    v = verdicts(m, p)
    assert v["7 Pz Rgt"].general == EATS and v["11 Pz Rgt"].general == OOS
    assert not unload_check(p, m, "7 Pz trucks").allowed
    assert "(13.2g A)" in unload_check(p, m, "7 Pz trucks").reason
    # Through an HQ that reaches no source, its unit beyond the truck's direct draw still eats.
    m, p = ocs(organic, hq("Corps", "1405"), u("7 Pz Rgt", "1407", formation="7 Pz"),
               u("11 Pz Rgt", "1406", formation="11 Pz"), ocs_direct_draw=1)
    v = verdicts(m, p)
    assert v["7 Pz Rgt"].general == EATS and [s.element for s in v["7 Pz Rgt"].line][-1] == "throw"
    assert v["11 Pz Rgt"].general == OOS


@case('OCS-13.2c-capacity-combine')
def rule_13_2c_a_transport_point_carries_up_to_its_size_in_sp():
    """13.2c: a Transport Point carries up to its size in SP: a size-2 truck takes 2 of a 3-SP
    dump, 1 more if it already carries 1, and none once full."""
    for load, allowed, amount in ((0, True, 2), (1, True, 1), (2, False, 0)):
        m, p = ocs(truck("Truck", "0604", load), dumps=[("0604", 3)])
        check = load_check(p, m, "Truck")
        assert (check.allowed, check.amount) == (allowed, amount)
    assert "is full: it carries 2 SP, its size (13.2c)" in check.reason


@case('OCS-13.2c-capacity-combine')
@params("second, phase, allowed, why", [
    (("Truck B", "0604", {}), ("movement", "Axis"), True, "one truck of size 4 carrying 3 SP"),
    (("Truck B", "0605", {}), ("movement", "Axis"), False, "not all in one hex"),
    (("Trucks 7 Pz", "0604", {"type": "organic_truck", "formation": "7 Pz"}), ("movement", "Axis"), False,
     "different types never combine"),
    (("Truck B", "0604", {}), ("combat", "Axis"), False, "only in the Axis Movement Phase"),
    (("Truck B", "0604", {}), ("movement", "Allied"), False, "only in the Axis Movement Phase"),
])
def rule_13_2c_transport_points_combine_in_one_hex_in_their_movement_phase_never_across_types(second, phase, allowed, why):
    """13.2c: Transport Points combine and divide at no MP cost, only in the friendly Movement
    Phase and only if all are in one hex; different types never combine, Organic Trucks included."""
    uid, where, fields = second
    m, p = ocs(truck("Truck A", "0604", 2), truck(uid, where, 1, **fields))
    p = replace(p, turn=replace(p.turn, phase=phase[0], player=phase[1]))
    check = combine_check(p, ["Truck A", uid])
    assert check.allowed is allowed and why in check.reason


# --- 13.7 Formations --------------------------------------------------------------------------------

@case('OCS-13.7a-formation-same-hq')
def rule_13_7a_a_formation_traces_through_one_hq_the_rest_eat_sp_or_are_out_of_supply():
    """13.7a: combat units of a multi-unit formation must receive trace supply from the same HQ or
    the same direct-draw source; if not possible, one part traces for free and the rest eat SP or
    become Out of Supply (12.6d). The larger part (by REs) traces through HQ North; the regiment
    only HQ South reaches is Out of Supply, or eats SP from a dump in reach. Independent, it traces."""
    def units(formation):
        return [hq("North", "0401"), hq("South", "0407"), u("A", "0801", formation="3 Pz", size=2),
                u("B", "0901", formation="3 Pz"), u("C", "0907", formation=formation)]
    m, p = ocs(*units("3 Pz"))
    v = verdicts(m, p)
    assert v["A"].general == v["B"].general == TRACED and v["A"].source.startswith("HQ North")
    assert v["C"].general == OOS and v["C"].blocked.rule == "13.7a"
    m, p = ocs(*units("3 Pz"), dumps=[("1006", 1)])
    assert verdicts(m, p)["C"].general == EATS
    m, p = ocs(*units(""))
    v = verdicts(m, p)
    assert v["C"].general == TRACED and v["C"].source.startswith("HQ South")


# --- rules that combine -----------------------------------------------------------------------------

@case('OCS-13.3c-detrainable', 'OCS-13.3h-rail-control')
@params("wall, status", [(False, OOS), (True, TRACED)])
def rule_13_3c_13_3h_a_zoc_does_not_cross_an_impassable_hexside_for_trace_supply_as_for_rail(wall, status):
    """13.3c (seed 003, line 78) and 13.3h (line 110): enemy ZOC limits rail paths and trace supply
    alike; trace supply reads the ZOC OCS rail reads (logistics/zoc.py `projects_into`), which
    does not cross an impassable hexside. The Soviet unit at 0403 has a ZOC over 0404 and 0304,
    cutting the unit at 0504 from its direct draw (4 truck MP) from 0104; walled in by impassable
    hexsides it cuts nothing (before: Out of Supply behind the wall too)."""
    m, p = ocs(u("Soviet Inf", "0403", "Soviet"), u("Inf", "0504"), ocs_direct_draw=4)
    if wall:
        here = m.hex_at("0403")
        m.side_features.append(SideFeature("impassable", "", tuple(Hexside(here, n) for n in m.neighbours(here))))
        m.forget_views()
    assert verdicts(m, p)["Inf"].general == status


@case('OCS-13.1b-hq-functions', 'OCS-13.2c-capacity-combine', 'OCS-13.2-transport-points')
@params("per_re, sp, fed", [(None, 1, 4), (0.1, 1, 10), (None, 3, 10), (1, 3, 2)])
def rule_13_1b_13_2c_an_hq_or_dump_gives_no_more_sp_than_it_holds(per_re, sp, fed):
    """13.1b (seed 003, line 13): an HQ can "throw" SP; 13.2 (line 25): Transport Points move SP;
    13.2c (line 31): they carry up to their size in SP. What is thrown or eaten comes out of what
    the dump holds. Five 2-RE regiments beyond every source eat from one dump at 1204 (1 or 2
    truck MP away; the source at 0104 is 11 or more): at the default 1/4 SP per RE
    (`ocs_eat_per_re`; chapter 12 is not in the seeds) 1 SP feeds 4 REs and the others are Out
    of Supply, naming the dump and who eats it (before: 1 SP fed all ten REs); at 1 SP per RE,
    3 SP feed one regiment."""
    regiments = [u(f"Rgt {k}", h, size=2) for k, h in enumerate(("1304", "1404", "1305", "1405", "1303"))]
    options = {} if per_re is None else {"ocs_eat_per_re": per_re}
    m, p = ocs(*regiments, dumps=[("1204", sp)], **options)
    v = verdicts(m, p)
    eating = [x for x in v.values() if x.general == EATS]
    assert sum(p.unit(x.unit).size for x in eating) == fed
    assert all(x.source == "dump at 1204" for x in eating)
    if fed < 10:
        hungry = next(x for x in v.values() if x.general == OOS)
        assert f"dump at 1204 holds {sp:g} SP" in hungry.blocked.reason and "13.2c" in hungry.blocked.rule


@case('OCS-13.1b-hq-functions')
def rule_13_1b_an_hq_throws_no_more_sp_than_its_dump_holds():
    """13.1b (seed 003, line 13): an HQ can "throw" SP to units within its throw range; it throws
    what the dump it draws from holds, no more. HQ Corps at 1104, 10 truck MP from the source
    (beyond its draw of 6), stands on a 1-SP dump; three 2-RE regiments 2-3 MP away, beyond the
    dump's direct draw (1), eat through its throw: at 1/4 SP per RE, 4 REs eat (the HQ too eats,
    1 RE, 13.1; the most REs are fed) and the rest are Out of Supply (before: all ate)."""
    m, p = ocs(hq("Corps", "1104"), *(u(f"Rgt {h}", h, size=2) for h in ("1304", "1404", "1305")),
               dumps=[("1104", 1)], ocs_direct_draw=1)
    v = verdicts(m, p)
    eating = [x for x in v.values() if x.general == EATS]
    assert sum(1 if x.unit == "Corps" else 2 for x in eating) == 4
    assert all(x.line[-1].element == "throw" for x in eating if x.unit != "Corps")
    assert [x.unit for x in v.values() if x.general == OOS] != []
