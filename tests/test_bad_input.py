"""Bad input at scale (docs/scenario-format.md, "Limits"): the reader's limits, tags, empty and
non-UTF-8 files, values outside their domains. Each is one line `error: file:line: field: ...`,
exit 1, quickly; never an internal error, never silent acceptance."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import edit

from cli import main
from logistics import yamldoc

SCEN = "scenarios/testland.yaml"
ROOT = Path(__file__).parent.parent


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def one_line_error(code: int, out: str, *words: str) -> None:
    assert code == 1, out
    assert len(out.strip().splitlines()) == 1 and out.startswith("error: ") and "internal error" not in out, out
    for w in words:
        assert w in out, out


def write(tmp_path: Path, text: str | bytes, name: str = "bad.yaml") -> Path:
    path = tmp_path / name
    (path.write_bytes if isinstance(text, bytes) else path.write_text)(text)
    return path


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefg", "bcdefgh"))

READER_CASES = {
    "deep nesting": ("a: " + "[" * 500 + "]" * 500 + "\n", ["bad.yaml:1:", "nested more than 64 levels"]),
    "deep mappings": ("".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "v\n",
                      ["nested more than 64 levels"]),
    "alias bomb": (BOMB, ["aliases expand to", "at most 100000"]),
    "many aliases": ("a: &a x\nb: [" + ", ".join(["*a"] * 101) + "]\n", ["bad.yaml:2:", "more than 100 aliases"]),
    "alias as key": ("a: &a [x, y]\n? *a\n: 1\n", ["a key that is a list"]),
    "list as key": ("? [x, y]\n: 1\n", ["bad.yaml:1:", "a key that is a list"]),
    "undefined alias": ("a: *nowhere\n", ["bad.yaml:1:"]),
    "int tag": ("game: !!int abc\n", ["bad.yaml:1:", "YAML tag !!int"]),
    "float tag": ("a: 1\nb: !!float abc\n", ["bad.yaml:2:", "YAML tag !!float"]),
    "timestamp tag": ("a: !!timestamp notadate\n", ["bad.yaml:1:", "YAML tag !!timestamp"]),
    "merge tag": ("a: !!merge x\n", ["YAML tag !!merge"]),
    "custom tag": ("a:\n  b: !tag x\n", ["bad.yaml:2:", "YAML tag !tag"]),
    "empty": ("", ["bad.yaml: file is empty"]),
    "only comments": ("# nothing here\n\n", ["bad.yaml: file is empty"]),
    "not utf-8": (b"a: 1\nb: caf\xe9\n", ["bad.yaml:2:", "not UTF-8", "at byte 11"]),
    "binary": (b"a: 1\n\x00\x01\x02\x03", ["bad.yaml:2:", "'\\x00' is not allowed"]),
    "duplicate key": ("a: 1\nb: 2\na: 3\n", ["bad.yaml:3:", "duplicate key 'a' (first at line 1)"]),
    "long line": ("a: " + "x" * 200_000 + "\n", ["bad.yaml:1:", "line of 200003 characters"]),
    "two documents": ("a: 1\n---\nb: 2\n", ["bad.yaml:", "a second YAML document"]),
}


@pytest.mark.parametrize("name", READER_CASES)
def test_the_reader_refuses_what_breaks_its_limits_in_one_line_quickly(tmp_path, name):
    text, words = READER_CASES[name]
    start = time.perf_counter()
    code, out = run("validate", write(tmp_path, text))
    assert time.perf_counter() - start < 5
    one_line_error(code, out, *words)


def test_a_huge_file_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(yamldoc, "MAX_BYTES", 1000)
    one_line_error(*run("validate", write(tmp_path, "a: " + "x" * 2000 + "\n")), "larger than", "MiB")


def test_only_regular_files_are_read_no_fifo_no_device(data_copy):
    """A FIFO would block forever, /dev/zero would eat memory: both refused at once."""
    fifo = data_copy / "scenarios" / "fifo.yaml"
    os.mkfifo(fifo)
    one_line_error(*run("validate", fifo), "fifo.yaml: file is not a regular file")
    owner = data_copy / "scenarios" / "testland.owner.txt"
    owner.unlink()
    owner.symlink_to("/dev/zero")
    one_line_error(*run("--any-path", "validate", data_copy / SCEN),
                   "testland.owner.txt: ownership grid is not a regular file")


def test_libyaml_parses_when_present_and_a_large_file_loads_fast(tmp_path):
    if yaml.__with_libyaml__:
        assert yamldoc._Loader is yaml.CSafeLoader
    rows = "".join(f"  - {{id: unit {i}, size: {i % 7}, hex: '{i % 97:04d}', tags: [a, b]}}\n" for i in range(10_000))
    path = write(tmp_path, "units:\n" + rows)
    start = time.perf_counter()
    doc = yamldoc.load_doc(path)
    assert len(doc.mapping()["units"].list()) == 10_000
    assert time.perf_counter() - start < 10


# --- numbers, ids, domains ---------------------------------------------------------------------

SCENARIO_CASES = [
    ("rail_capacity: {Capital: 4,", "rail_capacity: {Capital: .nan,", ["rail_capacity.Capital", "not a finite number"]),
    ("rail_capacity: {Capital: 4,", "rail_capacity: {Capital: .inf,", ["rail_capacity.Capital", "not a finite number"]),
    ("rail_capacity: {Capital: 4,", "rail_capacity: {Capital: -.inf,", ["not a finite number"]),
    ("type: infantry, size: 3, hex: \"T:0505\"}", "type: infantry, size: .NaN, hex: \"T:0505\"}",
     ["units[0].size", "not a finite number"]),
    ("port_damage: {Baytown: 1}", "port_damage: {Baytown: 9223372036854775808}",
     ["port_damage.Baytown", "too large"]),
    ("port_damage: {Baytown: 1}", "port_damage: {Baytown: " + "9" * 5000 + "}",
     ["port_damage.Baytown", "a value of 5000 characters"]),
    ("rail_capacity: {Capital: 4,", "rail_capacity: {Capital: 1.0e+400,", ["not a finite number"]),
    ("hex: \"T:0505\"}\n  - {id: 2 PA", "hex: \"T:\uff10\uff15\uff10\uff15\"}\n  - {id: 2 PA",
     ["units[0].hex", "is not a europa hex id"]),
    ("{id: 1 PA Inf XX,", "{id: '',", ["units[0].id: empty unit id"]),
    ("{id: 1 PA Inf XX,", "{id: '  ',", ["units[0].id: empty unit id"]),
    ("{id: 1 PA Inf XX,", "{id: \"1 PA\\e[31m\",", ["units[0].id: control character '\\x1b'"]),
    ("{id: Loyalist Fleet,", "{id: Canarias TF,", ["naval_groups[1]: duplicate naval group id 'Canarias TF' (first at line"]),
    ("weather: {D: clear, E: mud}", "weather: {D: clear, E: sunny}", ["weather.E: unknown weather 'sunny'",
                                                                      "clear, frost, snow, winter, mud"]),
    ("weather: {D: clear, E: mud}", "weather: {D: clear, Q: mud}", ["weather.Q: weather zone 'Q' is not on map"]),
    ("phase: initial", "phase: tea time", ["testland.yaml:6: turn.phase: unknown phase 'tea time'"]),
]


@pytest.mark.parametrize("old, new, words", SCENARIO_CASES)
def test_values_outside_their_domain_are_refused_with_file_line_and_field(data_copy, old, new, words):
    path = edit(data_copy / SCEN, old, new)
    one_line_error(*run("validate", path), "testland.yaml:", *words)


def test_a_tscw_segment_must_be_one_of_the_sequence_of_play(tmp_path):
    """TSCW 5.2: turn.phase names a segment (code or name)."""
    text = (ROOT / "scenarios/tscw/example-9-5.yaml").read_text(encoding="utf-8")
    target = tmp_path / "scenarios" / "tscw"
    shutil.copytree(ROOT / "scenarios" / "tscw", target)
    shutil.copytree(ROOT / "maps" / "iberia-tscw", tmp_path / "maps" / "iberia-tscw")
    good = target / "good.yaml"
    good.write_text(text, encoding="utf-8")
    assert run("validate", good)[0] == 0
    bad = target / "bad.yaml"
    bad.write_text(text.replace("phase: operational movement", "phase: siesta"), encoding="utf-8")
    one_line_error(*run("validate", bad), "turn.phase: unknown TSCW segment 'siesta'")


def test_naval_on_a_tscw_scenario_says_it_does_not_apply():
    one_line_error(*run("naval", ROOT / "scenarios/tscw/example-9-5.yaml"),
                   "example-9-5.yaml: game: naval supply does not apply to The Spanish Civil War (GMT)")


def test_a_rail_move_of_size_two_to_the_63_is_refused_with_its_line(data_copy):
    moves = write(data_copy / "scenarios", "side: Loyalist\nmoves:\n"
                  "  - {cargo: SP, size: 9223372036854775808, from: \"T:0505\", to: \"T:0403\"}\n", "moves.yaml")
    one_line_error(*run("rail", "plan", data_copy / SCEN, moves), "moves.yaml:3:", "too large")


@pytest.mark.parametrize("args, words", [
    (["render", "tests/data/maps/testland", "-o", "x.svg", "--hex-size", "5000"], ["--hex-size", "2<=x<=100"]),
    (["render", "tests/data/maps/testland", "-o", "x.svg", "--hex-size", "0"], ["--hex-size"]),
    (["render", "tests/data/maps/testland", "-o", "x.svg", "--hex-size", "nan"], ["--hex-size", "not a finite number"]),
    (["turn", "next", "tests/data/scenarios/testland.yaml", "--steps", "0"], ["--steps", "1<=x<=1000"]),
])
def test_command_options_have_ranges_and_a_breach_is_a_usage_error(args, words):
    """A bad option value is a usage error: click's exit 2 and its message naming the option."""
    code, out = run(*args)
    assert code == 2 and "internal error" not in out, out
    for w in words:
        assert w in out, out


