"""The traced line of a unit, hex by hex with its element, read back from the searches: overland,
road, rail, and the naval element by sea to a port connected to a source (12B, 12B4)."""
from __future__ import annotations

import weakref
from collections.abc import Sequence
from itertools import accumulate, repeat
from typing import NamedTuple

import numpy as np

from logistics.games.europa.naval import naval_path
from logistics.games.europa.reach import GroupReach
from logistics.games.europa.unit_kinds import group_nodes
from logistics.games.europa.walked import WalkedParts
from logistics.games.europa.walks import known_ends, walk_many
from logistics.hexgrid import Hex
from logistics.network import LOW_VOLUME_WEIGHT, Distances, IndexReach, Reach
from logistics.sorted_unique import sorted_unique
from logistics.verdict import LineStep

# How a line walked by `Lines._walk_group` ends: at a source after its overland element, after its
# road element, or after its rail element; UNBATCHED lines (a naval element, no road level) are
# left to `Lines._trace`.
ENDS_OVERLAND, ENDS_BY_ROAD, ENDS_BY_RAIL, UNBATCHED = 1, 2, 3, -1


class PendingLine(Sequence):
    """A traced line kept as the parts it is made of: steps, and descents of searches (the search's
    Walks, the node the descent starts at, the element), with each part's element and number of
    steps. The LineSteps are made on first read (`steps()`, or reading it as a sequence): a
    verdict's line is read for --explain, trace, JSON or a picture, not for the table, and reading
    every line back hex by hex was a quarter of a large map's verdict. It holds the engine's
    LineReader and the searches' Walks, not the engine: what its steps read, not every search and
    table the engine keeps."""

    __slots__ = ("reader", "parts", "counts", "_steps")

    def __init__(self, reader: LineReader, parts: list | None = None, counts: list | None = None):
        self.reader, self._steps = reader, None
        self.parts, self.counts = ([], []) if parts is None else (parts, counts)

    def append(self, step: LineStep) -> None:
        self.parts.append(step)
        self.counts.append((step.element, 1))

    def add_descent(self, walks: Walks, start: int, element: str, depth: int, end: int) -> None:
        self.parts.append((walks, start, element, end))
        self.counts.append((element, depth))

    def last_hex(self) -> str:
        """The hex of the line's last step (its source's hex), without making the steps."""
        return self._hex_before(len(self.counts)) if self._steps is None else self._steps[-1].hex

    def hex_before_first(self, element: str) -> str | None:
        """The hex of the step before the line's first step of `element` (where a naval element
        starts), or None if the line has no such step; without making the steps."""
        if self._steps is not None:
            k = next((k for k, st in enumerate(self._steps) if st.element == element), None)
            return None if k is None else self._steps[k - 1].hex
        k = next((k for k, (e, n) in enumerate(self.counts) if e == element and n), None)
        return None if k is None else self._hex_before(k)

    def _hex_before(self, k: int) -> str:
        """The hex of the last step the first k parts make (a descent ends at its end node)."""
        while True:
            k -= 1
            part, (_, n) = self.parts[k], self.counts[k]
            if isinstance(part, LineStep):
                return part.hex
            if n:
                return self.reader.index.hex_id(part[3])

    @staticmethod
    def unit_part(i: int) -> tuple:
        """The part of the unit's own step at node i, its LineStep made when the line is read (a
        descent of no search, from i, ending at i)."""
        return None, i, "unit", i

    def count_since(self, part: int, element: str) -> int:
        """How many steps of `element` the parts from the `part`-th on hold."""
        return sum(n for e, n in self.counts[part:] if e == element)

    def steps(self) -> list[LineStep]:
        if self._steps is None:
            out: list[LineStep] = []
            for part in self.parts:
                if isinstance(part, LineStep):
                    out.append(part)
                elif part[0] is None:                  # the unit's own hex (`unit_part`)
                    out.append(LineStep(self.reader.index.hex_id(part[1]), "unit", 0.0))
                else:
                    self.reader.read_descent(*part[:3], out)
            self._steps, self.reader, self.parts = out, None, None
        return self._steps

    def __len__(self) -> int:
        return sum(n for _, n in self.counts)

    def __getitem__(self, k):
        return self.steps()[k]

    def __iter__(self):
        return iter(self.steps())


