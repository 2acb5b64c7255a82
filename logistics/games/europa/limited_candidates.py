"""The units that may draw on limited general supply sources (12C2), gathered in one pass over the
verdicts (issue 19: at 1M hexes the stage's loops over every unit, a units-by-id table, a second
`placed_hex` per candidate, a hex lookup per candidate and a pass over every candidate per side
were a third of its time).

A candidate is a unit out of full general supply (12C2: limited supply is for units that trace no
line to a full source) that traces from a hex or a box: not in general supply, checked, and not
embarked at sea (SF Q&A on Rule 12, GR/D 1998)."""
from __future__ import annotations

import numpy as np

from logistics.games.europa.status import IN_SUPPLY, NOT_CHECKED


class Candidates:
    """The candidates of a position's verdicts, in the units' order: each one's unit, verdict, id,
    place (`EuropaSupply.placed_hex`: hex, box, why not traced) and map node (-1: in a box)."""

    def __init__(self, engine, verdicts):
        pos, units, unit_nodes = engine.index.pos, engine.position.units, engine._unit_nodes()
        if len(verdicts) != len(units):
            raise ValueError("limited sources: the verdicts must be the engine's, one per unit in the units' order")
        # The verdicts are in the units' order (`unit_verdicts`), as the units' nodes: the few out
        # of general supply picked in one pass, the rest never looked at again. Then each field
        # of the picked read by one comprehension (at 1M hexes 14k candidates of 50k units).
        skip = (IN_SUPPLY, NOT_CHECKED)
        picked = [k for k, v in enumerate(verdicts) if v.general not in skip and v.hex is not None]
        cands, chosen = [units[k] for k in picked], [verdicts[k] for k in picked]
        ids = [u.id for u in cands]
        if [v.unit for v in chosen] != ids:
            v, unit = next((v, u) for v, u in zip(chosen, cands) if v.unit != u.id)
            raise ValueError(f"limited sources: verdict of {v.unit} where {unit.id}'s was expected "
                             "(the verdicts must be the engine's, in the units' order)")
        placed = [(u.hex, u.box, None) for u in cands]                  # `placed_hex`, not embarked
        nodes = [unit_nodes[k] for k in picked]
        at_sea = set()
        for j in [j for j, u in enumerate(cands) if u.aboard is not None]:
            placed[j], nodes[j] = engine.placed_hex(cands[j]), None     # embarked in port: its group's port
            if placed[j][2] is not None:                                # embarked at sea: no line at all
                at_sea.add(j)
        for j in [j for j, n in enumerate(nodes) if n is None]:
            nodes[j] = -1 if placed[j][0] is None else pos[placed[j][0]]
        if at_sea:
            kept = [j for j in range(len(cands)) if j not in at_sea]
            cands, chosen, ids, placed, nodes = ([xs[j] for j in kept] for xs in (cands, chosen, ids, placed, nodes))
        self.units, self.verdicts, self.placed, self.ids = cands, chosen, placed, ids
        self.nodes = np.array(nodes, dtype=np.int64)
        self.sizes = dict(zip(ids, [u.size for u in cands]))
        # 12C1: the kinds (side, coalition, affiliation), numbered in order of first appearance,
        # their members in the units' order (a stable sort of the numbers); a side's members are
        # its kinds' together, in the units' order.
        numbers: dict[tuple[str, str, str], int] = {}
        codes = np.array([numbers.setdefault((u.side, u.coalition, u.affiliation), len(numbers)) for u in cands],
                         dtype=np.int64)
        order = np.argsort(codes, kind="stable")
        ends = np.searchsorted(codes[order], np.arange(len(numbers) + 1))
        self.kinds = {kind: order[ends[c]:ends[c + 1]] for kind, c in numbers.items()}
        sides: dict[str, list[np.ndarray]] = {}
        for kind, members in self.kinds.items():
            sides.setdefault(kind[0], []).append(members)
        self._sides = {side: np.sort(np.concatenate(parts)) for side, parts in sides.items()}

    def of_side(self, side: str) -> tuple[np.ndarray, set[str]]:
        """The map nodes of the side's candidates on the map, and the boxes of those in a box."""
        members = self._sides[side]
        on_map = self.nodes[members]
        return on_map[on_map >= 0], {self.placed[k][1] for k in members[on_map < 0].tolist()}


def candidates_of(engine, verdicts) -> Candidates:
    """The candidates of these verdicts, gathered once per engine and verdicts (the allocation's
    options and the verdicts' update both read them)."""
    known = engine._memo.get("limited candidates")
    if known is None or known[0] is not verdicts:
        known = engine._memo["limited candidates"] = (verdicts, Candidates(engine, verdicts))
    return known[1]
