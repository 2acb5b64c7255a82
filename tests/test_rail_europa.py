"""Europa rail nets, capacity and rail movement: one position per rule or ruling, in which it
decides legality or capacity. Rulings are cited as the FWtBT FAQ (seed 000) prints them.

The map: the Main line runs west-east along row 05 (0105 .. 1105); yards West (0205) and East
(1005) hold 2 and 3 REs unless a test says otherwise."""
from dataclasses import replace

import pytest

from logistics.position import SetRailBreak
from logistics.rail.model import Increase
from logistics.rail.nets import RailNets, capture_yard, captured_capacity
from logistics.rulings.builders import position, unit
from rail_positions import by_unit, cargo, pool_capacities, rail_map, result, route, run, two_yards

SECTIONS = {"isolated_rail_sections": True}
CUT = {"0605": "Insurgent"}            # an enemy-owned hex between the two yards


def moved(the_plan, move_id) -> bool:
    return result(the_plan, move_id).chosen is not None


# --- 7A / 43C2: one pool, or one per isolated section -----------------------------------------------

def test_7A_basic_game_one_capacity_for_the_whole_net():
    m, p = two_yards(owner=CUT)
    the_plan = run(p, m, cargo("big", m, "0305", "0105", size=4))
    assert pool_capacities(the_plan) == {"net": 5}
    assert moved(the_plan, "big")  # the West yard alone has 2 REs, the net 5


def test_43C2_isolated_sections_have_their_own_yards_capacity_AEG_02Apr03():
    m, p = two_yards(owner=CUT, options=SECTIONS)
    the_plan = run(p, m, cargo("big", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=3))
    assert pool_capacities(the_plan) == {"section 1": 2, "section 2": 3}
    big = result(the_plan, "big")
    assert big.reason == "capacity" and big.rule == "7A3, 43C2"
    assert "section 1: capacity 2" in big.explanation and "needs 4" in big.explanation
    assert moved(the_plan, "east")


def test_43C2_isolation_is_judged_when_capacity_is_used_so_sections_rejoin_at_once_AEG_02Apr03():
    m, p = two_yards(owner=CUT, options=SECTIONS)
    rejoined = replace(p, owner={**p.owner, m.hex_at("0605"): "Loyalist"})
    the_plan = run(rejoined, m, cargo("big", m, "0305", "0105", size=4))
    assert pool_capacities(the_plan) == {"section 1": 5} and moved(the_plan, "big")


def test_7A_rail_breaks_do_not_isolate_yards_but_no_unit_rails_into_or_out_of_them_DPS_22Aug05():
    m, p = two_yards(options=SECTIONS, rail_breaks=frozenset({rail_map().hex_at("0605")}))
    the_plan = run(p, m, cargo("across", m, "0205", "1005"), cargo("east", m, "0705", "1105", size=4))
    assert pool_capacities(the_plan) == {"section 1": 5}         # both yards in one section
    across = result(the_plan, "across")
    assert across.reason == "illegal" and across.block.hex == "0605" and across.block.rule == "7A3"
    assert moved(the_plan, "east")                                # 4 REs: East's 3 + West's 2


@pytest.mark.parametrize("start, to, where, verb", [("0605", "0905", "0605", "leave"),
                                                    ("0305", "0605", "0605", "enter")])
def test_7A3_a_unit_may_not_rail_out_of_or_into_a_broken_hex(start, to, where, verb):
    m, p = two_yards(rail_breaks=frozenset({rail_map().hex_at("0605")}))
    r = result(run(p, m, cargo("m", m, start, to)), "m")
    assert r.block.hex == where and r.block.rule == "7A3" and verb in r.block.reason


def test_7A_39A_unpacified_city_isolates_yards_unless_garrisoned_DPS_22Aug05():
    m, p = two_yards(options=SECTIONS, unpacified=frozenset({rail_map().hex_at("0605")}))
    assert pool_capacities(run(p, m)) == {"section 1": 2, "section 2": 3}
    garrisoned = replace(p, garrisoned=p.unpacified)
    assert pool_capacities(run(garrisoned, m)) == {"section 1": 5}


