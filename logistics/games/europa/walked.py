"""The lines `Lines._walk_group` walked, kept per group as arrays by node, and what a verdict reads
of them made at once (issue 19: at 100k hexes 4,161 walked lines each made an 11-tuple of Python
numbers when walked and were summed up one call per unit when judged; the summaries have few
distinct sources, weathers and ends, each now named once)."""
from __future__ import annotations

import numpy as np

from logistics.network import LOW_VOLUME_WEIGHT

# The parts of a walked line, in the order of `WalkedParts.parts` (`LineReader.walked_line` and
# `Lines._walked_summary` read them so).
PARTS = ("kind", "level", "over_end", "over_depth", "over_len", "road_level", "road_end", "road_depth",
         "rail_end", "rail_depth", "rail_cost")


class WalkedParts:
    """The lines of one group `Lines._walk_group` walked: `nodes` (sorted) and, per part of PARTS,
    an array by node."""

    __slots__ = ("nodes", "columns")

    def __init__(self, nodes: np.ndarray, columns: tuple[np.ndarray, ...]):
        self.nodes, self.columns = nodes, columns

    def joined(self, other: WalkedParts) -> WalkedParts:
        """These lines and `other`'s, sorted by node; a node walked again has `other`'s parts."""
        keep = ~np.isin(self.nodes, other.nodes)
        nodes = np.concatenate((self.nodes[keep], other.nodes))
        order = np.argsort(nodes)
        return WalkedParts(nodes[order], tuple(np.concatenate((a[keep], b))[order]
                                               for a, b in zip(self.columns, other.columns)))

    def rows(self, nodes: np.ndarray) -> np.ndarray:
        """The row of each of `nodes` (-1: no line walked from it)."""
        if not len(self.nodes):
            return np.full(len(nodes), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.nodes, nodes), len(self.nodes) - 1)
        return np.where(self.nodes[at] == nodes, at, -1)

    def row(self, i: int) -> int:
        k = int(self.nodes.searchsorted(i))
        return k if k < len(self.nodes) and self.nodes.item(k) == i else -1

    def parts(self, row: int) -> tuple:
        """The line's parts (PARTS) as Python numbers."""
        return tuple(c.item(row) for c in self.columns)


def summaries(engine, kinds: np.ndarray, rows: np.ndarray, walked: list, reaches: list) -> tuple[list, ...]:
    """For each unit of `kinds` whose line `walked[kind]` holds at its row of `rows` (`reaches[kind]`:
    the kind's group): `Lines._walked_summary`'s lengths (a dict of its own), source and weather
    (named, 36D), and the place its line ends at, each distinct source, weather and end named
    once."""
    if not len(kinds):
        return [], [], [], []
    # One table of every group's lines (kinds that share a group share its rows).
    known, tables, groups, table_of, offset_of, size = {}, [], [], [], [], 0
    for parts, reach in zip(walked, reaches):
        t = -1 if parts is None else known.get(id(parts))
        if t is None:
            t = known[id(parts)] = len(tables)
            tables.append((parts, size))
            groups.append(reach)
            size += len(parts.nodes)
        table_of.append(t)
        offset_of.append(tables[t][1] if t >= 0 else 0)
    at = rows + np.array(offset_of, dtype=np.int64).take(kinds)
    table = np.array(table_of, dtype=np.int64).take(kinds)
    columns = [c[0].take(at) if len(c) == 1 else np.concatenate(c).take(at)
               for c in zip(*(parts.columns for parts, _ in tables))]
    _, level, _, _, over_len, road_level, _, road_depth, end, rail_depth, rail_cost = columns
    # 12B: every walked line ends at its rail end (a line with no rail element: at its road end;
    # with no road element either: at its overland end).
    n = len(engine.index) + 1
    keys, inverse = np.unique(table * n + end, return_inverse=True)
    named = [groups[key // n].source_of.get(key % n) for key in keys.tolist()]
    sources = _spread(named, inverse)
    ends, inverse = np.unique(end, return_inverse=True)
    hex_id, place_of = engine.index.hex_id, engine._place_of
    named = [place_of(hex_id(e)) for e in ends.tolist()]
    places = _spread(named, inverse)
    # 36D: each element's weather level; a line with no road step has no road element.
    road_level = np.where(road_depth != 0, road_level + 1, 0)
    pairs, inverse = np.unique(level * n + road_level, return_inverse=True)
    named = [engine.line_weather({"overland": o} if not r else {"overland": o, "road": r - 1})
             for o, r in zip((pairs // n).tolist(), (pairs % n).tolist())]
    weathers = _spread(named, inverse)
    lengths = []
    low_volume = rail_cost.astype(float) // LOW_VOLUME_WEIGHT
    for over, road, rail, low in zip(over_len.tolist(), road_depth.astype(float).tolist(),
                                     rail_depth.astype(float).tolist(), low_volume.tolist()):
        length = {"overland": over} if over else {}
        if road:
            length["road"] = road
        if rail:
            length["rail"] = rail
        if low:
            length["rail_low_volume"] = low
        lengths.append(length)
    return lengths, sources, weathers, places


def _spread(named: list, inverse: np.ndarray) -> list:
    """`[named[j] for j in inverse]`, gathered at once."""
    table = np.empty(len(named), dtype=object)
    table[:] = named
    return table.take(inverse).tolist()
