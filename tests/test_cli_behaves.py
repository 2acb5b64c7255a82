"""A command line that behaves: `--json` on every command that prints, `rail` as plain click
subcommands, `--only out`, colour only on a terminal (not piped, not with NO_COLOR),
`python -m logistics`, the bundled maps and scenarios in the installed package, and files written
with the user's umask."""
from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main

ROOT = Path(__file__).resolve().parent.parent
AUG = str(ROOT / "scenarios" / "fwtbt" / "aug-1936.yaml")
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def _json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_validate_and_trace_print_json():
    assert _json("validate", AUG)["units"] == 35
    assert _json("validate", ROOT / "maps" / "iberia-europa")["kind"] == "map"
    (oviedo,) = _json("trace", AUG, "--unit", "Oviedo Gar")["units"]
    assert oviedo["blocked"]["hex"] == "23A:1108"


def test_turn_show_history_and_undo_print_json(tmp_path):
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        shutil.copy(ROOT / "scenarios" / "fwtbt" / name, tmp_path / name)
    scenario = tmp_path / "aug-1936.yaml"
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shown = _json("turn", "show", scenario)
    assert shown["now"].startswith("turn 4") and shown["steps_taken"] == 0
    assert _json("turn", "history", scenario)["steps"] == []
    assert run("turn", "next", scenario).exit_code == 0
    (step,) = _json("turn", "history", scenario)["steps"]
    assert _json("turn", "undo", scenario)["undone"] == step
    assert _json("turn", "history", scenario)["steps"] == []


def test_rail_is_plain_subcommands_whose_help_lists_options():
    group = run("rail", "--help").output
    assert "sections" in group and "plan" in group and "--side S" in group
    sections = run("rail", "sections", "--help").output
    assert "--side" in sections and "--json" in sections
    assert _json("rail", "sections", AUG)["sides"][0]["side"] == "Insurgent"


def test_only_out_lists_the_units_not_in_supply():
    rows = run("supply", AUG, "--only", "out").output.splitlines()
    assert rows[0] == "map: iberia-europa; corrections: none"
    assert [r.split("  ")[0] for r in rows[2:]] == ["Oviedo Gar"]
    assert run("supply", AUG, "--only", "nonsense").exit_code == 2   # a usage error stays click's


def _on_a_terminal(args: list[str], env: dict) -> str:
    """The output of the command run with a pseudo-terminal as its standard output."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "logistics", *args], stdout=follower, stderr=subprocess.PIPE,
                            cwd=ROOT, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


def test_colour_on_a_terminal_only():
    args = ["supply", AUG, "--only", "out"]
    env = {k: v for k, v in ENV.items() if k != "NO_COLOR"}
    assert "\x1b[" in _on_a_terminal(args, env)
    assert "\x1b[" not in _on_a_terminal(args, {**env, "NO_COLOR": "1"})
    piped = subprocess.run([sys.executable, "-m", "logistics", *args], capture_output=True, text=True, cwd=ROOT,
                           env=env, check=True).stdout
    assert "\x1b[" not in piped and "Oviedo Gar" in piped


def test_python_dash_m_logistics():
    out = subprocess.run([sys.executable, "-m", "logistics", "--help"], capture_output=True, text=True, cwd=ROOT,
                         env=ENV, check=True).stdout
    assert out.startswith("Usage: logistics ")


def test_maps_lists_the_bundled_maps_and_scenarios():
    data = _json("maps")
    assert {m["name"]: m["game"] for m in data["maps"]} == {"iberia-europa": "europa", "iberia-tscw": "tscw"}
    assert "fwtbt/aug-1936" in [s["name"] for s in data["scenarios"]]


def test_a_scenario_outside_the_clone_finds_its_bundled_map(tmp_path):
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        shutil.copy(ROOT / "scenarios" / "fwtbt" / name, tmp_path / name)
    assert not any((p / "maps").exists() for p in (tmp_path, *tmp_path.parents))
    result = run("validate", tmp_path / "aug-1936.yaml")
    assert result.exit_code == 0 and "on map iberia-europa" in result.output


def test_the_built_package_carries_the_maps_and_scenarios(tmp_path):
    """setup.py's build step copies maps/ and scenarios/ into the wheel (logistics/_bundled/); the
    unpacked wheel, away from any clone, lists them and finds `map: iberia-europa`."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("cli.py", "pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, src / name)
    for name in ("logistics", "maps", "scenarios"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "_bundled"))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "out"),
                            str(src)], capture_output=True, text=True, check=False)
    if built.returncode != 0 and any(w in built.stderr for w in ("connection", "Could not find a version",
                                                                 "No matching distribution")):
        pytest.skip("building a wheel needs setuptools from the package index: " + built.stderr.splitlines()[-1])
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "out").glob("*.whl")
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    assert (site / "logistics" / "_bundled" / "maps" / "iberia-europa" / "map.yaml").is_file()
    for asset in ("page.js", "page.css", "editor.js", "hexpick.js"):      # the pages' scripts and style
        assert (site / "logistics" / "render" / asset).is_file(), asset
    away = tmp_path / "away"
    away.mkdir()
    for name in ("aug-1936.yaml", "aug-1936.owner.txt"):
        shutil.copy(ROOT / "scenarios" / "fwtbt" / name, away / name)
    code = ("import logistics, logistics.bundled as b; print(b.root()); "
            "print(logistics.load('aug-1936.yaml').map.name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=away,
                         env={**os.environ, "PYTHONPATH": str(site)}, check=True).stdout.split("\n")
    assert out[0] == str(site / "logistics" / "_bundled") and out[1] == "iberia-europa"


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_get_the_users_umask(tmp_path, umask, mode):
    from logistics.atomic import write_text
    old = os.umask(umask)
    try:
        write_text(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == mode


def test_a_replaced_file_keeps_its_mode(tmp_path):
    from logistics.atomic import write_text
    path = tmp_path / "kept.txt"
    path.write_text("old")
    path.chmod(0o640)
    write_text(path, "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o777 == 0o640
