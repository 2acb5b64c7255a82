"""`logistics replacements` (games/europa/replacements.py): the replacement traces from the command
line, in text and JSON, and one-line errors on bad input."""
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from cli import main

ROOT = Path(__file__).resolve().parents[1]
AUG = str(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")


def run(*args):
    return CliRunner().invoke(main, ["replacements", *args])


def test_pools_aid_and_french_rps_on_the_bundled_scenario():
    """40B3a (DPS, 15-Oct-04): the Spanish Moroccan cities, all Insurgent and joined by lines of
    supply, combine; 40D3 between two Insurgent forces; 38C1 at a Loyalist hex with no factory."""
    result = run(AUG, "--pool", "Tetuan", "--pool", "Ceuta", "--aid", "Nationalist", "Colonial",
                 "--french-rps", "Barcelona", "--json")
    assert result.exit_code == 0, result.output
    sides = {s["side"]: s for s in json.loads(result.output)["sides"]}
    assert sides["Insurgent"]["pools"]["combined"] == [["Ceuta", "Tetuan"]]
    assert sides["Insurgent"]["foreign_aid"][0]["possible"] is True
    assert sides["Loyalist"]["french_rps"][0]["outcome"] == "stays in the France Holding Box"
    text = run(AUG, "--side", "insurgent", "--pool", "Tetuan", "--pool", "Ceuta")
    assert text.exit_code == 0 and "combined: Ceuta + Tetuan" in text.output and "Loyalist" not in text.output


def test_bad_input_is_one_line():
    for args, field in ((["--pool", "Atlantis"], "--pool"), (["--aid", "Martians", "Colonial"], "--aid"),
                        (["--french-rps", "nowhere"], "--french-rps"), (["--side", "Neither"], "--side")):
        out = subprocess.run([sys.executable, "cli.py", "replacements", AUG, *args], capture_output=True, text=True,
                             cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
        assert out.returncode == 1 and out.stdout == "", out
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and field in out.stderr, out.stderr


def test_a_game_without_europa_replacements_is_refused():
    result = run(str(ROOT / "scenarios" / "tscw" / "example-9-5.yaml"))
    assert result.exit_code == 1 and "no Europa replacement rules" in result.output


def test_second_front_places_replacements_by_40D1(tmp_path):
    """SF 40D1 (GR/D, 03-Mar-98): on a Second Front scenario the command lists where replaced units
    may be placed (Testland as SF): Roca traces overland to the Rebel cities, and the Loyalists,
    whose Republican cities are not active (12C1), may place none."""
    data = ROOT / "tests" / "data"
    text = (data / "scenarios" / "testland.yaml").read_text(encoding="utf-8")
    text = text.replace("game: europa-fwtbt", "game: europa-sf").replace(
        "map: ../maps/testland", f"map: {data / 'maps' / 'testland'}").replace(
        "file: testland.owner.txt", f"file: {data / 'scenarios' / 'testland.owner.txt'}")
    (tmp_path / "sf.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["--any-path", "replacements", str(tmp_path / "sf.yaml"), "--json"])
    assert result.exit_code == 0, result.output
    sides = {s["side"]: s for s in json.loads(result.output)["sides"]}
    roca = next(c for c in sides["Insurgent"]["placement"]["cities"] if c["city"] == "Roca")
    assert roca["traced"] and roca["to"] == "Rebel cities" and all("naval" not in s for s in roca["line"])
    assert not any(c["traced"] for c in sides["Loyalist"]["placement"]["cities"])
    fwtbt = json.loads(run(AUG, "--json").output)["sides"]
    assert all("placement" not in s for s in fwtbt)            # 40D1 is a Second Front rule
