"""The commands whose output is recorded in tests/data/golden/ and compared byte for byte.

Run `python tests/golden/commands.py` to record them again after a change that is meant to alter
an output; the diff of tests/data/golden/ then shows exactly what changed.
"""
from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden"

AUG = "scenarios/fwtbt/aug-1936.yaml"
TSCW = "scenarios/tscw/example-9-5.yaml"
TESTLAND = "tests/data/scenarios/testland.yaml"
OCS = "tests/data/scenarios/ocs-test.yaml"

COMMANDS: dict[str, list[str]] = {
    "validate-map-europa": ["validate", "maps/iberia-europa"],
    "validate-map-tscw": ["validate", "maps/iberia-tscw"],
    "show-map-europa": ["show", "maps/iberia-europa", "--json"],
    "show-aug": ["show", AUG],
    "show-tscw-json": ["show", TSCW, "--json"],
    "supply-aug": ["supply", AUG],
    "supply-aug-json": ["supply", AUG, "--json"],
    "supply-aug-explain": ["supply", AUG, "--explain"],
    "trace-aug-oviedo": ["trace", AUG, "--unit", "Oviedo Gar"],
    "naval-aug": ["naval", AUG],
    "naval-aug-json": ["naval", AUG, "--json"],
    "rail-aug": ["rail", "sections", AUG],
    "rail-plan-aug-json": ["rail", "plan", AUG, "scenarios/fwtbt/aug-1936.moves.yaml", "--json"],
    "rail-plan-aug": ["rail", "plan", AUG, "scenarios/fwtbt/aug-1936.moves.yaml"],
    "turn-show-aug": ["turn", "show", AUG],
    "turn-next-aug": ["turn", "next", AUG, "--steps", "4", "--dry-run", "--json"],
    "supply-tscw-json": ["supply", TSCW, "--json"],
    "supply-tscw-explain": ["supply", TSCW, "--explain"],
    "rail-plan-tscw-json": ["rail", "plan", TSCW, "scenarios/tscw/example-9-5.moves.yaml", "--json"],
    "turn-next-tscw": ["turn", "next", TSCW, "--steps", "3", "--dry-run", "--json"],
    "supply-testland-json": ["supply", TESTLAND, "--json"],
    "naval-testland-json": ["naval", TESTLAND, "--json"],
    "rail-plan-testland-json": ["rail", "plan", TESTLAND, "tests/data/scenarios/testland.moves.yaml", "--json"],
    "supply-ocs-json": ["supply", OCS, "--json"],
    "supply-ocs-explain": ["supply", OCS, "--explain"],
    "cut-aug-loyalist": ["cut", AUG, "--side", "Loyalist"],
    "cut-aug-insurgent-json": ["cut", AUG, "--side", "Insurgent", "--json"],
    "supply-aug-if": ["supply", AUG, "--if", "move Oviedo Gar to 23A:1108", "--if", "block 33:3625"],
    "validate-tscw-json": ["validate", TSCW, "--json"],
    "turn-show-aug-json": ["turn", "show", AUG, "--json"],
    "transport-ocs-json": ["transport", OCS, "--load", "1 Truck", "--json"],
    "where-aug-json": ["where", AUG, "23A:1007", "--json"],
    "supply-tscw-if-json": ["supply", TSCW, "--if", "remove 1", "--json"],
    "replacements-aug-json": ["replacements", AUG, "--pool", "Tetuan", "--pool", "Ceuta", "--pool", "Melilla",
                              "--force", "Colonial", "--aid", "Nationalist", "Colonial", "--french-rps", "Barcelona",
                              "--json"],
    "may-tscw-withdraw": ["may", TSCW, "withdraw", "A"],
}


# Pictures: the file's SHA-256 is recorded, not the file.
PICTURES: dict[str, list[str]] = {
    "render-aug-svg": ["render", AUG, "-o", "{out}.svg"],
    "render-tscw-ids-svg": ["render", TSCW, "--ids", "-o", "{out}.svg"],
    "render-map-europa-svg": ["render", "maps/iberia-europa", "-o", "{out}.svg"],
}


def run(args: list[str]) -> str:
    """Exit code, standard output and standard error of one command, as recorded."""
    import os

    from cli import main
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(cwd)
    return f"exit {result.exit_code}\n{result.stdout}" + (f"--- stderr\n{result.stderr}" if result.stderr else "")


def picture(args: list[str]) -> str:
    """Exit code and SHA-256 of the file a render command writes."""
    import hashlib
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / "picture")
        args = [a.replace("{out}", out) for a in args]
        text = run(args).replace(out, "OUT")
        written = [a for a in args if a.startswith(out)][0]
        digest = hashlib.sha256(Path(written).read_bytes()).hexdigest() if Path(written).exists() else "none"
    return f"{text}sha256 {digest}\n"


def record() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, args in COMMANDS.items():
        (GOLDEN / f"{name}.txt").write_text(run(args), encoding="utf-8")
    for name, args in PICTURES.items():
        (GOLDEN / f"{name}.txt").write_text(picture(args), encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    record()
