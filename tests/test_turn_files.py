"""The turn engine's files in ordinary use and under accidents (docs/turn.md): a step happens
wholly or not at all even under SIGKILL at any write, rename or unlink, and leaves no temporary
file; two `turn next` at once: one wins, the other refuses; nothing is written through a link to
elsewhere; a full disk is one line."""
from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from logistics.turn.history import step_lock

ROOT = Path(__file__).parent.parent
SCEN = "scenarios/testland.yaml"


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def temporary_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*") if p.is_file()]


def state(path: Path) -> tuple[bytes, list[str]]:
    log = path.with_name(path.stem + ".history") / "log.txt"
    return path.read_bytes(), (log.read_text().splitlines() if log.exists() else [])


@pytest.fixture
def stepped(data_copy):
    """The scenario before and after one step (bytes), then put back."""
    path = data_copy / SCEN
    before = path.read_bytes()
    assert run("turn", "next", path)[0] == 0
    after = path.read_bytes()
    assert run("turn", "undo", path)[0] == 0 and path.read_bytes() == before
    return path, before, after


def _killed_at(k: int, args: list[str]) -> bool:
    """Run the command in a forked child that SIGKILLs itself at its k-th write (fsync), rename or
    unlink; True if it was killed (False: it finished before the k-th)."""
    pid = os.fork()
    if pid == 0:                                            # the child
        try:
            count = [0]

            def point(fn):
                def wrapped(*a, **kw):
                    count[0] += 1
                    if count[0] == k:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return fn(*a, **kw)
                return wrapped

            for name in ("fsync", "replace", "unlink", "rmdir"):
                setattr(os, name, point(getattr(os, name)))
            CliRunner().invoke(main, args)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status)


@pytest.mark.parametrize("command", ["next", "undo"])
def test_a_kill_at_any_write_rename_or_unlink_loses_nothing_and_leaves_no_temporary_file(stepped, command):
    """After SIGKILL at each syscall in turn, the next command finds the old state or the new one,
    whole (scenario and log agree: no phantom step), and no temporary file or empty history."""
    path, before, after = stepped
    start, end = (before, after) if command == "next" else (after, before)
    kills = 0
    for k in range(1, 60):
        if command == "undo":
            assert run("turn", "next", path)[0] == 0
        assert path.read_bytes() == start
        killed = _killed_at(k, ["turn", command, str(path)])
        kills += killed
        code, _ = run("turn", "history", path)               # the next command settles what was left
        assert code == 0
        scenario, log = state(path)
        assert scenario in (before, after)
        assert len(log) == (1 if scenario == after else 0), (k, log)
        assert temporary_files(path.parent) == [], k
        history = path.with_name(path.stem + ".history")
        assert history.exists() == (scenario == after)
        if scenario == after:                                # back to the start for the next kill
            assert run("turn", "undo", path)[0] == 0
        if not killed:
            assert scenario == end
            break
    assert kills >= 5                                        # every write, rename and unlink was hit


def test_a_leftover_from_an_older_crash_is_removed_and_reported(data_copy):
    path = data_copy / SCEN
    stray = path.parent / f".{path.name}.abcd1234.tmp"
    stray.write_text("half a scenario")
    code, out = run("turn", "history", path)
    assert code == 0 and f"note: removed {stray.name}, left by an interrupted command" in out
    assert not stray.exists()


def test_a_second_turn_next_while_one_runs_refuses_in_one_line(data_copy):
    path = data_copy / SCEN
    before = path.read_bytes()
    with step_lock(path):
        code, out = run("turn", "next", path)
    assert code == 1 and len(out.splitlines()) == 1
    assert "another command is changing this scenario" in out
    assert path.read_bytes() == before


def _concurrent_pairs(path: Path, pairs: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, str(ROOT / "cli.py"), "turn", "next", str(path)]
    successes = 0
    for _ in range(pairs):
        procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for _ in range(2)]
        results = [(p.wait(timeout=120), p.stdout.read() + p.stderr.read()) for p in procs]
        for code, out in results:
            assert code in (0, 1), out
            if code == 1:
                assert "another command is changing this scenario" in out and len(out.splitlines()) == 1
        successes += sum(code == 0 for code, _ in results)
        _, log = state(path)
        assert len(log) == successes                        # every "written" is one step, none lost
    assert temporary_files(path.parent) == []


