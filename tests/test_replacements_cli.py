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
    assert sides["Insurgent"]["pools"]["combined"] == [["Tetuan", "Ceuta"]]
    assert sides["Insurgent"]["foreign_aid"][0]["possible"] is True
    assert sides["Loyalist"]["french_rps"][0]["outcome"] == "stays in the France Holding Box"
    text = run(AUG, "--side", "insurgent", "--pool", "Tetuan", "--pool", "Ceuta")
    assert text.exit_code == 0 and "combined: Tetuan + Ceuta" in text.output and "Loyalist" not in text.output


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
