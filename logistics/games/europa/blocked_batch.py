"""The verdicts of the units no line reaches, in batches (issue 19: at 1M hexes 14,000 units out of
supply, each judged by a chain of calls, were a third of the verdicts' time). Per group and weather
level, the relaxed search that ignores 12A answers every unit at once: how far the nearest line is
(12B), the first hex it enters that it may not (12A, 37C, 39A: `FirstBlocked` answers many nodes in
one walk) and the Block of that hex made once per hex and side; only a unit that needs a naval
element (34F, 34K) or whose group has no active source (12C1) is asked alone. Each verdict reads
exactly as `EuropaSupply.verdict` gives it (tests/test_unit_verdicts.py)."""
from __future__ import annotations

import numpy as np

from logistics.sorted_unique import sorted_unique
from logistics.verdict import Block


def unlined(engine, units, rest: np.ndarray, nodes: np.ndarray, kinds: np.ndarray, reaches: list) -> np.ndarray:
    """Of the units `rest` (their numbers, ascending: units on the map, not deemed in supply, none of
    whose lines was walked; `nodes`, `kinds`: every unit's node and kind, `reaches`: each kind's
    group), those that no line of their group reaches and no line to general supply points either
    (12C3, 44D1: those are on points, left to `verdict`): the units `verdict` finds out of supply,
    ascending. Kinds are read in the order of their first unit in `rest`."""
    of = kinds.take(rest)
    kept = np.zeros(len(rest), dtype=bool)
    distinct, first = np.unique(of, return_index=True)
    for kind in distinct[np.argsort(first)].tolist():
        rows = np.flatnonzero(of == kind)
        at = nodes.take(rest.take(rows))
        none = ~engine._lines_found(reaches[kind], at)
        points = engine.points_reach(units[rest.item(rows.item(0))])
        if points is not None:
            none &= ~engine._lines_found(points, at)
        kept[rows] = none
    return rest[kept]


def too_far(said: dict, hex_id, i: int, d: float, weather: str, limit) -> Block:
    """12B: the Block of a unit at node i whose nearest line needs `d` overland hexes where
    `weather` allows `limit`; one (frozen) Block per distinct message, kept in `said` (units
    stacked in a hex share it)."""
    key = (i, d, weather, limit)
    block = said.get(key)
    if block is None:
        block = said[key] = Block(hex_id(i), "12B", f"the nearest line needs {d:g} overland hexes; {weather} allows {limit}")
    return block


def blocks(engine, entries: list) -> list[Block]:
    """`engine._explain_block(unit, group, node)` of each of `entries` ((k, unit, node, group, ...)),
    answered per group, side and weather level at once."""
    found: list[Block | None] = [None] * len(entries)
    batches: dict[tuple, list[int]] = {}
    for j, entry in enumerate(entries):
        unit, reach = entry[1], entry[3]
        if not reach.has_seeds:         # 12C1: no source active, asked alone (its cut is kept)
            found[j] = engine._explain_block(unit, reach, entry[2])
        else:
            batches.setdefault((id(reach), unit.side), []).append(j)
    hex_id, lengths, order = engine.index.hex_id, engine.rules.lengths, engine.rules.weather_order
    blocked: dict[str, tuple] = {}      # side -> (its view, [(row, first blocked node)])
    said: dict[tuple, Block] = {}       # `too_far`'s Blocks
    for rows in batches.values():
        _, unit, _, reach, *_ = entries[rows[0]]
        side, view = unit.side, engine.view(unit.side)
        side_blocked = blocked.setdefault(side, (view, []))[1]
        nodes = np.array([entries[j][2] for j in rows], dtype=np.int64)
        levels = np.maximum(engine.level[nodes], min(reach.overland))
        distinct_levels = sorted_unique(levels).tolist()
        for level in distinct_levels:
            if len(distinct_levels) == 1:
                these, level_rows = nodes, rows
            else:
                at = levels == level
                these, level_rows = nodes[at], [j for j, a in zip(rows, at.tolist()) if a]
            weather = order[level]
            limit = lengths[weather]["overland"]
            relaxed = engine._relaxed(reach, level, view)
            dist = relaxed.settled(these)
            walked = []                 # (row, node, d) of the lines whose first blocked hex is read
            # No line within the length (inf: none at all): 34F, 34K first, for all those units at once.
            ds = dist.tolist()
            far = [k for k, d in enumerate(ds) if not d <= limit]
            naval = dict(zip(far, engine._naval_blocks(reach, [entries[level_rows[k]][1] for k in far],
                                                       these[far].tolist())))
            for k, (j, i, d) in enumerate(zip(level_rows, these.tolist(), ds)):
                if naval and k in naval:
                    if naval[k] is not None:
                        found[j] = naval[k]
                        continue
                    if d == np.inf:
                        found[j] = Block(hex_id(i), "12B", "no line of any length reaches a friendly supply network")
                        continue
                walked.append((j, i, d))
            if not walked:
                continue
            starts = np.array([i for _, i, _ in walked], dtype=np.int64)
            first = engine._first_blocked(relaxed, reach, level, view, starts)   # starts answered
            hit = first.firsts(starts)
            for (j, i, d), b in zip(walked, hit):
                if b >= 0:              # 12A / 37C / 39A: the first hex the line may not enter
                    side_blocked.append((j, b))
                else:
                    found[j] = too_far(said, hex_id, i, d, weather, limit)
    # The Blocks of those hexes made per side at once, each distinct hex once (`_blocks_at`).
    for side, (view, rows) in blocked.items():
        distinct = list(dict.fromkeys(b for _, b in rows))
        at_hex = dict(zip(distinct, engine._blocks_at(side, view, distinct)))
        for j, b in rows:
            found[j] = at_hex[b]
    return found