def test_two_concurrent_turn_next_lose_no_update(data_copy):
    _concurrent_pairs(data_copy / SCEN, 1)


@pytest.mark.fuzz
def test_twenty_concurrent_pairs_of_turn_next_lose_no_update(data_copy):
    _concurrent_pairs(data_copy / SCEN, 20)


def test_a_history_folder_linked_elsewhere_is_refused(data_copy, tmp_path):
    path = data_copy / SCEN
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path.with_name(path.stem + ".history").symlink_to(elsewhere)
    before = path.read_bytes()
    code, out = run("turn", "next", path)
    assert code == 1 and len(out.splitlines()) == 1 and "history folder is a symbolic link" in out
    assert path.read_bytes() == before and list(elsewhere.iterdir()) == []


def test_a_scenario_reached_through_a_link_stays_a_link(data_copy):
    path = data_copy / SCEN
    real = path.with_name("real.yaml")
    path.rename(real)
    path.symlink_to(real.name)
    before = real.read_bytes()
    assert run("turn", "next", path)[0] == 0
    assert path.is_symlink() and real.read_bytes() != before
    assert run("turn", "undo", path)[0] == 0
    assert path.is_symlink() and real.read_bytes() == before


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_full_disk_is_one_line_and_leaves_nothing_behind(data_copy, monkeypatch, failing):
    path = data_copy / SCEN
    before = path.read_bytes()
    real = getattr(os, failing)

    def full(*args, **kwargs):
        if failing == "replace" and not str(args[1]).endswith(".yaml"):
            return real(*args, **kwargs)                   # the snapshot is written, the rest fails
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, failing, full)
    code, out = run("turn", "next", path)
    monkeypatch.undo()
    assert code == 1 and len(out.splitlines()) == 1 and "No space left on device" in out, out
    assert path.read_bytes() == before and state(path)[1] == []
    assert temporary_files(path.parent) == []
    assert not path.with_name(path.stem + ".history").exists() or run("turn", "history", path)[0] == 0


@pytest.mark.parametrize("command", ["show", "history", "next", "undo"])
def test_a_missing_scenario_is_one_line_for_every_turn_command(tmp_path, command):
    code, out = run("turn", command, tmp_path / "nowhere" / "x.yaml")
    assert code == 1 and out.strip().endswith("x.yaml: file not found (expected a scenario .yaml file)")


@pytest.mark.parametrize("command", ["next", "undo"])
def test_a_kill_during_a_step_that_rewrites_the_grid_file_puts_both_files_back_together(tmp_path, command):
    """The bundled scenario's ownership grid (`aug-1936.owner.txt`) is rewritten by the movement
    phase's 3D changes: after SIGKILL at each syscall in turn, scenario and grid are both the old
    state or both the new one, the log agrees, and the history holds only the steps' own files."""
    from test_turn import copy_tree
    path = copy_tree(tmp_path) / "scenarios" / "fwtbt" / "aug-1936.yaml"
    grid, history = path.with_name("aug-1936.owner.txt"), path.with_name("aug-1936.history")
    assert run("turn", "next", path)[0] == 0                             # to the movement phase
    before = (path.read_bytes(), grid.read_bytes())
    assert run("turn", "next", path)[0] == 0                             # 3D: the grid changes
    after = (path.read_bytes(), grid.read_bytes())
    assert after[1] != before[1]
    assert run("turn", "undo", path)[0] == 0
    start, end = (before, after) if command == "next" else (after, before)
    kills = 0
    for k in range(1, 60):
        if command == "undo":
            assert run("turn", "next", path)[0] == 0
        assert (path.read_bytes(), grid.read_bytes()) == start
        killed = _killed_at(k, ["turn", command, str(path)])
        kills += killed
        assert run("turn", "history", path)[0] == 0
        now = (path.read_bytes(), grid.read_bytes())
        assert now in (before, after), k
        log = (history / "log.txt").read_text().splitlines()
        assert len(log) == (2 if now == after else 1), (k, log)
        assert temporary_files(path.parent) == [], k
        kept = {"log.txt", "0001.yaml", "0001.written"} | (
            {"0002.yaml", "0002.written", "0002.aug-1936.owner.txt"} if now == after else set())
        assert {p.name for p in history.iterdir()} == kept, k
        if now == after:
            assert run("turn", "undo", path)[0] == 0
        if not killed:
            assert now == end
            break
    assert kills >= 5
