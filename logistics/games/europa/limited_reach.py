"""Which limited sources (12C2) the units out of full supply could reach at all, answered for
all of them at once, so that the searches toward a limited source or port (one set per target)
run only for targets some line reaches, and each target's lines are tested for all units at once.

`Reachable` is where a line of some unit of a side may end, found by walking forward from all of
them at once, element by element as `EuropaSupply.group_reach` searches backward from a target
(12B; 36D: each element in a weather it is traced through; 43C3: adverse terrain):
- the overland element, per weather level from the units in zones of that level or better,
  within its length, then the road element, per weather level, within its length: the junctions;
- a rail element from a junction, within the low-volume limit (12B, 12B3);
- a naval element (12B4, 34K) from a friendly functioning port of the origin classes so reached
  (or a unit's box), by sea clear of the side's zones, to a friendly functioning port of the
  destination classes, and a rail element from there.
A shortest walk from *some* unit is what the searches need: a target reached by none of these
walks is reached by no unit's line, and needs no search. (The walk may reach a target that no
single unit's line reaches in full, e.g. by sea from a port that unit's line does not reach:
then the target's own searches answer.)
"""
from __future__ import annotations

import numpy as np

from logistics.games.europa.naval import port_state, sea_graph
from logistics.in_edges import shared
from logistics.network import FORWARD_ADVERSE, LOW_VOLUME_WEIGHT, search


class Reachable:
    """Where a line from a unit at one of `nodes` (map nodes) or in one of `boxes` may end, for a
    side, its zone coalition and the classes of port its naval element may start from."""

    def __init__(self, engine, side: str, coalition: str, origin_classes: tuple[str, ...],
                 nodes: np.ndarray, boxes: set[str]):
        self.engine, self.side = engine, side
        # Kept per side and nodes, as the junctions: every origin class of the side walks the same rail.
        key = ("junctions and rail", side, nodes.tobytes())
        if key not in engine._memo:
            junctions = _junctions(engine, side, nodes)
            engine._memo[key] = junctions | self._by_rail(junctions)
        reached = engine._memo[key]
        self.boxes = set(boxes)
        by_sea = self._by_sea(coalition, origin_classes, reached)
        ix = engine.index
        ports = ix.mask(n for n in by_sea if not isinstance(n, str))
        self.nodes = reached | ports | self._by_rail(ports)
        self.boxes |= {n for n in by_sea if isinstance(n, str)}

    def reaches(self, seeds, boxes) -> bool:
        """Whether the walk reaches one of `seeds` (hexes) or `boxes`."""
        pos = self.engine.index.pos
        return any(self.nodes[pos[h]] for h in seeds if h in pos) or any(b in self.boxes for b in boxes)

    def _by_rail(self, starts: np.ndarray) -> np.ndarray:
        """Where a rail element from `starts` may end: out of friendly-owned hexes into friendly-owned
        rail hexes a line may enter, within the low-volume limit (as `EuropaSupply._rail_stage`)."""
        ix, view = self.engine.index, self.engine.view(self.side)
        if not starts.any():
            return starts
        limit = self.engine.rules.low_volume_limit * LOW_VOLUME_WEIGHT + LOW_VOLUME_WEIGHT - 1
        # A forward walk is `search` (which runs backward, a line from a into b) with `into` and
        # `out_of` swapped, over rail hexsides (both ways alike, as their weights). Only the starts
        # on a rail hexside walk: from the others no rail hexside leads (most junctions).
        rail = search(ix, starts & ix.rail_hex, ix.rail, into=view.owned_rail, out_of=view.enter_rail,
                      weight=ix.rail_weight, cutoff=limit)
        return starts | (rail.dist.array != np.inf)

    def _by_sea(self, coalition: str, origin_classes: tuple[str, ...], reached: np.ndarray) -> set:
        """The friendly functioning ports of the destination classes (hex or box) a naval element
        reaches clear of the side's zones from one of `origin_classes` in `reached` or in a unit's box."""
        e = self.engine
        if not e.map.ports:
            return set()
        ix, sea, zones = e.index, sea_graph(e.map), e.zones(self.side, coalition)
        friendly = [p for p in e.map.ports
                    if (st := port_state(e.position, e.map, e.rules, p)).owner == self.side and st.functioning]
        starts = [sea.port_node(p) for p in friendly if p.klass in origin_classes and (
            p.place.box in self.boxes or (p.place.hex is not None and reached[ix.pos[p.place.hex]]))]
        starts = [n for n in starts if n in sea.adjacent and zones.blocked(n) is None]
        if not starts:
            return set()
        # naval_reach follows `adjacent` from the destination back to the start: forward, the
        # passages are followed the other way (the same, when each may be sailed both ways).
        ahead = sea.adjacent if sea.symmetric else _reversed(sea)
        goals = {sea.port_node(p) for p in friendly if p.klass in e.rules.naval_destination_classes}
        seen, stack = set(starts), list(starts)
        left = len(goals - seen)
        while stack and left:                     # until every goal is found
            for nxt in ahead[stack.pop()]:
                if nxt not in seen and zones.blocked(nxt) is None:
                    seen.add(nxt)
                    stack.append(nxt)
                    left -= nxt in goals
        return seen & goals


