"""Earlier states of a scenario, kept beside it so that a step can be undone.

`aug-1936.yaml` keeps its history in the folder `aug-1936.history/`: `0001.yaml`, `0002.yaml`, ...
are the file's exact bytes before each step, and `log.txt` has one line per step. Snapshots are for
restoring: their relative paths (the map, an ownership grid) are those of the scenario's own folder.

A step happens wholly or not at all, even if the process is killed at any moment: it writes the
snapshot, then the new state, then the log line, each file replaced atomically, and the log line
is the commit. A snapshot without its log line is an unfinished step (or an undo that removed the
line): the next command puts it back as the scenario and removes it (`recover`), and also removes
temporary files a killed command left. One command at a time changes a scenario (`step_lock`).
"""
from __future__ import annotations

import fcntl
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from logistics.atomic import leftovers, write_files
from logistics.errors import LoadError
from logistics.mapdata import Map
from logistics.yamldoc import read_text

LOG = "log.txt"


def history_dir(scenario: Path) -> Path:
    return scenario.with_name(scenario.stem + ".history")


def _folder(scenario: Path) -> Path:
    """The history folder; one that is a link (or a file) is refused: nothing is written elsewhere."""
    folder = history_dir(scenario)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise LoadError(str(folder), "the history folder is a symbolic link or not a folder",
                        expected="a plain folder beside the scenario (nothing is written outside it)")
    return folder


def _plain(path: Path) -> Path:
    if path.is_symlink():
        raise LoadError(str(path), "a history file is a symbolic link", expected="plain files in the history folder")
    return path


def entries(scenario: Path) -> list[str]:
    log = _folder(scenario) / LOG
    return read_text(_plain(log), "history log").splitlines() if log.exists() else []


@contextmanager
def step_lock(scenario: Path):
    """Hold the lock of the scenario's folder while a command changes it; a second command refuses
    at once. The kernel releases the lock when the process ends, however it ends."""
    if not scenario.is_file():
        raise LoadError(str(scenario), "is not a file" if scenario.exists() else "file not found",
                        expected="a scenario .yaml file")
    try:
        fd = os.open(scenario.parent, os.O_RDONLY)
    except OSError as exc:
        raise LoadError(str(scenario.parent), f"cannot be opened: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise LoadError(str(scenario), "another command is changing this scenario (or one in its folder)",
                            expected="one turn command at a time: try again when it has finished") from None
        yield
    finally:
        os.close(fd)


def recover(scenario: Path) -> list[str]:
    """Finish what a killed command left (under the lock): remove its temporary files, and put
    back the state before a step whose log line was never written. Returns what was done."""
    folder = _folder(scenario)
    notes = []
    for tmp in [*leftovers(scenario.parent, scenario.name), *leftovers(folder)]:
        tmp.unlink()
        notes.append(f"removed {tmp.name}, left by an interrupted command")
    done = entries(scenario)
    orphan = _plain(folder / f"{len(done) + 1:04d}.yaml")
    if orphan.exists():
        old = orphan.read_bytes()
        if scenario.read_bytes() != old:
            write_files({scenario: old})
            notes.append(f"put back the state of {orphan.name}: its step was not finished")
        orphan.unlink()
    if folder.is_dir() and not done and not any(folder.iterdir()):
        folder.rmdir()
    return notes


def check_loads(scenario: Path, new_text: str, summary: str, map_: Map) -> None:
    """Refuse a state that would not load again (e.g. a turn past the 44J data of its French
    assistance): read it, against its map already loaded, from a temporary file beside the
    scenario, so relative paths resolve."""
    from logistics.scenario import load_scenario

    try:
        fd, tmp = tempfile.mkstemp(dir=scenario.parent, prefix=f".{scenario.name}.check.", suffix=".tmp")
    except OSError as exc:
        raise LoadError(str(scenario.parent), f"cannot be written: {exc.strerror}",
                        expected="a writable folder with free space") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(new_text)
        load_scenario(tmp, map_)
    except OSError as exc:
        raise LoadError(str(scenario.parent), f"cannot be written: {exc.strerror}",
                        expected="a writable folder with free space") from None
    except LoadError as exc:
        raise LoadError(str(scenario), f"the step {summary} gives a position that would not load: "
                                       f"{exc.field + ': ' if exc.field else ''}{exc.message}",
                        expected=exc.expected or "a valid scenario") from None
    finally:
        os.unlink(tmp)


def record(scenario: Path, new_text: str, summary: str, map_: Map) -> int:
    """Keep the scenario's current bytes as the next snapshot, write `new_text` (after checking
    that it loads), then log `summary`. Returns the step's number."""
    check_loads(scenario, new_text, summary, map_)
    done = entries(scenario)
    number = len(done) + 1
    folder = _folder(scenario)
    log = "".join(f"{line}\n" for line in [*done, f"{number:04d}  {summary}"])
    write_files({_plain(folder / f"{number:04d}.yaml"): scenario.read_bytes()})
    try:
        write_files({scenario: new_text})
        write_files({_plain(folder / LOG): log})        # the commit
    except LoadError:
        recover(scenario)                               # undo the half step where the disk allows
        raise
    return number


def undo(scenario: Path) -> str:
    """Put back the state before the last step; return that step's log line."""
    done = entries(scenario)
    if not done:
        raise LoadError(str(scenario), "no step to undo", expected=f"a history in {history_dir(scenario)}")
    folder = _folder(scenario)
    snapshot = _plain(folder / f"{len(done):04d}.yaml")
    if not snapshot.exists():
        raise LoadError(str(snapshot), "the snapshot of the last step is missing", expected="the file the step wrote")
    if len(done) == 1:                                  # the commit: the step leaves the log
        _plain(folder / LOG).unlink()
    else:
        write_files({_plain(folder / LOG): "".join(f"{line}\n" for line in done[:-1])})
    recover(scenario)                                   # the snapshot, now unlogged, is put back
    return done[-1]
