"""Every unit's verdict at once (issue 19: at 1M hexes the verdicts of 50,000 units, each a chain
of calls, were a tenth of the whole). The units whose line `Lines._walk_group` walked (in general
supply, 12B) and those no line reaches (out of supply, their Blocks from blocked_batch.py) read
their isolation (3F) and attack supply (12D) as array reads per group and side, then their Verdicts
are made column by column (the units picked as arrays, not one by one); every other unit (off the
map, embarked, deemed in supply, on supply points, a line with a naval element or walked alone) is
judged by `EuropaSupply.verdict`, in the units' order. Each verdict reads exactly as `verdict` gives it."""
from __future__ import annotations

from itertools import repeat

import numpy as np

from logistics.games.europa.blocked_batch import blocks, unlined
from logistics.games.europa.lines import WalkedLine
from logistics.games.europa.status import IN_SUPPLY, OUT_OF_SUPPLY
from logistics.games.europa.unit_kinds import batch_kinds, unit_kinds
from logistics.games.europa.walked import summaries
from logistics.hex_ids import hex_ids
from logistics.sorted_unique import sorted_unique
from logistics.verdict import Verdict, made_verdict


def unit_verdicts(engine) -> list[Verdict]:
    """`[engine.verdict(u) for u in units]`, the lines walked at once and the units no line reaches
    (blocked_batch.py) read without a call per unit."""
    units = engine.position.units
    if engine.unchecked or engine.rules.deemed_in_supply:
        return [engine.verdict(u) for u in units]
    # Units of one side, coalition and affiliation share their group (12C1) and what is read per
    # group: each unit's kind and each kind's group found once per engine (unit_kinds.py); off the
    # map, embarked, or deemed in supply (39D): kind -1, left to `verdict`.
    groups = unit_kinds(engine)[2]
    nodes, kinds = batch_kinds(engine)
    reaches = [reach for _, reach in groups]
    walked = [engine._walked(reach) for reach in reaches]       # per kind: its group's walked lines
    rows = _walked_rows(nodes, kinds, walked)
    fast = np.flatnonzero(rows >= 0)                            # the units whose line was walked
    blocked = unlined(engine, units, np.flatnonzero((rows < 0) & (kinds >= 0)), nodes, kinds, reaches)
    batch = np.concatenate((fast, blocked))
    at, of = nodes.take(batch), kinds.take(batch)
    cut_offs, attacks = _array_reads(engine, at, of, groups)
    cut = np.flatnonzero(cut_offs)
    cut_kinds = of.take(cut)
    at, of, batch = at.tolist(), of.tolist(), batch.tolist()
    batch_units = [units[k] for k in batch]
    # Every printed id the verdicts read, formatted at once (blocks reads those of the units too).
    printed = hex_ids(engine.index, at)
    n = len(fast)
    found = blocks(engine, list(zip(batch[n:], batch_units[n:], at[n:], [reaches[kind] for kind in of[n:]],
                                    of[n:])))
    reader = engine.line_reader
    rules_of = [["12A", "12B", *engine.rules_after_line(reach)] for _, reach in groups]
    walks_of = [reader.group_walks(reach) for _, reach in groups]     # what the lines read, not the engine
    fast_rows = rows.take(fast)
    lengths, sources, weathers, places = summaries(engine, kinds.take(fast), fast_rows, walked, reaches)
    # 3F: the few units cut off from their seeds, their naval errata read per group (`_isolation`).
    isolated, isolation = _isolation(engine, batch_units, at, groups, cut, cut_kinds)
    # The walked lines' verdicts, made column by column (IN_SUPPLY, 12B: a line ends at a source).
    fast_kinds, fast_units = of[:n], batch_units[:n]
    lines = map(WalkedLine, zip(repeat(reader), [walks_of[kind] for kind in fast_kinds], at[:n],
                                [walked[kind] for kind in fast_kinds], fast_rows.tolist()))
    made = list(map(made_verdict, [u.id for u in fast_units], [u.side for u in fast_units],
                    [u.affiliation for u in fast_units], printed[:n], repeat(IN_SUPPLY, n), sources,
                    isolated[:n], attacks[:n], weathers, lengths, lines, repeat(None), [u.oos for u in fast_units],
                    repeat(0), [rules_of[kind].copy() for kind in fast_kinds], places, isolation[:n]))
    # 12B: no line reaches the units of `blocked`, `found` says why
    for unit, kind, hex_, j, block in zip(batch_units[n:], of[n:], printed[n:], range(n, len(batch)), found):
        made.append(made_verdict(unit.id, unit.side, unit.affiliation, hex_, OUT_OF_SUPPLY, None, isolated[j],
                                 attacks[j], None, {}, [], block, unit.oos, unit.oos + 1, rules_of[kind].copy(),
                                 isolation=isolation[j]))
    out: list = [None] * len(units)
    for k, v in zip(batch, made):
        out[k] = v
    # Every other unit, in the units' order, as `verdict` judges it alone.
    return [engine.verdict(units[k]) if v is None else v for k, v in enumerate(out)]


