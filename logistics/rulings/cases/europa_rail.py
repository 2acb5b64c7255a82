"""Europa rail nets, capacity and rail movement (7A, 43C2): one position per rule or ruling, in
which it decides legality or capacity. Rulings are cited as the FWtBT FAQ (seed 000) prints them.

The map (rail_builders.py): the Main line runs west-east along row 05 (0105 .. 1105); yards West
(0205) and East (1005) hold 2 and 3 REs unless a case says otherwise."""
from dataclasses import replace

from logistics.games.europa.nets import RailNets, captured_capacity
from logistics.games.europa.ownership import update_ownership
from logistics.position import AddUnit, RemoveUnit, SetRailBreak
from logistics.rail.model import Increase
from logistics.rulings.builders import position, unit
from logistics.rulings.cases import case, params
from logistics.rulings.rail_builders import by_unit, cargo, pool_capacities, rail_map, result, route, run, two_yards

SECTIONS = {"isolated_rail_sections": True}
CUT = {"0605": "Insurgent"}            # an enemy-owned hex between the two yards
BROKEN = frozenset({rail_map().hex_at("0605")})


def moved(the_plan, move_id) -> bool:
    return result(the_plan, move_id).chosen is not None


# --- 7A3 / 43C2: one pool per net, or per isolated section ----------------------------------------------

@case('FW:7A3', 'FW-7A3-43C2-insurgent-initial-nets')
@params("options, pools, big_moves", [({}, {"net 1": 2, "net 2": 3}, False),
                                      ({"one_rail_pool": True}, {"net": 5}, True)])
def rule_7A3_separate_nets_keep_separate_capacities_in_the_basic_game_too_AEG_02Apr03(options, pools, big_moves):
    """7A3 (AEG, 02-Apr-03): the orders of battle give separate rail nets separate capacities ("3
    REs in the Sevilla-Cordoba area, 3 REs in the Valladolid-La Corunya-Zaragoza area, and 1 RE in
    the Granada area"), so with an enemy-owned hex between the yards each net has its own yards'
    capacity, without 43C2: a 4-RE move on the West net (2 REs) does not fit. The literal reading
    of 7A, one capacity for the side's whole rail, is the option `one_rail_pool`."""
    m, p = two_yards(owner=CUT, options=options)
    the_plan = run(p, m, cargo("big", m, "0305", "0105", size=4))
    assert pool_capacities(the_plan) == pools
    assert moved(the_plan, "big") is big_moves


@case('FW-7A3-43C2-yard-chain-proposal')
def rule_43C2_isolated_sections_have_their_own_yards_capacity_AEG_02Apr03():
    """43C2 as the developer reframed it (AEG, 02-Apr-03): a yard's capacity moves units only on
    rail joined to it by an unbroken chain of friendly-owned rail hexes."""
    m, p = two_yards(owner=CUT, options=SECTIONS)
    the_plan = run(p, m, cargo("big", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=3))
    assert pool_capacities(the_plan) == {"section 1": 2, "section 2": 3}
    big = result(the_plan, "big")
    assert big.reason == "capacity" and big.rule == "7A3, 43C2"
    assert "section 1: capacity 2" in big.explanation and "needs 4" in big.explanation
    assert moved(the_plan, "east")


@case('FW-43C2-net-isolation-at-use')
def rule_43C2_isolation_is_judged_when_capacity_is_used_so_sections_rejoin_at_once_AEG_02Apr03():
    """43C2 (AEG, 02-Apr-03): isolation is judged when the capacity is used; once the hex between
    the yards is friendly-owned the two sections are one."""
    m, p = two_yards(owner=CUT, options=SECTIONS)
    rejoined = replace(p, owner={**p.owner, m.hex_at("0605"): "Loyalist"})
    the_plan = run(rejoined, m, cargo("big", m, "0305", "0105", size=4))
    assert pool_capacities(the_plan) == {"section 1": 5} and moved(the_plan, "big")


