"""Files a player keeps (turn/keep.py, turn/history.py): a step rewrites the scenario keeping its
comments, layout, ownership grid file and mode; undo refuses to throw away a hand edit."""
import stat
from pathlib import Path

from conftest import edit
from test_turn import copy_tree, run

from logistics.scenario import load_scenario


def aug(tmp_path) -> Path:
    return copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"


def test_a_step_keeps_comments_layout_grid_and_mode(tmp_path):
    """The rewrite changes the lines whose state changed, nothing else: every comment stays, the
    ownership grid stays a grid file (the cells that changed hands rewritten), the mode stays."""
    scenario = aug(tmp_path)
    scenario.chmod(0o640)
    grid = scenario.with_name("aug-1936.owner.txt")
    before, grid_before = scenario.read_text(encoding="utf-8"), grid.read_text(encoding="utf-8")
    assert run("turn", "next", scenario, "--steps", "2")[0] == 0     # initial -> movement -> combat (3D)
    after = scenario.read_text(encoding="utf-8")
    comments = [line[line.index("#"):] for line in before.splitlines() if "#" in line]
    assert all(c in after for c in comments)
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines()) if a != b]
    assert len(before.splitlines()) == len(after.splitlines())
    assert [a.split(":")[0] for a, _ in changed] == ["turn"]
    assert "grid: {file: aug-1936.owner.txt" in after
    assert grid.read_text(encoding="utf-8") != grid_before          # 3D ownership went into the grid
    assert stat.S_IMODE(scenario.stat().st_mode) == 0o640
    loaded = load_scenario(scenario)
    assert loaded.position.owner_of(loaded.map.hex_at("23A:2509")) == "Loyalist"   # the 3D change, read back
    assert run("turn", "undo", scenario)[0] == 0 and run("turn", "undo", scenario)[0] == 0
    assert scenario.read_text(encoding="utf-8") == before and grid.read_text(encoding="utf-8") == grid_before
    assert not scenario.with_name("aug-1936.history").exists()


def test_undo_after_a_hand_edit_refuses_in_one_line_and_force_keeps_the_edit_aside(tmp_path):
    scenario = aug(tmp_path)
    original = scenario.read_bytes()
    assert run("turn", "next", scenario)[0] == 0
    edit(scenario, 'hex: "23A:2520"}', 'hex: "23A:2521"}')           # the player moves Asensio by hand
    edited = scenario.read_bytes()
    code, out = run("turn", "undo", scenario)
    assert code == 1
    assert out == (f"error: {scenario}: edited after the last step (turn 4 (Aug II 36), Insurgent initial phase -> "
                   "turn 4 (Aug II 36), Insurgent movement phase); undo would throw the edit away "
                   "(expected 'turn undo --force' to discard it)\n")
    assert scenario.read_bytes() == edited
    code, out = run("turn", "undo", scenario, "--force")
    assert code == 0, out
    assert scenario.read_bytes() == original
    assert scenario.with_name("aug-1936.history").joinpath("0001.discarded.aug-1936.yaml").read_bytes() == edited


def test_an_edited_grid_file_also_blocks_undo(tmp_path):
    scenario = aug(tmp_path)
    assert run("turn", "next", scenario, "--steps", "2")[0] == 0
    grid = scenario.with_name("aug-1936.owner.txt")
    grid.write_text(grid.read_text(encoding="utf-8").replace("L", "I", 1), encoding="utf-8")
    code, out = run("turn", "undo", scenario)
    assert code == 1 and out.startswith(f"error: {grid}: edited after the last step") and out.count("\n") == 1
