"""MOVES.yaml: the rail moves a player asks the planner for (format: docs/rail.md).

Every error names the file, the line, the field and what was expected, as scenario files do.
"""
from __future__ import annotations

from pathlib import Path

from logistics import games
from logistics.mapio import HexReader
from logistics.rail.model import INCREASE_KINDS, OTHER_MOVEMENT, Increase, MoveRequest, Orders
from logistics.scenario import Scenario
from logistics.yamldoc import Doc, load_doc

TOP_FIELDS = ("side", "phase", "gauge", "increases", "moves")
MOVE_FIELDS = ("id", "unit", "cargo", "size", "from", "to", "priority", "kind", "also", "arrival")
INCREASE_FIELDS = ("kind", "amount", "yard", "hex")


def load_moves(path: Path | str, scenario: Scenario) -> Orders:
    doc = load_doc(path)
    f = doc.mapping(TOP_FIELDS, required=("moves",))
    position, map_ = scenario.position, scenario.map
    rules = games.of(position, str(path)).orders
    if "side" in f:
        side = f["side"].choice(tuple(s.name for s in position.sides), "side")
    elif position.turn.player:
        side = position.turn.player
    else:
        raise doc.error("no moving side", expected="a 'side' field (the scenario's turn names no player)")
    gauges = tuple(sorted({t.gauge for t in map_.rail if t.gauge}))
    gauge = None
    if "gauge" in f:
        if not rules.gauges:
            raise f["gauge"].error("gauge is an OCS rule (13.3f)", expected="no 'gauge' in a Europa plan")
        gauge = f["gauge"].choice(gauges, "gauge of the map's rail")
    elif rules.gauges and len(gauges) > 1:
        raise doc.error(f"the map has rail of {len(gauges)} gauges",
                        expected="a 'gauge' field naming the moving side's gauge (13.3f): " + ", ".join(gauges))
    reader = HexReader(map_)
    moves = tuple(_read_move(d, n, scenario, side, reader) for n, d in enumerate(f["moves"].list(), 1))
    seen: dict[str, MoveRequest] = {}
    for d, move in zip(f["moves"].list(), moves):
        if move.id in seen:
            raise d.error(f"duplicate move id {move.id!r} (first at line {seen[move.id].line})",
                          expected="unique move ids")
        seen[move.id] = move
    increases = ()
    if "increases" in f:
        if not rules.increases:
            raise f["increases"].error("rail capacity increases are Europa rules (7A4, 43C2)",
                                       expected="no 'increases' in an OCS plan")
        increases = tuple(_read_increase(d, scenario, reader) for d in f["increases"].list())
    return Orders(str(path), side, f["phase"].text() if "phase" in f else "movement", gauge, moves, increases)


def _read_move(doc: Doc, number: int, scenario: Scenario, side: str, reader: HexReader) -> MoveRequest:
    m = doc.mapping(MOVE_FIELDS, required=("to",))
    position, map_ = scenario.position, scenario.map
    rules = games.of(position).orders
    if ("unit" in m) == ("cargo" in m):
        raise doc.error("a move needs exactly one of 'unit' and 'cargo'", expected="'unit: ID' or 'cargo: NAME'")
    unit_id = cargo = None
    if "unit" in m:
        unit_id = m["unit"].ident("unit id")
        try:
            unit = position.unit(unit_id)
        except KeyError:
            raise m["unit"].error(f"unknown unit {unit_id!r}", expected="a unit id of the scenario") from None
        if unit.side != side:
            raise m["unit"].error(f"unit {unit_id} is {unit.side}'s; this plan moves {side}'s units",
                                  expected=f"a {side} unit (or set 'side')")
        if unit.hex is None:
            raise m["unit"].error(f"unit {unit_id} is not on the map", expected="a unit in a map hex")
        if "size" in m:
            raise m["size"].error("a unit's size is its RE size in the scenario", expected="no 'size' for a unit")
        if "from" in m and reader.hex(m["from"]) != unit.hex:
            raise m["from"].error(f"unit {unit_id} is in {map_.hex_id(unit.hex)}", expected="the unit's hex, or no 'from'")
        start, size = unit.hex, unit.size
    else:
        if not rules.cargo:
            raise m["cargo"].error("TSCW strategic movement moves units (11.1)", expected="'unit: ID'")
        cargo = m["cargo"].ident("cargo")
        for key in ("from", "size"):
            if key not in m:
                raise doc.error(f"missing field {key!r}", expected=f"a {key!r} field for cargo")
        for key in ("kind", "also"):
            if key in m:
                raise m[key].error(f"{key!r} applies to units (7A2)", expected=f"no {key!r} for cargo")
        start, size = reader.hex(m["from"]), m["size"].number(0)
        if size <= 0:
            raise m["size"].error("0 is too small", expected="a size above 0 (REs or SP)")
    for key in ("kind", "also"):
        if key in m and not (rules.also if key == "also" else rules.named_kinds):
            raise m[key].error(f"{key!r} is a Europa rule (7A2)", expected=f"no {key!r} in an OCS plan")
    if "arrival" in m and not rules.arrival:
        raise m["arrival"].error("arrival by rail is an OCS rule (13.6b)", expected="no 'arrival' outside OCS")
    kinds = rules.kinds
    return MoveRequest(
        id=m["id"].ident("move id") if "id" in m else f"move {number}",
        start=start, to=reader.hex(m["to"]), size=size,
        priority=m["priority"].integer(0) if "priority" in m else 1,
        unit=unit_id, cargo=cargo,
        kind=m["kind"].choice(kinds, rules.kind_label) if "kind" in m else kinds[0],
        also=tuple(d.choice(OTHER_MOVEMENT, "other movement") for d in m["also"].list()) if "also" in m else (),
        arrival=m["arrival"].boolean() if "arrival" in m else False,
        line=doc.line,
    )


def _read_increase(doc: Doc, scenario: Scenario, reader: HexReader) -> Increase:
    i = doc.mapping(INCREASE_FIELDS, required=("kind", "amount"))
    kind = i["kind"].choice(INCREASE_KINDS, "increase kind")
    yard = None
    if "yard" in i:
        yard = i["yard"].text()
        if scenario.map.yard(yard) is None or scenario.map.yard(yard).place.hex is None:
            raise i["yard"].error(f"unknown rail yard {yard!r}", expected="a yard of the map")
    if kind == "temporary":
        if ("yard" in i) == ("hex" in i):
            raise doc.error("a temporary increase needs exactly one of 'hex' and 'yard'",
                            expected="the hex or yard of the section the resource points are spent on (7A4b)")
    elif yard is None or "hex" in i:
        raise doc.error(f"a {kind} increase goes to a named yard", expected="a 'yard' field and no 'hex' (43C2)")
    return Increase(kind, i["amount"].number(0), yard, reader.hex(i["hex"]) if "hex" in i else None, doc.line)