@case('FW-7A-7A3-rmy-connection-breaks')
def rule_7A_rail_breaks_do_not_isolate_yards_but_no_unit_rails_into_or_out_of_them_DPS_22Aug05():
    """7A (DPS, 22-Aug-05): yards are connected as a supply line's rail element is traced, which
    rail breaks do not block (12B3); but no unit may rail into or out of a broken hex (7A3)."""
    m, p = two_yards(options=SECTIONS, rail_breaks=BROKEN)
    the_plan = run(p, m, cargo("across", m, "0205", "1005"), cargo("east", m, "0705", "1105", size=4))
    assert pool_capacities(the_plan) == {"section 1": 5}         # both yards in one section
    across = result(the_plan, "across")
    assert across.reason == "illegal" and across.block.hex == "0605" and across.block.rule == "7A3"
    assert moved(the_plan, "east")                                # 4 REs: East's 3 + West's 2


@case('FW-7A-7A3-rmy-connection-breaks')
@params("start, to, where, verb", [("0605", "0905", "0605", "leave"), ("0305", "0605", "0605", "enter")])
def rule_7A3_a_unit_may_not_rail_out_of_or_into_a_broken_hex_DPS_22Aug05(start, to, where, verb):
    """7A3, quoted by DPS (22-Aug-05): "A unit may not use rail movement to enter or leave a hex in
    which the rail line is broken"."""
    m, p = two_yards(rail_breaks=BROKEN)
    r = result(run(p, m, cargo("m", m, start, to)), "m")
    assert r.block.hex == where and r.block.rule == "7A3" and verb in r.block.reason


@case('FW-7A-7A3-rmy-connection-breaks')
def rule_7A_39A_unpacified_city_isolates_yards_unless_garrisoned_DPS_22Aug05():
    """7A / 39A (DPS, 22-Aug-05): an unpacified city blocks the connection of yards, as it blocks
    supply lines, unless it has its required garrison: a Loyalist unit of 1 RE standing there
    (the required REs, option `pacification_garrison`), not one of 1/2 RE."""
    m, p = two_yards(options=SECTIONS, unpacified=BROKEN)
    assert pool_capacities(run(p, m)) == {"section 1": 2, "section 2": 3}
    small = p.apply(AddUnit(unit("G", "People's Army", "0605", m, size=0.5)))
    assert pool_capacities(run(small, m)) == {"section 1": 2, "section 2": 3}
    garrisoned = p.apply(AddUnit(unit("G", "People's Army", "0605", m, size=1)))
    assert pool_capacities(run(garrisoned, m)) == {"section 1": 5}


@case('FW-7A-39A-rail-unpacified-1998', 'FW-7A-39A-rail-unpacified-allowed', 'FW-7A-39A-rail-unpacified-any-garrison',
      'FW-7A-39A-no-rail-unpacified-1996')
def rule_39A_rail_movement_through_a_friendly_unpacified_city_is_allowed_AEG_1998_overruling_the_1996_erratum():
    """39A (AEG, Developer, 1998): units may rail into and through a friendly-owned unpacified city
    lacking its required garrison; only supply lines are barred. This overrules the Official
    Erratum of 01-Jun-96 (no rail movement through such a city): the move must be legal. (The
    city also splits the yards' connection, DPS 22-Aug-05, so the capacity is pooled here with
    `one_rail_pool`: the case is about legality; crossing nets is the next case's.)"""
    m, p = two_yards(unpacified=BROKEN, options={"one_rail_pool": True})
    r = result(run(p, m, cargo("through", m, "0205", "1005")), "through")
    assert r.chosen is not None and "0605" in route(m, r)


@case('FW-7A3-43C2-yard-chain-proposal')
def rule_43C2_a_route_from_one_isolated_section_into_another_may_use_neither_AEG_02Apr03():
    """43C2 (AEG, 02-Apr-03): a yard's capacity moves a unit only through rail hexes chained to
    that yard; a route that passes from one section into the other may draw on neither."""
    m, p = two_yards(options=SECTIONS, unpacified=BROKEN)
    r = result(run(p, m, cargo("through", m, "0205", "1005")), "through")
    assert r.reason == "illegal" and r.block.rule == "43C2" and r.block.hex == "0705"


