"""The pieces file: how the pieces of a VASSAL game become the units of a scenario.

    base: ../scenarios/fwtbt/aug-1936.yaml   # game, map, sides, turn, ownership, sources: kept
    map: Main Map                            # the VASSAL map the position lies on
    hexes:                                   # VASSAL location -> printed hex id of our map
      - {board: Iberia, location: '^(?P<col>\\d\\d)(?P<row>\\d\\d)$', id: '23A:{col:02d}{row:02d}'}
    boxes:                                   # VASSAL location -> an off-map box of the scenario
      - {location: '^Canaries$', box: Canaries}
    units:                                   # the first rule that matches a piece makes its unit
      - {name: '^(?P<id>.+) Col$', id: '{id} Col', side: Loyalist, affiliation: People's Army,
         type: militia, size: 1, zoc: reduced}
      - {trait: '^prototype;Rebel infantry$', affiliation: Nationalist, type: infantry}
    markers:                                 # pieces read into the units in their hex
      - {name: '^U-(?P<n>\\d)$', oos: '{n}'}
      - {name: '^DG$', mode: dg}
      - {name: '^(?P<sp>\\d+) SP$', supply: sp, amount: '{sp}', side: Insurgent}   # a dump in its hex
    ignore: ['^Turn marker$']                # pieces that are neither units nor markers

`name` matches the piece's name, `trait` any of its traits as saved (`prototype;NAME` for a
prototype); a rule with both needs both. Named groups of the patterns fill `{...}` templates.
A `hexes` rule with `id: grid` takes `col`/`row` as our map's grid column and row (plus the
rule's `col`/`row` offsets). Supply markers replace the base scenario's `supply:` list.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from logistics.errors import LoadError
from logistics.position import SUPPLY_KINDS
from logistics.yamldoc import Doc, load_doc

UNIT_FIELDS = ("name", "trait", "id", "side", "affiliation", "type", "size", "zoc", "mode", "nationality")
ZOC_KINDS = ("normal", "reduced", "none")


def _regex(doc: Doc) -> re.Pattern:
    try:
        return re.compile(doc.text())
    except re.error as exc:
        raise doc.error(f"{doc.text()!r} is not a regular expression ({exc})", expected="a Python regular expression") from None


def _template(doc: Doc) -> str:
    text = doc.text()
    try:
        text.format_map(_Probe())
    except (ValueError, IndexError) as exc:
        raise doc.error(f"{text!r} is not a template ({exc})", expected="text with {group} fields") from None
    return text


class _Probe(dict):
    def __missing__(self, key):
        return 0


def fill(template: str, groups: dict[str, str], doc_file: str, field_: str) -> str:
    values = {k: (int(v) if v is not None and v.lstrip("-").isdigit() else v) for k, v in groups.items()}
    try:
        return template.format_map(values)
    except (KeyError, ValueError) as exc:
        raise LoadError(doc_file, f"template {template!r} cannot be filled from {groups} ({exc})",
                        field=field_, expected="fields named by the pattern's groups") from None


@dataclass
class HexRule:
    board: str | None
    location: re.Pattern | None
    id: str
    col: int = 0
    row: int = 0
    path: str = ""


@dataclass
class BoxRule:
    location: re.Pattern
    box: str
    path: str = ""


@dataclass
class UnitRule:
    name: re.Pattern | None
    trait: re.Pattern | None
    fields: dict[str, str]
    size: float | None
    path: str = ""

    def match(self, name: str, traits: list[str], piece_id: str = "") -> dict[str, str] | None:
        """The template fields when the rule matches: `name`, `piece` (VASSAL's piece id) and
        the patterns' named groups; None when it does not."""
        groups: dict[str, str] = {"name": name, "piece": piece_id}
        if self.name is not None:
            m = self.name.search(name)
            if not m:
                return None
            groups.update({k: v for k, v in m.groupdict().items() if v is not None})
        if self.trait is not None:
            m = next((m for t in traits if (m := self.trait.search(t))), None)
            if not m:
                return None
            groups.update({k: v for k, v in m.groupdict().items() if v is not None})
        return groups


@dataclass
class MarkerRule:
    name: re.Pattern
    oos: str | None = None
    mode: str | None = None
    supply: str | None = None       # a supply kind: the marker is a stock (dump) in its hex
    amount: str = "1"
    side: str | None = None
    path: str = ""


@dataclass
class PiecesFile:
    file: str
    base: Path | None
    map: str | None
    hexes: list[HexRule] = field(default_factory=list)
    boxes: list[BoxRule] = field(default_factory=list)
    units: list[UnitRule] = field(default_factory=list)
    markers: list[MarkerRule] = field(default_factory=list)
    ignore: list[re.Pattern] = field(default_factory=list)


def read_pieces_file(path: Path | str) -> PiecesFile:
    path = Path(path)
    doc = load_doc(path)
    f = doc.mapping(("base", "map", "hexes", "boxes", "units", "markers", "ignore"), required=("hexes", "units"))
    out = PiecesFile(str(path), (path.parent / f["base"].text()) if "base" in f else None,
                     f["map"].text() if "map" in f else None)
    for item in f["hexes"].list():
        h = item.mapping(("board", "location", "id", "col", "row"), required=("id",))
        out.hexes.append(HexRule(h["board"].text() if "board" in h else None,
                                 _regex(h["location"]) if "location" in h else None, _template(h["id"]),
                                 h["col"].integer() if "col" in h else 0, h["row"].integer() if "row" in h else 0,
                                 item.path))
    if "boxes" in f:
        for item in f["boxes"].list():
            b = item.mapping(("location", "box"), required=("location", "box"))
            out.boxes.append(BoxRule(_regex(b["location"]), _template(b["box"]), item.path))
    for item in f["units"].list():
        u = item.mapping(UNIT_FIELDS, required=("affiliation", "type"))
        if "name" not in u and "trait" not in u:
            raise item.error("a unit rule matches nothing", expected="a name or a trait pattern")
        if "zoc" in u:
            u["zoc"].choice(ZOC_KINDS, "zoc")
        fields = {k: _template(u[k]) for k in ("id", "side", "affiliation", "type", "zoc", "mode", "nationality") if k in u}
        out.units.append(UnitRule(_regex(u["name"]) if "name" in u else None,
                                  _regex(u["trait"]) if "trait" in u else None, fields,
                                  u["size"].number(0) if "size" in u else None, item.path))
    if "markers" in f:
        for item in f["markers"].list():
            m = item.mapping(("name", "oos", "mode", "supply", "amount", "side"), required=("name",))
            if "oos" not in m and "mode" not in m and "supply" not in m:
                raise item.error("a marker rule changes nothing", expected="oos, mode or supply")
            if "supply" in m:
                m["supply"].choice(SUPPLY_KINDS, "supply kind")
                if "side" not in m:
                    raise item.error("a supply marker needs its side", expected="side: a side of the scenario")
            out.markers.append(MarkerRule(_regex(m["name"]), _template(m["oos"]) if "oos" in m else None,
                                          _template(m["mode"]) if "mode" in m else None,
                                          m["supply"].text() if "supply" in m else None,
                                          _template(m["amount"]) if "amount" in m else "1",
                                          m["side"].text() if "side" in m else None, item.path))
    if "ignore" in f:
        out.ignore = [_regex(d) for d in f["ignore"].list()]
    return out
