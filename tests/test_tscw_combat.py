"""TSCW 9.2 (living rules 2.0, June 2011, seed 002): the supply check at combat resolution, as an
orders file's `combats` (turn next --orders, in a combat segment) and as `logistics combat`. The
worked position of 9.5 (scenarios/tscw/example-9-5.yaml): Republican A, encircled in Talavera
(2509), is in city supply (9.6); Nationalist divisions 1 (2610) and 2 (2409) are beside it."""
import json

import pytest
from conftest import edit
from test_turn import copy_tree, run

from logistics.scenario import load_scenario


def in_combat_segment(tmp_path):
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    edit(scenario, "phase: operational movement, player: Nationalist", "phase: B-II, player: Nationalist")
    return scenario


def orders(scenario, text):
    path = scenario.parent / "combat.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_combat_in_the_orders_is_checked_at_its_resolution_9_2_9_6_15_17(tmp_path):
    """9.2: supply is checked for each unit at combat resolution; A in city supply defends at full
    strength (9.6) and the attack gets +1 drm (15.17); the supplied attackers attack at full
    strength. The check changes no unit (TSCW keeps no supply markers)."""
    scenario = in_combat_segment(tmp_path)
    before = load_scenario(scenario).position.units
    code, out = run("turn", "next", scenario, "--orders", orders(scenario, 'combats:\n  - {hex: "2509", attackers: ["2", "1"]}\n'),
                    "--json")
    assert code == 0, out
    step = json.loads(out)["steps"][0]
    assert step["to"].startswith("turn 5 (Sep 36), segment B-III")
    assert [c["text"] for c in step["changes"] if "at combat" in c["text"]] == [
        "9.2 supply check at combat 2509: attacker 1 is in supply: attacks at full strength",
        "9.2 supply check at combat 2509: attacker 2 is in supply: attacks at full strength",
        "9.2 supply check at combat 2509: defender A is in city supply: defends at full strength (9.6)",
        "9.2 supply check at combat 2509: +1 drm to the attacker: A not fully supplied (9.3, 9.6, 15.17)"]
    assert all(c["kind"] == "supply" for c in step["changes"] if "at combat" in c["text"])
    assert load_scenario(scenario).position.units == before


@pytest.mark.parametrize("text, where", [
    ('combats:\n  - {hex: "2509", attackers: ["1"]}\n  - {hex: "2509", attackers: ["2"]}\n',
     ":3: combats[1].hex: 15.2: 2509 is attacked twice in this segment (expected each hex attacked once a segment)"),
    ('combats:\n  - {hex: "2509", attackers: ["1", "1"]}\n',
     ":2: combats[0].attackers[1]: 15.3: 1 attacks twice in this segment"),
    ('combats:\n  - {hex: "2509", attackers: ["3"]}\n', ":2: combats[0].attackers[0]: 15.2: 3 is not in a hex around 2509"),
    ('combats:\n  - {hex: "2509", attackers: ["A"]}\n', ":2: combats[0].attackers[0]: unit A is Republican's"),
    ('combats:\n  - {hex: "2509", attackers: ["Z"]}\n', ":2: combats[0].attackers[0]: unknown unit 'Z'"),
    ('combats:\n  - {hex: "2610", attackers: ["2"]}\n', ":2: combats[0].hex: 15.2: 2610 holds no Republican ground unit"),
    ('combats:\n  - {hex: "9999", attackers: ["1"]}\n', ":2: combats[0].hex: '9999' lies outside"),
])
def test_a_bad_combat_order_is_one_line_and_the_position_is_untouched(tmp_path, text, where):
    """15.2: an enemy-occupied hex, attacked from the hexes around it, once a segment; 15.3: a
    unit attacks once a segment."""
    scenario = in_combat_segment(tmp_path)
    before = scenario.read_bytes()
    code, out = run("turn", "next", scenario, "--orders", orders(scenario, text))
    assert code == 1 and out.count("\n") == 1 and where in out and out.startswith("error: ")
    assert scenario.read_bytes() == before


def test_combats_outside_a_combat_segment_are_refused(tmp_path):
    """5.2 / 15.1: combats are resolved in the combat segments (B-II, B-IV, C-II, C-IV)."""
    scenario = copy_tree(tmp_path) / "scenarios" / "tscw" / "example-9-5.yaml"
    code, out = run("turn", "next", scenario, "--orders", orders(scenario, 'combats:\n  - {hex: "2509", attackers: ["1"]}\n'))
    assert code == 1 and out.count("\n") == 1
    assert "combats[0].hex: 9.2 / 15.1: B-I Nationalist Operational Movement is no combat segment" in out


def test_the_combat_command_checks_one_combat_read_only(tmp_path):
    """`logistics combat`: the same check for one combat, as it is resolved; nothing written."""
    scenario = in_combat_segment(tmp_path)
    before = scenario.read_bytes()
    code, out = run("combat", scenario, "2509", "--attacker", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["drm"] == 1 and [v["general"] for v in data["defenders"]] == ["city supply"]
    assert [v["unit"] for v in data["attackers"]] == ["1"]
    code, text = run("combat", scenario, "2509", "--attacker", "1")
    assert code == 0 and text.splitlines() == data["lines"]
    assert scenario.read_bytes() == before


@pytest.mark.parametrize("args, message", [
    (["2509"], "error: command line: --attacker: no attacking unit"),
    (["2509", "--attacker", "3"], "error: command line: --attacker: 15.2: 3 is not in a hex around 2509"),
    (["2610", "--attacker", "1"], "error: command line: HEX: 15.2: 2610 holds no Republican ground unit"),
    (["2509", "--attacker", "Nat HQ"], "error: command line: --attacker: 12.1.3: HQs alone cannot attack"),
    (["2509", "--attacker", "1", "--attacker", "Nat HQ"],
     "error: command line: --attacker: 12.1.3: HQ Nat HQ is neither with nor beside an attacking unit"),
])
def test_a_bad_combat_command_is_one_line(tmp_path, args, message):
    code, out = run("combat", in_combat_segment(tmp_path), *args)
    assert code == 1 and out.count("\n") == 1 and out.startswith(message)


def test_an_hq_beside_the_attackers_supports_if_supplied_and_air_support_is_checked_12_1_3_12_2_2(tmp_path):
    """12.1.3: the Nationalist HQ (2308), beside division 2 (2409), supports the attack on 2509:
    Available and Fully Supplied, it may give ground support (it does not attack, and no
    attack-strength line is given for it). 12.2.2: each side's air units may support a combat
    within 3 hexes of a friendly fully supplied source."""
    code, out = run("combat", in_combat_segment(tmp_path), "2509", "--attacker", "2", "--attacker", "Nat HQ")
    assert code == 0, out
    lines = out.splitlines()
    assert "9.2 supply check at combat 2509: supporting Nat HQ is in supply: may give ground support (12.1.3)" in lines
    assert not any("Nat HQ" in line and "strength" in line for line in lines)
    assert "12.2.2 air support at 2509: Nationalist may support (within 3 of 2308)" in lines


def test_a_game_without_the_check_says_so_in_one_line():
    from conftest import DATA
    code, out = run("combat", DATA / "scenarios" / "ocs-test.yaml", "A10.04", "--attacker", "x")
    assert code == 1 and out.count("\n") == 1
    assert "the supply check at combat is not built for Operational Combat Series v4" in out
