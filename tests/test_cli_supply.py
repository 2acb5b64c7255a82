"""`logistics supply` and `logistics trace` on the Testland scenario."""
import json

from click.testing import CliRunner
from conftest import TESTLAND_SCENARIO, edit

from cli import main


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_supply_table_has_a_verdict_for_every_unit(testland_scenario):
    result = run("supply", TESTLAND_SCENARIO)
    assert result.exit_code == 0
    for u in testland_scenario.position.units:
        assert u.id in result.output


def test_supply_json_shape_is_stable():
    data = json.loads(run("supply", TESTLAND_SCENARIO, "--json").output)
    assert data["game"] == "europa-fwtbt"
    keys = {"unit", "side", "affiliation", "hex", "general", "supplied", "source", "isolated", "attack",
            "weather", "lengths", "line", "blocked", "marker", "next_marker", "rules", "effects",
            "source_place", "isolation", "limited_lost"}
    assert all(set(u) == keys for u in data["units"])


def test_json_output_is_byte_identical_between_runs():
    assert run("supply", TESTLAND_SCENARIO, "--json").output == run("supply", TESTLAND_SCENARIO, "--json").output


def test_explain_shows_the_line_of_a_supplied_unit():
    out = run("trace", TESTLAND_SCENARIO, "--unit", "1 Nav Inf XX").output
    assert "in supply" in out and "[overland]" in out and "[rail]" in out and "Rebel cities" in out


def test_explain_shows_the_blocking_hex_and_rule_of_an_unsupplied_unit(data_copy):
    # Without supply points, the Loyalist People's Army divisions have no active source: the
    # unpacified Southtown (39A) cuts the three-city connection (7A ruling, DPS 22-Aug-05).
    scenario = data_copy / "scenarios" / "testland.yaml"
    edit(scenario, "  - {side: Loyalist, kind: general, hex: \"T:0505\", amount: 2, affiliation: People's Army}\n", "")
    out = run("supply", scenario, "--unit", "2 PA Inf XX", "--explain").output
    assert "out of supply" in out and "blocked at" in out and "(rule 12C1)" in out
    # Garrisoning Southtown is not enough: Northtown is cut too, at T:0504 in the Nationalist ZOC.
    garrisoned = edit(scenario, 'unpacified: ["T:0509"]', 'unpacified: ["T:0509"]\ngarrisoned: ["T:0509"]')
    assert "out of supply" in run("trace", garrisoned, "--unit", "2 PA Inf XX").output
    # A Loyalist unit in T:0504 negates that ZOC (12A): three cities connect and the line is traced.
    edit(scenario, "units:\n", "units:\n  - {id: 3 PA Inf XX, affiliation: People's Army, hex: \"T:0504\"}\n")
    assert ": in supply" in run("trace", garrisoned, "--unit", "2 PA Inf XX").output


def test_unknown_unit_is_a_clear_error():
    result = run("trace", TESTLAND_SCENARIO, "--unit", "nobody")
    assert result.exit_code == 1 and "error:" in result.output and "no unit 'nobody'" in result.output


def test_naval_command_shows_zones_ports_and_allocation():
    out = run("naval", TESTLAND_SCENARIO).output
    assert "danger zone of enemy naval base Portville (34F): T:0802" in out
    assert "combat zone of enemy combat group Canarias TF (34K)" in out
    assert "limited sources (12C2), allocation OPTIMAL" in out
    assert "  Shingle at T:0805: Insurgent\n    Insurgent: may embark and disembark cargo\n" \
           "    Loyalist: refused: beach Shingle is Insurgent-owned" in out
    data = json.loads(run("naval", TESTLAND_SCENARIO, "--json").output)
    assert set(data) == {"sides", "ports", "beaches", "limited_sources"}
    assert data["beaches"][0]["refused"]["Insurgent"] is None


def test_a_unit_embarked_in_port_and_out_of_supply_gets_a_verdict_not_a_crash(data_copy):
    """SF Q&A on Rule 12 (GR/D 1998): an embarked unit in port traces from its group's port; when
    no line exists the verdict names that port hex (the unit itself has no hex)."""
    scenario = edit(data_copy / "scenarios" / "testland.yaml",
                    '  - {id: Loyalist Fleet, side: Loyalist, kind: mixed, box: Overseas}\n',
                    '  - {id: Loyalist Fleet, side: Loyalist, kind: mixed, box: Overseas}\n'
                    '  - {id: Tr, side: Loyalist, kind: transport, hex: "T:0808", in_port: true}\n')
    edit(scenario, '  - {id: Durruti Col,',
         '  - {id: Marines, affiliation: People\'s Army, type: infantry, size: 1, aboard: Tr}\n  - {id: Durruti Col,')
    result = run("trace", scenario, "--unit", "Marines")
    assert result.exit_code == 0, result.output
    assert "Marines (Loyalist, People's Army) at T:0808: out of supply" in result.output
    assert "blocked at T:0808" in result.output