def test_a_closed_pipe_ends_the_command_quietly():
    """`logistics rulings list | head -1`: exit 0, no message."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(f"{sys.executable} {ROOT / 'cli.py'} rulings list | head -1; exit ${{PIPESTATUS[0]}}",
                          shell=True, executable="/bin/bash", capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert len(proc.stdout.splitlines()) == 1


# --- files outside the project -------------------------------------------------------------------

OUTSIDE_CASES = [
    ("scenarios/testland.yaml", "map: ../maps/testland", "map: {outside}", ["testland.yaml:5: map: map '/", "lies outside"]),
    ("scenarios/testland.yaml", "map: ../maps/testland", "map: ../../elsewhere/testland",
     ["testland.yaml:5: map: map '../../elsewhere/testland' lies outside the project"]),
    ("scenarios/testland.yaml", "file: testland.owner.txt", "file: /etc/passwd",
     ["testland.yaml:16: ownership.grid.file: ownership grid '/etc/passwd' lies outside"]),
    ("maps/testland/map.yaml", "file: terrain.txt", "file: /etc/passwd",
     ["map.yaml:17: layers.terrain.file: layer file '/etc/passwd' lies outside"]),
    ("maps/testland/map.yaml", "features: features.yaml", "features: ../../../../../../../../../etc/passwd",
     ["map.yaml:22: features: features file", "lies outside"]),
]


@pytest.mark.parametrize("name, old, new, words", OUTSIDE_CASES)
def test_files_outside_the_project_are_refused_and_never_quoted(data_copy, tmp_path, name, old, new, words):
    """A scenario or map naming /etc/passwd, a map elsewhere, or ../ out of the project is refused
    in one line that names the path only: nothing of that file's content is echoed."""
    outside = tmp_path / "elsewhere" / "testland"
    shutil.copytree(data_copy / "maps" / "testland", outside)
    edit(data_copy / name, old, new.format(outside=outside))
    code, out = run("validate", data_copy / SCEN)
    one_line_error(code, out, *words)
    assert "root:" not in out
    assert run("--any-path", "validate", data_copy / SCEN)[0] == (0 if "elsewhere" in out else 1)


def test_a_link_out_of_the_project_is_refused_unless_any_path(data_copy, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "owner.txt").write_text((data_copy / "scenarios" / "testland.owner.txt").read_text())
    link = data_copy / "scenarios" / "testland.owner.txt"
    link.unlink()
    link.symlink_to(outside / "owner.txt")
    one_line_error(*run("validate", data_copy / SCEN), "ownership grid 'testland.owner.txt' lies outside")
    assert run("--any-path", "validate", data_copy / SCEN)[0] == 0
    assert run("validate", data_copy / SCEN)[0] == 1      # the option does not outlive its command


def test_a_control_character_in_a_path_on_the_command_line_is_escaped_in_the_error(tmp_path):
    code, out = run("validate", tmp_path / "bad\x1b[31mname\n.yaml")
    one_line_error(code, out, "bad\\x1b[31mname\\n.yaml: file not found")
    assert "\x1b" not in out