class WalkedLine(tuple):
    """A line `Lines._walk_group` walked, as a batched verdict keeps it: (the engine's LineReader,
    the group's GroupWalks, the node the line starts at, the group's WalkedParts, the line's row
    there). Its PendingLine (`LineReader.walked_line`) is made with its steps, when the verdict's
    line is read: a whole map's verdict makes thousands of lines that the table never reads, and
    one tuple is cheaper to make than a PendingLine's lists (issue 19)."""

    __slots__ = ()

    def steps(self) -> list[LineStep]:
        reader, group, i, walked, row = self
        return reader.walked_line(group, i, walked.parts(row)).steps()


class Walks:
    """The steps back toward the seeds of one search, read so far: node -> (next node, the step's
    weight), or None at a seed; and for `LineReader.walk` node -> (the node its line ends at, its
    number of steps). Steps are read one by one (`Reach.next_step`) until a search has been read
    at one node in TABULATE of its nodes: then every reached node's step is found at once
    (`IndexReach.next_steps`, whole-array work), as the long rail searches that many lines run
    along are read at most of their nodes anyway.

    Every node of a line walked (`LineReader.walk`, `walks.walk_many`) has its step here, so the
    line is read back from these alone: the search is held weakly (`reach`: None once its engine
    is dropped), and a kept verdict's lines do not keep the engine's searches alive (issue 19)."""

    TABULATE = 16
    __slots__ = ("_reach", "_after", "batches", "_ends", "walked", "read", "check_at")

    def __init__(self, reach: Reach):
        self._reach, self._after, self.batches, self.read, self.check_at = weakref.ref(reach), {}, [], 0, 256
        self._ends, self.walked = {}, []

    @property
    def reach(self) -> Reach | None:
        """The search walked, while it lives (its engine keeps it)."""
        return self._reach()

    @property
    def ends(self) -> dict[int, tuple[int, int]]:
        """Node -> (the node its line ends at, its number of steps), those of the nodes
        `walks.walk_many` walked included: a batch's ends, arrays (`walked`: nodes, ends, numbers
        of steps), are made into the table only when a line is walked one step at a time."""
        for nodes, end, depth in self.walked:
            self._ends.update(zip(nodes.tolist(), zip(end.tolist(), depth.tolist())))
        self.walked.clear()
        return self._ends

    @property
    def after(self) -> dict[int, tuple[int, float] | None]:
        """Node -> its step back, those of the nodes `walks.walk_many` walked included: a batch's
        steps, arrays, are made into the table only when a line is read step by step (--explain,
        trace, JSON or a picture), not for every verdict."""
        for nodes, nxt, weight in self.batches:
            self._after.update(zip(nodes.tolist(), zip(nxt.tolist(), weight.tolist())))
            self._after.update(dict.fromkeys(nodes[nxt < 0].tolist()))
        self.batches.clear()
        return self._after

    def walked_end(self, node: int) -> tuple[int, int] | None:
        """`ends[node]`, or None for a node not walked, without making the batches' arrays into the
        table: `Lines._walk` looks up a few nodes (at 1M hexes, 362 lines walked one at a time made
        850k nodes' ends and steps into tables, 80 MB)."""
        found = self._ends.get(node)
        if found is None:
            for nodes, end, depth in self.walked:       # each batch's nodes sorted (walk_many)
                k = int(nodes.searchsorted(node))
                if k < len(nodes) and nodes.item(k) == node:
                    return end.item(k), depth.item(k)
        return found

    def step(self, cur: int, batched: bool = True) -> tuple[int, float] | None:
        """The step back from `cur`. `batched=False`: `cur` is known to be in no batch (a node not
        walked: every batch's nodes are walked), so the batches need not be made into the table."""
        after = self._after if not (batched and self.batches) else self.after
        step = after.get(cur, False)
        if step is False:
            reach = self._reach()
            d = reach.dist.get(cur, 0.0)
            if not d > 0:
                step = after[cur] = None
            else:
                step = after[cur] = reach.next_step(cur, d)
                self.read += 1
                if self.read == self.check_at:
                    self._tabulate()
        return step

    def _tabulate(self) -> None:
        reach = self._reach()
        if not isinstance(reach, IndexReach):
            return
        array = reach.dist.array
        nodes = np.flatnonzero((array > 0) & (array != np.inf))
        if self.read * self.TABULATE < len(nodes):
            self.check_at = len(nodes) // self.TABULATE + 1        # look again when read that far
            return
        nxt, weight = reach.next_steps(nodes)
        found = nxt >= 0                                            # the rest: read one by one
        after = self.after
        for node, step in zip(nodes[found].tolist(), zip(nxt[found].tolist(), weight[found].tolist())):
            after.setdefault(node, step)