def test_naval_report_with_an_enemy_group_whose_combat_zone_runs_off_the_map(data_copy):
    """34K: a combat group at the map's edge has a combat zone only in the hexes that exist."""
    scenario = edit(data_copy / "scenarios" / "testland.yaml", 'kind: combat, hex: "T:1104"', 'kind: combat, hex: "T:1201"')
    result = run("naval", scenario, "--json")
    assert result.exit_code == 0, result.output
    zones = json.loads(result.output)["sides"]["Loyalist"]["combat_zones"]
    assert any("Canarias TF" in name for name in zones)


def test_naval_carry_answers_the_sea_capacity_between_two_ports(tmp_path):
    """12B4 / 30 / 34K (naval.naval_flow, run by `logistics naval --carry-from --carry-to`): no
    transport group, no cargo; a transport group of 2 REs carries 2 REs from Vigo to Cadiz."""
    from pathlib import Path
    aug = Path(__file__).resolve().parents[1] / "scenarios" / "fwtbt"
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        (tmp_path / name).write_bytes((aug / name).read_bytes())
    scenario = tmp_path / "aug-1936.yaml"
    none = json.loads(run("naval", scenario, "--carry-from", "Ceuta", "--carry-to", "Cadiz", "--side", "insurgent",
                          "--json").output)
    assert (none["res"], none["limited_by"]) == (0, "transport")
    edit(scenario, '  - {id: Cervera, side: Insurgent, kind: combat, hex: "23A:1301"}',
         '  - {id: Cervera, side: Insurgent, kind: combat, hex: "23A:1301"}\n'
         '  - {id: Ferry, side: Insurgent, kind: transport, hex: "23A:3926", in_port: true, capacity: 2}')
    ferry = json.loads(run("naval", scenario, "--carry-from", "Vigo", "--carry-to", "Cadiz", "--side", "Insurgent",
                           "--json").output)
    assert ferry["res"] == 2 and ferry["limited_by"] == "transport"
    # 34K: the Republican Fleet's combat zone in the Strait closes Ceuta -> Cadiz.
    strait = json.loads(run("naval", scenario, "--carry-from", "Ceuta", "--carry-to", "Cadiz", "--side", "Insurgent",
                            "--json").output)
    assert (strait["res"], strait["limited_by"]) == (0, "no passage")
    bad = run("naval", scenario, "--carry-from", "Atlantis", "--carry-to", "Cadiz")
    assert bad.exit_code == 1 and "--carry-from: no port or beach 'Atlantis'" in bad.output


def test_a_scenario_may_deem_a_region_in_supply_and_a_region_the_map_lacks_is_refused(tmp_path):
    """Option `deemed_in_supply` (the general form of the SF set-up ruling, GR/D 03-Mar-98):
    besieged Oviedo's garrison is in supply on the turn the scenario names; an unknown region is
    one line naming the field."""
    from pathlib import Path
    aug = Path(__file__).resolve().parents[1] / "scenarios" / "fwtbt"
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        (tmp_path / name).write_bytes((aug / name).read_bytes())
    scenario = tmp_path / "aug-1936.yaml"
    assert "out of supply" in run("trace", scenario, "--unit", "Oviedo Gar").output
    edit(scenario, "  isolated_rail_sections: true",
         "  isolated_rail_sections: true\n  deemed_in_supply: [{turn: Aug II 36, side: Insurgent, region: Asturias,"
         " ruling: relieved by air}]")
    out = run("trace", scenario, "--unit", "Oviedo Gar").output
    assert "in supply" in out and "deemed in supply: relieved by air" in out
    edit(scenario, "region: Asturias", "region: Atlantis")
    bad = run("trace", scenario, "--unit", "Oviedo Gar")
    assert bad.exit_code == 1 and "deemed_in_supply" in bad.output and "Atlantis" in bad.output
