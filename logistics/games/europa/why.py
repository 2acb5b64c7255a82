"""The facts behind a verdict that answer the next question: the place a line reaches within its
source, the units behind a blocking hex (12A, Rule 5), the ring of hexes that isolates a unit (3F)
and the hex that cuts a source's rail connection (12C1, 7A)."""
from __future__ import annotations

from collections import deque

import numpy as np

from logistics.games.europa.view import LOSE_ZOC_AT
from logistics.hexgrid import Hex
from logistics.position import UNOWNED, Unit
from logistics.verdict import Block, Isolation
from logistics.zoc import exerts_zoc, projects_into


class Reasons:
    """Methods of `EuropaSupply` (supply.py), which holds the position, map, index, rules and the
    per-engine memo they read."""

    def _blocked_at(self, printed: str, side: str, rule: str, reason: str) -> Block:
        """A Block naming the units behind it (kept: many lines stop at the same hex)."""
        key = ("blocked at", printed, side, rule, reason)
        if key not in self._memo:
            units, by = self.blockers(self.index.hexes[self.index.node_of(printed)], side, rule, reason)
            self._memo[key] = Block(printed, rule, reason, units=units, side=by)
        return self._memo[key]

    def _blocks_at(self, side: str, view, nodes: list[int]) -> list[Block]:
        """`_blocked_at(hex_id(b), side, *view.why_not(b))` of each of `nodes` (hexes a line of `side`
        may not enter), kept alike; the units behind the 12A and Rule 5 blocks read for all of
        them at once (at 1M hexes some 2,000 blocked hexes, each asked alone before)."""
        ix, memo = self.index, self._memo
        keys = [("blocked at", ix.hex_id(b), side, *view.why_not(b)) for b in nodes]
        todo = {}
        for b, key in zip(nodes, keys):
            if key not in memo:
                todo.setdefault(key, b)
        if todo:
            behind = self._units_behind(side, todo)
            for key, b in todo.items():
                _, printed, _, rule, reason = key
                units, by = behind[key] if key in behind else self.blockers(ix.hexes[b], side, rule, reason)
                memo[key] = Block(printed, rule, reason, units=units, side=by)
        return [memo[key] for key in keys]

    def _units_behind(self, side: str, todo: dict) -> dict:
        """`blockers` of the blocked hexes of `todo` (key -> node) whose answer the position's unit
        arrays give at once: 12A, a unit in the hex; Rule 5, the ZOC of a unit in the hex or in a
        neighbour across a crossable hexside that is no neutral border, on the index (as
        `_zoc_neighbour_nodes` reads a land hex); any other rule but 39D, none. Key -> (units, side)."""
        ix, at = self.index, self.position_nodes()
        enemies = self._memo.setdefault(("enemies", side), set(self.position.enemies_of(side)))
        keys, found = list(todo), {}
        nodes = np.fromiter(todo.values(), dtype=np.int64, count=len(keys))
        zoc = np.array(["Rule 5" in key[3] for key in keys], dtype=bool)
        # Rule 5 on a land hex whose six edges in are all on the index; 12A; both read at once.
        zoc &= ix.land.take(nodes) & (ix.in_eid.take(nodes, axis=0) >= 0).all(axis=1)
        asked_rows = zoc | np.array([key[3] == "12A" for key in keys], dtype=bool)
        for key in keys:
            if "39D" not in key[3] and "Rule 5" not in key[3] and key[3] != "12A":
                found[key] = ((), None)
        if not asked_rows.any():
            return found
        picked = np.flatnonzero(asked_rows)
        rows = [keys[k] for k in picked.tolist()]
        b, zoc = nodes.take(picked), zoc.take(picked)
        eid = ix.in_eid.take(b, axis=0)
        across = zoc[:, None] & (eid >= 0) & ix.crossable.take(eid) & ~ix.neutral_border.take(eid)
        asked = np.concatenate([np.where(across, ix.nbr.take(b, axis=0), -1), b[:, None]], axis=1)   # (rows, 7)
        order, placed = self._units_by_node()
        lo, hi = np.searchsorted(placed, asked, "left"), np.searchsorted(placed, asked, "right")
        count = np.where(asked >= 0, hi - lo, 0).ravel()                 # node -1: no hex asked
        row = np.repeat(np.arange(asked.size) // asked.shape[1], count)
        first = np.repeat(lo.ravel() - (np.cumsum(count) - count), count)
        unit = order[first + np.arange(count.sum())]
        keep = at.exerts_zoc[unit] | ~zoc[row]
        ids: dict[int, set] = {}
        sides: dict[int, set] = {}
        for r, k in zip(row[keep].tolist(), unit[keep].tolist()):
            u = at.on_map[k]
            if u.side in enemies:
                ids.setdefault(r, set()).add(u.id)
                sides.setdefault(r, set()).add(u.side)
        for r, key in enumerate(rows):
            # Unit ids are unique in a position (the loader refuses a repeated one).
            found[key] = tuple(sorted(ids.get(r, ()))), ", ".join(sorted(sides.get(r, ()))) or None
        return found

    def _units_by_node(self) -> tuple[np.ndarray, np.ndarray]:
        """The on-map units' places in the position's order, sorted by node (stable), and their
        sorted nodes (-1: off the index), made once."""
        known = self._memo.get("units sorted by node")
        if known is None:
            nodes = self.position_nodes().unit_nodes
            order = np.argsort(nodes, kind="stable")
            known = self._memo["units sorted by node"] = (order, nodes[order])
        return known

    def blockers(self, h: Hex, side: str, rule: str, reason: str) -> tuple[tuple[str, ...], str | None]:
        """The enemy units that stop a line of `side` entering `h` by `rule` (`SideView.why_not`'s rule and reason, told apart by the rule:
        12A a unit in the hex, Rule 5 the ZOC exerted into it as zoc.zoc_hexes reads it, a U-2
        unit exerting none), and their side; for an intrinsic garrison (39D), no unit but the
        city's owner; for terrain, neutrals and 39A, none."""
        if "39D" in rule:
            owner = self.position.owner_of(h)
            return (), (owner if owner not in (UNOWNED, "neutral") else None)
        key = ("enemies", side)
        if key not in self._memo:
            self._memo[key] = set(self.position.enemies_of(side))
        enemies = self._memo[key]
        if "Rule 5" in rule:
            # Rule 5 as zoc.zoc_hexes reads it, asked of the hex and its neighbours only (the ZOC
            # map of every enemy unit cost more than all the blocked hexes asked of it).
            # By node: the index's numbers, no hex hashed again.
            b = self.index.pos.get(h)
            nodes, off = self._zoc_neighbour_nodes(h, b)
            if b is None:
                off.append(h)
            else:
                nodes.append(b)
            by_node, off_map = self._unit_tables()
            stacks = [by_node.get(a, ()) for a in nodes] + [off_map.get(n, ()) for n in off]
            found = [u for stack in stacks for u in stack if u.side in enemies and exerts_zoc(u, LOSE_ZOC_AT)]
        else:
            found = [u for u in self._units_at(h) if u.side in enemies] if rule == "12A" else []
        # Unit ids are unique in a position (the loader refuses a repeated one).
        return tuple(sorted({u.id for u in found})), ", ".join(sorted({u.side for u in found})) or None

    def _units_at(self, h: Hex) -> list[Unit]:
        """The units in hex `h`, in the position's order."""
        by_node, off = self._unit_tables()
        b = self.index.pos.get(h)
        return off.get(h, []) if b is None else by_node.get(b, [])

    def _unit_tables(self) -> tuple[dict[int, list[Unit]], dict[Hex, list[Unit]]]:
        """The units on the map by node and those off it by hex, each in the position's order
        (built once from the position's node arrays)."""
        known = self._memo.get("units by node")
        if known is None:
            nodes = self.position_nodes()
            by_node: dict[int, list[Unit]] = {}
            off: dict[Hex, list[Unit]] = {}
            for b, u in zip(nodes.unit_nodes.tolist(), nodes.on_map):
                if b < 0:                             # node -1: a hex off the index
                    off.setdefault(u.hex, []).append(u)
                else:
                    by_node.setdefault(b, []).append(u)
            known = self._memo["units by node"] = (by_node, off)
        return known

    def _zoc_neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours of `h` whose ZOC projects into it (zoc.projects_into)."""
        nodes, off = self._zoc_neighbour_nodes(h, self.index.pos.get(h))
        return [self.index.hexes[a] for a in nodes] + off

    def _zoc_neighbour_nodes(self, h: Hex, b: int | None) -> tuple[list[int], list[Hex]]:
        """`_zoc_neighbours(h)` (h at node `b`, None off the index): those on the index as nodes,
        read from the index's edges into h (as view._zoc_mask) when h is a land hex of it, and
        those off it as hexes. Over the six edges in Python: quicker than array calls on six."""
        ix = self.index
        if b is None or not ix.land[b]:
            found = [n for n in h.neighbours() if projects_into(self.map, n, h)]
            return [ix.pos[n] for n in found if n in ix.pos], [n for n in found if n not in ix.pos]
        eids, crossable, border = ix.in_eid[b].tolist(), ix.crossable, ix.neutral_border
        nodes = [a for a, e in zip(ix.nbr[b].tolist(), eids) if e >= 0 and crossable[e] and not border[e]]
        # Off-map neighbours (edge -1) are not in the index: asked one by one.
        off = [n for n in h.neighbours() if n not in ix.pos and projects_into(self.map, n, h)] if -1 in eids else []
        return nodes, off

    def _isolation(self, unit: Unit, reach, i: int | None, box: str | None = None,
                   errata: bool | None = None) -> Isolation:
        """Why a unit is isolated (3F): no source active (and the hex that cuts a source's rail
        connection, 12C1), or the enemy units, ZOCs and unpacified cities around the hexes its
        overland lines of any length reach (its pocket). `errata`: `_naval_errata_apply`, if known."""
        if not reach.has_seeds and not reach.box_sources:
            cut = self._connection_cut(unit)
            return Isolation("no full general supply source of its affiliation is active (12C1)", (cut,) if cut else ())
        reason = "no overland line of any length reaches a full general supply source of its affiliation"
        if self._naval_errata_apply(unit, i, box) if errata is None else errata:
            reason += ", nor one through a friendly port and a naval element (3F errata)"
        if i is None:
            return Isolation(reason)
        ring = tuple(self._ring(unit.side, i))
        if not ring:
            reason += "; only the sea, impassable hexsides and neutral borders bound the hexes it reaches"
        return Isolation(reason, ring)

    def _ring(self, side: str, start: int) -> list[Block]:
        """The land hexes beside the pocket of `start` (the hexes a line from it may enter, over
        crossable hexsides) that a line may not enter, in grid order, each with its rule."""
        pockets = self._memo.setdefault(("pockets", side), {})   # node -> its pocket's ring
        if start in pockets:
            return pockets[start]
        ix, view = self.index, self.view(side)
        seen, ring, queue = {start}, set(), deque([start])
        while queue:
            a = queue.popleft()
            for b, e in zip(ix.nbr[a].tolist(), ix.out_eid[a].tolist()):
                if e < 0 or not ix.crossable[e] or b in seen or not ix.land[b] or ix.neutral[b]:
                    continue
                if view.enter[b]:
                    seen.add(b)
                    queue.append(b)
                else:
                    ring.add(b)
        blocks = self._blocks_at(side, view, [b for b in sorted(ring - seen) if view.why_not(b) is not None])
        # The hexes of a pocket share its ring when the search started in a hex a line may enter;
        # a line leaves any hex (12A/B ruling, AEG 1998), so one it may not enter can join pockets.
        for k in (seen if view.enter[start] else (start,)):
            pockets[k] = blocks
        return blocks

    def _connection_cut(self, unit: Unit) -> Block | None:
        """12C1, 7A: for a source of connected cities that is not active, the hex that cuts the
        rail connection between its friendly-owned cities: on the rail path between two of them
        (in different connections) through the fewest hexes a connection may not pass, the first
        such hex, with its rule and the units that hold it."""
        key = ("connection cut", unit.side, unit.coalition, unit.affiliation)
        if key not in self._memo:
            self._memo[key] = self._find_connection_cut(unit)
        return self._memo[key]

    def _find_connection_cut(self, unit: Unit) -> Block | None:
        ix = self.index
        # Sources and cities by name: the answer never depends on the order of the file's lists.
        for src in sorted(self.position.supply_sources, key=lambda s: s.name):
            if not src.connected or not self.may_use(src, unit) or self.active_hexes(src):
                continue
            owned = [c for c in (self.map.city(n) for n in sorted(src.cities))
                     if c.place.hexes and all(self.position.owner.get(h) == src.side for h in c.place.hexes)]
            if len(owned) < 2:
                continue
            found = self._cheapest_rail_path(src.side, owned)
            if found is None:
                continue
            path, first, last = found
            view = self.view(src.side)
            for k in path:
                why = view.why_not(k)
                if why is not None:
                    cut = self._blocked_at(ix.hex_id(k), src.side, *why)
                elif not view.owned_rail[k]:
                    owner = self.position.owner.get(ix.hexes[k], UNOWNED)
                    cut = Block(ix.hex_id(k), "12C1, 7A", f"rail hex not {src.side}-owned ({owner})")
                else:
                    continue
                return Block(cut.hex, cut.rule, f"{src.name}: {first} and {last} are not connected by rail; "
                             + cut.reason, cut.units, cut.side)
        return None

    def _cheapest_rail_path(self, side: str, cities) -> tuple[list[int], str, str] | None:
        """A 0-1 breadth-first search over the map's rail: from the hexes of the cities in the
        largest connection (the first city by name on a tie) to any other of `cities`, counting
        the hexes a connection may not pass. The path (from the start), and the cities it joins."""
        ix = self.index
        comp = self._connection_components(side)
        parts: dict[int, list] = {}
        for c in cities:
            for k in {comp.get(ix.pos[h], -1 - ix.pos[h]) for h in c.place.hexes}:
                parts.setdefault(k, []).append(c)
        home = max(parts, key=lambda k: (len(parts[k]), -min(cities.index(c) for c in parts[k])))
        starts = {ix.pos[h] for c in parts[home] for h in c.place.hexes}
        goals = {ix.pos[h]: c.name for c in cities if c not in parts[home] for h in c.place.hexes}
        ok = set(self._connection_graph(side)[1].tolist())
        cost = {s: 0 for s in starts}
        parent: dict[int, int | None] = {s: None for s in starts}
        queue = deque(sorted(starts))
        while queue:
            a = queue.popleft()
            for b, e in zip(ix.nbr[a].tolist(), ix.out_eid[a].tolist()):
                if e < 0 or not ix.rail[e] or ix.neutral[b]:
                    continue
                c = cost[a] + (b not in ok)
                if b not in cost or c < cost[b]:
                    cost[b], parent[b] = c, a
                    queue.appendleft(b) if c == cost[a] else queue.append(b)
        reached = sorted((g for g in goals if g in cost), key=lambda g: (cost[g], g))
        if not reached:
            return None
        path, cur = [], reached[0]
        while cur is not None:
            path.append(cur)
            cur = parent[cur]
        path.reverse()
        start_city = next(c.name for c in parts[home] if ix.hexes[path[0]] in c.place.hexes)
        return path, start_city, goals[reached[0]]