def test_39A_rail_movement_through_a_friendly_unpacified_city_is_allowed_AEG_1998_overruling_the_1996_erratum():
    m, p = two_yards(unpacified=frozenset({rail_map().hex_at("0605")}))
    r = result(run(p, m, cargo("through", m, "0205", "1005")), "through")
    assert r.chosen is not None and "0605" in route(m, r)


def test_43C2_a_route_from_one_isolated_section_into_another_may_use_neither_AEG_02Apr03():
    m, p = two_yards(options=SECTIONS, unpacified=frozenset({rail_map().hex_at("0605")}))
    r = result(run(p, m, cargo("through", m, "0205", "1005")), "through")
    assert r.reason == "illegal" and r.block.rule == "43C2" and r.block.hex == "0705"


# --- 7A / 37C ownership, 7A4 neutral yards ---------------------------------------------------------

@pytest.mark.parametrize("owner, rule, words", [("Insurgent", "7A", "Insurgent-owned"),
                                                ("unowned", "7A, 37C", "unowned")])
def test_7A_37C_rail_movement_only_through_friendly_owned_hexes_AEG_1998_TEM62(owner, rule, words):
    m, p = two_yards()
    own = dict(p.owner)
    if owner == "unowned":
        del own[m.hex_at("0605")]
    else:
        own[m.hex_at("0605")] = owner
    r = result(run(replace(p, owner=own), m, cargo("m", m, "0205", "1005")), "m")
    assert r.reason == "illegal" and r.block.hex == "0605" and r.block.rule == rule and words in r.block.reason


def test_7A_37C_no_rail_movement_into_a_neutral_country_even_with_the_border_open():
    m = rail_map({"Hendaye": "0105", "West": "0305"}, portugal=2)
    p = position(m, [], rail_capacity={"Hendaye": 5, "West": 1}, options={"open_borders": ["Portugal"]})
    r = result(run(p, m, cargo("m", m, "0405", "0105")), "m")
    assert r.block.hex == "0205" and r.block.rule == "7A, 37C" and "neutral" in r.block.reason


@pytest.mark.parametrize("scenario_owner", ["neutral", "Loyalist"])
def test_7A4_yards_in_a_neutral_country_are_never_usable_AEG_13Jan03(scenario_owner):
    m = rail_map({"Hendaye": "0105", "West": "0305"}, portugal=2)
    p = position(m, [], owner={"0105": scenario_owner}, rail_capacity={"Hendaye": 5, "West": 1},
                 options={"open_borders": ["Portugal"]})
    nets = RailNets(p, m, "Loyalist")
    assert [pool.capacity for pool in nets.pools] == [1]
    assert [(u.name, u.block.rule) for u in nets.unusable] == [("Hendaye", "7A4")]


# --- EZOC ------------------------------------------------------------------------------------------

def test_7A_enemy_zoc_bars_entering_a_rail_hex_without_a_friendly_unit_but_not_leaving():
    m, p = two_yards(units=[])
    enemy = unit("E", "Nationalist", "0604", m)         # its ZOC covers 0505, 0605 and 0705
    blocked = replace(p, units=(enemy,))
    r = result(run(blocked, m, cargo("m", m, "0205", "1005")), "m")
    assert r.block.hex == "0505" and "enemy ZOC" in r.block.reason and "Rule 5" in r.block.rule
    assert moved(run(blocked, m, cargo("out", m, "0505", "0205")), "out")   # starts in the EZOC
    friends = [unit(f"F{h}", "People's Army", h, m) for h in ("0505", "0605", "0705")]
    assert moved(run(replace(p, units=(enemy, *friends)), m, cargo("m", m, "0205", "1005")), "m")


# --- 7A2 operational and strategic rail ---------------------------------------------------------------

