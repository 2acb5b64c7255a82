"""Rewriting a player's scenario after a step without losing what the player wrote.

The new state is written by `scenario_text` (the canonical form) and grafted onto the player's
own document with ruamel.yaml's round-trip mode: a value that has not changed keeps its text, its
comments and its layout; a changed value takes the canonical text in its place; units (and other
lists of entries with an `id`) are matched by id, so a moved unit changes only its `hex`. An
ownership grid file stays a grid file: the cells of hexes that changed hands are rewritten in it,
and an explicit list entry the new owner contradicts is dropped from the list.
"""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from logistics.mapdata import OFF_MAP, Map
from logistics.position import NEUTRAL, UNOWNED, Position
from logistics.scenario_writer import scenario_text

# Entry fields that say where a thing is or how it stands: dropped when the new state lacks them
# (a unit leaving a box for a hex loses `box`; a unit back in supply loses `oos`).
STATE_FIELDS = ("hex", "box", "aboard", "oos", "mode", "held", "amount", "in_port", "level", "load")


def _yaml() -> YAML:
    y = YAML()
    y.preserve_quotes = True
    y.width = 1 << 20
    y.indent(mapping=2, sequence=4, offset=2)
    return y


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{float(value):g}"          # 4 and 4.0 are one number
    return "" if value is None else str(value)


def _same(old, new) -> bool:
    a, b = _plain(old), _plain(new)
    if a == b:
        return True
    scalars = isinstance(a, list) and isinstance(b, list) and all(isinstance(x, str) for x in a + b)
    return scalars and sorted(a) == sorted(b)      # a list of hexes in another order


def _by_id(items) -> bool:
    return isinstance(items, list) and all(isinstance(i, dict) and "id" in i for i in items)


def _merge(old, new):
    """`old` updated to mean `new`, keeping what did not change; returns the value to store."""
    if _same(old, new):
        return old
    if isinstance(new, str) and isinstance(old, (DoubleQuotedScalarString, SingleQuotedScalarString)):
        return type(old)(new)                # the player's quotes
    if isinstance(new, float) and new.is_integer():
        return int(new)
    if isinstance(old, CommentedMap) and isinstance(new, dict):
        _merge_map(old, new, drop=lambda key: True)
        return old
    if isinstance(old, CommentedSeq) and _by_id(old) and _by_id(new):
        wanted = {str(i["id"]): i for i in new}
        for k in reversed(range(len(old))):
            if str(old[k]["id"]) not in wanted:
                del old[k]
        kept = {str(i["id"]) for i in old}
        for item in old:                     # fields the entry leaves to their defaults stay unwritten
            _merge_map(item, wanted[str(item["id"])], drop=lambda key: key in STATE_FIELDS,
                       add=lambda key: key in STATE_FIELDS)
        for key, item in wanted.items():
            if key not in kept:
                old.append(item)
        return old
    if isinstance(old, CommentedSeq) and isinstance(new, list) and not any(isinstance(x, (dict, list)) for x in [*old, *new]):
        # a list of hexes or names: the player's order and quotes for what stays, new ones after
        quote = type(old[0]) if old and isinstance(old[0], (DoubleQuotedScalarString, SingleQuotedScalarString)) else None
        wanted, have = [str(x) for x in new], [str(x) for x in old]
        for k in reversed(range(len(old))):
            if have[k] not in wanted:
                del old[k]
        for x in new:
            if str(x) not in have:
                old.append(quote(str(x)) if quote and isinstance(x, str) else x)
        return old
    return new


def _merge_map(old: CommentedMap, new: dict, drop, add=lambda key: True) -> None:
    for key, value in new.items():
        if key in old:
            old[key] = _merge(old[key], value)
        elif add(key):
            old[key] = value
    for key in [k for k in old if k not in new and drop(k)]:
        del old[key]


def _changed_sections(y: YAML, old, text: str) -> dict:
    """The canonical `text` as top-level key -> value: a value equal to the player's is the
    player's own node; only the sections that changed are read round-trip (the slow reader)."""
    plain = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    sections: dict[str, list[str]] = {}
    for line in text.splitlines(keepends=True):
        if line[:1] not in (" ", "-", "#", ""):
            key = line.split(":", 1)[0]
        sections.setdefault(key, []).append(line)
    out = {}
    for key, value in plain.items():
        if key in old and _same(old[key], value):
            out[key] = old[key]
        else:
            out[key] = y.load("".join(sections[key]))[key]
    return out


def kept_text(original: str, after: Position, map_: Map, base: Path) -> tuple[str, dict[Path, str]]:
    """The player's file `original` rewritten to hold `after`, and any grid file to rewrite
    (path -> text; `base`: the scenario's folder)."""
    y = _yaml()
    old = y.load(original)
    # Ownership is kept apart (a grid, or lists): the rest of the state, without it, reads fast.
    defaults = {h: NEUTRAL for h in map_.terrain if map_.is_neutral(h)}
    new = _changed_sections(y, old, scenario_text(replace(after, owner=defaults), map_))
    grids: dict[Path, str] = {}
    old_owner = old.get("ownership")
    if isinstance(old_owner, CommentedMap) and "grid" in old_owner:
        grids = _keep_grid(old_owner, after, map_, base)
    else:
        new_owner = y.load(scenario_text(after, map_)).get("ownership")
        if new_owner is not None:
            old["ownership"] = _merge(old_owner, new_owner) if old_owner is not None else new_owner
        elif old_owner is not None:
            del old["ownership"]
    _merge_map(old, {k: v for k, v in new.items() if k != "ownership"}, drop=lambda key: key != "ownership")
    out = io.StringIO()
    y.dump(old, out)
    return out.getvalue(), grids


def _keep_grid(ownership: CommentedMap, after: Position, map_: Map, base: Path) -> dict[Path, str]:
    grid = ownership["grid"]
    path = base / str(grid["file"])
    legend = {str(k): str(v) for k, v in grid["legend"].items()}
    char_of: dict[str, str] = {}
    for char, owner in sorted(legend.items()):
        char_of.setdefault(owner, char)
    text = path.read_text(encoding="utf-8")
    rows = [list(line) for line in text.splitlines()]

    def want(h) -> str:
        return after.owner.get(h, UNOWNED)

    listed: dict = {}
    for name in [k for k in ownership if k != "grid"]:
        entries = ownership[name]
        for k in reversed(range(len(entries))):
            h = map_.hex_at(str(entries[k]))
            if want(h) != name:
                del entries[k]
            else:
                listed[h] = name
    changed = False
    for h in map_.grid_order(map_.terrain):
        if h in listed:
            continue
        col, row = map_.layout.to_offset(h)
        char = rows[row][col] if row < len(rows) and col < len(rows[row]) else OFF_MAP
        default = NEUTRAL if map_.is_neutral(h) else UNOWNED
        now = legend.get(char, default)
        wanted = want(h)
        if now == wanted:
            continue
        new_char = OFF_MAP if wanted == default else char_of.get(wanted)
        if new_char is None:                 # no character for that owner: an explicit list
            if wanted not in ownership:
                ownership[wanted] = CommentedSeq()
                ownership[wanted].fa.set_flow_style()
            ownership[wanted].append(DoubleQuotedScalarString(map_.hex_id(h)))
            continue
        while len(rows) <= row:
            rows.append([])
        rows[row].extend(OFF_MAP * (col + 1 - len(rows[row])))
        rows[row][col] = new_char
        changed = True
    if not changed:
        return {}
    return {path: "".join("".join(r) + "\n" for r in rows)}
