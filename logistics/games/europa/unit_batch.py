"""Every unit's verdict at once (issue 19: at 1M hexes the verdicts of 50,000 units, each a chain
of calls, were a tenth of the whole). The units whose line `Lines._walk_group` walked (in general
supply, 12B) read their isolation (3F) and attack supply (12D) as array reads per group and side,
then one light loop builds their Verdicts; every other unit (off the map, embarked, deemed in
supply, out of supply, on supply points, a line with a naval element, a small group) is judged by
`EuropaSupply.verdict`, in the units' order. Each verdict reads exactly as `verdict` gives it."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.rules import INTRINSIC_GARRISON
from logistics.games.europa.status import IN_SUPPLY
from logistics.verdict import Verdict

# Where a walked line ends, by the kind `Lines._walk_group` gives it: the position in its parts of
# the overland, road or rail element's end node (lines.ENDS_OVERLAND, ENDS_BY_ROAD, ENDS_BY_RAIL).
END_AT = {1: 2, 2: 6, 3: 8}


def unit_verdicts(engine) -> list[Verdict]:
    """`[engine.verdict(u) for u in units]`, the lines walked at once read without a call per unit."""
    units = engine.position.units
    if engine.unchecked or engine.rules.deemed_in_supply:
        return [engine.verdict(u) for u in units]
    pos, memo = engine.index.pos, engine._memo
    fast = []                          # (k, unit, node, group, its walked parts)
    for k, unit in enumerate(units):
        node = pos.get(unit.hex) if unit.aboard is None else None
        if node is None or INTRINSIC_GARRISON in unit.tags:     # 39D: deemed in supply
            continue
        reach = engine.general_reach(unit)
        traced = memo.get(("traced", id(reach)))
        parts = traced[1].get(node) if traced is not None and traced[0] is reach else None
        if parts is not None:
            fast.append((k, unit, node, reach, parts))
    isolated, attack = _array_reads(engine, fast)
    reads = {f[0]: (*f[1:], reached, attacks) for f, reached, attacks in zip(fast, isolated, attack)}
    hex_id, line_from_parts, line_weather = engine.index.hex_id, engine._line_from_parts, engine.line_weather
    out, rules_of, places = [], {}, {}
    for k, unit in enumerate(units):     # in the units' order, as `verdict` would make them
        read = reads.get(k)
        if read is None:
            out.append(engine.verdict(unit))
            continue
        _, node, reach, parts, reached, attacks = read
        _, line, lengths, source, weathers = line_from_parts(reach, node, parts)
        end = parts[END_AT[parts[0]]]
        place = places.get(end, False)
        if place is False:
            place = places[end] = engine._place_of(hex_id(end))
        rules = rules_of.get(id(reach))
        if rules is None:
            rules = rules_of[id(reach)] = ["12A", "12B", *engine.rules_after_line(reach)]
        # 3F: not isolated where an overland line of any length reaches the group's seeds; else
        # the naval errata decide, unit by unit (as `verdict`).
        isolated = False if reached else engine._isolated(unit, reach, node)
        isolation = engine._isolation(unit, reach, node) if isolated else None
        if attacks is None:
            attacks = engine._attack_supply(unit, node)       # 12D2: ports of the coalition's classes
        out.append(Verdict(unit.id, unit.side, unit.affiliation, hex_id(node), IN_SUPPLY, source, isolated,
                           attacks, line_weather(weathers), lengths, line, None, unit.oos, 0, rules.copy(),
                           source_place=place, isolation=isolation))
    return out


def _array_reads(engine, fast: list) -> tuple[list[bool], list[bool | None]]:
    """For each unit of `fast`: whether an overland line of any length reaches its group's seeds
    (3F), and its attack supply from the side's steps (12D; None where its coalition also draws on
    ports, 12D2, which `_attack_supply` answers alone): one array read per group and side."""
    if not fast:
        return [], []
    nodes = np.fromiter((f[2] for f in fast), dtype=np.int64, count=len(fast))
    reached, attack = np.zeros(len(fast), dtype=bool), np.zeros(len(fast), dtype=bool)
    by_group, by_side, by_ports = {}, {}, np.zeros(len(fast), dtype=bool)
    port_attack = engine.rules.port_attack_supply
    for j, (_, unit, _, reach, _) in enumerate(fast):
        by_group.setdefault(id(reach), (unit, reach, []))[2].append(j)
        by_side.setdefault(unit.side, []).append(j)
        by_ports[j] = bool(port_attack.get(unit.coalition))
    for unit, reach, rows in by_group.values():
        reached[rows] = engine._reaching_seeds(unit.side, reach)[nodes[rows]]
    for side, rows in by_side.items():
        attack[rows] = engine._attack_steps_reach(side)[nodes[rows]]
    attack_list = attack.tolist()
    for j in np.flatnonzero(by_ports).tolist():
        attack_list[j] = None
    return reached.tolist(), attack_list