class GroupWalks(NamedTuple):
    """The Walks of a group's searches that walked lines follow: overland and road by weather level,
    and rail (reach.py's GroupReach)."""
    overland: dict[int, Walks]
    road: dict[int, Walks]
    rail: Walks


class LineReader:
    """What a line reads when its steps are made: the map's index (printed ids) and, per search, its
    steps back read so far (`Walks`) and the descents followed. The engine keeps one (its `_trace`
    and `_walk_group` walk through it) and its lazy lines (PendingLine, WalkedLine) hold it, not the
    engine: a kept verdict holds the steps its lines read, not the searches and tables the engine
    keeps (issue 19)."""

    __slots__ = ("index", "_walks", "_descents")

    def __init__(self, index):
        self.index, self._walks, self._descents = index, {}, {}

    def group_walks(self, reach: GroupReach) -> GroupWalks:
        """The Walks of the searches a group's walked lines follow (`walked_line` reads them)."""
        return GroupWalks({level: self.walks(r) for level, r in reach.overland.items()},
                          {level: self.walks(r) for level, r in reach.road.items()}, self.walks(reach.rail))

    def walked_line(self, group: GroupWalks, i: int, parts: tuple) -> PendingLine:
        """The line from node i `Lines._walk_group` walked (its `parts`), as the PendingLine
        `Lines._trace` makes: the parts `append` and `add_descent` would add, made at once."""
        kind, level, over_end, over_depth, _, road_level, road_end, road_depth, rail_end, rail_depth, _ = parts
        line_parts = [PendingLine.unit_part(i), (group.overland[level], i, "overland", over_end)]
        counts = [("unit", 1), ("overland", over_depth)]
        if kind != ENDS_OVERLAND:
            line_parts.append((group.road[road_level], over_end, "road", road_end))
            counts.append(("road", road_depth))
            if kind != ENDS_BY_ROAD:
                line_parts.append((group.rail, road_end, "rail", rail_end))
                counts.append(("rail", rail_depth))
        return PendingLine(self, line_parts, counts)

    def descend(self, reach: Reach, start: int, element: str, steps: list[LineStep] | PendingLine) -> int:
        """Follow the search back from `start` to a seed, recording the hexes entered (in a
        PendingLine: the descent, made into steps when the line is read)."""
        walks = self.walks(reach)
        if isinstance(steps, PendingLine):
            end, depth = self.walk(reach, start)
            steps.add_descent(walks, start, element, depth, end)
            return end
        return self.read_descent(walks, start, element, steps)

    def read_descent(self, walks: Walks, start: int, element: str, steps: list[LineStep]) -> int:
        """The steps of a descent from `start`, read from the search's Walks (which hold the step of
        every node `walk` or `walk_many` walked), added to `steps`; the node it ends at."""
        # Lines of many units share their ends: each descent is followed once per engine (LineSteps
        # are immutable).
        key = (id(walks), start, element)
        known = self._descents.get(key)
        if known is None or known[0] is not walks:
            ids, weights, end = self.path_back(walks, start)
            used = accumulate(weights)                       # the length used after each step
            if element == "rail":
                used = (float(int(u) % LOW_VOLUME_WEIGHT) for u in used)
            known = self._descents[key] = (walks, list(map(LineStep, ids, repeat(element), used)), end)
        steps.extend(known[1])
        return known[2]

    def walks(self, reach: Reach) -> Walks:
        """The steps back of one search read so far, kept per engine: lines that share a tail share
        the work."""
        known = self._walks.get(id(reach))
        if known is None or known.reach is not reach:
            known = self._walks[id(reach)] = Walks(reach)
        return known

    def path_back(self, walks: Walks, start: int) -> tuple[list[str], list[float], int]:
        """The hexes (printed ids) a line from `start` enters back to its seed (through `walks`), the
        weight of each step, and the node it ends at: reading a line back costs its length,
        whatever the lines walked before."""
        hex_id = self.index.hex_id
        ids, weights, cur = [], [], start
        while (step := walks.step(cur)) is not None:
            cur, w = step
            ids.append(hex_id(cur))
            weights.append(w)
        return ids, weights, cur

    def walk(self, reach: Reach, start: int) -> tuple[int, int]:
        """The node a line from `start` ends at and its number of steps, kept for every node
        walked: many units' lines share their tails, and each node is walked once per search."""
        walks = self.walks(reach)
        ends = walks._ends          # the batches' ends are read from their arrays (`walked_end`)
        chain, cur = [], start
        while (found := walks.walked_end(cur)) is None:
            step = walks.step(cur, batched=False)
            if step is None:
                found = ends[cur] = (cur, 0)
                break
            chain.append(cur)
            cur = step[0]
        end, depth = found
        for node in reversed(chain):
            depth += 1
            ends[node] = (end, depth)
        return (end, depth)


