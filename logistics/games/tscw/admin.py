"""What the TSCW turn engine does in the Administrative and End of Turn Phases with the rules of
`rules.py` (seed 002), from the scenario's options:

- 11.2, the Strategic Movement Limits Table by turn: `strategic_limits_by_turn: {6: {Nationalist:
  {rail: 3, sea: 1}, ...}}` sets `strategic_limits` as that game turn begins;
- 7.8 / 7.9, reinforcements: `reinforcements: [{id: X, affiliation: Nationalist, type: brigade,
  turn: 6, hex: "2509"}]`; at the end of A-III of its turn or later it enters at its printed hex,
  or a friendly Fully Supplied hex within 2 (the first in hex-id order, the player may move it);
  none: its entry is delayed to the next turn (7.8). It enters supplied (7.9): tagged
  `reinforcement turn N`, it is Fully Supplied through its entry turn N. Units without a
  printed hex deploy freely: the engine lists them, the player places them;
- 12.1, HQ refit: entering A-V, each HQ in `mode: committed` flips to `available` if Fully
  Supplied;
- 15.16, reduced ammunition: with `reduced_ammunition: true`, segment D-II-c checks whether a
  secondary source north of row 24xx traces to Cadiz; the first time one does, the option ends.
"""
from __future__ import annotations

from dataclasses import replace

from logistics.games.tscw.rules import hq_may_refit, reduced_ammo_ended, reinforcement_hexes
from logistics.games.tscw.supply import entry_tag
from logistics.mapdata import Map
from logistics.position import AddUnit, Position, Turn, Unit


def limits_of_turn(position: Position, turn: Turn) -> tuple[Position, list[str]]:
    table = position.options.get("strategic_limits_by_turn") or {}
    limits = table.get(str(turn.number))
    if limits is None or limits == position.options.get("strategic_limits"):
        return position, []
    text = "; ".join(f"{side} rail {v['rail']:g}, sea {v['sea']:g}" for side, v in sorted(limits.items()))
    return replace(position, options={**position.options, "strategic_limits": limits}), [
        f"11.2: strategic movement limits of turn {turn.number}: {text}"]


def _unit(position: Position, entry: dict) -> Unit | None:
    for side in position.sides:
        for coalition, affiliations in side.coalitions:
            if entry["affiliation"] in affiliations:
                return Unit(entry["id"], side.name, coalition, entry["affiliation"], entry["type"], entry["size"])
    return None


def enter_reinforcements(position: Position, map_: Map) -> tuple[Position, list[str]]:
    lines = []
    present = {u.id for u in position.units}
    for entry in position.options.get("reinforcements") or []:
        unit = _unit(position, entry)
        if unit is None:
            lines.append(f"7.8: reinforcement {entry['id']}: affiliation {entry['affiliation']!r} is no side's")
            continue
        if unit.id in present or int(entry["turn"]) > position.turn.number:
            continue
        if "hex" not in entry:
            lines.append(f"7.8: {unit.id} may enter in free deployment (the player places it)")
            continue
        hexes, why = reinforcement_hexes(position, map_, unit, map_.hex_at(entry["hex"]))
        if not hexes:
            lines.append(f"{why}: {unit.id} ({entry['hex']})")
            continue
        where = sorted(hexes, key=map_.hex_id)[0]
        # 7.9: it enters supplied and keeps its full capacities this turn (the tag says until when).
        position = position.apply(AddUnit(replace(unit, hex=where, tags=(entry_tag(position.turn.number),))))
        lines.append(f"7.8 / 7.9: {unit.id} enters at {map_.hex_id(where)}, supplied ({why})")
    return position, lines


def refit_hqs(position: Position, map_: Map) -> tuple[Position, list[str]]:
    lines, flipped = [], set()
    for hq in position.units:
        if hq.type == "hq" and hq.mode == "committed" and hq.hex is not None:
            answer = hq_may_refit(position, map_, hq)
            if answer.ok:
                flipped.add(hq.id)
            lines.append(f"12.1: HQ {hq.id} {'flips to Available' if answer.ok else 'stays Committed'} ({answer.reason})")
    units = tuple(replace(u, mode="available") if u.id in flipped else u for u in position.units)
    return replace(position, units=units), lines


def end_of_reduced_ammunition(position: Position, map_: Map) -> tuple[Position, list[str]]:
    if not position.options.get("reduced_ammunition"):
        return position, []
    answer = reduced_ammo_ended(position, map_)
    if not answer.ok:
        return position, [f"15.16: reduced ammunition goes on ({answer.reason})"]
    return replace(position, options={**position.options, "reduced_ammunition": False}), [
        f"15.16: reduced ammunition ends ({answer.reason})"]
