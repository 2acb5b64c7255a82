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
    """`engine._explain_block(unit, group, node)` of each of `entries` ((k, unit, node, group, kind):
    `kind` the unit's kind, `unit_kinds.batch_kinds`), answered per group, side and weather level
    at once: the units' rows as arrays, Python only per unit whose Block is made alone (no source,
    naval, no line at all, too long)."""
    found = np.full(len(entries), None, dtype=object)
    if not entries:
        return []
    nodes = np.array([entry[2] for entry in entries], dtype=np.int64)
    kinds = np.array([entry[4] for entry in entries], dtype=np.int64)
    # The batches by group and side (kinds that share both share a batch), in the order of their
    # first entry; a group with no source active (12C1) is asked alone, unit by unit (its cut kept).
    distinct, first_rows = np.unique(kinds, return_index=True)
    batches: dict[tuple, list[int]] = {}
    alone = []
    for kind, j in sorted(zip(distinct.tolist(), first_rows.tolist()), key=lambda kj: kj[1]):
        unit, reach = entries[j][1], entries[j][3]
        if reach.has_seeds:
            batches.setdefault((id(reach), unit.side), []).append(kind)
        else:
            alone.append(kind)
    for j in np.flatnonzero(np.isin(kinds, alone)).tolist() if alone else ():
        found[j] = engine._explain_block(entries[j][1], entries[j][3], entries[j][2])
    hex_id, lengths, order = engine.index.hex_id, engine.rules.lengths, engine.rules.weather_order
    blocked: dict[str, tuple] = {}      # side -> (its view, [rows], [their first blocked nodes])
    said: dict[tuple, Block] = {}       # `too_far`'s Blocks
    for batch_kinds in batches.values():
        rows = np.flatnonzero(np.isin(kinds, batch_kinds)) if len(batch_kinds) > 1 else \
            np.flatnonzero(kinds == batch_kinds[0])
        _, unit, _, reach, *_ = entries[rows.item(0)]
        side, view = unit.side, engine.view(unit.side)
        side_rows, side_nodes = blocked.setdefault(side, (view, [], []))[1:]
        these_all = nodes.take(rows)
        levels = np.maximum(engine.level.take(these_all), min(reach.overland))
        distinct_levels = sorted_unique(levels).tolist()
        for level in distinct_levels:
            if len(distinct_levels) == 1:
                these, level_rows = these_all, rows
            else:
                at = levels == level
                these, level_rows = these_all.compress(at), rows.compress(at)
            weather = order[level]
            limit = lengths[weather]["overland"]
            relaxed = engine._relaxed(reach, level, view)
            dist = relaxed.settled(these)
            # No line within the length (inf: none at all): 34F, 34K first, for all those units at once.
            far = np.flatnonzero(~(dist <= limit))
            if far.size:
                walked = np.ones(len(these), dtype=bool)     # the units whose first blocked hex is read
                far_rows = level_rows.take(far).tolist()
                navals = engine._naval_blocks(reach, [entries[j][1] for j in far_rows], these.take(far).tolist())
                for k, j, block in zip(far.tolist(), far_rows, navals):
                    if block is None and dist[k] != np.inf:
                        continue
                    found[j] = block if block is not None else \
                        Block(hex_id(these.item(k)), "12B", "no line of any length reaches a friendly supply network")
                    walked[k] = False
                if not walked.all():
                    these, dist, level_rows = these.compress(walked), dist.compress(walked), level_rows.compress(walked)
                if not these.size:
                    continue
            hit = engine._first_blocked(relaxed, reach, level, view, these).firsts_of(these)   # starts answered
            entered = hit >= 0          # 12A / 37C / 39A: the first hex the line may not enter
            side_rows.append(level_rows.compress(entered))
            side_nodes.append(hit.compress(entered))
            if not entered.all():       # 12B: no hex blocks the line, it is too long
                short = ~entered
                for j, i, d in zip(level_rows.compress(short).tolist(), these.compress(short).tolist(),
                                   dist.compress(short).tolist()):
                    found[j] = too_far(said, hex_id, i, d, weather, limit)
    # The Blocks of those hexes made per side at once, each distinct hex once, in the order first
    # met (`_blocks_at`).
    for side, (view, side_rows, side_nodes) in blocked.items():
        if not side_rows:
            continue
        rows, at = np.concatenate(side_rows), np.concatenate(side_nodes)
        if not at.size:
            continue
        hexes, first_at, where = np.unique(at, return_index=True, return_inverse=True)
        met = np.argsort(first_at, kind="stable")
        made = np.empty(len(hexes), dtype=object)
        made[met] = engine._blocks_at(side, view, hexes.take(met).tolist())
        found[rows] = made.take(where)
    return found.tolist()
