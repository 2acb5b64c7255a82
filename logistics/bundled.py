"""The maps and scenarios that ship with logistics.

In a clone (or an editable install) they are the top-level `maps/` and `scenarios/` folders; an
installed package carries copies in `logistics/_bundled/` (setup.py's build step copies them into
the wheel), so a scenario anywhere finds `map: iberia-europa`."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def root() -> Path:
    """The folder holding `maps/` and `scenarios/`: the package's copy, else the clone's."""
    copy = PACKAGE / "_bundled"
    return copy if (copy / "maps").is_dir() else PACKAGE.parent


def map_folder(ref: str) -> Path | None:
    folder = root() / "maps" / ref
    return folder if (folder / "map.yaml").is_file() else None


def listing() -> dict:
    """Every bundled map (name, game, folder) and scenario (game/name, file)."""
    import yaml
    base = root()
    maps = []
    for folder in sorted(p for p in (base / "maps").iterdir() if (p / "map.yaml").is_file()):
        head = yaml.safe_load((folder / "map.yaml").read_text(encoding="utf-8")) or {}
        maps.append({"name": folder.name, "game": str(head.get("game", "")), "path": str(folder)})
    scenarios = [{"name": f"{p.parent.name}/{p.stem}", "path": str(p)}
                 for p in sorted((base / "scenarios").glob("*/*.yaml")) if not p.name.endswith(".moves.yaml")]
    return {"root": str(base), "maps": maps, "scenarios": scenarios}