@pytest.mark.parametrize("kind, also, legal, words", [
    ("operational", ("regular",), True, ""),
    ("strategic", (), True, ""),
    ("strategic", ("regular",), False, "regular movement"),                 # Rules Court, TEM 67
    ("strategic", ("naval",), False, "naval transport"),                    # DPS 25-Sep-05
    ("strategic", ("operational_rail",), False, "one turn"),                # Rules Court, TEM 67
    ("operational", ("strategic_rail",), False, "one turn"),
])
def test_7A2_what_strategic_and_operational_rail_movement_may_be_combined_with(kind, also, legal, words):
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("A", "People's Army", "0205", m, size=2),))
    r = result(run(p, m, by_unit("m", p, m, "A", "0505", kind=kind, also=also)), "m")
    assert (r.chosen is not None) is legal
    if not legal:
        assert r.block.rule == "7A2" and words in r.block.reason


def test_7A2_strategic_rail_starts_and_ends_on_a_rail_line_in_the_movement_phase_DPS_25Sep05():
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("Off", "People's Army", "0204", m), unit("On", "People's Army", "0205", m)))
    off = result(run(p, m, by_unit("m", p, m, "Off", "0505", kind="strategic")), "m")
    assert off.block.rule == "7A2" and off.block.hex == "0204"
    late = result(run(p, m, by_unit("m", p, m, "On", "0505", kind="strategic"), phase="exploitation"), "m")
    assert late.block.rule == "7A2" and "movement phase" in late.block.reason


def test_7A2_a_unit_asked_to_move_both_strategically_and_operationally_moves_once():
    m, p = two_yards(units=[])
    p = replace(p, units=(unit("A", "People's Army", "0205", m),))
    the_plan = run(p, m, by_unit("strat", p, m, "A", "1005", kind="strategic"),
                   by_unit("oper", p, m, "A", "0505", priority=2))
    assert moved(the_plan, "oper")
    strat = result(the_plan, "strat")
    assert strat.reason == "alternative" and strat.rule == "7A2" and "oper" in strat.explanation


# --- 14J ruling (Second Front): c/m units double for rail --------------------------------------------

@pytest.mark.parametrize("game, cost", [("europa-sf", 2), ("europa-fwtbt", 1)])
def test_SF_14J_a_cm_units_basic_size_is_doubled_for_rail_transport_GRD_1998(game, cost):
    m, p = two_yards(units=[])
    p = replace(p, game=game, units=(unit("Tk", "People's Army", "0205", m, size=1, tags=("cm",)),))
    r = result(run(p, m, by_unit("m", p, m, "Tk", "0505")), "m")
    assert r.chosen.cost == cost


# --- capacity: capture, building, temporary and Portuguese increases ------------------------------------

@pytest.mark.parametrize("current, captured", [(2, 1), (3, 1.5), (1, 0.5), (2.5, 1), (0.5, 0)])
def test_7A4a_capture_takes_half_the_current_capacity_fractions_under_half_an_RE_lost_AEG_1998(current, captured):
    assert captured_capacity(current) == captured


def test_7A4a_recapture_of_a_built_up_yard_AEG_1998():
    # The developer's rule, not the questioner's arithmetic: 2 -> captured 1, built to 3, recaptured 1.5.
    m, p = two_yards(west=2)
    p = capture_yard(p, m, "West", "Insurgent")
    assert p.rail_capacity["West"] == 1 and p.owner[m.hex_at("0205")] == "Insurgent"
    p = capture_yard(replace(p, rail_capacity={**p.rail_capacity, "West": 3}), m, "West", "Loyalist")
    assert p.rail_capacity["West"] == 1.5


