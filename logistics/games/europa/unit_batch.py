"""Every unit's verdict at once (issue 19: at 1M hexes the verdicts of 50,000 units, each a chain
of calls, were a tenth of the whole). The units whose line `Lines._walk_group` walked (in general
supply, 12B) and those no line reaches (out of supply, their Blocks from blocked_batch.py) read
their isolation (3F) and attack supply (12D) as array reads per group and side, then one light loop
builds their Verdicts; every other unit (off the map, embarked, deemed in supply, on supply points,
a line with a naval element or walked alone) is judged by `EuropaSupply.verdict`, in the units'
order. Each verdict reads exactly as `verdict` gives it."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.blocked_batch import blocks, unlined
from logistics.games.europa.lines import WalkedLine
from logistics.games.europa.rules import INTRINSIC_GARRISON
from logistics.games.europa.status import IN_SUPPLY, OUT_OF_SUPPLY
from logistics.games.europa.unit_kinds import unit_kinds
from logistics.games.europa.walked import summaries
from logistics.hex_ids import hex_ids
from logistics.verdict import Verdict, made_verdict


def unit_verdicts(engine) -> list[Verdict]:
    """`[engine.verdict(u) for u in units]`, the lines walked at once and the units no line reaches
    (blocked_batch.py) read without a call per unit."""
    units = engine.position.units
    if engine.unchecked or engine.rules.deemed_in_supply:
        return [engine.verdict(u) for u in units]
    # Units of one side, coalition and affiliation share their group (12C1) and what is read per
    # group: each unit's kind and each kind's group found once per engine (unit_kinds.py).
    nodes, kind_of, groups = unit_kinds(engine)
    reaches = [reach for _, reach in groups]
    walked = [engine._walked(reach) for reach in reaches]       # per kind: its group's walked lines
    kinds = np.array(kind_of, dtype=np.int64)
    rows = _walked_rows(nodes, kinds, walked)
    fast, rest, at = [], [], []         # (k, unit, node, group, kind[, its walked line's row]); fast's k
    for k, (unit, node, kind, row) in enumerate(zip(units, nodes, kind_of, rows.tolist())):
        # Off the map, embarked, or deemed in supply (39D): left to `verdict`.
        if kind < 0 or unit.aboard is not None or INTRINSIC_GARRISON in unit.tags:
            continue
        if row >= 0:
            fast.append((k, unit, node, reaches[kind], kind, row))
            at.append(k)
        else:
            rest.append((k, unit, node, reaches[kind], kind))
    blocked = unlined(engine, rest)
    cut_offs, attack_reads = _array_reads(engine, fast + blocked, groups)
    # Every printed id the verdicts read, formatted at once (blocks reads those of the units too).
    printed = hex_ids(engine.index, [e[2] for e in fast + blocked])
    found = blocks(engine, blocked)
    reader = engine.line_reader
    rules_of = [["12A", "12B", *engine.rules_after_line(reach)] for _, reach in groups]
    walks_of = [reader.group_walks(reach) for _, reach in groups]     # what the lines read, not the engine
    at = np.array(at, dtype=np.int64)
    summed = summaries(engine, kinds.take(at), rows.take(at), walked, reaches)     # lengths, sources, ...
    out: list = [None] * len(units)
    for (k, unit, node, reach, kind, row), cut_off, attacks, hex_, lengths, source, weather, place in zip(
            fast, cut_offs, attack_reads, printed, *summed):
        isolated, isolation = _isolation(engine, unit, reach, node) if cut_off else (False, None)
        out[k] = made_verdict(unit.id, unit.side, unit.affiliation, hex_, IN_SUPPLY, source, isolated,
                              attacks, weather, lengths, WalkedLine((reader, walks_of[kind], node, walked[kind], row)),
                              None, unit.oos, 0, rules_of[kind].copy(), place, isolation)
    n = len(fast)
    for (k, unit, node, reach, kind), cut_off, attacks, hex_, block in zip(blocked, cut_offs[n:], attack_reads[n:],
                                                                           printed[n:], found):
        # 12B: no line reaches the unit, `found` says why
        isolated, isolation = _isolation(engine, unit, reach, node) if cut_off else (False, None)
        out[k] = made_verdict(unit.id, unit.side, unit.affiliation, hex_, OUT_OF_SUPPLY, None, isolated,
                              attacks, None, {}, [], block, unit.oos, unit.oos + 1, rules_of[kind].copy(),
                              isolation=isolation)
    # Every other unit, in the units' order, as `verdict` judges it alone.
    return [engine.verdict(units[k]) if v is None else v for k, v in enumerate(out)]


def _walked_rows(nodes: list[int], kind_of: np.ndarray, walked: list) -> np.ndarray:
    """Per unit, the row of its line in its kind's walked lines (-1: none walked, or no kind)."""
    nodes = np.array(nodes, dtype=np.int64)
    rows = np.full(len(nodes), -1, dtype=np.int64)
    for kind, parts in enumerate(walked):
        if parts is not None:
            at = np.flatnonzero(kind_of == kind)
            rows[at] = parts.rows(nodes[at])
    return rows


def _isolation(engine, unit, reach, node: int) -> tuple[bool, object]:
    """3F: a unit whose group's seeds no overland line of any length reaches is isolated unless the
    naval errata count for it (as `verdict`); whether it is, and why."""
    isolated = engine._isolated(unit, reach, node)
    return isolated, engine._isolation(unit, reach, node) if isolated else None


def _array_reads(engine, entries: list, groups: list) -> tuple[list[bool], list[bool]]:
    """For each of `entries` ((k, unit, node, group, kind, ...); `groups`: a unit and its group per
    kind): whether no overland line of any length reaches its group's seeds (3F: isolated unless the
    naval errata count), and its attack supply (12D: an overland element to a step of its side;
    12D2: a full line to a port of its coalition's classes): array reads per kind of unit."""
    if not entries:
        return [], []
    nodes = np.fromiter((e[2] for e in entries), dtype=np.int64, count=len(entries))
    kind_of = np.fromiter((e[4] for e in entries), dtype=np.int64, count=len(entries))
    cut_off, attack = np.zeros(len(entries), dtype=bool), np.zeros(len(entries), dtype=bool)
    for kind in np.unique(kind_of).tolist():
        unit, reach = groups[kind]
        rows = np.flatnonzero(kind_of == kind)
        at = nodes[rows]
        cut_off[rows] = ~engine._reaching_seeds(unit.side, reach, at)
        supplied = engine._attack_steps_reach(unit.side)[at]
        ports = engine._port_attack_reach(unit)
        if ports is not None:
            supplied = supplied | engine._lines_found(ports, at)
        attack[rows] = supplied
    return cut_off.tolist(), attack.tolist()