def _forward_adverse(ix) -> np.ndarray:
    """43C3: each edge's cost for a line stepping forward along it (1, 2 into a mountain or wooded-rough
    hex, 1 more across a narrow strait), summed in float32 (small whole numbers, exact) in place:
    no float64 temporaries per edge (at 1M a cold verdict paid ~0.1 s for their first touch)."""
    weight = ix.adverse[ix.src].astype(np.float32)
    weight += ix.narrow
    weight += np.float32(1)
    return weight


def _junctions(engine, side: str, nodes: np.ndarray) -> np.ndarray:
    """Where the overland and road elements of a line from one of `nodes` may end (per weather
    level, as `EuropaSupply.group_reach`), kept per side and nodes."""
    key = ("junctions", side, nodes.tobytes())
    if key in engine._memo:
        return engine._memo[key]
    ix, rules = engine.index, engine.rules
    units = np.zeros(len(ix), dtype=bool)
    units[nodes] = True
    # 43C3: entering a mountain or wooded-rough hex, or crossing a narrow strait, counts double; a
    # forward step into a is the backward step out of it (`HexIndex.adverse_weight` of the reverse).
    # Made once per map index (a pass over every edge: at 1M hexes 6M of them).
    weight = shared(ix, FORWARD_ADVERSE, lambda: _forward_adverse(ix)) if rules.adverse_terrain else None
    # A forward walk is the backward search's masks swapped: read from the engine's masks of the
    # side and level (`_level_masks`, made once per engine, which the lines' searches read too).
    ends = np.zeros(len(ix), dtype=bool)
    for level in engine._levels:
        masks = engine._level_masks(side, level)
        back = masks["overland"]            # into: the view may enter; out_of: land (both allowed)
        length = rules.lengths[rules.weather_order[level]]["overland"]
        over = search(ix, units & masks["allowed"], ix.crossable, into=back["out_of"], out_of=back["into"],
                      weight=weight, cutoff=length)
        ends |= over.dist.array != np.inf
    junctions = np.zeros(len(ix), dtype=bool)
    for level in engine._levels:
        masks = engine._level_masks(side, level)
        back = masks["road"]                # into: the view may enter; out_of: allowed
        road = search(ix, ends & masks["allowed"], back["edges"], into=back["out_of"], out_of=back["into"],
                      cutoff=rules.lengths[rules.weather_order[level]]["road"])
        junctions |= road.dist.array != np.inf
    engine._memo[key] = junctions
    return junctions


def naval_origins(engine, unit, classes: tuple[str, ...]) -> set:
    """The ports `engine.general_reach(unit, classes).origins` holds (map node or box), read from
    the unit's general reach, which its verdict searched: the naval element's passages toward the
    ports joined to the unit's sources are the same whatever ports it may start from (12B4, 34K),
    so no search of the side's rail, roads and land for other classes of port (12C2c)."""
    e = engine
    reach, sea = e.general_reach(unit), sea_graph(e.map)
    found = set()
    for port in e.map.ports if reach.naval else ():
        node = sea.port_node(port)
        state = port_state(e.position, e.map, e.rules, port)
        if node in reach.naval and state.owner == unit.side and state.functioning and port.klass in classes:
            found.add(node if isinstance(node, str) else e.index.pos[node])
    return found


def _reversed(sea) -> dict:
    kept = sea.__dict__.get("_reversed")
    if kept is None:
        kept = sea.__dict__["_reversed"] = {n: [] for n in sea.adjacent}
        for a, near in sea.adjacent.items():
            for b in near:
                kept.setdefault(b, []).append(a)
    return kept
