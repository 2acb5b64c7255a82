"""The naval element of a supply line (12B4, 34K), danger zones (34F) and combat zones (34A2).

A naval element runs from port to port through sea hexes and off-map boxes. It may not be traced
from, into or through a hex in a danger zone or in the combat zone of an enemy naval group or
coastal defence (34K). It may pass the Gibraltar hex: a supply line is not a force, and Gibraltar
exerts no zone (DPS, 04-Jan-04).

Ships pass between two adjacent sea hexes when one of them is all-sea or water lies across or
along their hexside (`Map.ships_pass`: all-sea, narrow-strait or coastal hexsides; 34A1).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from logistics.bfs_parents import bfs_parents
from logistics.games.europa.beaches import beach_nodes, beach_refusal
from logistics.games.europa.rules import EuropaRules
from logistics.hexgrid import Hex, within
from logistics.mapdata import Map, Port
from logistics.network import index_of
from logistics.position import Position
from logistics.region_steps import component_roots
from logistics.sea_passages import SeaPassages, passage_rows, symmetric

Node = Hex | str  # a sea hex, or an off-map box by name


@dataclass(frozen=True)
class PortState:
    port: Port
    owner: str               # side, "neutral" or "unowned"
    capacity: float          # current capacity after damage
    max_damaged: bool

    @property
    def functioning(self) -> bool:
        # 30A2/3 ruling (TEM 67): a port at zero capacity still functions as a limited source;
        # one damaged to its maximum does not.
        return not self.max_damaged


def port_state(position: Position, map_: Map, rules: EuropaRules, port: Port) -> PortState:
    hits = position.port_damage.get(port.name, 0)
    if port.place.hex is not None:
        owner = position.owner_of(port.place.hex)
    else:
        owner = position.box_owner.get(port.place.box, "unowned")
    capacity = max(0.0, rules.port_capacity.get(port.klass, 0) - hits)
    return PortState(port, owner, capacity, hits >= rules.port_max_hits.get(port.klass, 1))


class SeaGraph:
    """Sea hexes and boxes, with the passages ships use between them (built once per map, from the
    map's index as arrays: `sea_passages.SeaPassages`, the nodes and passages of `mapcheck.sea_network`)."""

    def __init__(self, map_: Map):
        self.map = map_
        built = SeaPassages(index_of(map_))
        self.nodes, self.adjacent = built.nodes, built.adjacent
        # `order` and `passages` come with the build (no pass over `adjacent`).
        self.__dict__.update(order=built.order, passages=(built.indptr, built.indices))

    def port_node(self, port: Port) -> Node:
        return port.place.box if port.place.box is not None else port.place.hex

    @cached_property
    def symmetric(self) -> bool:
        """Every passage may be sailed both ways (then a search from the goals answers for a start)."""
        return symmetric(self.nodes, self.order, *self.passages)

    @cached_property
    def order(self) -> dict[Node, int]:
        """Each node's place in `nodes` (ties between passages go to the earlier)."""
        return {n: k for k, n in enumerate(self.nodes)}

    @cached_property
    def passages(self) -> tuple[np.ndarray, np.ndarray]:
        """The passages as arrays (compressed rows): node k's are indices[indptr[k]:indptr[k + 1]],
        numbered as in `order`, in the order of `adjacent[nodes[k]]`."""
        return passage_rows(self.order, self.nodes, self.adjacent)

    @cached_property
    def passage_lists(self) -> tuple[list[int], list[int]]:
        """`passages` as Python lists, for a search node by node."""
        return self.passages[0].tolist(), self.passages[1].tolist()

    @cached_property
    def passage_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """Each passage (a, b) with a < b, by node number (`order`): on a sea sailed both ways,
        every pair of nodes a passage joins, once (for `_free_parts`)."""
        indptr, indices = self.passages
        numbers = np.fromiter(map(self.order.__getitem__, self.nodes), np.int64, len(self.nodes))
        src = np.repeat(numbers, np.diff(indptr))
        once = src < indices
        return src[once], indices[once]


def sea_graph(map_: Map) -> SeaGraph:
    cached = map_.__dict__.get("_sea_graph")
    if cached is None:
        cached = map_.__dict__["_sea_graph"] = SeaGraph(map_)
    return cached


def coast_defence_level(position: Position, cd) -> int:
    """A CD's level; one that `follows` another port's CD has that CD's level while the port is
    owned by its side, and none (0) while enemy-owned (44H / 33B: La Corunya and El Ferrol, AEG
    01-Oct-05, which supersedes DPS 17-Sep-03: La Corunya's CD not reduced)."""
    if cd.follows is None:
        return cd.level
    if position.owner_of(cd.follows) != cd.side:
        return 0
    return next((c.level for c in position.coastal_defences if c.hex == cd.follows and c.side == cd.side), cd.level)


def _on_map(map_: Map, hexes) -> list[Hex]:
    """The hexes of a zone that lie on the map: a zone of a group at the map's edge runs off it."""
    return [h for h in hexes if h in map_.terrain]


class NavalZones:
    """Where one side's naval elements may not go, and why (34F danger zones, 34K combat zones)."""

    def __init__(self, position: Position, map_: Map, rules: EuropaRules, side: str, coalition: str = ""):
        self.side = side
        self.danger: dict[Hex, str] = {}
        self.combat: dict[Hex, str] = {}
        self.closed_by: dict[tuple[str, Hex], str] = {}   # (danger | combat, hex) -> base, group, CD or sea zone
        for port in map_.ports:
            h = port.place.hex
            owner = position.owner_of(h) if h is not None else ""
            if port.naval_base and h is not None and owner not in (side, "neutral", "unowned"):
                # 34F: one zone of every hex within 1 hex of an enemy-owned naval base, still
                # exerted at zero capacity and at maximum damage (30A2/3 ruling, TEM 67).
                for z in _on_map(map_, within(h, 1)):
                    self.danger.setdefault(z, f"danger zone of enemy naval base {port.name} (34F)")
                    self.closed_by.setdefault(("danger", z), port.name)
        for zone in rules.coalition_danger_zones.get(coalition, ()):
            for h, name in map_.layers.get("sea_zone", {}).items():
                if name == zone:
                    # 34F: the Bay of Biscay for Interventionist coalition forces (AEG, 07-Jan-05).
                    self.danger.setdefault(h, f"{zone} danger zone for {coalition} forces (34F)")
                    self.closed_by.setdefault(("danger", h), zone)
        if rules.sf_port_zone is not None:
            allied, axis, radius = rules.sf_port_zone
            near_allied_ports = {z for p in map_.ports if p.place.hex is not None
                                 and position.owner_of(p.place.hex) == allied for z in _on_map(map_, within(p.place.hex, radius))}
            if side == axis:
                for z in near_allied_ports:
                    self.danger.setdefault(z, f"within {radius} hexes of an {allied}-owned port (SF 34F)")
            elif side == allied:
                # SF 34F: such hexes are never an Allied danger zone.
                for z in near_allied_ports:
                    self.danger.pop(z, None)
        for g in position.naval_groups:
            if g.side == side or g.hex is None or g.in_port:
                continue
            # 34A2: at night a combat or mixed group has a combat zone only in its own hex; a
            # submarine group's is not reduced (DPS, 19-Jun-05).
            reach = 0 if rules.night and g.kind in ("combat", "mixed") else 1
            if g.kind == "transport":
                continue
            what = "blockading " if map_.port_at(g.hex) is not None and \
                position.owner_of(g.hex) == side else ""
            for z in _on_map(map_, within(g.hex, reach)):
                self.combat.setdefault(z, f"combat zone of enemy {what}{g.kind} group {g.id} (34K)")
                self.closed_by.setdefault(("combat", z), g.id)
        for cd in position.coastal_defences:
            level = coast_defence_level(position, cd)
            if cd.side == side or level <= 0:
                continue
            reach = 0 if rules.night or level <= 1 else 1
            for z in _on_map(map_, within(cd.hex, reach)):
                self.combat.setdefault(z, f"combat zone of enemy coastal defence {cd.id} (34K)")
                self.closed_by.setdefault(("combat", z), cd.id)

    def blocked(self, node: Node) -> str | None:
        if isinstance(node, str):
            return None  # off-map boxes and routes are never in a zone
        return self.danger.get(node) or self.combat.get(node)

    def closer(self, node: Node) -> tuple[str | None, str | None]:
        """The zone that closes `node` (its description without the rule) and whose zone it is."""
        why = self.blocked(node)
        if why is None:
            return None, None
        kind = "danger" if node in self.danger else "combat"
        return why.rsplit(" (", 1)[0], self.closed_by.get((kind, node))


class SeaParents(Mapping):
    """`naval_reach`'s answer: node -> the next node toward a destination (None at one), over
    arrays; iterated in breadth-first order."""

    __slots__ = ("sea", "parent", "reached")

    def __init__(self, sea: SeaGraph, parent: np.ndarray, reached: np.ndarray):
        self.sea, self.parent, self.reached = sea, parent, reached   # parent: -1 a root, -2 unreached

    def _parent(self, node) -> int:
        k = self.sea.order.get(node)
        return -2 if k is None else int(self.parent[k])

    def __getitem__(self, node: Node) -> Node | None:
        p = self._parent(node)
        if p == -2:
            raise KeyError(node)
        return None if p == -1 else self.sea.nodes[p]

    def __contains__(self, node) -> bool:
        return self._parent(node) != -2

    def __iter__(self):
        nodes = self.sea.nodes
        return (nodes[k] for k in self.reached.tolist())

    def __len__(self) -> int:
        return len(self.reached)


def _zone_mask(sea: SeaGraph, zones: NavalZones) -> np.ndarray:
    """The sea nodes `zones` blocks, as a mask in `sea.order`."""
    blocked = np.zeros(len(sea.nodes), dtype=bool)
    order = sea.order
    blocked[[order[h] for h in {*zones.danger, *zones.combat} if h in order and zones.blocked(h) is not None]] = True
    return blocked


# Below this many sea nodes a search node by node is quicker than level by level over arrays
# (each level costs a few array calls; a small sea is many short levels).
ARRAY_SEARCH_FROM = 3000
# Up to this many, node by node over the passages' numbers (`_reach_by_index`): 2x the search
# over arrays on the 5,900 sea nodes of a 100k-hex map, 1.5x slower on the 21,000 of a 300k one.
INDEX_SEARCH_UNTIL = 12_000
# From this many, by scipy's breadth-first search (`_reach_by_scipy`): 3 ms a search against 36 ms
# level by level on the 26,000 sea nodes of a 400k-hex map; a sea this large comes with a map of
# about 300k hexes or more, whose verdict runs five to eight naval searches, about the import's
# cost (0.15-0.4 s) saved, and whose rail searches take scipy from 30k junctions (rail_search.SCIPY_FROM).
SCIPY_SEARCH_FROM = 20_000


def naval_reach(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> Mapping[Node, Node | None]:
    """Every node a naval element can start from to reach one of `destinations`, with the next
    node toward it (None at a destination). Breadth-first from the destinations in their order,
    each node's passages in their order, a node's parent the first node of the queue that finds it.
    Kept per zones, sea and destinations: the supply stage, a line's naval element and the
    explanations of blocked lines (`_zone_free`) read the same searches."""
    kept = zones.__dict__.setdefault("_naval_reach", {})
    key = (id(sea), tuple(dict.fromkeys(destinations)))      # a repeated destination changes nothing
    if key not in kept:
        n = len(sea.nodes)
        search = _reach_by_node if n < ARRAY_SEARCH_FROM else _reach_by_index if n < INDEX_SEARCH_UNTIL \
            else _reach_by_level if n < SCIPY_SEARCH_FROM else _reach_by_scipy
        kept[key] = search(sea, zones, list(key[1]))
    return kept[key]


def _reach_by_node(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> dict[Node, Node | None]:
    parent: dict[Node, Node | None] = {}
    queue: deque[Node] = deque()
    for d in destinations:
        if d in sea.adjacent and d not in parent and zones.blocked(d) is None:
            parent[d] = None
            queue.append(d)
    while queue:
        node = queue.popleft()
        for nxt in sea.adjacent[node]:
            if nxt not in parent and zones.blocked(nxt) is None:
                parent[nxt] = node
                queue.append(nxt)
    return parent


def _reach_by_index(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> SeaParents:
    """`naval_reach` node by node over the sea's numbers (Python lists of the passage arrays): a
    queue of numbers, no hashing of hexes, and the answer as `_reach_by_level`'s arrays. A node in
    a zone (34K) starts at -3, a free one at -2 (not reached yet): one list read per passage."""
    indptr, indices = sea.passage_lists
    parent = np.where(_zone_mask(sea, zones), -3, -2).tolist()
    order = sea.order
    queue = [k for k in dict.fromkeys(order[d] for d in destinations if d in sea.adjacent) if parent[k] == -2]
    for k in queue:
        parent[k] = -1
    push = queue.append
    for a in queue:                        # the queue grows while it is read: breadth-first
        for b in indices[indptr[a]:indptr[a + 1]]:
            if parent[b] == -2:
                parent[b] = a
                push(b)
    found = np.array(parent, dtype=np.int64)
    found[found == -3] = -2                # a zone node is never reached
    return SeaParents(sea, found, np.array(queue, dtype=np.int64))


def _reach_by_level(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> SeaParents:
    """`naval_reach` level by level over arrays: a level's discoveries, in queue order, keep their
    first finder."""
    indptr, indices = sea.passages
    open_ = ~_zone_mask(sea, zones)
    parent = np.full(len(sea.nodes), -2, dtype=np.int64)
    order = sea.order
    roots = [order[d] for d in dict.fromkeys(destinations) if d in sea.adjacent]
    frontier = np.array([k for k in roots if open_[k]], dtype=np.int64)
    parent[frontier] = -1
    levels = [frontier]
    while frontier.size:
        counts = indptr[frontier + 1] - indptr[frontier]
        total = int(counts.sum())
        if not total:
            break
        # The passages of the frontier's nodes, in queue order, each node's in adjacency order.
        offset = np.repeat(indptr[frontier] - (np.cumsum(counts) - counts), counts)
        found = indices[offset + np.arange(total)]
        finder = np.repeat(frontier, counts)
        new = open_[found] & (parent[found] == -2)
        found, finder = found[new], finder[new]
        _, first = np.unique(found, return_index=True)
        first.sort()
        frontier = found[first]
        parent[frontier] = finder[first]
        levels.append(frontier)
    return SeaParents(sea, parent, np.concatenate(levels))


def _reach_by_scipy(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> SeaParents:
    """`naval_reach` by scipy's breadth-first search (bfs_parents.py), the answer as
    `_reach_by_level`'s arrays."""
    open_ = ~_zone_mask(sea, zones)
    order = sea.order
    roots = [k for k in dict.fromkeys(order[d] for d in destinations if d in sea.adjacent) if open_[k]]
    return SeaParents(sea, *bfs_parents(*sea.passages, open_, np.array(roots, dtype=np.int64)))


def naval_path(parent: Mapping[Node, Node | None], start: Node) -> list[Node]:
    path = [start]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path


def _zone_free(sea: SeaGraph, zones: NavalZones, goals) -> Mapping[Node, Node | None]:
    """The nodes from which a passage without any zone hex leads to `goals` (many start ports ask
    it). Only which nodes it reaches is read, and that does not depend on the goals' order: read
    from the zone-free sea's parts (`naval_reached`), or on a sea searched by scipy, one search per
    zones and goals, a search the supply stage made from the same goals answering."""
    ordered = sorted(goals, key=lambda g: sea.order.get(g, -1))
    if _by_parts(sea):
        return naval_reached(sea, zones, ordered)
    kept = zones.__dict__.setdefault("_zone_free", {})
    key = (id(sea), frozenset(goals))
    if key not in kept:
        same = [reach for (of, ends), reach in zones.__dict__.get("_naval_reach", {}).items()
                if of == key[0] and frozenset(ends) == key[1]]
        kept[key] = same[0] if same else naval_reach(sea, zones, ordered)
    return kept[key]


def _by_parts(sea: SeaGraph) -> bool:
    """Whether which nodes a naval element reaches is read from the sea's parts (`SeaReached`): on
    a sea sailed both ways, below the size searched by scipy (3 ms a search, where labelling the
    parts costs more: the whole 1M verdict 1.008 with them, 0.961 at 100k)."""
    return len(sea.nodes) < SCIPY_SEARCH_FROM and sea.symmetric


def naval_reached(sea: SeaGraph, zones: NavalZones, destinations: list[Node]) -> Mapping[Node, Node | None]:
    """`naval_reach`, for readers that mostly ask which nodes it reaches (the supply stage asks which
    ports a naval element may start from, 12B4; most groups' next nodes are never read): on a sea
    sailed both ways (below scipy's size: `_by_parts`), a `SeaReached`, with no search until a next
    node is read. Kept per zones, sea and destinations."""
    if not _by_parts(sea):
        return naval_reach(sea, zones, destinations)
    kept = zones.__dict__.setdefault("_naval_reached", {})
    key = (id(sea), tuple(dict.fromkeys(destinations)))
    if key not in kept:
        kept[key] = SeaReached(sea, zones, list(key[1]))
    return kept[key]


class SeaReached(Mapping):
    """`naval_reach(sea, zones, destinations)` on a sea whose every passage may be sailed both ways.
    Its breadth-first search from the free destinations (34K: no zone hex) over free nodes reaches
    exactly the free nodes in a destination's connected part of the zone-free sea, so which nodes
    it reaches (`in`, `len`) is read from those parts, labelled once per zones and sea. The next
    node toward a destination, and the order of the nodes, are the search's, made on first read."""

    __slots__ = ("sea", "zones", "destinations", "label", "hit", "_count")

    def __init__(self, sea: SeaGraph, zones: NavalZones, destinations: list[Node]):
        self.sea, self.zones, self.destinations = sea, zones, destinations
        self.label = label = _free_parts(sea, zones)
        # A table by part (its least node) with a spare last cell, False, that label -1 reads.
        self.hit = np.zeros(len(label) + 1, dtype=bool)
        roots = [sea.order[d] for d in destinations if d in sea.adjacent]    # as the searches' roots
        self.hit[label[roots]] = True
        self.hit[-1] = False
        self._count = None

    def _parents(self) -> Mapping[Node, Node | None]:
        return naval_reach(self.sea, self.zones, self.destinations)     # kept with the zones

    def __contains__(self, node) -> bool:
        k = self.sea.order.get(node)
        return k is not None and bool(self.hit[self.label[k]])

    def __getitem__(self, node: Node) -> Node | None:
        if node not in self:
            raise KeyError(node)
        return self._parents()[node]

    def __iter__(self):
        return iter(self._parents())

    def __len__(self) -> int:
        if self._count is None:
            self._count = int(np.count_nonzero(self.hit.take(self.label)))
        return self._count


def _free_parts(sea: SeaGraph, zones: NavalZones) -> np.ndarray:
    """Each sea node's connected part of the sea without zone hexes (34K), as its least node number
    (`order`); -1 for a zone node. (A row that is no node's number, a box named twice, is in no
    passage: a part of its own, which no destination's part is.)"""
    kept = zones.__dict__.setdefault("_free_parts", {})
    label = kept.get(id(sea))
    if label is None:
        n = len(sea.nodes)
        free = ~_zone_mask(sea, zones)
        a, b = sea.passage_pairs
        keep = free[a] & free[b]
        label = kept[id(sea)] = np.where(free, component_roots(n, a[keep], b[keep]), -1)
    return label


def first_block(sea: SeaGraph, zones: NavalZones, start: Node, goals: set[Node]) -> tuple[Node, str] | None:
    """Why no naval element joins `start` to `goals`: the first zone hex on the passage that
    enters the fewest zone hexes, so that the zone named is one that closes the way (Ceuta's over
    the Strait, AEG 11-Mar-04), not one a line could sail around. A 0-1 breadth-first search."""
    if sea.symmetric and start in _zone_free(sea, zones, goals):
        return None        # a passage without any zone hex: the 0-1 search would find cost 0
    closed = {n for n in (*zones.danger, *zones.combat) if zones.blocked(n)}   # weight 1, else 0
    adjacent = sea.adjacent
    cost: dict[Node, int] = {start: int(start in closed)}
    parent: dict[Node, Node | None] = {start: None}
    queue: deque[Node] = deque([start])
    known, popleft, first, last = cost.get, queue.popleft, queue.appendleft, queue.append
    while queue:
        node = popleft()
        here = cost[node]
        for nxt in adjacent[node]:
            c = here + (nxt in closed)
            before = known(nxt)
            if before is None or c < before:
                cost[nxt], parent[nxt] = c, node
                first(nxt) if c == here else last(nxt)
    order = sea.order
    reached = sorted((g for g in goals if g in cost), key=lambda g: (cost[g], order.get(g, -1)))
    if not reached:
        return None
    for n in reversed(naval_path(parent, reached[0])):
        why = zones.blocked(n)
        if why:
            return n, why
    return None


# --- naval supply limits -------------------------------------------------------------------------

# 3A3 / 12H ruling (AEG 1998): REs of supply and resource items carried by sea.
RE_PER_GENERAL_SUPPLY_POINT = 0.25
RE_PER_RESOURCE_POINT = 1.0
RE_PER_ATTACK_STEP = 3.0


@dataclass(frozen=True)
class NavalFlow:
    res: float                     # REs of cargo that can move in one phase
    general_supply_points: int
    resource_points: int
    attack_steps: int
    limited_by: str                # "ports", "transport", "no passage" or "refused ends"
    refused: dict[str, str] = field(default_factory=dict)   # port or beach name -> why unusable


def cargo_end(position: Position, map_: Map, rules: EuropaRules, side: str, name: str
              ) -> tuple[list[Node], float | None, str | None]:
    """A port or beach where the side's cargo enters or leaves the sea: (its sea nodes, its
    capacity in REs, None for a beach, which has no port capacity: our reading of 31 / 31B), or
    why the side may not use it now."""
    port = next((p for p in map_.ports if p.name == name), None)
    if port is not None:
        state = port_state(position, map_, rules, port)
        if state.owner != side:
            return [], 0, f"port {name} is {state.owner}" + ("" if state.owner in ("neutral", "unowned") else "-owned")
        if not state.functioning:
            return [], 0, f"port {name} is damaged to its maximum (30A2/3, TEM 67)"
        return [sea_graph(map_).port_node(port)], state.capacity, None
    beach = map_.beach(name)
    if beach is None:
        raise KeyError(f"no port or beach named {name!r} on map {map_.name}")
    why = beach_refusal(position, map_, rules.stormy_seas, beach, side)
    return ([] if why else beach_nodes(sea_graph(map_).adjacent, map_, beach)), None, why


def naval_flow(position: Position, map_: Map, rules: EuropaRules, side: str, origins: list[str],
               destinations: list[str], coalition: str = "") -> NavalFlow:
    """How much cargo the side can carry by sea from `origins` to `destinations` (names of ports
    or beaches): a max-flow bounded by each port's current capacity and by the side's naval
    transport capacity (transport and mixed groups), over passages free of danger and combat
    zones (34K). A beach end counts only while the side owns its hex and its seas are not stormy
    (31, TEM 62; 41B1 erratum; SF 31B): see logistics/games/europa/beaches.py. Refused ends are listed with
    the reason in `refused`."""
    from ortools.graph.python import max_flow

    sea, zones = sea_graph(map_), NavalZones(position, map_, rules, side, coalition)
    quarter = 4  # quarter REs: a general supply point is 1/4 RE
    index = {node: k for k, node in enumerate(sea.nodes)}
    n = len(sea.nodes)
    src, sink, transport = n, n + 1, n + 2
    big = 10 ** 9
    flow = max_flow.SimpleMaxFlow()
    carriers = sum(g.capacity for g in position.naval_groups if g.side == side and g.kind in ("transport", "mixed"))
    flow.add_arc_with_capacity(src, transport, int(carriers * quarter))
    for node in sea.nodes:
        if zones.blocked(node):
            continue
        for nxt in sea.adjacent[node]:
            if not zones.blocked(nxt):
                flow.add_arc_with_capacity(index[node], index[nxt], big)
    refused: dict[str, str] = {}
    usable = {"from": 0, "to": 0}
    for name, end in [(o, "from") for o in origins] + [(d, "to") for d in destinations]:
        nodes, capacity, why = cargo_end(position, map_, rules, side, name)
        if why:
            refused[name] = why
            continue
        usable[end] += 1
        cap = big if capacity is None else int(capacity * quarter)
        for node in nodes:
            if end == "from":
                flow.add_arc_with_capacity(transport, index[node], cap)
            else:
                flow.add_arc_with_capacity(index[node], sink, cap)
    status = flow.solve(src, sink)
    res = flow.optimal_flow() / quarter if status == flow.OPTIMAL else 0.0
    limited_by = "transport" if res >= carriers else "ports"
    if res == 0:
        limited_by = "refused ends" if 0 in usable.values() else ("transport" if carriers <= 0 else "no passage")
    return NavalFlow(res, int(res / RE_PER_GENERAL_SUPPLY_POINT), int(res / RE_PER_RESOURCE_POINT),
                     int(res // RE_PER_ATTACK_STEP), limited_by, refused)