class Lines:
    """Methods of `EuropaSupply` (supply.py), which holds the position, map, index, rules and the
    per-engine memo they read."""

    def _best_line(self, reach: GroupReach, i: int):
        walked = self._walked(reach)
        row = -1 if walked is None else walked.row(i)
        if row >= 0:
            return self._line_from_parts(reach, i, walked.parts(row))
        level = self._line_level(reach, i)
        return None if level is None else (level, *self._trace(reach, level, i))

    # Groups of fewer units walk their lines one by one: a batch's rounds of array work cost more
    # than a few lines walked in Python (the bundled scenario: 35 units in 7 groups).
    BATCH = 64

    def _walk_lines(self) -> None:
        """Walk the lines of every unit at once, group by group (`_walk_group`), before the
        verdicts read them one unit at a time: each unit's `_walk`s are then found, not walked."""
        if self.unchecked:
            return
        # Each unit's group, embarked units traced from their group's port (unit_kinds.py).
        for reach, nodes in group_nodes(self):
            if len(nodes) >= self.BATCH:
                self._walk_group(reach, nodes)

    def _unit_nodes(self) -> list[int | None]:
        """The node of each unit's hex (None: no hex, or off the map), found at once from the index's
        grid (`HexIndex.nodes`) and kept per engine: the verdicts read it three times per unit."""
        nodes = self._memo.get("unit nodes")
        if nodes is None:
            units = self.position.units
            # The side views' table of the placed units' nodes, in the units' order (PositionNodes,
            # made once per engine): their hexes are not looked up on the grid twice.
            placed_nodes = self.position_nodes().unit_nodes
            if len(placed_nodes) == len(units) and not (placed_nodes < 0).any():
                # Every unit placed on the map (the units read once, not once more here).
                nodes = self._memo["unit nodes"] = placed_nodes.tolist()
                return nodes
            placed = [k for k, u in enumerate(units) if u.hex is not None]
            nodes = self._memo["unit nodes"] = [None] * len(units)
            for k, node in zip(placed, placed_nodes.tolist(), strict=True):
                if node >= 0:
                    nodes[k] = node
        return nodes

    def _walk_group(self, reach: GroupReach, nodes: np.ndarray) -> None:
        """The walks `_trace` makes from `nodes`, in whole-array batches (walks.walk_many): the
        overland element at each node's line level, the road element from the overland ends not at
        a source at their road level (36D: the road element's own weather), then the rail element
        (12B), or the rail toward a naval element's port (12B4). Each node whose line needs no
        naval element gets its line's parts (`_walked`, read by `_best_line` and unit_batch.py).
        Searches that are not array-backed are left to `_trace`."""
        searches = [*reach.overland.values(), *reach.road.values(), reach.rail, reach.rail2]
        if not all(r is None or isinstance(r, IndexReach) for r in searches):
            return
        lengths, order = self.rules.lengths, self.rules.weather_order
        levels = self._line_levels(reach, nodes)
        nodes, levels = nodes[levels >= 0], levels[levels >= 0]
        over_end, over_depth, over_len = (np.zeros(len(nodes), dtype=t) for t in (np.int64, np.int64, float))
        for level, over in reach.overland.items():
            at = levels == level
            over_end[at], over_depth[at] = self._walk_ends(over, nodes[at])
            over_len[at] = over.dist.array[nodes[at]]
        # 12B: a line ends at a source's node: read from a node mask of them (np.isin sorted both
        # arrays, 0.1-0.3 ms a call in numpy 2.4).
        source = np.zeros(len(self.index) + 1, dtype=bool)         # a spare last cell: no node
        source[np.fromiter(reach.source_of, dtype=np.int64, count=len(reach.source_of))] = True
        on_road = ~source.take(over_end)
        road_level = np.full(len(nodes), -1, dtype=np.int64)
        for level, road in sorted(reach.road.items(), reverse=True):    # the best written last
            road_level[on_road & (road.dist.array[over_end] <= lengths[order[level]]["road"])] = level
        road_end, road_depth = over_end.copy(), np.zeros(len(nodes), dtype=np.int64)
        for level, road in reach.road.items():
            at = road_level == level
            road_end[at], road_depth[at] = self._walk_ends(road, over_end[at])
        by_rail = on_road & ~source.take(road_end)
        on_rail = by_rail & reach.rail_ok[road_end]
        rail_end, rail_depth = road_end.copy(), np.zeros(len(nodes), dtype=np.int64)
        rail_end[on_rail], rail_depth[on_rail] = self._walk_ends(reach.rail, road_end[on_rail])
        if reach.rail2 is not None:
            self._walk_ends(reach.rail2, road_end[by_rail & ~on_rail])    # `_trace` reads it on
        rail_cost = np.where(on_rail, reach.rail.dist.array[road_end], 0.0)
        kind = np.where(on_road, np.where(by_rail, np.where(on_rail, ENDS_BY_RAIL, UNBATCHED), ENDS_BY_ROAD),
                        ENDS_OVERLAND)
        kind[on_road & (road_level < 0)] = UNBATCHED          # `_road_level` says what is wrong
        batched = kind != UNBATCHED
        parts = WalkedParts(nodes[batched], tuple(a[batched] for a in (
            kind, levels, over_end, over_depth, over_len, road_level, road_end, road_depth, rail_end, rail_depth,
            rail_cost)))
        known = self._walked(reach)
        self._memo[("traced", id(reach))] = (reach, parts if known is None else known.joined(parts))

    def _walked(self, reach: GroupReach) -> WalkedParts | None:
        """The lines of the group `_walk_group` walked (walked.py), if any."""
        known = self._memo.get(("traced", id(reach)))
        return known[1] if known is not None and known[0] is reach else None

    def _walk_ends(self, reach: Reach, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The end node and number of steps of the lines from `starts` back through `reach`,
        walked at once."""
        walks = self.line_reader.walks(reach)
        walk_many(walks, starts)
        return known_ends(walks, starts)

    def _line_from_parts(self, reach: GroupReach, i: int, parts: tuple):
        """`_best_line` from the parts `_walk_group` walked: the same line, lengths and weathers as
        `_trace` (its overland, road and rail branches)."""
        lengths, source, weathers, _ = self._walked_summary(reach, parts)
        reader = self.line_reader
        return parts[1], reader.walked_line(reader.group_walks(reach), i, parts), lengths, source, dict(weathers)

    @staticmethod
    def _walked_summary(reach: GroupReach, parts: tuple) -> tuple[dict[str, float], str | None, tuple, int]:
        """Of a line `_walk_group` walked (its `parts`): its lengths (the elements used, in their
        order, as `_trace` gives them), its source, each element's weather level (36D) as pairs, and
        the node it ends at."""
        kind, level, over_end, _, over_len, road_level, road_end, road_depth, rail_end, rail_depth, rail_cost = parts
        lengths = {"overland": over_len} if over_len else {}
        if kind == ENDS_OVERLAND:
            return lengths, reach.source_of[over_end], (("overland", level),), over_end
        if road_depth:
            lengths["road"] = float(road_depth)
        weathers = (("overland", level), ("road", road_level)) if road_depth else (("overland", level),)
        if kind == ENDS_BY_ROAD:
            return lengths, reach.source_of[road_end], weathers, road_end
        if rail_depth:
            lengths["rail"] = float(rail_depth)
        low_volume = float(rail_cost // LOW_VOLUME_WEIGHT)
        if low_volume:
            lengths["rail_low_volume"] = low_volume
        return lengths, reach.source_of.get(rail_end), weathers, rail_end

    def _line_level(self, reach: GroupReach, i: int) -> int | None:
        """The best weather level at which a line from node i reaches the group, if any."""
        slots, levels = self._unit_slots(), self._units_line_levels(reach)
        slot = slots.get(i)
        if slot is not None and levels is not None:
            level = levels.item(slot)
            return None if level < 0 else level
        return self._line_level_of(reach, i)

    def _unit_slots(self) -> dict[int, int]:
        """The nodes units stand on, each with its place in `_units_line_levels`' arrays."""
        slots = self._memo.get("unit slots")
        if slots is None:
            nodes = self._slot_nodes().tolist()
            slots = self._memo["unit slots"] = dict(zip(nodes, range(len(nodes))))
        return slots

    def _slot_nodes(self) -> np.ndarray:
        """The distinct nodes units stand on, sorted (`_unit_nodes`' nodes, read from the side views'
        array: at 1M hexes only the few units the batch leaves to `verdict` ask for them)."""
        nodes = self._memo.get("slot nodes")
        if nodes is None:
            placed = self.position_nodes().unit_nodes
            nodes = self._memo["slot nodes"] = sorted_unique(placed[placed >= 0])
        return nodes

    def _units_line_levels(self, reach: GroupReach) -> np.ndarray | None:
        """`_line_level_of` for every node a unit stands on at once (-1: none), kept per group;
        None if a search of the group is not array-backed."""
        key = ("line levels", id(reach))
        known = self._memo.get(key)
        if known is None or known[0] is not reach:
            levels = None
            if _array_backed(reach):
                levels = self._line_levels(reach, self._slot_nodes())
            known = self._memo[key] = (reach, levels)
        return known[1]

    def _line_levels(self, reach: GroupReach, nodes: np.ndarray) -> np.ndarray:
        """`_line_level_of` of every node in `nodes` at once (-1: no line reaches the group); the
        group's overland searches array-backed."""
        own, levels = self.level[nodes], np.full(len(nodes), -1, dtype=np.int64)
        for level, over in sorted(reach.overland.items(), reverse=True):   # the best written last
            length = self.rules.lengths[self.rules.weather_order[level]]["overland"]
            levels[(own <= level) & (over.dist.array[nodes] <= length)] = level
        return levels

    def _lines_found(self, reach: GroupReach, nodes: np.ndarray) -> np.ndarray:
        """Whether a line from each of `nodes` reaches the group (`_line_level` is not None), at
        once where the group's overland searches are array-backed."""
        if _array_backed(reach):
            return self._line_levels(reach, nodes) >= 0
        return np.array([self._line_level(reach, i) is not None for i in nodes.tolist()], dtype=bool)

    def _line_level_of(self, reach: GroupReach, i: int) -> int | None:
        """`_line_level` for one node."""
        for level, over in sorted(reach.overland.items()):
            if self.level[i] > level:
                continue
            d = over.dist.get(i)
            weather = self.rules.weather_order[level]
            if d is not None and d <= self.rules.lengths[weather]["overland"]:
                return level
        return None

    def _road_level(self, reach: GroupReach, i: int) -> int:
        """The best weather level at which a road element from node i (the end of the overland
        element) reaches the rail or a source (36D: the road element's own weather)."""
        for level, road in sorted(reach.road.items()):
            d = road.dist.get(i)
            if d is not None and d <= self.rules.lengths[self.rules.weather_order[level]]["road"]:
                return level
        raise AssertionError("an overland element ended where no road element starts")

    def line_weather(self, levels: dict[str, int]) -> str:
        """The weather of each element: one word when they agree ("mud"), else per element
        ("overland mud, road clear"). Kept per engine: lines have few mixes of elements and levels."""
        known = self._memo.get("line weather")
        if known is None:
            known = self._memo["line weather"] = {}
        key = tuple(levels.items())
        found = known.get(key)
        if found is None:
            names = {element: self.rules.weather_order[level] for element, level in levels.items()}
            found = known[key] = next(iter(names.values())) if len(set(names.values())) == 1 else \
                ", ".join(f"{element} {weather}" for element, weather in names.items())
        return found

    def _trace(self, reach: GroupReach, level: int, i: int):
        """The traced line, hex by hex with its element, from the unit to its source (a
        PendingLine: its steps are made when it is read)."""
        steps, descend = PendingLine(self.line_reader), self.line_reader.descend
        steps.append(LineStep(self.index.hex_id(i), "unit", 0.0))     # the index keeps its ids
        cur = descend(reach.overland[level], i, "overland", steps)
        lengths = {"overland": reach.overland[level].dist.get(i, 0.0)}
        weathers = {"overland": level}
        if cur not in reach.source_of:
            before = len(steps)
            weathers["road"] = road_level = self._road_level(reach, cur)
            cur = descend(reach.road[road_level], cur, "road", steps)
            lengths["road"] = float(len(steps) - before)
            if lengths["road"] == 0:
                del weathers["road"]
        if cur in reach.source_of:
            return steps, {k: v for k, v in lengths.items() if v}, reach.source_of[cur], weathers
        before = len(steps)
        if reach.rail_ok[cur]:
            rail_cost = reach.rail.dist.get(cur, 0.0)
            cur = descend(reach.rail, cur, "rail", steps)
            source = reach.source_of.get(cur)
            lengths["rail"], naval = float(len(steps) - before), 0.0
        else:
            rail_cost = reach.rail2.dist.get(cur, 0.0)
            part = len(steps.parts)
            cur = descend(reach.rail2, cur, "rail", steps)
            source = self._continue_by_sea(reach, cur, steps)
            lengths["rail"] = float(steps.count_since(part, "rail"))
            naval = float(steps.count_since(part, "naval"))
        lengths["rail_low_volume"] = float(rail_cost // LOW_VOLUME_WEIGHT)
        lengths["naval"] = naval
        return steps, {k: v for k, v in lengths.items() if v}, source, weathers

    def _continue_by_sea(self, reach: GroupReach, origin, steps: list[LineStep] | PendingLine) -> str | None:
        """From a port a naval element starts at (hex index or box), by sea to a port connected to
        a source, then by rail to the source."""
        # 12B4, 34K: the naval element's steps made once per group and port (many lines leave by
        # the same port); LineSteps are frozen, so lines share them.
        key = ("by sea", id(reach), origin)
        known = self._memo.get(key)
        if known is None or known[0] is not reach:
            ix, hid = self.index, self.map.hex_id
            path = naval_path(reach.naval, ix.hexes[origin] if isinstance(origin, int) else origin)
            known = self._memo[key] = (reach, [LineStep(hid(n) if isinstance(n, Hex) else n, "naval", float(k))
                                               for k, n in enumerate(path[1:], 1)], path[-1])
        _, naval, end = known
        for step in naval:
            steps.append(step)
        if isinstance(end, str):
            return reach.box_sources.get(end)
        cur = self.index.pos[end]
        if cur not in reach.source_of:
            cur = self.line_reader.descend(reach.rail, cur, "rail", steps)
        return reach.source_of.get(cur)


def _array_backed(reach: GroupReach) -> bool:
    """The group's overland searches keep their distances as arrays (`_line_levels` reads them)."""
    return all(isinstance(over.dist, Distances) for over in reach.overland.values())