# --- 7A / 37C ownership, 7A4 neutral yards ---------------------------------------------------------

@case('FW-7A-37C-rail-friendly-only', 'FW-7A3-rail-segment-all-hexes', 'FW-7A3-rail-ownership-by-hex',
      'FW-7A-37C-no-rail-unowned-aug36')
@params("owner, rule, words", [("Insurgent", "7A", "Insurgent-owned"), ("unowned", "7A, 37C", "unowned")])
def rule_7A_37C_rail_movement_only_through_friendly_owned_hexes_AEG_1998_TEM62_AEG_25May06(owner, rule, words):
    """7A / 37C (AEG 1998; Rules Court, TEM 62; AEG 25-May-06): rail movement only through
    friendly-owned hexes; one enemy-owned or unowned hex between two friendly yards bars the
    whole segment."""
    m, p = two_yards()
    own = dict(p.owner)
    if owner == "unowned":
        del own[m.hex_at("0605")]
    else:
        own[m.hex_at("0605")] = owner
    r = result(run(replace(p, owner=own), m, cargo("m", m, "0205", "1005")), "m")
    assert r.reason == "illegal" and r.block.hex == "0605" and r.block.rule == rule and words in r.block.reason


@case('FW-7A3-early-ownership-needed', 'FW-7A3-rail-ownership-by-hex')
def rule_7A3_unowned_rail_is_usable_once_an_uncontested_zoc_gains_the_hexes_AEG_25May06():
    """7A3 (AEG, 25-May-06): at the start rail in unowned hexes is usable by neither side, so rail
    movement is impossible across them; a unit projecting an uncontested ZOC gains the hexes at
    once (3D) and the rail with them."""
    m, p = two_yards()
    start = replace(p, owner={h: o for h, o in p.owner.items() if m.hex_id(h) not in ("0505", "0605", "0705")})
    assert result(run(start, m, cargo("m", m, "0205", "1005")), "m").block.rule == "7A, 37C"
    gained = update_ownership(replace(start, units=(unit("Col", "People's Army", "0605", m),)), m)
    assert moved(run(gained, m, cargo("m", m, "0205", "1005")), "m")


@case('FW-7A-37C-rail-friendly-only')
def rule_7A_37C_no_rail_movement_into_a_neutral_country_even_with_the_border_open_AEG_1998():
    """7A / 37C (AEG 1998): neutral hexes are never friendly-owned, so no rail movement enters
    them, whether the border is open or not."""
    m = rail_map({"Hendaye": "0105", "West": "0305"}, portugal=2)
    p = position(m, [], rail_capacity={"Hendaye": 5, "West": 1}, options={"open_borders": ["Portugal"]})
    r = result(run(p, m, cargo("m", m, "0405", "0105")), "m")
    assert r.block.hex == "0205" and r.block.rule == "7A, 37C" and "neutral" in r.block.reason


@case('FW-7A4-french-rmy-unusable')
@params("scenario_owner", ["neutral", "Loyalist"])
def rule_7A4_yards_in_a_neutral_country_are_never_usable_AEG_13Jan03(scenario_owner):
    """7A4 (DPS and AEG, 13-Jan-03): French (neutral) yards can never be used for any purpose,
    whoever the scenario says owns them, border open or not."""
    m = rail_map({"Hendaye": "0105", "West": "0305"}, portugal=2)
    p = position(m, [], owner={"0105": scenario_owner}, rail_capacity={"Hendaye": 5, "West": 1},
                 options={"open_borders": ["Portugal"]})
    nets = RailNets(p, m, "Loyalist")
    assert [pool.capacity for pool in nets.pools] == [1]
    assert [(u.name, u.block.rule) for u in nets.unusable] == [("Hendaye", "7A4")]


# --- EZOC ------------------------------------------------------------------------------------------

