"""One entry for the command line: a path is a map folder, a map.yaml, or a scenario file."""
from __future__ import annotations

from pathlib import Path

from logistics.errors import LoadError
from logistics.mapdata import Map
from logistics.mapio import MAP_FILE, load_map
from logistics.scenario import Scenario, load_scenario


def load_any(path: Path | str) -> Map | Scenario:
    path = Path(path)
    if path.is_dir():
        return load_map(path)
    if path.name == MAP_FILE:
        return load_map(path.parent)
    if not path.exists():
        raise LoadError(str(path), "file not found", expected="a map folder, a map.yaml or a scenario .yaml")
    return load_scenario(path)


def load_scenario_file(path: Path | str) -> Scenario:
    """A scenario named on the command line; a map there is a clear error."""
    loaded = load_any(path)
    if isinstance(loaded, Map):
        raise LoadError(str(path), "is a map, not a scenario", expected="a scenario .yaml file")
    return loaded
