"""`logistics may` (logistics/cli/may.py): the rules it answers on the bundled scenarios, each a
yes or no with its rule, and one-line errors on bad input."""
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from cli import main

ROOT = Path(__file__).resolve().parents[1]
TSCW = str(ROOT / "scenarios" / "tscw" / "example-9-5.yaml")
AUG = str(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")


def ask(*args):
    result = CliRunner().invoke(main, ["may", *args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    return out["answer"], out["rule"], out["reason"]


def test_tscw_questions_on_the_9_5_example():
    """TSCW 7.4: unit A of example 9.5 is in city supply, so it may not withdraw (7.4 needs a USS);
    9.2: it may end a move beside; 7.12: the northern capitals are Republican."""
    assert ask(TSCW, "withdraw", "A")[:2] == (False, "7.4")
    assert ask(TSCW, "restore", "C")[:2] == (True, "7.6")
    assert ask(TSCW, "end-move", "A", "2510")[:2] == (True, "9.2")
    assert ask(TSCW, "north-capitals") == (False, "7.12, 12.2.3", "not Nationalist-controlled: Santander, Bilbao, Gijon")
    assert ask(TSCW, "air-support", "Republican", "2509")[0] is True
    assert ask(TSCW, "sources", "A")[0] is False       # 9.6: city supply, no source in its LOS


def test_europa_questions_on_the_bundled_scenario():
    """12C1: a Nationalist unit draws on the Rebel cities; SF 31B: a unit that is not amphibious
    does not land at a beach from NTs."""
    assert ask(AUG, "sources", "Oviedo Gar") == (True, "12C1", "Rebel cities")
    assert ask(AUG, "land", "Oviedo Gar", "NT")[0] is False
    assert ask(AUG, "land", "Oviedo Gar", "LC")[0] is True


def test_bad_input_is_one_line():
    for args in ((TSCW, "bogus"), (TSCW, "withdraw"), (TSCW, "withdraw", "ZZ"), (TSCW, "reserve", "A"),
                 (AUG, "withdraw", "Oviedo Gar"), (AUG, "land", "Oviedo Gar", "XX"), (TSCW, "end-move", "A", "nowhere")):
        out = subprocess.run([sys.executable, "cli.py", "may", *args], capture_output=True, text=True, cwd=ROOT,
                             env={"PYTHONPATH": str(ROOT), "PATH": ""})
        assert out.returncode == 1 and out.stdout == "", (args, out)
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: "), out.stderr
