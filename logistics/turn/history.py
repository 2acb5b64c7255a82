"""Earlier states of a scenario, kept beside it so that a step can be undone.

`aug-1936.yaml` keeps its history in the folder `aug-1936.history/`: `0001.yaml`, `0002.yaml`, ...
are the file's exact bytes before each step, and `log.txt` has one line per step. A step writes
the snapshot, the log and the new state together, each replaced atomically; undo puts the last
snapshot back byte for byte. Snapshots are for restoring: their relative paths (the map, an
ownership grid) are those of the scenario's own folder.
"""
from __future__ import annotations

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


def record(scenario: Path, new_text: str, summary: str, map_: Map) -> int:
    """Keep the scenario's current bytes as the next snapshot, log `summary`, write `new_text`
    (after checking that it loads). Returns the step's number."""
    check_loads(scenario, new_text, summary, map_)
    done = entries(scenario)
    number = len(done) + 1
    folder = history_dir(scenario)
    log = "".join(f"{line}\n" for line in [*done, f"{number:04d}  {summary}"])
    write_files({folder / f"{number:04d}.yaml": scenario.read_bytes(), folder / "log.txt": log,
                 scenario: new_text})
    return number


def undo(scenario: Path) -> str:
    """Put back the state before the last step; return that step's log line."""
    done = entries(scenario)
    if not done:
        raise LoadError(str(scenario), "no step to undo", expected=f"a history in {history_dir(scenario)}")
    folder = history_dir(scenario)
    snapshot = folder / f"{len(done):04d}.yaml"
    if not snapshot.exists():
        raise LoadError(str(snapshot), "the snapshot of the last step is missing", expected="the file the step wrote")
    write_files({scenario: snapshot.read_bytes(), folder / "log.txt": "".join(f"{line}\n" for line in done[:-1])})
    snapshot.unlink()
    if len(done) == 1:                       # back at the start: no history left to keep
        (folder / "log.txt").unlink()
        if not any(folder.iterdir()):
            folder.rmdir()
    return done[-1]
