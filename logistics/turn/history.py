"""Earlier states of a scenario, kept beside it so that a step can be undone.

`aug-1936.yaml` keeps its history in the folder `aug-1936.history/`: `0001.yaml`, `0002.yaml`, ...
are the file's exact bytes before each step, and `log.txt` has one line per step. A step that also
rewrites a file the scenario refers to (an ownership grid) keeps its bytes as `NNNN.<name>`, and
`NNNN.written` holds the digest of every file the step wrote, so that undo can tell a hand edit.
Snapshots are for restoring: their relative paths (the map, an ownership grid) are those of the
scenario's own folder.

A step happens wholly or not at all, even if the process is killed at any moment: it writes the
snapshots (`NNNN.yaml` last), then the new state, then the log line, each file replaced
atomically, and the log line is the commit. A snapshot without its log line is an unfinished step
(or an undo that removed the line): the next command puts its files back and removes the
snapshots (`recover`), and also removes temporary files a killed command left. One command at a
time changes a scenario (`step_lock`).
"""
from __future__ import annotations

import fcntl
import hashlib
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
    done = entries(scenario)
    number = len(done) + 1
    kept = _kept(scenario, number)
    names = [scenario.name, *(path.name for _, path in kept)]
    for tmp in [*(t for name in names for t in leftovers(scenario.parent, name)), *leftovers(folder)]:
        tmp.unlink()
        notes.append(f"removed {tmp.name}, left by an interrupted command")
    orphan = _plain(folder / f"{number:04d}.yaml")
    if orphan.exists():
        back = {path: copy.read_bytes() for copy, path in kept if copy.exists()}
        back[scenario] = orphan.read_bytes()
        changed = {path: data for path, data in back.items() if not path.exists() or path.read_bytes() != data}
        if changed:
            write_files(changed)
            notes.append(f"put back the state of {orphan.name}: its step was not finished")
    # The step's other snapshots go first, `NNNN.yaml` last: it marks the step unfinished.
    for old in [*(copy for copy, _ in kept), _plain(folder / f"{number:04d}.written"), orphan]:
        if old.exists():
            old.unlink()
    if folder.is_dir() and not done and not any(folder.iterdir()):
        folder.rmdir()
    return notes


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _written(scenario: Path, number: int) -> list[tuple[str, Path]]:
    """(digest, path) of each file step `number` wrote, as its `NNNN.written` lists them."""
    written = _plain(_folder(scenario) / f"{number:04d}.written")
    if not written.exists():
        return []
    lines = read_text(written, "history digests").splitlines()
    return [(digest, scenario.parent / name) for digest, name in (line.split("  ", 1) for line in lines)]


def _kept(scenario: Path, number: int) -> list[tuple[Path, Path]]:
    """(snapshot, path) of each file other than the scenario that step `number` rewrote."""
    folder = _folder(scenario)
    return [(_plain(folder / f"{number:04d}.{path.name}"), path)
            for _, path in _written(scenario, number) if path != scenario]


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


def record(scenario: Path, new_text: str, summary: str, map_: Map, beside: dict[Path, str] | None = None) -> int:
    """Keep the scenario's current bytes as the next snapshot, write `new_text` (after checking
    that it loads), then log `summary`. `beside`: files the scenario refers to (an ownership grid)
    rewritten with it, kept as `NNNN.<name>`. Returns the step's number."""
    check_loads(scenario, new_text, summary, map_)
    done = entries(scenario)
    number = len(done) + 1
    folder = _folder(scenario)
    log = "".join(f"{line}\n" for line in [*done, f"{number:04d}  {summary}"])
    new = {scenario: new_text, **(beside or {})}
    # In this order: the digests name the copies (recover removes them), `NNNN.yaml` marks the step begun.
    snapshots: dict[Path, str | bytes] = {_plain(folder / f"{number:04d}.written"): "".join(
        f"{_digest(text.encode('utf-8'))}  {os.path.relpath(path, scenario.parent)}\n" for path, text in new.items())}
    snapshots.update({_plain(folder / f"{number:04d}.{path.name}"): path.read_bytes() for path in beside or {}})
    snapshots[_plain(folder / f"{number:04d}.yaml")] = scenario.read_bytes()
    write_files(snapshots)
    try:
        write_files(new)
        write_files({_plain(folder / LOG): log})        # the commit
    except LoadError:
        recover(scenario)                               # undo the half step where the disk allows
        raise
    return number


def edited(scenario: Path, number: int) -> list[Path]:
    """The files step `number` wrote that have changed since (a hand edit)."""
    return [path for digest, path in _written(scenario, number)
            if not path.exists() or _digest(path.read_bytes()) != digest]


def undo(scenario: Path, force: bool = False) -> str:
    """Put back the state before the last step; return that step's log line. A file the step
    wrote and the player edited since is refused, naming it; `force` discards the edit, which
    is kept as `NNNN.discarded.<name>` in the history folder (nothing is lost)."""
    done = entries(scenario)
    if not done:
        raise LoadError(str(scenario), "no step to undo", expected=f"a history in {history_dir(scenario)}")
    folder = _folder(scenario)
    number = len(done)
    snapshot = _plain(folder / f"{number:04d}.yaml")
    if not snapshot.exists():
        raise LoadError(str(snapshot), "the snapshot of the last step is missing", expected="the file the step wrote")
    changed = edited(scenario, number)
    if changed and not force:
        raise LoadError(str(changed[0]), f"edited after the last step ({done[-1].split('  ', 1)[-1]}); undo would "
                                         "throw the edit away", expected="'turn undo --force' to discard it")
    discarded = {_plain(folder / f"{number:04d}.discarded.{path.name}"): path.read_bytes()
                 for path in changed if path.exists()}
    if discarded:
        write_files(discarded)                          # kept before anything is put back
    if len(done) == 1:                                  # the commit: the step leaves the log
        _plain(folder / LOG).unlink()
    else:
        write_files({_plain(folder / LOG): "".join(f"{line}\n" for line in done[:-1])})
    recover(scenario)                                   # the snapshots, now unlogged, are put back
    return done[-1]
