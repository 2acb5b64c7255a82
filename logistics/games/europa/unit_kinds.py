"""The units' kinds, found in one pass per engine (issue 19: at 100k hexes the lines' walk and the
verdicts each looked up every unit's group, 5,000 keyed look-ups twice). Units of one side,
coalition and affiliation share their group of searches (12C1: the sources a unit may draw on
depend on those three alone), so each unit is numbered by its kind and each kind's group is asked
for once, at its first unit that traces from the map."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.rules import INTRINSIC_GARRISON
from logistics.sorted_unique import sorted_unique


def unit_kinds(engine) -> tuple[list[int], list[int], list[tuple]]:
    """Per unit, the node its line is traced from (an embarked unit: its group's port, 12B4; -1:
    none, off the map or at sea) and its kind (-1 where it has no node); per kind, its first unit
    with a node and that unit's group (`engine.general_reach`, asked in the units' order). Kept
    per engine."""
    nodes, kind_of, groups, _ = _kinds(engine)
    return nodes.tolist(), kind_of.tolist(), groups


def batch_kinds(engine) -> tuple[np.ndarray, np.ndarray]:
    """`unit_kinds`' nodes and kinds as arrays, the kind -1 also for a unit embarked or deemed in
    supply (39D): the units whose verdicts unit_batch.py may make itself, read in one pass."""
    nodes, _, _, batched = _kinds(engine)
    return nodes, batched


def _kinds(engine) -> tuple[np.ndarray, np.ndarray, list[tuple], np.ndarray]:
    """Per unit its node, kind and batch kind (arrays), and per kind its first unit and group."""
    known = engine._memo.get("unit kinds")
    if known is None:
        pos, kinds, groups = engine.index.pos, {}, []
        nodes, kind_of, batched = [], [], []
        for unit, node in zip(engine.position.units, engine._unit_nodes()):
            plain = unit.aboard is None
            if not plain:                   # embarked: traced from its group's port
                hex_, _, cannot = engine.placed_hex(unit)
                node = pos.get(hex_) if cannot is None else None
            if node is None:
                nodes.append(-1)
                kind_of.append(-1)
                batched.append(-1)
                continue
            key = (unit.side, unit.coalition, unit.affiliation)
            kind = kinds.get(key)
            if kind is None:
                kind = kinds[key] = len(groups)
                groups.append((unit, engine.general_reach(unit)))
            nodes.append(node)
            kind_of.append(kind)
            batched.append(kind if plain and INTRINSIC_GARRISON not in unit.tags else -1)
        known = engine._memo["unit kinds"] = (np.array(nodes, dtype=np.int64), np.array(kind_of, dtype=np.int64),
                                              groups, np.array(batched, dtype=np.int64))
    return known


def group_nodes(engine) -> list[tuple]:
    """Per group (in the order of its first unit), the group and the distinct nodes its units'
    lines are traced from, sorted."""
    nodes, kind_of, groups, _ = _kinds(engine)
    by_group: dict[int, tuple] = {}
    for _, reach in groups:
        by_group.setdefault(id(reach), (reach, len(by_group)))
    group_of = np.array([by_group[id(reach)][1] for _, reach in groups], dtype=np.int64)
    # Every unit with a kind, keyed (its group, its node): one sort of the distinct keys gives
    # each group's distinct nodes, in order, as its run of keys.
    placed = kind_of >= 0                       # a unit with a kind has a node (>= 0)
    span = len(engine.index)
    keys = sorted_unique(group_of.take(kind_of[placed]) * span + nodes[placed])
    cuts = np.searchsorted(keys, np.arange(len(by_group) + 1) * span).tolist()
    return [(reach, keys[a:b] - j * span) for (reach, j), a, b in zip(by_group.values(), cuts, cuts[1:])]
