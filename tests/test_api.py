"""The Python API (docs/api.md): its examples run as doctests; each report's `.to_json()` is the
command's `--json` output, byte for byte; `import logistics` loads neither the solver nor the rules."""
from __future__ import annotations

import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import logistics
from cli import main

ROOT = Path(__file__).resolve().parent.parent
AUG = "scenarios/fwtbt/aug-1936.yaml"
MOVES = "scenarios/fwtbt/aug-1936.moves.yaml"


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_docs_api_examples(at_root):
    failed, attempted = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                                         optionflags=doctest.ELLIPSIS)
    assert attempted >= 20 and failed == 0


def _cli_json(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("call,args", [
    (lambda: logistics.supply(AUG), ["supply", AUG]),
    (lambda: logistics.supply(AUG, only="out"), ["supply", AUG, "--only", "out"]),
    (lambda: logistics.trace(AUG, "Oviedo Gar"), ["trace", AUG, "--unit", "Oviedo Gar"]),
    (lambda: logistics.naval(AUG), ["naval", AUG]),
    (lambda: logistics.plan_rail(AUG, MOVES), ["rail", "plan", AUG, MOVES]),
    (lambda: logistics.plan_rail(AUG, sections=True), ["rail", "sections", AUG]),
    (lambda: logistics.turn(AUG, steps=2), ["turn", "next", AUG, "--steps", "2", "--dry-run"]),
], ids=["supply", "supply-only-out", "trace", "naval", "rail-plan", "rail-sections", "turn"])
def test_to_json_is_the_commands_json(at_root, call, args):
    assert call().to_json() + "\n" == _cli_json(*args)


def test_render_to_json_is_the_commands_json(at_root, tmp_path):
    out = str(tmp_path / "a.svg")
    api = logistics.render(AUG, out, unit="Oviedo Gar").to_json()
    assert api + "\n" == _cli_json("render", AUG, "--unit", "Oviedo Gar", "-o", out)


def test_a_what_if_changes_only_the_copy(at_root):
    aug = logistics.load(AUG)
    moved = logistics.move(aug, "Asturian Mining Col", "23A:1309")
    assert logistics.supply(moved, unit="Oviedo Gar").unit("Oviedo Gar").supplied
    assert not logistics.supply(aug, unit="Oviedo Gar").unit("Oviedo Gar").supplied


def test_bad_input_is_a_load_error(at_root):
    from logistics.errors import LoadError
    with pytest.raises(LoadError, match="no unit 'Nobody'"):
        logistics.trace(AUG, "Nobody")
    with pytest.raises(LoadError, match="no hex"):
        logistics.move(AUG, "Oviedo Gar", "99:9999")


def test_import_logistics_loads_no_solver():
    """Start-up: the API is imported on first use; ortools, numpy and click stay out."""
    code = ("import sys, logistics; heavy = [m for m in ('ortools', 'numpy', 'rustworkx', 'click', 'logistics.api') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True).stdout
    assert out.strip() == "[]"
    assert "supply" in dir(logistics) and logistics.supply is logistics.api.supply