def _walked_rows(nodes: np.ndarray, kind_of: np.ndarray, walked: list) -> np.ndarray:
    """Per unit, the row of its line in its kind's walked lines (-1: none walked, or no kind)."""
    rows = np.full(len(nodes), -1, dtype=np.int64)
    for kind, parts in enumerate(walked):
        if parts is not None:
            at = np.flatnonzero(kind_of == kind)
            rows[at] = parts.rows(nodes[at])
    return rows


def _isolation(engine, units: list, at: list[int], groups: list, cut: np.ndarray,
               kinds: np.ndarray) -> tuple[list[bool], list]:
    """3F: of the batch's `units` (at nodes `at`), those at `cut` (of `kinds`) no overland line of
    any length joins to their group's seeds (`_array_reads`) are isolated unless the naval errata
    count for them (as `_isolated`, the seeds not read again; the errata's ports read once per
    kind); whether each unit is, and why (in the batch's order)."""
    isolated, isolation = [False] * len(units), [None] * len(units)
    errata_of: dict[int, bool] = {}     # an isolated unit's row -> whether the errata count for it
    for kind in sorted_unique(kinds).tolist():
        rows = cut.compress(kinds == kind).tolist()
        for j, errata, unisolated in zip(rows, *engine._naval_unisolated_at(groups[kind][0], [at[j] for j in rows])):
            if not unisolated:
                isolated[j], errata_of[j] = True, errata
    for j, kind in zip(cut.tolist(), kinds.tolist()):   # the explanations made in the batch's order, as before
        if isolated[j]:
            isolation[j] = engine._isolation(units[j], groups[kind][1], at[j], errata=errata_of[j])
    return isolated, isolation


def _array_reads(engine, nodes: np.ndarray, kind_of: np.ndarray, groups: list) -> tuple[np.ndarray, list[bool]]:
    """For each unit at `nodes` of kinds `kind_of` (`groups`: a unit and its group per kind): whether
    no overland line of any length reaches its group's seeds (3F: isolated unless the naval errata
    count), and its attack supply (12D: an overland element to a step of its side; 12D2: a full line
    to a port of its coalition's classes): array reads per kind of unit."""
    cut_off, attack = np.zeros(len(nodes), dtype=bool), np.zeros(len(nodes), dtype=bool)
    for kind in sorted_unique(kind_of).tolist():
        unit, reach = groups[kind]
        rows = np.flatnonzero(kind_of == kind)
        at = nodes[rows]
        cut_off[rows] = ~engine._reaching_seeds(unit.side, reach, at)
        supplied = engine._attack_steps_reach(unit.side)[at]
        ports = engine._port_attack_reach(unit)
        if ports is not None:
            supplied = supplied | engine._lines_found(ports, at)
        attack[rows] = supplied
    return cut_off, attack.tolist()
