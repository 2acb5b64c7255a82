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
    """The candidates of a position's verdicts, in the units' order: each one's unit, verdict,
    place (`EuropaSupply.placed_hex`: hex, box, why not traced) and map node (-1: in a box)."""

    def __init__(self, engine, verdicts):
        pos, units, unit_nodes = engine.index.pos, engine.position.units, engine._unit_nodes()
        if len(verdicts) != len(units):
            raise ValueError("limited sources: the verdicts must be the engine's, one per unit in the units' order")
        # The verdicts are in the units' order (`unit_verdicts`), as the units' nodes: the few out
        # of general supply picked in one pass, the rest never looked at again.
        skip = (IN_SUPPLY, NOT_CHECKED)
        picked = [k for k, v in enumerate(verdicts) if v.general not in skip and v.hex is not None]
        self.units, self.verdicts, self.placed, nodes = [], [], [], []
        kinds: dict[tuple[str, str, str], list[int]] = {}     # kind -> its candidates' positions
        sides: dict[str, list[int]] = {}
        for k in picked:
            unit, v = units[k], verdicts[k]
            if v.unit != unit.id:
                raise ValueError(f"limited sources: verdict of {v.unit} where {unit.id}'s was expected "
                                 "(the verdicts must be the engine's, in the units' order)")
            if unit.aboard is None:
                placed, node = (unit.hex, unit.box, None), unit_nodes[k]     # `placed_hex`, not embarked
            else:
                placed, node = engine.placed_hex(unit), None    # embarked in port: its group's port
                if placed[2] is not None:                      # embarked at sea: no line at all
                    continue
            if node is None and placed[0] is not None:
                node = pos[placed[0]]
            kinds.setdefault((unit.side, unit.coalition, unit.affiliation), []).append(len(self.units))
            sides.setdefault(unit.side, []).append(len(self.units))
            self.units.append(unit)
            self.verdicts.append(v)
            self.placed.append(placed)
            nodes.append(-1 if node is None else node)
        self.nodes = np.array(nodes, dtype=np.int64)
        self.sizes = {u.id: u.size for u in self.units}
        self.kinds = {kind: np.array(members, dtype=np.int64) for kind, members in kinds.items()}
        self._sides = {side: np.array(members, dtype=np.int64) for side, members in sides.items()}

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
