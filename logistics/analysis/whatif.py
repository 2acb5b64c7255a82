"""What if: the position re-judged after some changes, and only the verdicts that change, each
with why (the new line's source, or the blocking hex and rule of the new verdict)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from logistics.errors import LoadError
from logistics.games import supply_engine
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.numbering import NumberingError
from logistics.position import AddUnit, Change, MoveUnit, Position, RemoveUnit, SetOwner, SetRailBreak, Unit
from logistics.verdict import Verdict

FORMS = ("'move UNIT to HEX', 'remove UNIT', 'enemy at HEX', 'SIDE unit at HEX', 'block HEX' "
         "or 'rail break at HEX'")
COMPARED = ("hex", "general", "isolated", "attack", "next_marker")


def enemy_unit(position: Position, side: str, hex_: Hex, label: str, zoc: str = "normal") -> Unit:
    """A 1-RE infantry unit of `side` (its first coalition and affiliation) at `hex_`."""
    coalition, affiliations = position.side(side).coalitions[0]
    return Unit(label, side, coalition, affiliations[0], size=1.0, zoc=zoc, hex=hex_)


def enemy_of(position: Position, side: str, source: str) -> str:
    if side not in {s.name for s in position.sides}:
        raise LoadError(source, f"no side {side!r}", field="--side",
                        expected="one of " + ", ".join(s.name for s in position.sides))
    return position.enemies_of(side)[0]


def _hex(map_: Map, printed: str, text: str) -> Hex:
    try:
        h = map_.hex_at(printed)
    except (NumberingError, ValueError):
        h = None
    if h is None or h not in map_:
        raise LoadError("--if", f"{text!r}: no hex {printed!r} on the map",
                        expected="a printed hex id of the map")
    return h


def parse_change(text: str, position: Position, map_: Map, side: str | None = None) -> Change:
    """One `--if` phrase as a position change. `side`: whose enemy 'enemy at HEX' and 'block HEX'
    place (by default the enemy of the hex's owner)."""
    phrase = " ".join(text.split())
    units = {u.id for u in position.units}
    sides = {s.name for s in position.sides}
    if m := re.fullmatch(r"move (.+) to (\S+)", phrase):
        if m[1] not in units:
            raise LoadError("--if", f"{text!r}: no unit {m[1]!r}", expected="a unit id of the scenario")
        return MoveUnit(m[1], _hex(map_, m[2], text))
    if m := re.fullmatch(r"remove (.+)", phrase):
        if m[1] not in units:
            raise LoadError("--if", f"{text!r}: no unit {m[1]!r}", expected="a unit id of the scenario")
        return RemoveUnit(m[1])
    if m := re.fullmatch(r"rail break at (\S+)", phrase):
        return SetRailBreak(_hex(map_, m[1], text))
    if m := re.fullmatch(r"(enemy at|block) (\S+)", phrase):
        h = _hex(map_, m[2], text)
        friend = side or position.owner_of(h)
        if friend not in sides:
            raise LoadError("--if", f"{text!r}: whose enemy? {m[2]} is {friend}",
                            expected="--side, or a hex owned by a side")
        enemy = enemy_of(position, friend, "--if")
        if m[1] == "block":
            # The hex alone is lost (an enemy unit with no ZOC, the hex enemy-owned), as `cut` tries it.
            return taken(map_, enemy, (h,))
        return AddUnit(enemy_unit(position, enemy, h, f"enemy at {m[2]}"))
    if (m := re.fullmatch(r"(\S+) unit at (\S+)", phrase)) and m[1] in sides:
        return AddUnit(enemy_unit(position, m[1], _hex(map_, m[2], text), f"{m[1]} unit at {m[2]}"))
    raise LoadError("--if", f"cannot read {text!r}", expected=FORMS)


@dataclass(frozen=True)
class Taken(Change):
    """Hexes taken by `enemy`: a unit of its with no ZOC in each, each hex enemy-owned. The hexes
    alone are lost, not their neighbours (`logistics cut` tries its candidates so)."""

    enemy: str
    hexes: tuple[Hex, ...]
    labels: tuple[str, ...]          # printed ids, for the probe units' names

    def apply(self, position: Position) -> Position:
        probes = [AddUnit(enemy_unit(position, self.enemy, h, f"cut probe {label}", zoc="none"))
                  for h, label in zip(self.hexes, self.labels)]
        return position.apply(*probes, SetOwner(self.hexes, self.enemy))


def taken(map_: Map, enemy: str, hexes) -> Taken:
    ordered = sorted(hexes, key=map_.hex_id)
    return Taken(enemy, tuple(ordered), tuple(map(map_.hex_id, ordered)))


@dataclass
class VerdictChange:
    before: Verdict
    after: Verdict | None          # None: the unit left the position

    @property
    def unit(self) -> str:
        return self.before.unit


def what_if(position: Position, map_: Map, changes: list[Change],
            before: list[Verdict] | None = None) -> list[VerdictChange]:
    """The verdicts that differ once `changes` are applied (units of the original position only),
    in the order of the position's units."""
    before = before if before is not None else supply_engine(position, map_).verdicts()
    after = {v.unit: v for v in supply_engine(position.apply(*changes), map_).verdicts()}
    out = []
    for v in before:
        new = after.get(v.unit)
        if new is None or any(getattr(v, f) != getattr(new, f) for f in COMPARED):
            out.append(VerdictChange(v, new))
    return out


def why(v: Verdict) -> str:
    """The reason of a verdict in one phrase: its source and line length, or where it is blocked."""
    if v.supplied:
        return f"line to {v.source}" + (f" ({len(v.line) - 1} hexes)" if v.line else "")
    if v.blocked is not None:
        return f"blocked at {v.blocked.hex} ({v.blocked.rule}: {v.blocked.reason})"
    return v.general


def _state(v: Verdict) -> str:
    iso = "" if v.isolated is None else (", isolated" if v.isolated else "")
    return f"{v.general}{iso}, U{v.marker}->{v.next_marker}"


def change_lines(found: list[VerdictChange]) -> list[str]:
    if not found:
        return ["no verdict changes"]
    lines = []
    for c in found:
        b, a = c.before, c.after
        if a is None:
            lines.append(f"{b.unit} ({b.side}) at {b.hex}: removed")
            continue
        where = b.hex if a.hex == b.hex else f"{b.hex} -> {a.hex}"
        lines.append(f"{b.unit} ({b.side}) at {where}: {_state(b)} -> {_state(a)}")
        lines.append(f"  was: {why(b)}")
        lines.append(f"  now: {why(a)}")
    return lines


def change_json(found: list[VerdictChange]) -> list[dict]:
    return [{"unit": c.unit, "before": c.before.as_dict(), "after": c.after.as_dict() if c.after else None}
            for c in found]
