"""`logistics transport`: the OCS Transport Point checks (13.2c, 13.2f, 13.2g A) on a scenario
file, so that they act where a player asks, not only in the ruling cases."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli import main

OCS = str(Path(__file__).resolve().parent / "data" / "scenarios" / "ocs-test.yaml")


def run(*args):
    result = CliRunner().invoke(main, ["transport", OCS, *args])
    assert "Traceback" not in result.output
    return result


def test_unload_refused_for_an_organic_truck_and_where_no_combat_unit_stands():
    """13.2g A: an Organic Truck never unloads on the map; 13.2f: a truck unloads only beside a
    friendly combat unit, port, air base or dump (1 Truck stands alone at A07.05)."""
    organic = run("--unload", "7 Pz Organic Trucks")
    assert organic.exit_code == 0 and "not allowed" in organic.output and "(13.2g A)" in organic.output
    alone = json.loads(run("--unload", "1 Truck", "--json").output)
    assert alone["allowed"] is False and alone["cost_mp"] == 5 and "A07.05" in alone["reason"]


def test_combine_needs_the_movement_phase_and_load_needs_a_dump_in_the_hex(tmp_path):
    """13.2c: combining only in the friendly Movement Phase; 13.2f: loading only from a dump in
    the Transport Point's own hex (the dump at A09.04 is two hexes from 1 Truck)."""
    combine = run("--combine", "1 Truck", "--combine", "7 Pz Organic Trucks")
    assert "only in the Axis Movement Phase" in combine.output
    load = run("--load", "1 Truck")
    assert "not allowed" in load.output and "(13.2f)" in load.output
    moved = Path(OCS).read_text(encoding="utf-8").replace("load: 2, hex: A07.05", "load: 0, hex: A09.04")
    (tmp_path / "ocs.yaml").write_text(moved.replace("map: ../maps/ocs-test", f"map: {Path(OCS).parent.parent / 'maps' / 'ocs-test'}"),
                                       encoding="utf-8")
    result = CliRunner().invoke(main, ["--any-path", "transport", str(tmp_path / "ocs.yaml"), "--load", "1 Truck", "--json"])
    assert json.loads(result.output)["allowed"] is True and json.loads(result.output)["sp"] == 2


def test_bad_questions_are_one_line_errors():
    for args in (("--load", "Nobody"), ()):
        result = run(*args)
        assert result.exit_code == 1 and result.output.count("\n") == 1 and result.output.startswith("error: ")


def test_the_eating_rate_and_the_gauges_are_scenario_options(tmp_path):
    """`ocs_eat_per_re` (docs/ocs.md; chapter 12 is not in the seeds): a number of SP per RE;
    `ocs_gauges` (13.3f): the gauge each side traces supply along."""
    import shutil

    from logistics.files import load_scenario_file
    shutil.copytree(Path(OCS).parent.parent / "maps" / "ocs-test", tmp_path / "maps" / "ocs-test")   # inside the project
    text = Path(OCS).read_text(encoding="utf-8").replace("map: ../maps/ocs-test", "map: ocs-test")
    (tmp_path / "half.yaml").write_text(text.replace("  ocs_direct_draw: 5", "  ocs_direct_draw: 5\n  ocs_eat_per_re: 0.5"), encoding="utf-8")
    assert load_scenario_file(tmp_path / "half.yaml").position.options["ocs_eat_per_re"] == 0.5
    (tmp_path / "gauge.yaml").write_text(text.replace("  ocs_direct_draw: 5", "  ocs_direct_draw: 5\n  ocs_gauges: {Axis: standard}"),
                                         encoding="utf-8")
    assert load_scenario_file(tmp_path / "gauge.yaml").position.options["ocs_gauges"] == {"Axis": "standard"}
    (tmp_path / "bad.yaml").write_text(text.replace("  ocs_direct_draw: 5", "  ocs_direct_draw: 5\n  ocs_eat_per_re: lots"), encoding="utf-8")
    result = CliRunner().invoke(main, ["supply", str(tmp_path / "bad.yaml")])
    assert result.exit_code == 1 and "options.ocs_eat_per_re: 'lots' is not a number" in result.output
