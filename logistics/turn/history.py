"""Earlier states of a scenario, kept beside it so that a step can be undone.

`aug-1936.yaml` keeps its history in the folder `aug-1936.history/`: `0001.yaml`, `0002.yaml`, ...
are the file's exact bytes before each step, and `log.txt` has one line per step. A step writes
the snapshot, the log and the new state together, each replaced atomically; undo puts the last
snapshot back byte for byte. Snapshots are for restoring: their relative paths (the map, an
ownership grid) are those of the scenario's own folder.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from logistics.atomic import write_files
from logistics.errors import LoadError
from logistics.mapdata import Map


def history_dir(scenario: Path) -> Path:
    return scenario.with_name(scenario.stem + ".history")


def entries(scenario: Path) -> list[str]:
    log = history_dir(scenario) / "log.txt"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def check_loads(scenario: Path, new_text: str, summary: str, map_: Map) -> None:
    """Refuse a state that would not load again (e.g. a turn past the 44J data of its French
    assistance): read it, against its map already loaded, from a temporary file beside the
    scenario, so relative paths resolve."""
    from logistics.scenario import load_scenario

    fd, tmp = tempfile.mkstemp(dir=scenario.parent, prefix=f".{scenario.stem}.check.", suffix=".yaml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(new_text)
        load_scenario(tmp, map_)
    except LoadError as exc:
        raise LoadError(str(scenario), f"the step {summary} gives a position that would not load: "
                                       f"{exc.field + ': ' if exc.field else ''}{exc.message}",
                        expected=exc.expected or "a valid scenario") from None
    finally:
        os.unlink(tmp)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def record(scenario: Path, new_text: str, summary: str, map_: Map, beside: dict[Path, str] | None = None) -> int:
    """Keep the scenario's current bytes as the next snapshot, log `summary`, write `new_text`
    (after checking that it loads). `beside`: files the scenario refers to (an ownership grid)
    rewritten with it, kept as `NNNN.<name>`. `NNNN.written` holds the digest of every file the
    step wrote, so that undo can tell a hand edit. Returns the step's number."""
    check_loads(scenario, new_text, summary, map_)
    done = entries(scenario)
    number = len(done) + 1
    folder = history_dir(scenario)
    log = "".join(f"{line}\n" for line in [*done, f"{number:04d}  {summary}"])
    new = {scenario: new_text, **(beside or {})}
    files: dict[Path, str | bytes] = {folder / f"{number:04d}.yaml": scenario.read_bytes(), folder / "log.txt": log}
    for path in beside or {}:
        files[folder / f"{number:04d}.{path.name}"] = path.read_bytes()
    files[folder / f"{number:04d}.written"] = "".join(
        f"{_digest(text.encode('utf-8'))}  {os.path.relpath(path, scenario.parent)}\n" for path, text in new.items())
    write_files({**files, **new})
    return number


def edited(scenario: Path, number: int) -> list[Path]:
    """The files step `number` wrote that have changed since (a hand edit)."""
    written = history_dir(scenario) / f"{number:04d}.written"
    if not written.exists():
        return []
    changed = []
    for line in written.read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        path = scenario.parent / name
        if not path.exists() or _digest(path.read_bytes()) != digest:
            changed.append(path)
    return changed


def undo(scenario: Path, force: bool = False) -> str:
    """Put back the state before the last step; return that step's log line. A file the step
    wrote and the player edited since is refused, naming it; `force` discards the edit, which
    is kept as `NNNN.discarded.<name>` in the history folder (nothing is lost)."""
    done = entries(scenario)
    if not done:
        raise LoadError(str(scenario), "no step to undo", expected=f"a history in {history_dir(scenario)}")
    folder = history_dir(scenario)
    number = len(done)
    snapshot = folder / f"{number:04d}.yaml"
    if not snapshot.exists():
        raise LoadError(str(snapshot), "the snapshot of the last step is missing", expected="the file the step wrote")
    changed = edited(scenario, number)
    if changed and not force:
        raise LoadError(str(changed[0]), f"edited after the last step ({done[-1].split('  ', 1)[-1]}); undo would "
                                         "throw the edit away", expected="'turn undo --force' to discard it")
    files: dict[Path, str | bytes] = {scenario: snapshot.read_bytes(),
                                      folder / "log.txt": "".join(f"{line}\n" for line in done[:-1])}
    for path in changed:
        if path.exists():
            files[folder / f"{number:04d}.discarded.{path.name}"] = path.read_bytes()
    written = folder / f"{number:04d}.written"
    beside = [scenario.parent / line.split("  ", 1)[1] for line in written.read_text(encoding="utf-8").splitlines()
              ] if written.exists() else []
    kept = [(folder / f"{number:04d}.{path.name}", path) for path in beside if path != scenario]
    for copy, path in kept:
        files[path] = copy.read_bytes()
    write_files(files)
    for old in [snapshot, *(copy for copy, _ in kept), written]:
        if old.exists():
            old.unlink()
    if len(done) == 1:                       # back at the start: no history left to keep
        (folder / "log.txt").unlink()
        if not any(folder.iterdir()):
            folder.rmdir()
    return done[-1]
