"""Where a side's supply is weakest: the smallest sets of hexes whose loss to the enemy would put
the most REs out of general supply, ranked by REs lost per hex (method and bound: docs/cuts.md).

Candidates, each re-judged by the game's own supply engine with every hex of the set taken (an
enemy unit of no ZOC there, the hex enemy-owned); only what the engine confirms is reported:
- single hexes: every hex of every unit's traced line, its source hexes, and every hex whose loss
  alone separates two rail-connected cities of a source (12C1). A hex off a unit's line can put
  it out only by ending a source, so for one hex this set is complete;
- pairs: the minimum cuts of the unit's routes (max-flow, `flow.RouteFlow`) when two hexes cut
  every route, lengths aside; with `exhaustive`, also every hex of the line a unit traces once one
  hex of its line is taken.
Candidates are tried best bound first (the REs of the units whose line or sources they touch,
per hex), screened by asking only those units whether they still trace a line, and the search
stops once no untried candidate can enter the top N.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from logistics import games
from logistics.analysis.flow import RouteFlow
from logistics.analysis.whatif import enemy_of, taken
from logistics.errors import LoadError
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position
from logistics.verdict import Block, Verdict


def in_general_supply(v: Verdict) -> bool:
    """In general supply now: a full or limited source, not supply points (12C3)."""
    return v.supplied and "supply points" not in v.general


@dataclass
class Cut:
    hexes: tuple[str, ...]                 # printed ids
    units: tuple[str, ...]                 # the units it puts out of general supply
    res: float
    rule: str                              # 12A | 12B4 | 12C1 (several joined by ", ")
    method: str                            # how the candidate was found
    why: dict[str, Block | None] = field(default_factory=dict)   # each unit's new verdict's block

    @property
    def per_hex(self) -> float:
        return self.res / len(self.hexes)

    def as_dict(self) -> dict:
        return {"hexes": list(self.hexes), "res": self.res, "res_per_hex": self.per_hex, "rule": self.rule,
                "method": self.method, "units": list(self.units),
                "why": {u: (b.__dict__ if b else None) for u, b in sorted(self.why.items())}}


@dataclass
class CutReport:
    side: str
    targets: dict[str, float]              # unit -> REs: the units in general supply examined
    cuts: list[Cut]
    min_cut: dict[str, int | None]         # unit -> max-flow value (hexes cutting every route)
    judged: int                            # positions re-judged whole
    candidates: int                        # candidate sets found
    skipped: list[str] = field(default_factory=list)   # units not examined, and why
    screened: int = 0                      # candidates screened by judging only the units they may cut

    def as_dict(self) -> dict:
        return {"side": self.side, "units": len(self.targets), "res": sum(self.targets.values()),
                "candidates": self.candidates, "screened": self.screened, "judged": self.judged,
                "cuts": [c.as_dict() for c in self.cuts], "min_cut": self.min_cut, "skipped": self.skipped}


class CutSearch:
    def __init__(self, position: Position, map_: Map, side: str | None = None, units: tuple[str, ...] = (),
                 max_size: int = 2, source: str = "scenario", exhaustive: bool = False, engine=None, verdicts=None):
        self.position, self.map, self.max_size, self.exhaustive = position, map_, max_size, exhaustive
        self.game = games.of(position, source)
        # `engine` / `verdicts`: the position's, when the caller has already judged it (render).
        self.engine = engine or games.supply_engine(position, map_)
        self.base = {v.unit: v for v in (verdicts if verdicts is not None else self.engine.verdicts())}
        known = {u.id: u for u in position.units}
        for uid in units:
            if uid not in known:
                raise LoadError(source, f"no unit {uid!r}", field="--units", expected="a unit id of the scenario")
        sides = {known[u].side for u in units} | ({side} if side else set())
        if len(sides) != 1:
            raise LoadError(source, "name one side" if not sides else "units of several sides", field="--side",
                            expected="--side SIDE or --units of one side")
        self.side = sides.pop()
        self.enemy = enemy_of(position, self.side, source)
        chosen = [u for u in position.units if (u.id in units if units else u.side == self.side)]
        self.units = {u.id: u for u in chosen}
        self.skipped = []
        self.targets: dict[str, float] = {}
        for u in chosen:
            v = self.base[u.id]
            if not in_general_supply(v):
                continue
            if u.hex is None or not v.line:
                self.skipped.append(f"{u.id}: {'off map' if u.hex is None else 'no traced line'} ({v.source})")
                continue
            self.targets[u.id] = u.size
        self.friendly = {u.hex for u in position.units if u.side == self.side and u.hex is not None}
        self.enemy_held = {u.hex for u in position.units if u.side != self.side and u.hex is not None}
        self.judgements: dict[frozenset, dict[str, Verdict]] = {}
        self.screens: dict[frozenset, set[str] | None] = {}   # candidates screened: the units they may cut
        self._placeable: np.ndarray | None = None

    # --- what the enemy may take ------------------------------------------------------------------
    def placeable(self, h: Hex) -> bool:
        """A hex the enemy may take: a land hex of the map, not neutral, with no unit of the side
        (it would have to be destroyed first) nor already an enemy unit."""
        m = self.map
        return h in m and m.is_land(h) and not m.is_neutral(h) and h not in self.friendly and h not in self.enemy_held

    def placeable_mask(self, index) -> np.ndarray:
        if self._placeable is None:
            self._placeable = np.array([self.placeable(h) for h in index.hexes], dtype=bool)
        return self._placeable

    def judge(self, hexes: frozenset) -> dict[str, Verdict]:
        """The verdicts once the enemy has taken each hex: an enemy unit of no ZOC in it, and the
        hex enemy-owned (the hexes alone are lost, not their neighbours)."""
        if hexes not in self.judgements:
            after = games.supply_engine(self.position.apply(taken(self.map, self.enemy, hexes)), self.map).verdicts()
            self.judgements[hexes] = {v.unit: v for v in after if v.unit in self.targets}
        return self.judgements[hexes]

    def screen(self, hexes: frozenset, bound: set[str]) -> set[str] | None:
        """The units of `bound` (the only ones the loss of `hexes` can put out) that no longer
        trace a line to a full source, when the engine can say so one unit at a time (Europa):
        the units the loss may cut, a superset of those it does (limited sources, 12C2, and only
        they, may still supply one: only the whole position's verdicts say). None: no screen."""
        if hexes not in self.screens:
            found = None
            if not bound:
                found = set()
            else:
                engine = games.supply_engine(self.position.apply(taken(self.map, self.enemy, hexes)), self.map)
                quick = getattr(engine, "traces_general_supply", None)
                if quick is not None:
                    found = {u for u in sorted(bound) if not quick(engine.position.unit(u))}
            self.screens[hexes] = found
        return self.screens[hexes]

    def lost(self, hexes: frozenset, bound: set[str] | None = None) -> list[str]:
        """The examined units the loss of `hexes` puts out of general supply, from the whole
        position re-judged; not re-judged when the screen of `bound` finds none that may be."""
        if hexes not in self.judgements and bound is not None and self.screen(hexes, bound) == set():
            return []
        after = self.judge(hexes)
        return [u for u in self.targets if not in_general_supply(after[u])]

    # --- candidates ---------------------------------------------------------------------------------
    def candidates(self) -> tuple[dict[frozenset, set[str]], dict[frozenset, str], dict[str, int | None]]:
        """Candidate sets -> the units they may cut (the bound), how each set was found, and each
        unit's max-flow value."""
        on_line: dict[Hex, set[str]] = {}
        port_of: dict[Hex, set[str]] = {}
        connection: dict[Hex, set[str]] = {}
        method: dict[frozenset, str] = {}
        by_id = {self.map.hex_id(h): h for h in self.map.terrain}
        networks: dict[tuple, object] = {}
        for uid in self.targets:
            v, unit = self.base[uid], self.units[uid]
            for k, step in enumerate(v.line[1:], 1):
                h = by_id.get(step.hex)
                if h is not None and self.placeable(h):
                    on_line.setdefault(h, set()).add(uid)
                    if k + 1 < len(v.line) and v.line[k + 1].element == "naval":
                        port_of.setdefault(h, set()).add(uid)
            key = (unit.side, unit.coalition, unit.affiliation)
            if key not in networks:
                networks[key] = self.game.supply_network(self.engine, unit)
            net = networks[key]
            if net is not None:
                # 12C1: a source hex lost, or the rail connection of a source's cities broken.
                for node in list(net.connection_cuts) + np.flatnonzero(net.seeds).tolist():
                    h = net.index.hexes[node]
                    if self.placeable(h):
                        connection.setdefault(h, set()).add(uid)
        found: dict[frozenset, set[str]] = {}
        for h, us in list(on_line.items()) + list(connection.items()):
            found.setdefault(frozenset([h]), set()).update(us)
            method.setdefault(frozenset([h]), "line hex" if h in on_line else "12C1 source or connection hex")
        self.on_line, self.port_of, self.connection = on_line, port_of, connection
        self.modelled = any(net is not None for net in networks.values())
        # One hex at a time needs no flow: the single-hex candidates are complete without it.
        min_cut = self._flow_pairs(networks, found, method) if self.max_size >= 2 else {}
        if self.exhaustive and self.max_size >= 2:
            self._detour_pairs(by_id, found, method)
        return found, method, min_cut

    def _detour_pairs(self, by_id: dict[str, Hex], found, method) -> None:
        """Every pair that can cut a unit that neither of its hexes cuts alone: one hex a of the
        unit's line (else the line stays open), and one of the line it traces once a is taken (a
        full re-judging per hex of every line). Pairs that break a 12C1 connection with two hexes
        off those lines are not searched."""
        for uid in self.targets:
            for step in self.base[uid].line[1:]:
                a = by_id.get(step.hex)
                if a is None or not self.placeable(a):
                    continue
                detour = self.judge(frozenset([a]))[uid]
                if not in_general_supply(detour):
                    continue
                for again in detour.line[1:]:
                    b = by_id.get(again.hex)
                    if b is None or b == a or not self.placeable(b):
                        continue
                    pair = frozenset([a, b])
                    near = self.on_line.get(a, set()) | self.on_line.get(b, set()) | \
                        self.connection.get(a, set()) | self.connection.get(b, set())
                    found.setdefault(pair, set()).update(near | {uid})
                    method.setdefault(pair, "detour (exhaustive)")

    def _flow_pairs(self, networks, found, method) -> dict[str, int | None]:
        """Max-flow per unit hex over its network; pairs from the minimum cuts of value 2."""
        min_cut: dict[str, int | None] = {}
        flows: dict[tuple, RouteFlow] = {}
        solved: dict[tuple, tuple] = {}
        for uid in self.targets:
            unit = self.units[uid]
            key = (unit.side, unit.coalition, unit.affiliation)
            net = networks.get(key)
            if net is None:
                continue
            seeds_key = (np.packbits(net.seeds).tobytes(), np.packbits(net.edges).tobytes(), net.naval_from, net.naval_to)
            if seeds_key not in flows:
                cuttable = self.placeable_mask(net.index)
                flows[seeds_key] = RouteFlow(net, cuttable)
            node = net.index.pos[unit.hex]
            if net.seeds[node]:
                min_cut[uid] = None          # in a source hex it holds: nothing the enemy takes cuts it
                continue
            if (seeds_key, node) not in solved:
                solved[(seeds_key, node)] = flows[seeds_key].min_cuts(node, self.max_size)
            value, cuts = solved[(seeds_key, node)]
            min_cut[uid] = value
            for cut in cuts:
                if len(cut) < 2:
                    continue
                hexes = frozenset(net.index.hexes[i] for i in cut)
                units = set().union(*(self.on_line.get(h, set()) | self.connection.get(h, set()) for h in hexes))
                found.setdefault(hexes, set()).update(units | {uid})
                method.setdefault(hexes, "min-cut (max-flow 2)")
        return min_cut

    # --- the search -----------------------------------------------------------------------------------
    def rule(self, h: Hex, units: list[str], after: dict[str, Verdict]) -> str:
        """12C1 when the new verdict says no source is active or the hex is a source or connection
        hex of the unit; 12B4 at the port where its line goes to sea; else 12A (the line enters it).
        A game with no supply network hook: the rules of the new verdicts' blocks."""
        rules = set()
        for u in units:
            block = after[u].blocked
            if not self.modelled:
                rules.add(block.rule if block is not None else after[u].general)
                continue
            if (block is not None and block.rule.startswith("12C1")) or u in self.connection.get(h, ()):
                rules.add("12C1")
            elif u in self.port_of.get(h, ()):
                rules.add("12B4")
            elif u in self.on_line.get(h, ()):
                rules.add("12A")
        return ", ".join(sorted(rules))

    def run(self, top: int = 10) -> CutReport:
        found, method, min_cut = self.candidates()
        hid = self.map.hex_id

        def bound(hexes) -> float:
            return sum(self.targets[u] for u in found[hexes]) / len(hexes)

        def ids(hexes) -> tuple[str, ...]:
            return tuple(sorted(map(hid, hexes)))

        order = sorted(found, key=lambda s: (-bound(s), len(s), ids(s)))
        cuts: list[Cut] = []
        for hexes in order:
            ranked = sorted(cuts, key=lambda c: (-c.per_hex, len(c.hexes), c.hexes))
            if len(ranked) >= top and bound(hexes) < ranked[top - 1].per_hex:
                break
            maybe = self.screen(hexes, found[hexes])
            if maybe is not None and len(ranked) >= top and \
                    sum(self.targets[u] for u in maybe) / len(hexes) < ranked[top - 1].per_hex:
                continue          # even if all it may cut were cut, it would not enter the top
            lost = self.lost(hexes, found[hexes])
            if not lost:
                continue
            if len(hexes) > 1:
                alone = set().union(*(self.lost(frozenset([h]), found.get(frozenset([h]), set())) for h in hexes))
                if set(lost) <= alone:
                    continue      # not a smallest set: one of its hexes cuts as much alone
            after = self.judge(hexes)
            rule = ", ".join(sorted({r for h in hexes for r in self.rule(h, lost, after).split(", ") if r}))
            cuts.append(Cut(ids(hexes), tuple(sorted(lost)), sum(self.targets[u] for u in lost), rule,
                            method[hexes], {u: after[u].blocked for u in lost}))
        cuts.sort(key=lambda c: (-c.per_hex, len(c.hexes), c.hexes))
        return CutReport(self.side, dict(sorted(self.targets.items())), cuts[:top], dict(sorted(min_cut.items())),
                         len(self.judgements), len(found), sorted(self.skipped),
                         sum(v is not None for v in self.screens.values()))


def find_cuts(position: Position, map_: Map, side: str | None = None, units: tuple[str, ...] = (),
              top: int = 10, max_size: int = 2, source: str = "scenario", exhaustive: bool = False,
              engine=None, verdicts=None) -> CutReport:
    """The top `top` confirmed cuts of `side` (or of `units`): sets of at most `max_size` hexes.
    `exhaustive`: pairs also from every unit's detours, not only from minimum cuts (slower);
    `engine` / `verdicts`: the position's own, when already judged."""
    return CutSearch(position, map_, side, units, max_size, source, exhaustive, engine, verdicts).run(top)


def report_lines(report: CutReport) -> list[str]:
    res = sum(report.targets.values())
    lines = [f"{report.side}: {len(report.targets)} units ({res:g} REs) in general supply with a traced line; "
             f"{report.candidates} candidate sets, {report.screened} screened, {report.judged} positions re-judged",
             "each cut confirmed by re-judging the position with every hex of the set taken (an enemy unit "
             "of no ZOC there, the hex enemy-owned); method and bound: docs/cuts.md"]
    if not report.cuts:
        lines.append("no cut of one or two hexes found")
    for k, c in enumerate(report.cuts, 1):
        lines.append(f"{k:2}. {' + '.join(c.hexes)}: {c.res:g} REs ({c.per_hex:g} per hex), rule {c.rule} "
                     f"[{c.method}]")
        for u in c.units:
            b = c.why.get(u)
            lines.append(f"      {u}: " + (f"blocked at {b.hex} ({b.rule}: {b.reason})" if b else "out of supply"))
    thin = {u: k for u, k in report.min_cut.items() if k is not None}
    if thin:
        lines.append("hexes cutting every route of a unit, lengths aside (max-flow): "
                     + ", ".join(f"{u} {k}" for u, k in sorted(thin.items(), key=lambda t: (t[1], t[0]))))
    for s in report.skipped:
        lines.append(f"not examined: {s}")
    return lines