@case('FW:7A', 'FW:5')
def rule_7A_enemy_zoc_bars_entering_a_rail_hex_without_a_friendly_unit_but_not_leaving():
    """7A with 12A / Rule 5: rail use follows the rail element's limits (12C1/7A ruling, TEM 62),
    so a hex in an enemy ZOC may be entered only with a friendly unit in it; a move may start in
    one."""
    m, p = two_yards(units=[])
    enemy = unit("E", "Nationalist", "0604", m)         # its ZOC covers 0505, 0605 and 0705
    blocked = replace(p, units=(enemy,))
    r = result(run(blocked, m, cargo("m", m, "0205", "1005")), "m")
    assert r.block.hex == "0505" and "enemy ZOC" in r.block.reason and "Rule 5" in r.block.rule
    assert moved(run(blocked, m, cargo("out", m, "0505", "0205")), "out")   # starts in the EZOC
    friends = [unit(f"F{h}", "People's Army", h, m) for h in ("0505", "0605", "0705")]
    assert moved(run(replace(p, units=(enemy, *friends)), m, cargo("m", m, "0205", "1005")), "m")


# --- 7A2 operational and strategic rail ---------------------------------------------------------------

@case('FW-7A2-strategic-rail-no-mixing', 'FW-7A2-strategic-rail-no-naval-transport')
@params("kind, also, legal, words", [
    ("operational", ("regular",), True, ""),
    ("strategic", (), True, ""),
    ("strategic", ("regular",), False, "regular movement"),                 # Rules Court, TEM 67
    ("strategic", ("naval",), False, "naval transport"),                    # DPS 25-Sep-05
    ("strategic", ("operational_rail",), False, "one turn"),                # Rules Court, TEM 67
    ("operational", ("strategic_rail",), False, "one turn"),
])
def rule_7A2_what_strategic_and_operational_rail_movement_may_be_combined_with_TEM67_DPS_25Sep05(kind, also, legal,
                                                                                                 words):
    """7A2 (Rules Court, TEM 67): strategic rail movement mixes with neither regular movement in
    the phase nor operational rail movement in the turn; (DPS, 25-Sep-05) nor naval transport,
    since the unit "may not otherwise move"."""
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("A", "People's Army", "0205", m, size=2),))
    r = result(run(p, m, by_unit("m", p, m, "A", "0505", kind=kind, also=also)), "m")
    assert (r.chosen is not None) is legal
    if not legal:
        assert r.block.rule == "7A2" and words in r.block.reason


@case('FW-7A2-strategic-rail-no-naval-transport')
def rule_7A2_strategic_rail_starts_and_ends_on_a_rail_line_in_the_movement_phase_DPS_25Sep05():
    """7A2 as restored by DPS (25-Sep-05): "The unit must start and end its movement on a rail line
    in the movement phase"."""
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("Off", "People's Army", "0204", m), unit("On", "People's Army", "0205", m)))
    off = result(run(p, m, by_unit("m", p, m, "Off", "0505", kind="strategic")), "m")
    assert off.block.rule == "7A2" and off.block.hex == "0204"
    late = result(run(p, m, by_unit("m", p, m, "On", "0505", kind="strategic"), phase="exploitation"), "m")
    assert late.block.rule == "7A2" and "movement phase" in late.block.reason


@case('FW-7A2-strategic-rail-no-mixing')
def rule_7A2_a_unit_asked_to_move_both_strategically_and_operationally_moves_once_TEM67():
    """7A2 (Rules Court, TEM 67): no strategic and operational rail movement in one turn, so of two
    requests for one unit the plan makes at most one."""
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("A", "People's Army", "0205", m),))
    the_plan = run(p, m, by_unit("strat", p, m, "A", "1005", kind="strategic"),
                   by_unit("oper", p, m, "A", "0505", priority=2))
    assert moved(the_plan, "oper")
    strat = result(the_plan, "strat")
    assert strat.reason == "alternative" and strat.rule == "7A2" and "oper" in strat.explanation


# --- 14J (Second Front): transport counters are c/m ------------------------------------------------------

