"""The bundled scenarios on the Iberian maps: they validate, every unit gets a verdict, and the
verdicts that the position decides come out as the rules say."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from logistics.games import supply_engine
from logistics.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml") if not p.name.endswith(".moves.yaml"))
AUG36 = ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml"


@pytest.fixture(scope="module")
def aug36():
    s = load_scenario(AUG36)
    return s, {v.unit: v for v in supply_engine(s.position, s.map).verdicts()}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_bundled_scenario_validates_and_every_unit_gets_a_verdict(path):
    s = load_scenario(path)
    verdicts = supply_engine(s.position, s.map).verdicts()
    assert [v.unit for v in verdicts] == [u.id for u in s.position.units]
    assert all(v.general != "not checked" for v in verdicts)


def test_besieged_oviedo_is_out_of_supply_blocked_by_the_asturian_zoc_12A(aug36):
    _, v = aug36
    oviedo = v["Oviedo Gar"]
    assert oviedo.general == "out of supply" and oviedo.isolated and oviedo.next_marker == 1
    assert oviedo.blocked.rule.startswith("12A") and "enemy ZOC" in oviedo.blocked.reason


def test_a_supplied_unit_shows_its_line_to_a_source(aug36):
    _, v = aug36
    madrid = v["Madrid Militia"]
    assert madrid.general == "in supply" and madrid.source == "Republican cities"
    assert v["Castejon Col"].line[-1].element == "rail"


def test_the_fleet_in_the_strait_leaves_morocco_on_limited_sources_12B4_12C2a(aug36):
    _, v = aug36
    for unit in ("Ceuta Leg", "Tetuan Reg"):
        assert v[unit].general == "in supply (limited source)"
        assert v[unit].isolated is False    # 3F errata: Larache's Atlantic port reaches Cadiz


def test_naval_report_shows_the_ceuta_danger_zone_over_the_strait_34F():
    out = CliRunner().invoke(main, ["naval", str(AUG36)]).output
    line = next(l for l in out.splitlines() if "danger zone of enemy naval base Ceuta" in l)
    assert "23A:3925" in line   # the Gibraltar hex (AEG, 11-Mar-04)


def test_rail_plan_on_iberia_the_northern_net_is_its_own_section_43C2_AEG_02Apr03():
    out = CliRunner().invoke(main, ["rail", "plan", str(AUG36), str(AUG36.with_suffix(".moves.yaml"))]).output
    assert "section 1: capacity 12" in out and "section 2: capacity 2" in out   # main net, Bilbao
    assert "Irun reinforcement: general supply 23A:1701 -> 33:1932 (size 2, priority 1): rejected, capacity" in out
    assert "across the front" in out and "rejected, illegal" in out and "(7A)" in out
    assert "OPTIMAL" in out


TSCW95 = ROOT / "scenarios" / "tscw" / "example-9-5.yaml"


def test_tscw_supply_has_the_same_cli_and_json_shape_as_europa():
    import json
    tscw = json.loads(CliRunner().invoke(main, ["supply", str(TSCW95), "--json"]).output)
    europa = json.loads(CliRunner().invoke(main, ["supply", str(AUG36), "--json"]).output)
    assert tscw["game"] == "tscw" and set(tscw) == set(europa)
    assert set(tscw["units"][0]) == set(europa["units"][0])
    table = CliRunner().invoke(main, ["supply", str(TSCW95)]).output
    assert table.splitlines()[0] == "map: iberia-tscw; corrections: none"
    assert table.splitlines()[1].split()[:4] == ["unit", "side", "hex", "general"]
    assert "city supply" in table   # unit A, encircled in Talavera (9.6)


def test_tscw_strategic_plan_on_the_example_position():
    out = CliRunner().invoke(main, ["rail", "plan", str(TSCW95), str(TSCW95.with_suffix(".moves.yaml"))]).output
    assert "HQ forward: Rep HQ 2413 -> 2712 (size 1, priority 1): moved on rail (11.4), cost 2" in out
    assert "A out of Talavera" in out and "not Fully Supplied: no strategic movement (9.3, 11.1)" in out
    assert "B by sea" in out and "(11.5)" in out and "OPTIMAL" in out


def test_a_scenario_named_from_its_own_folder_finds_its_map(monkeypatch):
    monkeypatch.chdir(TSCW95.parent)
    result = CliRunner().invoke(main, ["validate", TSCW95.name])
    assert result.exit_code == 0 and result.output.startswith("ok: "), result.output
