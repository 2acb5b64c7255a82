"""The turn engine (logistics/turn): the sequence of play, what each boundary does automatically,
and the history that lets a step be undone."""
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DATA, edit

from cli import main
from logistics.games.europa.sequence import next_europa_turn
from logistics.games.tscw.sequence import next_tscw_date
from logistics.position import Pacification, Turn
from logistics.rulings.builders import plain_map, position, unit
from logistics.rulings.cases.europa_events import asturian, asturias
from logistics.scenario import load_scenario
from logistics.turn.engine import advance

ROOT = Path(__file__).parent.parent


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def copy_tree(tmp_path) -> Path:
    for folder in ("maps", "scenarios"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


# --- the sequence of play ------------------------------------------------------------------------

def test_europa_player_turns_follow_the_order_of_the_sides_then_the_next_half_month():
    m = plain_map()
    p = position(m, [], turn=Turn(7, "Sep II 36", "initial", "Insurgent"))
    seen = []
    for _ in range(8):
        t = next_europa_turn(p)
        seen.append((t.number, t.date, t.player, t.phase))
        p = replace(p, turn=t)
    assert seen[:4] == [(7, "Sep II 36", "Insurgent", "movement"), (7, "Sep II 36", "Insurgent", "combat"),
                        (7, "Sep II 36", "Insurgent", "exploitation"), (7, "Sep II 36", "Loyalist", "initial")]
    assert seen[-1] == (8, "Oct I 36", "Insurgent", "initial")


def test_tscw_turns_last_one_month_until_turn_4_and_two_after_1_3():
    assert next_tscw_date("Sep 36", 3) == "Oct 36"
    assert next_tscw_date("Oct 36", 4) == "Nov 36"
    assert next_tscw_date("Nov 36", 5) == "Jan 37"


# --- what the boundaries do ----------------------------------------------------------------------

def test_the_initial_phase_changes_every_marker_at_once_12B_DPS_08Oct04():
    """Step 4 of the initial phase (12B ruling, DPS 08-Oct-04): both sides' supply is judged on one
    snapshot, then each U-n marker changes; the step reports each change and why."""
    loaded = load_scenario(DATA / "scenarios" / "testland.yaml")
    p = replace(loaded.position, turn=replace(loaded.position.turn, phase="exploitation"),
                options={"supply_points_per_re": 0.5})            # 12C3: its units on points use them
    step = advance(p, loaded.map)
    assert (step.after.player, step.after.phase) == ("Loyalist", "initial")
    changed = {v.unit: v.next_marker for v in step.verdicts if v.next_marker != v.marker}
    assert changed, "the Testland position has units whose supply changes"
    for uid, marker in changed.items():
        assert step.position.unit(uid).oos == marker
        assert any(line.startswith(f"12B step 4: {uid} ") for line in step.actions)


@pytest.mark.parametrize("player, collapses", [("Loyalist", True), ("Insurgent", False)])
def test_gobernito_collapse_is_checked_when_the_insurgent_initial_phase_begins_38D_AEG_04May04(player, collapses):
    """38D timing (AEG, 04-May-04): collapse happens only in the Insurgent initial phase, so only the
    step out of the Loyalist exploitation phase (into the next game turn's Insurgent initial
    phase) collapses Asturias, and the Asturian unit beside Madrid then draws on it."""
    m, p = asturias(turn=Turn(9, "Sep II 36", "exploitation", player), units=[asturian("Ast", "0807")])
    step = advance(p, m)
    assert ("Asturian" in step.position.collapsed) is collapses
    assert any(line.startswith("38D step 3: Asturian collapses") for line in step.actions) is collapses


def test_pacification_counts_a_turn_when_the_game_turn_begins_39A():
    m = plain_map(cities={"Teruel": ("0505",)})
    work = Pacification(m.hex_at("0505"), garrison=1, turns=2)
    p = position(m, [unit("Gar", "People's Army", "0505", m)], pacification=(work,),
                 turn=Turn(9, "Sep II 36", "exploitation", "Loyalist"))
    step = advance(p, m)
    assert step.position.pacification[0].held == 1
    assert "39A/39B: pacification of 0505: 1 of 2 turns held" in step.actions
    later = advance(replace(step.position, turn=replace(step.after, phase="exploitation", player="Loyalist")), m)
    assert later.position.pacification == () and "39A/39B: pacification of 0505 is done" in later.actions


def test_ownership_follows_the_units_when_the_movement_phase_ends_3D():
    m = plain_map()
    p = position(m, [unit("Col", "Nationalist", "0505", m)], owner="Loyalist",
                 turn=Turn(9, "Sep II 36", "movement", "Insurgent"))
    step = advance(p, m)
    assert step.position.owner_of(m.hex_at("0505")) == "Insurgent"
    assert "3D ownership: 0505 Loyalist -> Insurgent" in step.actions
    still = advance(replace(p, turn=replace(p.turn, phase="initial")), m)
    assert still.position.owner_of(m.hex_at("0505")) == "Loyalist"   # nothing leaves the initial phase


def test_tscw_checks_supply_where_9_2_says_and_updates_control_after_movement_10_7(tmp_path):
    loaded = load_scenario(ROOT / "scenarios" / "tscw" / "example-9-5.yaml")
    step = advance(loaded.position, loaded.map)                       # B-I -> B-II: no check
    assert (step.after.phase, step.verdicts) == ("B-II", [])
    step = advance(step.position, loaded.map)                         # B-II -> B-III: 9.2 check
    assert step.after.phase == "B-III" and len(step.verdicts) == len(loaded.position.units)


# --- the command and its history -------------------------------------------------------------------

def test_turn_next_writes_the_state_and_undo_restores_the_file_byte_for_byte(tmp_path):
    root = copy_tree(tmp_path)
    path = root / "scenarios" / "fwtbt" / "aug-1936.yaml"
    original = path.read_bytes()
    code, out = run("turn", "next", path, "--steps", "4")
    assert code == 0 and "Loyalist initial phase" in out and "12B step 4:" in out
    assert load_scenario(path).position.turn == Turn(4, "Aug II 36", "initial", "Loyalist")
    assert len(run("turn", "history", path)[1].splitlines()) == 4
    for _ in range(4):
        assert run("turn", "undo", path)[0] == 0
    assert path.read_bytes() == original
    assert not (root / "scenarios" / "fwtbt" / "aug-1936.history").exists()
    assert not list(path.parent.glob(".*.tmp"))


def test_dry_run_writes_nothing_and_output_is_deterministic(tmp_path):
    root = copy_tree(tmp_path)
    path = root / "scenarios" / "fwtbt" / "aug-1936.yaml"
    before = path.read_bytes()
    first = run("turn", "next", path, "--steps", "5", "--dry-run", "--json")
    assert first == run("turn", "next", path, "--steps", "5", "--dry-run", "--json")
    assert path.read_bytes() == before and not path.with_name("aug-1936.history").exists()


@pytest.mark.parametrize("old, new, words", [
    ("phase: initial", "phase: lunch", ["turn.phase: unknown phase 'lunch'", "initial, movement"]),
    ("player: Insurgent}", "player: Nobody}", ["testland.yaml:6: turn.player: unknown side 'Nobody'"]),
])
def test_a_turn_the_sequence_does_not_know_is_one_clear_line(data_copy, old, new, words):
    path = edit(data_copy / "scenarios" / "testland.yaml", old, new)
    code, out = run("turn", "next", path)
    assert code == 1 and len(out.strip().splitlines()) == 1 and "Traceback" not in out
    assert all(w in out for w in words)


def test_undo_without_history_and_an_unknown_ocs_phase_are_clear_errors(data_copy):
    code, out = run("turn", "undo", data_copy / "scenarios" / "testland.yaml")
    assert code == 1 and "no step to undo" in out
    path = edit(data_copy / "scenarios" / "ocs-test.yaml", "phase: supply", "phase: lunch")
    code, out = run("turn", "next", path)
    assert code == 1 and "turn.phase: unknown phase 'lunch' (expected a ocs phase: aircraft refit, reinforcement, movement, supply" in out


def test_a_step_past_the_44J_data_is_refused_and_nothing_is_written(data_copy):
    """44J (AEG, 08-Apr-04): under Sporadic Assistance each Loyalist initial phase needs its border
    check; the engine refuses to step into one the data leave undecided."""
    path = edit(data_copy / "scenarios" / "testland.yaml",
                "turn: {number: 3, date: Aug II 36, phase: initial, player: Insurgent}",
                "turn: {number: 7, date: Oct I 36, phase: exploitation, player: Insurgent}\n"
                "options: {french_assistance: {country: Neutralia, quarters: {Oct I 36: sporadic}, checks: {}}}")
    before = path.read_bytes()
    code, out = run("turn", "next", path)
    assert code == 1 and "options.french_assistance: cannot step to Loyalist initial Oct I 36" in out
    assert path.read_bytes() == before


def test_a_state_that_would_not_load_is_never_recorded(data_copy):
    from logistics.errors import LoadError
    from logistics.turn.history import history_dir, record
    path = data_copy / "scenarios" / "testland.yaml"
    before = path.read_bytes()
    with pytest.raises(LoadError, match="would not load"):
        record(path, before.decode().replace("affiliation: Anarchist,", "affiliation: Martian,"), "a bad step",
               load_scenario(path).map)
    assert path.read_bytes() == before and not history_dir(path).exists()
    assert not list(path.parent.glob(".*"))