@case('SF-14J-transport-re-size')
@params("game, capacity_res, cost", [("europa-sf", 3, 2), ("europa-sf", 1, 1), ("europa-fwtbt", 3, 1)])
def SF_14J_a_transport_counters_basic_size_is_doubled_for_rail_transport_GRD_1998(game, capacity_res, cost):
    """SF Q&A on 14J (GR/D, 03-Mar-98): for rail transport a transport counter's basic size is
    doubled for being c/m: a 1-RE-capacity counter (basic 1/2 RE) counts 1 RE, a 3-RE-capacity
    counter (basic 1 RE) 2 REs. FWtBT has no such rule: the basic size is used."""
    m, p = two_yards(units=[])
    basic = {1: 0.5, 3: 1.0}[capacity_res]
    p = replace(p, game=game, units=(unit("Tk", "People's Army", "0205", m, size=basic, tags=("cm",)),))
    r = result(run(p, m, by_unit("m", p, m, "Tk", "0505")), "m")
    assert r.chosen.cost == cost


# --- capacity: capture, building, temporary and Portuguese increases ------------------------------------

@case('FW-7A4a-capture-rail-capacity')
@params("current, captured", [(2, 1), (3, 1.5), (1, 0.5), (2.5, 1), (0.5, 0)])
def rule_7A4a_capture_takes_half_the_current_capacity_fractions_under_half_an_RE_lost_AEG_1998(current, captured):
    """7A4a (AEG, 1998): "capture half of the current rail capacity of each rail marshalling yard
    you capture, with any fraction ... less than 0.5 RE being rounded down to zero"."""
    assert captured_capacity(current) == captured


def _take(p, m, hex_id: str, side: str):
    """The hex taken as play takes it: the other side's units there leave, a 1-RE unit of `side`
    moves in (and stays, the captured city's garrison: 39A), and ownership follows (3D)."""
    h = m.hex_at(hex_id)
    p = p.apply(*(RemoveUnit(u.id) for u in p.units if u.hex == h))
    uid = f"taker {len(p.units)}"
    p = p.apply(AddUnit(unit(uid, "Nationalist" if side == "Insurgent" else "People's Army", hex_id, m, zoc="none")))
    return update_ownership(p, m)


@case('FW-7A4a-capture-rail-capacity')
def rule_7A4a_recapture_of_a_built_up_yard_AEG_1998():
    """7A4a (AEG, 1998): the developer's rule, not the questioner's arithmetic: a 2-RE yard
    captured gives 1, built up to 3 and recaptured gives 1.5 — applied when ownership changes."""
    m, p = two_yards(west=2)
    p = _take(p, m, "0205", "Insurgent")
    assert p.rail_capacity["West"] == 1 and p.owner[m.hex_at("0205")] == "Insurgent"
    p = _take(replace(p, rail_capacity={**p.rail_capacity, "West": 3}), m, "0205", "Loyalist")
    assert p.rail_capacity["West"] == 1.5


@case('FW-7A4a-43C2-capture-built-capacity')
def rule_7A4a_43C2_capturing_a_built_up_yard_the_loser_loses_all_the_captor_gains_half_TEM67():
    """7A4a / 43C2 (Rules Court, TEM 67): Santander built up to 2 REs by the Loyalists and captured
    by the Insurgents: the Loyalist net loses both REs and the Insurgents gain 1."""
    m = rail_map({"Santander": "1005", "Bilbao": "0905", "Burgos": "0205"})
    p = position(m, [], owner={"0605": "Insurgent", "0205": "Insurgent", "0105": "Insurgent"},
                 rail_capacity={"Santander": 1, "Bilbao": 1, "Burgos": 1}, options=SECTIONS)
    built = run(p, m, increases=(Increase("permanent", 1, yard="Santander"),))
    assert built.increases[0].block is None
    before = RailNets(replace(p, rail_capacity={**p.rail_capacity, "Santander": 2}), m, "Loyalist")
    assert [pool.capacity for pool in before.pools if pool.yards] == [3]
    after = _take(before.position, m, "1005", "Insurgent")
    loyal = [pool.capacity for pool in RailNets(after, m, "Loyalist").pools if pool.yards]
    assert loyal == [1]                                             # lost both REs of Santander
    insurgent = RailNets(after, m, "Insurgent")
    assert insurgent.yard_pool("Santander").yards == {"Santander": 1}   # the Insurgents gain 1


