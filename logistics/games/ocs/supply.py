"""OCS trace supply: HQs (13.1), Transport Points (13.2) and formations (13.7a). Seed 003 (OCS v4
series rules, chapter 13).

A combat unit traces supply for free by drawing directly from a friendly Supply Source, or from an
HQ that throws to it: the unit within the HQ's throw range (13.1b, 12.3b), the HQ drawing from a
Supply Source. A unit that cannot trace for free eats SP from a dump (or a loaded Transport Point)
it can reach the same ways, or is Out of Supply (12.6d, as 13.7a cites it). Distances are truck
MP along paths that enter no enemy-occupied hex and no hex in an enemy ZOC without a friendly unit.

Chapter 12 is not among the seeds. What this engine needs of it is a scenario option, with a
default that is our reading, not a ruling (docs/ocs.md):
- `ocs_direct_draw` (truck MP, default 5): how far a unit draws directly from a source or dump;
- `ocs_hq_draw` (truck MP; default: the HQ's current throw range): how far an HQ draws;
- `ocs_truck_costs`: truck MP to enter each terrain, and along a road (placeholder chart).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from logistics.errors import LoadError
from logistics.games.ocs.eating import DEFAULT_EAT_PER_RE, share
from logistics.games.ocs.ground import enemy_zoc, source_hexes
from logistics.games.ocs.rail import OcsRail
from logistics.games.ocs.units import MODES, ORGANIC, is_combat, is_hq, is_transport, oriented
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.network import HexIndex, IndexReach, index_of, search
from logistics.position import Position, Unit
from logistics.verdict import Block, LineStep, Verdict, place_of

TRACED = "in supply"
EATS = "in supply (eats SP)"
OOS = "out of supply"
NOT_CHECKED = "not checked"

# 13.1a: the throw range of the side of the counter the HQ shows (DG: the side it is oriented
# toward, 5.10e). Reserve and Exploit units are on their Combat Mode side; an HQ in Reserve Mode
# still throws (OCS Q&A, grognard.com errata).
THROW_SIDE = {"combat": 0, "reserve": 0, "exploit": 0, "move": 1}

DEFAULT_DIRECT_DRAW = 5.0
# Truck MP to enter a hex; a road hexside costs `road` instead. A placeholder: the Terrain Effects
# Chart is not in the seeds, and each OCS game prints its own.
DEFAULT_TRUCK_COSTS = {"clear": 1.0, "rough": 2.0, "woods": 2.0, "wooded_rough": 3.0, "mountain": 3.0,
                       "swamp": 3.0, "road": 0.5}


@dataclass(frozen=True)
class Provider:
    """Where free trace supply comes from: an HQ's throw, or a direct draw from a source."""

    key: str            # "HQ <id>" or "source <name> <hex>"
    reach: IndexReach   # truck MP from the provider's hex
    hq: Unit | None = None
    source_hex: int = -1    # the Supply Source an HQ draws from, or the one drawn directly


@dataclass(frozen=True)
class Dump:
    """SP a unit may eat: an unloaded dump, or the load of a Transport Point (13.2f)."""

    name: str
    hex: Hex
    formation: str = ""     # 13.2g B: an Organic Truck's SP serve its formation only
    sp: float = 0.0         # what it holds: no more can be eaten from it (13.1, 13.2c)
    unit: str = ""          # the Transport Point carrying it; "" for a dump on the map


def throw_range(hq: Unit) -> tuple[float | None, str]:
    """The HQ's throw range now, and why (13.1a): Combat Mode has the greater range, Move Mode the
    lesser, Strat Mode none (5.8b); DG does not change it (the range of the side it is oriented to)."""
    if hq.mode not in MODES:
        raise LoadError("scenario", f"HQ {hq.id} is in unknown mode {hq.mode!r}", field=f"units.{hq.id}.mode",
                        expected="one of " + ", ".join(MODES))
    if not hq.throw:
        raise LoadError("scenario", f"HQ {hq.id} has no throw ranges", field=f"units.{hq.id}.throw",
                        expected="throw: {combat: N, move: M} in truck MP (13.1a)")
    if hq.mode == "strat":
        return None, f"HQ {hq.id} is in Strat Mode and cannot throw supply (13.1a, 5.8b)"
    side = THROW_SIDE[oriented(hq.mode)]
    dg = " (DG does not affect it, 13.1a)" if hq.mode != oriented(hq.mode) else ""
    return hq.throw[side], f"{('Combat', 'Move')[side]} Mode throw range {hq.throw[side]:g}{dg}"


