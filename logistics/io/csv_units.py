"""Units from a spreadsheet (CSV) into a scenario.

Columns (header names, any case, any order; docs/import.md): id, affiliation, type, hex or box,
and optionally side (checked against the affiliation), size (REs, default 1), zoc (normal,
reduced, none; default normal), mode, nationality, oos (the U-n marker). `hex` takes a printed id
or a unique place name. Everything else (game, sides, turn, ownership, sources) comes from a
base scenario, whose units are replaced.
"""
from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

from logistics.errors import LoadError
from logistics.mapdata import Map
from logistics.mapio import find_hex
from logistics.numbering import NumberingError
from logistics.position import ZOC_KINDS, Position, Unit
from logistics.scenario import load_scenario
from logistics.scenario_writer import write_scenario

COLUMNS = ("id", "side", "affiliation", "type", "size", "zoc", "hex", "box", "mode", "nationality", "oos")
REQUIRED = ("id", "affiliation", "type")


def _number(text: str, file: str, line: int, column: str, integer: bool = False) -> float:
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        raise LoadError(file, f"{text!r} is not a number", line=line, field=column,
                        expected="a whole number" if integer else "a number") from None
    if value < 0:
        raise LoadError(file, f"{text} is negative", line=line, field=column, expected="0 or more")
    return value


def read_units(path: Path | str, position: Position, map_: Map) -> list[Unit]:
    path = Path(path)
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise LoadError(file, f"cannot read: {exc.strerror}") from None
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise LoadError(file, "empty file", line=1, expected="a header line: " + ", ".join(REQUIRED))
    header = [h.strip().lower() for h in rows[0]]
    for h in header:
        if h and h not in COLUMNS:
            raise LoadError(file, f"unknown column {h!r}", line=1, expected="columns among " + ", ".join(COLUMNS))
    missing = [c for c in REQUIRED if c not in header]
    if missing or ("hex" not in header and "box" not in header):
        raise LoadError(file, f"missing column {(missing or ['hex'])[0]!r}", line=1,
                        expected="columns id, affiliation, type and hex (or box)")
    home = {a: (s.name, c) for s in position.sides for c, affs in s.coalitions for a in affs}
    units, seen = [], set()
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        f = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header) if h}
        for c in REQUIRED:
            if not f[c]:
                raise LoadError(file, "empty", line=line, field=c, expected=f"a {c}")
        if f["id"] in seen:
            raise LoadError(file, f"unit {f['id']!r} twice", line=line, field="id", expected="one row per unit")
        seen.add(f["id"])
        affiliation = f["affiliation"]
        if affiliation not in home:
            raise LoadError(file, f"unknown affiliation {affiliation!r}", line=line, field="affiliation",
                            expected="one of " + ", ".join(sorted(home)))
        side, coalition = home[affiliation]
        if f.get("side") and f["side"].lower() != side.lower():
            raise LoadError(file, f"affiliation {affiliation} belongs to side {side}", line=line, field="side",
                            expected=side)
        zoc = (f.get("zoc") or "normal").lower()
        if zoc not in ZOC_KINDS:
            raise LoadError(file, f"unknown ZOC kind {zoc!r}", line=line, field="zoc", expected=", ".join(ZOC_KINDS))
        hex_, box = None, f.get("box") or None
        if f.get("hex"):
            try:
                hex_ = find_hex(map_, f["hex"])
            except NumberingError as exc:
                raise LoadError(file, str(exc), line=line, field="hex") from None
            if hex_ not in map_:
                raise LoadError(file, f"hex {f['hex']} is not on map {map_.name}", line=line, field="hex",
                                expected="a hex of the map")
            if map_.is_water(hex_):
                raise LoadError(file, f"ground unit on {map_.terrain[hex_]} hex {f['hex']}", line=line,
                                field="hex", expected="a land hex")
        if (hex_ is None) == (box is None):
            raise LoadError(file, "a unit needs exactly one place", line=line, field="hex",
                            expected="a hex or a box")
        if box is not None and map_.box(box) is None:
            raise LoadError(file, f"unknown box {box!r}", line=line, field="box", expected="a box of the map")
        units.append(Unit(id=f["id"], side=side, coalition=coalition, affiliation=affiliation, type=f["type"],
                          size=_number(f["size"], file, line, "size") if f.get("size") else 1.0, zoc=zoc,
                          nationality=f.get("nationality", ""), hex=hex_, box=box, mode=f.get("mode", ""),
                          oos=int(_number(f["oos"], file, line, "oos", True)) if f.get("oos") else 0))
    return units


def import_csv(path, base, out_path, map_ref: str | None = None) -> int:
    """Write the base scenario with the CSV's units to `out_path`; -> the number of units."""
    scenario = load_scenario(base)
    if map_ref is not None and map_ref not in (scenario.map.name, scenario.position.map_ref):
        raise LoadError(str(base), f"the base scenario is on map {scenario.map.name}, not {map_ref}",
                        field="map", expected=map_ref)
    units = read_units(path, scenario.position, scenario.map)
    write_scenario(dataclasses.replace(scenario.position, units=tuple(units)), scenario.map, out_path)
    return len(units)