@case('FW-7A4-french-rmy-unusable', 'FW-43C2-no-yard-limit')
def rule_43C2_permanent_capacity_is_built_at_a_named_yard_with_2_connected_RMYs_DPS_13Jan03_no_limit_AEG_26May05():
    """7A4 (DPS, 13-Jan-03): building rail capacity needs 2 connected RMYs; 43C2 (AEG, 26-May-05):
    each RE built goes to a named yard, with no limit per yard."""
    m, p = two_yards(options=SECTIONS)
    the_plan = run(p, m, increases=(Increase("permanent", 2, yard="West"), Increase("permanent", 10, yard="West")))
    assert [i.block for i in the_plan.increases] == [None, None]
    assert the_plan.pools[0].yards == {"West": 14, "East": 3}
    alone = run(replace(p, owner={**p.owner, m.hex_at("0605"): "Insurgent"}), m,
                increases=(Increase("permanent", 2, yard="West"),))
    block = alone.increases[0].block
    assert block.rule == "7A4" and "2 connected" in block.reason
    assert pool_capacities(alone) == {"section 1": 2, "section 2": 3}


@case('FW-7A4b-43C2-temporary-increase-order')
def rule_7A4b_43C2_a_temporary_increase_goes_to_the_section_it_is_spent_on_AEG_1998():
    """7A4b / 43C2 (JAM; AEG, 1998): resource points spent during movement increase the capacity
    of the section as it is at that moment: one fragment before two sections rejoin, both after."""
    m, p = two_yards(owner=CUT, options=SECTIONS)
    spend = (Increase("temporary", 3, hex=m.hex_at("0305")),)
    the_plan = run(p, m, cargo("west", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=4),
                   increases=spend)
    assert pool_capacities(the_plan) == {"section 1": 5, "section 2": 3}
    assert moved(the_plan, "west") and result(the_plan, "east").reason == "capacity"
    rejoined = run(replace(p, owner={**p.owner, m.hex_at("0605"): "Loyalist"}), m,
                   cargo("west", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=4),
                   increases=spend)
    assert pool_capacities(rejoined) == {"section 1": 8}
    assert moved(rejoined, "west") and moved(rejoined, "east")


@case('FW-7A4-43C2-portugal-capacity')
@params("sections, yard, applied", [(True, "West", True), (True, "East", False), (False, "East", True)])
def rule_7A4_40A2_43C2_capacity_from_Portugal_only_to_a_yard_linked_to_Portuguese_rail_AEG_1998(sections, yard,
                                                                                                 applied):
    """7A4 / 40A2 / 43C2 (AEG, 1998): under 43C2 capacity received from Portugal goes to a yard
    linked to a Portuguese rail hex by friendly-owned rail; without 43C2 to any yard of the net."""
    m = rail_map({"West": "0305", "East": "1005"}, portugal=2)
    p = position(m, [], owner={"0605": "Insurgent"}, rail_capacity={"West": 1, "East": 1},
                 options={"isolated_rail_sections": sections})
    block = run(p, m, increases=(Increase("portugal", 1, yard=yard),)).increases[0].block
    assert (block is None) is applied
    if not applied:
        assert block.rule == "7A4, 40A2, 43C2" and block.hex == "1005"


@case('FW-14A1-repair-rail-immediate')
def rule_14A1_a_repaired_rail_line_is_usable_at_once_AEG_1998():
    """14A1 (AEG, 1998): a rail break repaired by engineers is usable immediately, not next turn."""
    m, p = two_yards(rail_breaks=BROKEN)
    assert result(run(p, m, cargo("m", m, "0205", "1005")), "m").block.rule == "7A3"
    repaired = p.apply(SetRailBreak(m.hex_at("0605"), broken=False))
    assert moved(run(repaired, m, cargo("m", m, "0205", "1005")), "m")