def may_supply(hq: Unit, unit: Unit) -> bool:
    """13.1d: an HQ throws to every friendly ground unit, but a Divisional HQ only to its own
    division's units and to independent units (3.2f) of its nationality."""
    if not hq.formation:
        return True
    if unit.formation:
        return unit.formation == hq.formation
    return (unit.nationality or unit.affiliation) == (hq.nationality or hq.affiliation)


class OcsSupply:
    """Trace-supply verdicts for every unit of an OCS position, on one snapshot."""

    def __init__(self, position: Position, map_: Map):
        self.position, self.map = position, map_
        self.index: HexIndex = index_of(map_)
        options = position.options
        self.direct_draw = float(options.get("ocs_direct_draw", DEFAULT_DIRECT_DRAW))
        self.hq_draw = options.get("ocs_hq_draw")
        self.eat_per_re = float(options.get("ocs_eat_per_re", DEFAULT_EAT_PER_RE))
        self.costs = {**DEFAULT_TRUCK_COSTS, **options.get("ocs_truck_costs", {})}
        self._cache: dict = {}

    # --- the network -----------------------------------------------------------------------------
    def _weights(self) -> np.ndarray:
        """Edge a -> b costs what a truck pays to enter a from b: searches run back from a
        provider, so a distance is counted outward from it."""
        if "weights" not in self._cache:
            ix = self.index
            enter = np.array([self.costs.get(self.map.terrain[h], np.inf) for h in ix.hexes])
            self._cache["weights"] = np.where(ix.road, self.costs["road"], enter[ix.src])
        return self._cache["weights"]

    def _enterable(self, side: str) -> np.ndarray:
        """Hexes a supply path may enter: land, no enemy unit, no enemy ZOC unless a friendly unit
        is there (13.3c: EZOC "can [be negated] to connect with a supply source"); the ZOC is
        the one OCS rail reads (games/ocs/ground.py)."""
        if ("enter", side) not in self._cache:
            ix, p = self.index, self.position
            on_map = [u for u in p.units if u.hex is not None]
            enemy = ix.mask(u.hex for u in on_map if u.side != side)
            friendly = ix.mask(u.hex for u in on_map if u.side == side)
            zoc = ix.mask(enemy_zoc(p, self.map, side))
            self._cache[("enter", side)] = ix.land & ~enemy & ~(zoc & ~friendly)
        return self._cache[("enter", side)]

    def _reach(self, side: str, hexes, cutoff: float | None = None) -> IndexReach:
        """Truck MP from `hexes` outward, up to `cutoff`: each search once per snapshot, however
        many units ask."""
        key = ("reach", side, tuple(sorted(self.index.pos[h] for h in hexes)), cutoff)
        if key not in self._cache:
            ix = self.index
            enter = self._enterable(side)
            edges = ix.crossable & np.isfinite(self._weights())
            self._cache[key] = search(ix, ix.mask(hexes), edges, np.ones(len(ix), dtype=bool), enter,
                                      self._weights(), cutoff)
        return self._cache[key]

    # --- sources, dumps, providers ---------------------------------------------------------------
    def _per_side(self, what: str, side: str, build):
        key = (what, side)
        if key not in self._cache:
            self._cache[key] = build(side)
        return self._cache[key]

    def sources(self, side: str) -> dict[int, str]:
        """Friendly Supply Source hexes (a scenario's sources, by hexes or cities)."""
        return self._per_side("sources", side, self._sources)

    def _sources(self, side: str) -> dict[int, str]:
        return {self.index.pos[h]: name for h, name in source_hexes(self.position, self.map, side).items()}

    def _rail(self, side: str) -> dict[int, int]:
        """13.3: railroads are "often integral to trace supply": each rail hex with a 13.3c rail
        path back to a Supply Source (games/ocs/rail.py: controlled detrainable-type hexes, no
        enemy combat unit, enemy ZOC negated by friendly units), with the next hex on that path. A
        draw may start there as at the source."""
        def build(side: str) -> dict[int, int]:
            # 13.3f: "supply line trace along rail lines of a particular gauge" (option ocs_gauges).
            gauge = self.position.options.get("ocs_gauges", {}).get(side)
            return dict(sorted(OcsRail(self.position, self.map, side, gauge=gauge).toward_source.items()))
        return self._per_side("rail", side, build)

    def _root(self, side: str, node: int) -> int:
        """The Supply Source at the end of a rail hex's path (a source is its own)."""
        rail = self._rail(side)
        while node in rail:
            node = rail[node]
        return node

    def _seeds(self, side: str, source: int | None = None) -> list[Hex]:
        """Where a draw may start: the side's Supply Sources (or the one given) and the rail hexes
        joined to them (13.3)."""
        nodes = [i for i in sorted(self.sources(side)) if source in (None, i)]
        nodes += [n for n in self._rail(side) if source is None or self._root(side, n) == source]
        return [self.index.hexes[i] for i in nodes]

    def _by_rail(self, side: str, node: int) -> list[LineStep]:
        """The rail steps from a rail hex back to its Supply Source (length: rail hexes)."""
        rail, steps = self._rail(side), []
        while node in rail:
            node = rail[node]
            steps.append(LineStep(self.index.hex_id(node), "rail", float(len(steps) + 1)))
        return steps

    def dumps(self, side: str) -> list[Dump]:
        return self._per_side("dumps", side, self._dumps)

    def _dumps(self, side: str) -> list[Dump]:
        hid = self.map.hex_id
        held: dict[Hex, float] = {}
        for s in self.position.supply:
            if s.side == side and s.kind == "sp" and s.amount > 0:
                held[s.hex] = held.get(s.hex, 0.0) + s.amount
        out = [Dump(f"dump at {hid(h)}", h, sp=sp) for h, sp in held.items()]
        out += [Dump(f"{u.type.replace('_', ' ')} {u.id}", u.hex, u.formation if u.type == ORGANIC else "", u.load, u.id)
                for u in self.position.units if u.side == side and is_transport(u) and u.load > 0 and u.hex is not None]
        return sorted(out, key=lambda d: d.name)

    def providers(self, side: str) -> list[Provider]:
        """Every way the side traces for free: direct draw from each source, each throwing HQ."""
        return self._per_side("providers", side, self._providers)

    def _providers(self, side: str) -> list[Provider]:
        ix, hid = self.index, self.map.hex_id
        sources = self.sources(side)
        out = [Provider(f"source {name} {hid(ix.hexes[i])}", self._reach(side, self._seeds(side, i), self.direct_draw),
                        source_hex=i) for i, name in sorted(sources.items())]
        for hq in self._hqs(side):
            rng, _ = throw_range(hq)
            if rng is None:
                continue
            draw = self._hq_draw_source(hq, rng)
            if draw is not None:
                out.append(Provider(f"HQ {hq.id}", self._reach(side, [hq.hex], rng), hq, draw))
        return out

    def _hqs(self, side: str) -> list[Unit]:
        return self._per_side("hqs", side, lambda s: sorted(
            (u for u in self.position.units if u.side == s and is_hq(u) and u.hex is not None), key=lambda u: u.id))

    def _draw_limit(self, rng: float) -> float:
        return float(self.hq_draw) if self.hq_draw is not None else rng

    def _draw_reach(self, side: str) -> IndexReach:
        """Truck MP from the side's nearest Supply Source: SP flow from the source to the HQ."""
        return self._reach(side, self._seeds(side))

    def _hq_draw_source(self, hq: Unit, rng: float) -> int | None:
        """The Supply Source the HQ draws from (the end of its shortest line), if one lies within
        its draw range."""
        if not self.sources(hq.side):
            return None
        reach, h = self._draw_reach(hq.side), self.index.pos[hq.hex]
        d = reach.dist.get(h)
        if d is None or d > self._draw_limit(rng):
            return None
        walked = self._walk(reach, h, "draw")
        return self._root(hq.side, self.index.node_of(walked[-1].hex) if walked else h)

    # --- verdicts --------------------------------------------------------------------------------
    def entry_block(self, hex_: Hex, side: str) -> tuple[str, str] | None:
        """Why a supply path of `side` may not enter `hex_` (see `_enterable`), or None."""
        i = self.index.pos.get(hex_)
        if i is None or not self.index.land[i]:
            return "13.1", "not a land hex"
        if self._enterable(side)[i]:
            return None
        enemy = any(u.hex == hex_ and u.side != side for u in self.position.units)
        return "13.1", "enemy unit in the hex" if enemy else "enemy ZOC and no friendly unit in the hex"

    def verdicts(self) -> list[Verdict]:
        return [self.verdict(u) for u in self.position.units]

    def free_providers(self, unit: Unit) -> list[Provider]:
        """The providers that could give the unit free trace supply, ignoring 13.7a."""
        i = self.index.pos[unit.hex]
        return [p for p in self.providers(unit.side)
                if i in p.reach.dist and (p.hq is None or may_supply(p.hq, unit))]

    def formation_provider(self, side: str, formation: str) -> str | None:
        """13.7a: the one HQ or direct-draw source a formation traces through for free: the one
        that serves most of its REs (then most units, then the first by name: the order of the units
        in the file never matters)."""
        key = ("formation", side, formation)
        if key not in self._cache:
            members = [u for u in self.position.units if u.side == side and u.formation == formation
                       and u.hex is not None and is_combat(u)]
            served: dict[str, list[Unit]] = {}
            for u in members:
                for p in self.free_providers(u):
                    served.setdefault(p.key, []).append(u)
            best = min(served, key=lambda k: (-sum(u.size for u in served[k]), -len(served[k]), k), default=None)
            self._cache[key] = best
        return self._cache[key]

    def verdict(self, unit: Unit) -> Verdict:
        hid = self.map.hex_id
        v = Verdict(unit.id, unit.side, unit.affiliation, hid(unit.hex) if unit.hex else unit.box, OOS,
                    rules=["13.1b", "12.3b"])
        if unit.hex is None:
            v.general, v.rules = NOT_CHECKED, ["off-map units are not on the map's supply net"]
            return v
        if is_transport(unit):
            v.general, v.source, v.rules = TRACED, "Transport Points are never Out of Supply (13.2b)", ["13.2b"]
            return v
        free, v.blocked = self._free(unit)
        if v.blocked is not None:
            v.rules.append("13.7a")
        if free:
            p = free[0]
            v.general, v.source = TRACED, self._describe(p)
            v.line = self._line(unit, p)
            v.lengths = {s.element: s.length for s in v.line if s.element != "unit"}   # truck MP used
            v.source_place = place_of(self.map, v.line[-1].hex) if v.line else None
            if unit.formation:
                v.rules.append("13.7a")
            return v
        options = self._dump_options(unit)
        dump = self._meals(unit.side).get(unit.id)
        if dump is not None:
            v.general, v.source, v.line = EATS, dump, options[dump]
            v.source_place = place_of(self.map, v.line[-1].hex) if v.line else None
            v.rules.append("12.6d")
            v.effects = [f"eats {self._need(unit):g} SP from {dump} (12.6d)"]
            return v
        if options:
            v.rules.append("13.2c")
            v.blocked = Block(hid(unit.hex), "13.1b, 13.2c, 12.6d", self._eaten(unit, options))
        elif v.blocked is None:
            v.blocked = self._why(unit)
        return v

    def _free(self, unit: Unit) -> tuple[list[Provider], Block | None]:
        """The providers that give the unit free trace supply, and, when 13.7a takes them all
        away, why."""
        free = self.free_providers(unit)
        if not (unit.formation and free):
            return free, None
        chosen = self.formation_provider(unit.side, unit.formation)
        kept = [p for p in free if p.key == chosen]
        if kept:
            return kept, None
        return [], Block(self.map.hex_id(unit.hex), "13.7a", f"formation {unit.formation} traces through {chosen}; "
                                                             f"this unit cannot, so it must eat SP or be Out of Supply")

    # --- eating SP (12.6d), held to what each dump holds (13.1, 13.2c) ----------------------------------
    def _need(self, unit: Unit) -> float:
        """SP the unit eats: `ocs_eat_per_re` a RE; an HQ is 1 RE (13.1)."""
        return self.eat_per_re * (1.0 if is_hq(unit) else unit.size)

    def meal(self, unit: Unit) -> tuple[Dump, float] | None:
        """12.6d: the dump (or Transport Point) the unit eats from in the side's share, and the SP
        it eats; None when it traces for free or finds nothing to eat (its verdict says which)."""
        name = self._meals(unit.side).get(unit.id)
        if name is None:
            return None
        return next(d for d in self.dumps(unit.side) if d.name == name), self._need(unit)

    def _meals(self, side: str) -> dict[str, str]:
        """unit id -> the dump it eats from, for every unit of the side that cannot trace for free."""
        def build(side: str) -> dict[str, str]:
            hungry = [u for u in self.position.units if u.side == side and u.hex is not None
                      and not is_transport(u) and not self._free(u)[0]]
            reach = {u.id: list(self._dump_options(u)) for u in hungry}
            stocks = {d.name: d.sp for d in self.dumps(side)}
            return share({u.id: self._need(u) for u in hungry}, {u.id: 1.0 if is_hq(u) else u.size for u in hungry},
                         stocks, reach)
        return self._per_side("meals", side, build)

    def _eaten(self, unit: Unit, options: dict[str, list[LineStep]]) -> str:
        """Why the SP in the unit's reach feed others."""
        meals = self._meals(unit.side)
        parts = []
        for d in self.dumps(unit.side):
            if d.name in options:
                eaters = sorted(u for u, dd in meals.items() if dd == d.name)
                eaten = sum(self._need(self.position.unit(u)) for u in eaters)
                parts.append(f"{d.name} holds {d.sp:g} SP, {eaten:g} eaten by {', '.join(eaters) or 'nobody'}")
        return (f"{'; '.join(parts)}; this unit needs {self._need(unit):g} SP ({self.eat_per_re:g} SP per RE, "
                f"ocs_eat_per_re): an HQ or dump gives no more SP than it holds")

    def _describe(self, p: Provider) -> str:
        if p.hq is None:
            return f"direct draw from {p.key}"
        _, why = throw_range(p.hq)
        source = self.sources(p.hq.side)[p.source_hex]
        return f"HQ {p.hq.id} ({why}) <- source {source} {self.index.hex_id(p.source_hex)}"

    def _walk(self, reach: IndexReach, start: int, element: str) -> list[LineStep]:
        steps, cur, d = [], start, reach.dist[start]
        while d > 0:
            cur, w = reach.next_step(cur, d)
            d -= w
            steps.append(LineStep(self.index.hex_id(cur), element, reach.dist[start] - d))
        return steps

    def _line(self, unit: Unit, p: Provider) -> list[LineStep]:
        """Unit -> HQ -> source, or unit -> source, hex by hex with the truck MP used so far."""
        i = self.index.pos[unit.hex]
        line = [LineStep(self.map.hex_id(unit.hex), "unit", 0.0)] + self._walk(p.reach, i, "throw" if p.hq else "draw")
        if p.hq is not None:
            line += self._walk(self._draw_reach(unit.side), self.index.pos[p.hq.hex], "draw")
        line += self._by_rail(unit.side, self.index.node_of(line[-1].hex))
        return line

    def _dump_options(self, unit: Unit) -> dict[str, list[LineStep]]:
        """12.6d: the dumps whose SP the unit can eat, by direct draw or through an HQ that may
        throw to it (an Organic Truck's SP: its own formation only, 13.2g B), with the line to each."""
        i = self.index.pos[unit.hex]
        out: dict[str, list[LineStep]] = {}
        start = [LineStep(self.map.hex_id(unit.hex), "unit", 0.0)]
        for dump in self.dumps(unit.side):
            if dump.formation and dump.formation != unit.formation:
                continue
            reach = self._reach(unit.side, [dump.hex], self.direct_draw)
            if i in reach.dist:
                out[dump.name] = start + self._walk(reach, i, "draw")
                continue
            for hq in self._hqs(unit.side):
                rng, _ = throw_range(hq)
                if rng is None or not may_supply(hq, unit):
                    continue
                throw = self._reach(unit.side, [hq.hex], rng)
                if i in throw.dist and self.index.pos[hq.hex] in self._reach(unit.side, [dump.hex], self._draw_limit(rng)).dist:
                    out[dump.name] = start + self._walk(throw, i, "throw")
                    break
        return out

    def _why(self, unit: Unit) -> Block:
        """Each friendly HQ and source, and why it gives the unit nothing."""
        ix, hid = self.index, self.map.hex_id
        i = ix.pos[unit.hex]
        reasons = []
        sources = self.sources(unit.side)
        for s, name in sorted(sources.items()):
            d = self._reach(unit.side, self._seeds(unit.side, s)).dist.get(i)
            far = "no supply path" if d is None else f"{d:g} truck MP away"
            reasons.append(f"source {name} {hid(ix.hexes[s])}: {far}, direct draw range {self.direct_draw:g}")
        for hq in self._hqs(unit.side):
            rng, why = throw_range(hq)
            if rng is None:
                reasons.append(why)
            elif not may_supply(hq, unit):
                reasons.append(f"HQ {hq.id} is the Divisional HQ of {hq.formation} and may not supply this unit (13.1d)")
            elif self._hq_draw_source(hq, rng) is None:
                reasons.append(f"HQ {hq.id} draws from no Supply Source within {self._draw_limit(rng):g} truck MP")
            else:
                d = self._reach(unit.side, [hq.hex]).dist.get(i)
                far = "no supply path" if d is None else f"{d:g} truck MP away"
                reasons.append(f"HQ {hq.id}: {far}, beyond its {why} (13.1a)")
        if not reasons:
            reasons = ["no friendly HQ or Supply Source"]
        return Block(hid(unit.hex), "13.1b, 12.3b", "; ".join(reasons) + "; no SP in reach to eat (12.6d)")
