"""The rules the turn engine runs at their step: TSCW's Administrative and End of Turn Phases
(games/tscw/admin.py)."""
import json
import shutil
from pathlib import Path

import pytest
from conftest import DATA, edit
from test_turn import ROOT, copy_tree, run

from logistics.scenario import load_scenario

VALENCIA = "2318"   # Republican-held, far from any Nationalist hex
TSCW_OPTIONS = ('options:\n'
                '  reduced_ammunition: true\n'
                '  reinforcements: [{id: "5", affiliation: Nationalist, type: brigade, turn: 6, hex: "2709"}]\n'
                '  strategic_limits_by_turn: {6: {Nationalist: {rail: 4, sea: 1}, Republican: {rail: 2, sea: 2}}}\n')


def tscw(tmp_path) -> Path:
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    edit(scenario, "options:\n", TSCW_OPTIONS)
    edit(scenario, 'type: hq, hex: "2308"}', 'type: hq, hex: "2308", mode: committed}')
    return scenario


def steps_of(scenario, n):
    code, out = run("turn", "next", scenario, "--steps", n, "--json")
    assert code == 0, out
    return [(s["from"].split("segment ")[1].split()[0], s["to"].split("segment ")[1].split()[0],
             [c["text"] for c in s["changes"] if c["kind"] == "rule"]) for s in json.loads(out)["steps"]]


def test_two_tscw_turns_run_reinforcements_hq_refit_limits_and_reduced_ammunition(tmp_path):
    """TSCW 5.2 with its rules at their segments, turn 5 (B-I) to turn 7: 15.16 checked in D-II-c
    (Avila, north of row 24, traces to Cadiz: reduced ammunition ends, and is not checked again);
    11.2 the limits of turn 6 as it begins; 7.8 / 7.9 the turn-6 reinforcement enters at its
    printed hex (friendly, Fully Supplied) at the end of A-III, supplied; 12.1 the Committed
    Nationalist HQ, Fully Supplied, flips to Available entering A-V."""
    scenario = tscw(tmp_path)
    steps = steps_of(scenario, 34)
    ruled = [(a, b, rules) for a, b, rules in steps if rules]
    assert ruled == [
        ("D-II-b", "D-II-c", ["15.16: reduced ammunition ends (Avila (2709) traces to Cadiz)"]),
        ("D-IV", "A-I", ["11.2: strategic movement limits of turn 6: Nationalist rail 4, sea 1; Republican rail 2, sea 2"]),
        ("A-III", "A-IV", ["7.8 / 7.9: 5 enters at 2709, supplied (7.8: its printed hex)"]),
        ("A-IV", "A-V", ["12.1: HQ Nat HQ flips to Available (Nat HQ is in supply)"]),
    ]
    loaded = load_scenario(scenario)
    p = loaded.position
    assert loaded.map.hex_id(p.unit("5").hex) == "2709" and p.unit("Nat HQ").mode == "available"
    assert p.options["reduced_ammunition"] is False
    assert p.options["strategic_limits"] == {"Nationalist": {"rail": 4, "sea": 1}, "Republican": {"rail": 2, "sea": 2}}


@pytest.mark.parametrize("printed, line", [
    ("2509", "7.8 / 7.9: 5 enters at 2308, supplied (7.8: a friendly Fully Supplied hex within 2 of its printed hex)"),
    (VALENCIA, f"7.8: no hex fits: the entry is delayed: 5 ({VALENCIA})"),
])
def test_a_reinforcement_whose_printed_hex_is_enemy_held_enters_within_2_or_is_delayed_7_8(tmp_path, printed, line):
    """7.8: the printed hex must be friendly-controlled; else a friendly Fully Supplied hex within 2
    of it (the first in hex-id order: Talavera's pocket, 2509, gives 2308); none, as around
    Republican Valencia: the entry is delayed, and tried again the next turn."""
    scenario = tscw(tmp_path)
    edit(scenario, 'turn: 6, hex: "2709"', f'turn: 5, hex: "{printed}"')
    edit(scenario, "phase: operational movement, player: Nationalist", "phase: A-III")
    assert steps_of(scenario, 1)[0][2] == [line]
    assert any(u.id == "5" for u in load_scenario(scenario).position.units) is (printed == "2509")


# --- OCS: the supply phase -------------------------------------------------------------------------

