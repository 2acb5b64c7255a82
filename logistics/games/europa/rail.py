"""Europa rail movement (7A): may a unit, or a supply / resource item (12H), rail from one hex to
another; by which route; on which capacity pool; at what cost in REs.

Each step of a route enters a rail hex along a rail line. A step is refused (the rule is cited
where it is checked):
- into a hex that is not friendly-owned: enemy-owned, unowned or neutral (7A and 37C rulings:
  AEG 1998; Rules Court, TEM 62; AEG 25-May-06: one such hex bars the whole segment);
- into or out of a hex whose rail is broken (7A3, quoted in the DPS ruling of 22-Aug-05);
- into a hex with an enemy unit, or in an enemy ZOC without a friendly unit. The seeds print no
  rule text on rail movement and ZOCs; the FAQ ties rail use to the rail element's restrictions
  ("enemy ZOCs, friendly ownership, ability to use the line", 12C1/7A ruling), so the rail
  element's own test applies (12A, Rule 5). Only entering is restricted: a move may start in an
  enemy ZOC.
A friendly-owned unpacified city never blocks rail movement, garrisoned or not (39A rulings,
AEG 1998, which overrule the 01-Jun-96 erratum).

7A2 (Rules Court, TEM 67; DPS 25-Sep-05): strategic rail movement starts and ends on a rail line in
the movement phase, and mixes neither with regular movement nor naval transport in that phase,
nor with operational rail movement in the same turn. Operational rail movement may be combined
with regular movement.

Capacity: the whole net's pool (7A), or under 43C2 the section the route runs on; a route that
passes from one section into another (through a hex a connection may not enter, such as an
unpacified city) may use neither section's yards (43C2 as reframed by AEG 02-Apr-03).
"""
from __future__ import annotations

from logistics.games.europa.nets import RailNets
from logistics.mapdata import Map
from logistics.position import UNOWNED, Position
from logistics.rail.model import Candidate, IncreaseResult, MoveRequest, Orders, Setting
from logistics.rail.paths import Route, all_of, rail_graph, search
from logistics.verdict import Block