def test_7A4a_43C2_capturing_a_built_up_yard_the_loser_loses_all_the_captor_gains_half_TEM67():
    m = rail_map({"Santander": "1005", "Bilbao": "0905", "Burgos": "0205"})
    p = position(m, [], owner={"0605": "Insurgent", "0205": "Insurgent", "0105": "Insurgent"},
                 rail_capacity={"Santander": 1, "Bilbao": 1, "Burgos": 1}, options=SECTIONS)
    built = run(p, m, increases=(Increase("permanent", 1, yard="Santander"),))
    assert built.increases[0].block is None
    before = RailNets(replace(p, rail_capacity={**p.rail_capacity, "Santander": 2}), m, "Loyalist")
    assert [pool.capacity for pool in before.pools if pool.yards] == [3]
    after = capture_yard(before.position, m, "Santander", "Insurgent")
    loyal = [pool.capacity for pool in RailNets(after, m, "Loyalist").pools if pool.yards]
    assert loyal == [1]                                             # lost both REs of Santander
    insurgent = RailNets(after, m, "Insurgent")
    assert insurgent.yard_pool("Santander").yards == {"Santander": 1}   # the Insurgents gain 1


def test_43C2_permanent_capacity_is_built_at_a_named_yard_with_2_connected_RMYs_DPS_13Jan03_no_limit_AEG_26May05():
    m, p = two_yards(options=SECTIONS)
    the_plan = run(p, m, increases=(Increase("permanent", 2, yard="West"), Increase("permanent", 10, yard="West")))
    assert [i.block for i in the_plan.increases] == [None, None]
    assert the_plan.pools[0].yards == {"West": 14, "East": 3}
    alone = run(replace(p, owner={**p.owner, m.hex_at("0605"): "Insurgent"}), m,
                increases=(Increase("permanent", 2, yard="West"),))
    block = alone.increases[0].block
    assert block.rule == "7A4" and "2 connected" in block.reason
    assert pool_capacities(alone) == {"section 1": 2, "section 2": 3}


def test_7A4b_43C2_a_temporary_increase_goes_to_the_section_it_is_spent_on_AEG_1998():
    m, p = two_yards(owner=CUT, options=SECTIONS)
    spend = (Increase("temporary", 3, hex=m.hex_at("0305")),)
    the_plan = run(p, m, cargo("west", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=4),
                   increases=spend)
    assert pool_capacities(the_plan) == {"section 1": 5, "section 2": 3}
    assert moved(the_plan, "west") and result(the_plan, "east").reason == "capacity"
    # Spent after the two sections have rejoined, the increase serves the whole net.
    rejoined = run(replace(p, owner={**p.owner, m.hex_at("0605"): "Loyalist"}), m,
                   cargo("west", m, "0305", "0105", size=4), cargo("east", m, "0705", "1105", size=4),
                   increases=spend)
    assert pool_capacities(rejoined) == {"section 1": 8}
    assert moved(rejoined, "west") and moved(rejoined, "east")


@pytest.mark.parametrize("sections, yard, applied", [(True, "West", True), (True, "East", False),
                                                     (False, "East", True)])
def test_7A4ac_40A2_43C2_capacity_from_Portugal_only_to_a_yard_linked_to_Portuguese_rail_AEG_1998(sections, yard, applied):
    m = rail_map({"West": "0305", "East": "1005"}, portugal=2)
    p = position(m, [], owner={"0605": "Insurgent"}, rail_capacity={"West": 1, "East": 1},
                 options={"isolated_rail_sections": sections})
    block = run(p, m, increases=(Increase("portugal", 1, yard=yard),)).increases[0].block
    assert (block is None) is applied
    if not applied:
        assert block.rule == "7A4, 40A2, 43C2" and block.hex == "1005"


def test_14A1_a_repaired_rail_line_is_usable_at_once_AEG_1998():
    m, p = two_yards(rail_breaks=frozenset({rail_map().hex_at("0605")}))
    assert result(run(p, m, cargo("m", m, "0205", "1005")), "m").block.rule == "7A3"
    repaired = p.apply(SetRailBreak(m.hex_at("0605"), broken=False))
    assert moved(run(repaired, m, cargo("m", m, "0205", "1005")), "m")