def ocs(tmp_path, sp=2, per_re="1") -> Path:
    """The OCS test position with its Corps HQ in Strat Mode (no throw, 5.8b), no Transport Point
    loaded and a direct draw of 2 truck MP: 7th Panzer lives on the dump at its HQ."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    scenario = data / "scenarios" / "ocs-test.yaml"
    edit(scenario, "type: hq, mode: combat, throw: {combat: 8", "type: hq, mode: strat, throw: {combat: 8")
    edit(scenario, "ma: 12, load: 1,", "ma: 12,")
    edit(scenario, "ma: 45, load: 2,", "ma: 45,")
    edit(scenario, "kind: sp, hex: A09.04, amount: 2}", f"kind: sp, hex: A09.04, amount: {sp}}}")
    edit(scenario, "  ocs_direct_draw: 5\n", "  ocs_direct_draw: 2\n" + (f"  ocs_eat_per_re: {per_re}\n" if per_re else ""))
    return scenario


def ocs_changes(scenario):
    code, out = run("turn", "next", scenario, "--json")
    assert code == 0, out
    return [(c["kind"], c["text"]) for s in json.loads(out)["steps"] for c in s["changes"]]


def test_the_ocs_supply_phase_eats_sp_until_the_hq_runs_dry_then_marks_out_of_supply(tmp_path):
    """13.1b / 12.3b / 12.6d (as 13.7a cites it): no unit of 7th Panzer traces for free; the dump
    at its HQ holds 1 SP and a unit eats 1 SP per RE (`ocs_eat_per_re`), an HQ 1 RE (13.1): the
    HQ eats it, and the 25th Panzer Regiment beside it (2 REs), finding the dump dry, is marked
    Out of Supply. The SP are gone from the position."""
    scenario = ocs(tmp_path, sp=1)
    changes = ocs_changes(scenario)
    assert [t for k, t in changes if k == "supply"] == ["12.6d: 7 Pz HQ eats 1 SP from dump at A09.04",
                                                        "12.6d: dump at A09.04 held 1 SP, 1 eaten, 0 left"]
    dry = [t for k, t in changes if k == "marker" and "25 Pz" in t]
    assert len(dry) == 1 and "dump at A09.04 holds 1 SP, 1 eaten by 7 Pz HQ" in dry[0]
    p = load_scenario(scenario).position
    assert p.supply == ()
    assert p.unit("7 Pz 25 Pz Rgt").oos == 1 and p.unit("7 Pz HQ").oos == 0
    assert p.turn.phase == "reaction"


def test_with_enough_sp_the_regiment_eats_too_and_is_not_marked(tmp_path):
    """12.6d: 3 SP feed the HQ (1 RE) and the regiment (2 REs) at 1 SP per RE."""
    scenario = ocs(tmp_path, sp=3)
    changes = ocs_changes(scenario)
    assert [t for k, t in changes if k == "supply"] == [
        "12.6d: 7 Pz HQ eats 1 SP from dump at A09.04",
        "12.6d: 7 Pz 25 Pz Rgt eats 2 SP from dump at A09.04",
        "12.6d: dump at A09.04 held 3 SP, 3 eaten, 0 left"]
    assert not [t for k, t in changes if k == "marker" and "25 Pz" in t]
    assert load_scenario(scenario).position.unit("7 Pz 25 Pz Rgt").oos == 0


def test_an_ocs_unit_that_must_eat_without_an_amount_is_one_line(tmp_path):
    """Chapter 12's SP per RE is not in the seeds: the phase takes SP from the position only at
    the scenario's stated `ocs_eat_per_re`, never at the verdicts' placeholder."""
    scenario = ocs(tmp_path, per_re="")
    before = scenario.read_bytes()
    code, out = run("turn", "next", scenario)
    assert code == 1 and out.count("\n") == 1
    assert "options.ocs_eat_per_re: 7 Pz HQ must eat SP (12.6d)" in out
    assert scenario.read_bytes() == before


def test_rail_cap_comes_anew_with_each_movement_phase_13_3b(tmp_path):
    """13.3b: Rail Cap is a Movement Phase's: what the reinforcement phase inherits is dropped on
    entering the movement phase."""
    scenario = ocs(tmp_path)
    edit(scenario, "phase: supply, player: Axis", "phase: reinforcement, player: Axis")
    edit(scenario, "options:\n", "capacity_used: {Axis Rail Cap: 3}\noptions:\n")
    changes = ocs_changes(scenario)
    assert ("capacity", "capacity reset for the new turn (was spent: Axis Rail Cap 3)") in changes
    assert load_scenario(scenario).position.capacity_used == {}


# --- FWtBT: events at the start of a game turn -----------------------------------------------------

CATALAN_GARRISONS = ("{Barcelona: [2, 2], Figueras: [1, 1], Gerona: [1, 1], Lerida: [1, 1], Manresa: [1, 1], "
                     "Tarragona: [1, 1], Tortosa: [1, 1]}")


def to_next_game_turn(tmp_path, options: str):
    scenario = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    edit(scenario, "options:\n", "options:\n" + options)
    edit(scenario, "phase: initial, player: Insurgent}", "phase: exploitation, player: Loyalist}")
    code, out = run("turn", "next", scenario, "--json")
    return scenario, code, out


def test_factories_produce_attack_supply_as_the_game_turn_begins_37B(tmp_path):
    """37B (AEG 1998; Rules Court, TEM 62): the chart's steps are attack supply placed at the
    factory; Sep I 36 is no first turn of an even month, so no resource point."""
    scenario, code, out = to_next_game_turn(tmp_path, '  factory_production: {"33:3625": 1}\n')
    assert code == 0, out
    rules = [c["text"] for s in json.loads(out)["steps"] for c in s["changes"] if c["text"].startswith("37B")]
    assert rules == ["37B: 1 attack supply step(s) at 33:3625 (Loyalist)"]
    loaded = load_scenario(scenario)
    assert [s for s in loaded.position.supply if loaded.map.hex_id(s.hex) == "33:3625"][0].kind == "attack"


def test_the_barcelona_revolt_starts_the_purification_of_catalunya_on_its_date_38B5(tmp_path):
    """38B5 / 39B (AEG 1998; AEG 03-Mar-04): on the revolt's game turn every Loyalist-owned city hex
    of Catalunya must be purified again, each with its garrison and turns."""
    scenario, code, out = to_next_game_turn(
        tmp_path, f"  barcelona_revolt: {{date: Sep I 36, garrisons: {CATALAN_GARRISONS}}}\n")
    assert code == 0, out
    works = load_scenario(scenario).position.pacification
    assert works and {w.work for w in works} == {"purification"}
    assert sum(1 for w in works if w.garrison == 2) == 2          # Barcelona's two hexes
    assert any(c["text"].startswith("38B5: the Barcelona Revolt") for s in json.loads(out)["steps"] for c in s["changes"])


def test_a_revolt_without_a_garrison_for_a_catalan_city_is_one_line(tmp_path):
    _, code, out = to_next_game_turn(tmp_path, "  barcelona_revolt: {date: Sep I 36, garrisons: {Barcelona: [2, 2]}}\n")
    assert code == 1 and out.count("\n") == 1 and "options.barcelona_revolt.garrisons" in out


def test_a_dump_with_less_sp_than_a_unit_eats_feeds_it_not(tmp_path):
    """12.6d with `ocs_eat_per_re: 2`: the HQ (1 RE) eats 2 of 3 SP; the 1 SP left is not enough
    for the regiment (2 REs, 4 SP), which is Out of Supply, and stays in the dump."""
    scenario = ocs(tmp_path, sp=3, per_re="2")
    changes = ocs_changes(scenario)
    assert [t for k, t in changes if k == "supply"] == ["12.6d: 7 Pz HQ eats 2 SP from dump at A09.04",
                                                        "12.6d: dump at A09.04 held 3 SP, 2 eaten, 1 left"]
    p = load_scenario(scenario).position
    assert p.unit("7 Pz 25 Pz Rgt").oos == 1 and [s.amount for s in p.supply] == [1]


# --- TSCW: what a move may do (10.2, 8.2) ----------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["1", "2511", "--via", "2510"], "error: command line: --via: 10.2: 2610 and 2510 are both in an enemy ZOC (of A) "
                                     "(expected no move directly from one EZOC hex to another)"),
    (["4", "2608", "--via", "2609"], "error: command line: --via: 10.2: 2609 is in the ZOC of "),
])
def test_a_tscw_move_stops_in_an_enemy_zoc_10_2(tmp_path, args, message):
    """10.2: a unit stops on entering an EZOC hex and never moves from one EZOC hex to another:
    Nationalist division 1, beside Talavera's pocket, cannot slip past it."""
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    before = scenario.read_bytes()
    code, out = run("move", scenario, *args)
    assert code == 1 and out.count("\n") == 1 and out.startswith(message)
    assert scenario.read_bytes() == before


def test_a_tscw_move_may_end_in_an_enemy_zoc_and_takes_control_10_2_10_7(tmp_path):
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    code, out = run("move", scenario, "4", "2609")
    assert code == 0, out
    loaded = load_scenario(scenario)
    assert loaded.map.hex_id(loaded.position.unit("4").hex) == "2609"


def test_a_tscw_move_ending_over_the_stacking_limit_is_refused_8_2():
    """8.2: at most one HQ a hex: the Nationalist HQ may not end where another HQ stands."""
    from dataclasses import replace as dc_replace

    from logistics.games.tscw.movement import path_refusal
    loaded = load_scenario(ROOT / "scenarios" / "tscw" / "example-9-5.yaml")
    m, p = loaded.map, loaded.position
    other = dc_replace(p.unit("Nat HQ"), id="Second HQ", hex=m.hex_at("2208"))
    p = dc_replace(p, units=p.units + (other,))
    hq = p.unit("Nat HQ")
    assert path_refusal(p, m, hq, [m.hex_at("2208")]) == (0, "8.2: 2208 would hold 2 HQs, at most one",
                                                          "a hex within stacking")
    assert path_refusal(p, m, hq, [m.hex_at("2209")]) is None