class EuropaRail:
    def __init__(self, nets: RailNets, phase: str = "movement"):
        self.nets, self.phase = nets, phase
        self.position, self.map, self.side = nets.position, nets.map, nets.side
        self.graph = rail_graph(self.map)
        self.index = self.graph.index
        self.broken = self.index.mask(self.position.rail_breaks)
        self.cm_doubled = nets.rules.cm_doubled_by_rail

    def hid(self, i: int) -> str:
        return self.graph.hex_id(i)

    # --- one step ---------------------------------------------------------------------------------
    def why_not_in(self, b: int) -> Block | None:
        """Why a rail move may not be in hex b at all: 7A / 37C ownership, then 12A as the rail element."""
        ix = self.index
        if ix.neutral[b]:
            return Block(self.hid(b), "7A, 37C", "hex of a neutral country: rail movement only through "
                                                 "friendly-owned hexes (AEG 1998)")
        owner = self.position.owner_of(ix.hexes[b])
        if owner == UNOWNED:
            return Block(self.hid(b), "7A, 37C", "unowned hex: rail movement only through friendly-owned "
                                                 "hexes (Rules Court, TEM 62; AEG 25-May-06)")
        if owner != self.side:
            return Block(self.hid(b), "7A", f"{owner}-owned hex: rail movement only through friendly-owned "
                                            f"hexes (AEG 1998)")
        return None

    def why_not_enter(self, b: int) -> Block | None:
        block = self.why_not_in(b)
        if block is not None:
            return block
        # 39A rulings (AEG 1998): rail movement into and through a friendly-owned unpacified city
        # is allowed, whatever its garrison; only supply lines are barred.
        why = self.nets.view.why_not(b, unpacified=False)
        if why is not None:
            rule, reason = why
            return Block(self.hid(b), f"7A, {rule}", f"{reason}: rail use follows the rail element's limits")
        return None

    def step(self, a: int, b: int) -> Block | None:
        for node, verb in ((a, "leave"), (b, "enter")):
            if self.broken[node]:
                return Block(self.hid(node), "7A3", f"rail broken: a unit may not use rail movement to {verb} "
                                                    f"this hex (DPS 22-Aug-05)")
        return self.why_not_enter(b)

    # --- a whole move ------------------------------------------------------------------------------
    def combination(self, req: MoveRequest) -> Block | None:
        """7A2 rulings: what a unit's rail movement may be combined with."""
        if req.unit is None:
            return None
        here = self.map.hex_id(req.start)
        if req.kind == "strategic":
            if "regular" in req.also:
                return Block(here, "7A2", "strategic rail movement may not be mixed with regular movement "
                                          "in a phase (Rules Court, TEM 67)")
            if "naval" in req.also:
                return Block(here, "7A2", "a unit using strategic rail movement starts and ends the phase on "
                                          "a rail line and may not otherwise move: no naval transport "
                                          "(DPS 25-Sep-05)")
            if "operational_rail" in req.also:
                return Block(here, "7A2", "strategic and operational rail movement may not be combined in "
                                          "one turn (Rules Court, TEM 67)")
            if self.phase != "movement":
                return Block(here, "7A2", f"strategic rail movement is made in the movement phase, "
                                          f"not the {self.phase} phase (DPS 25-Sep-05)")
        elif "strategic_rail" in req.also:
            return Block(here, "7A2", "operational and strategic rail movement may not be combined in one "
                                      "turn (Rules Court, TEM 67)")
        return None

    def rail_size(self, req: MoveRequest) -> float:
        """REs of capacity the move uses. Second Front Q&A (GR/D, 03-Mar-98) on 14J: for rail and
        naval transport a c/m unit's basic size is doubled (units tagged `cm`)."""
        if req.unit is not None and self.cm_doubled and "cm" in self.position.unit(req.unit).tags:
            return 2 * req.size
        return req.size

    def check(self, req: MoveRequest) -> list[Candidate] | Block:
        """The legal ways to make the move (one per capacity pool it may draw on), or the block."""
        block = self.combination(req)
        if block is not None:
            return block
        pos = self.index.pos
        s, g = pos[req.start], pos[req.to]
        for node, verb in ((s, "start"), (g, "end")):
            if not self.graph.is_rail(node):
                rule = "7A2" if req.kind == "strategic" else "7A"
                return Block(self.hid(node), rule, f"no rail line here: rail movement must {verb} on a rail line")
        if s == g:
            return Block(self.hid(s), "7A", "the move does not leave its hex")
        block = self.why_not_in(s)
        if block is not None:
            return block
        route = search(self.graph, s, g, self.step)
        if route is None:
            return Block(self.hid(g), "7A", f"no rail line joins {self.hid(s)} and {self.hid(g)}")
        if not route.legal:
            return route.block
        size = self.rail_size(req)
        if self.nets.one_pool:
            return [Candidate(0, size, route.nodes, ("7A",))]
        return self._sections(s, g, route, size)

    def _sections(self, s: int, g: int, route: Route, size: float) -> list[Candidate] | Block:
        """One candidate per net (7A3, AEG 02-Apr-03) or isolated section (43C2) whose rail carries
        the whole route: a yard's capacity moves units only on the rail joined to it."""
        pool_of = self.nets.pool_of
        rule, word = ("43C2", "section") if self.nets.isolated else ("7A3", "net")
        near = (*route.nodes, *self.graph.adjacent.get(s, ()))
        tried = sorted({pool_of[n] for n in near if n in pool_of})
        found = []
        for k in tried:
            def stays(a: int, b: int, k=k) -> Block | None:
                other = pool_of.get(b)
                if other is not None and other != k:
                    return Block(self.hid(b), rule, f"the route passes from {word} {k + 1} into {word} {other + 1}")
                return None
            if pool_of.get(s, k) != k:
                continue
            inside = search(self.graph, s, g, all_of(self.step, stays))
            if inside is not None and inside.legal and any(n in pool_of for n in inside.nodes):
                found.append(Candidate(k, size, inside.nodes, ("7A", rule)))
        if found:
            return found
        sections = [(n, pool_of[n]) for n in route.nodes if n in pool_of]
        if not sections:
            return Block(self.hid(s), rule, f"no {word}'s yards are connected to this route")
        first = sections[0][1]
        b = next(n for n, k in sections if k != first)
        return Block(self.hid(b), rule, f"the route passes from {word} {first + 1} into {word} "
                                        f"{pool_of[b] + 1}: a yard's capacity moves units only on rail "
                                        f"connected to it (AEG 02-Apr-03; DPS 22-Aug-05)")


def europa_setting(position: Position, map_: Map, orders: Orders) -> Setting:
    """Permanent and Portuguese increases first (at their yards), then the temporary ones, each on
    the section it is spent on (7A4b / 43C2 ruling, AEG 1998)."""
    nets = RailNets(position, map_, orders.side)
    increases = []
    for inc in orders.increases:
        if inc.kind != "temporary":
            block = nets.check_increase(inc)
            increases.append(IncreaseResult(inc, block))
            if block is None:
                nets.add_permanent(inc)
    increases += [IncreaseResult(inc, nets.add_temporary(inc)) for inc in orders.increases if inc.kind == "temporary"]
    if nets.isolated:
        rule, cite = "43C2: each isolated section has its own yards' capacity", "7A3, 43C2"
    elif not nets.one_pool:
        rule, cite = "7A3 (AEG 02-Apr-03): each rail net has its own yards' capacity", "7A3"
    else:
        rule, cite = "7A: one capacity for the whole net (option one_rail_pool)", "7A3"
    return Setting(EuropaRail(nets, orders.phase), nets.pools, rule, cite, increases, nets.unusable)
