"""The Spanish Civil War (GMT, living rules 2.0): supply (9), zones of control (10), hex control
(10.7). Seed 002 (French translation) is the text these rules follow.

9.4: a unit is fully supplied when a line of supply (LOS) of at most three hexes — counted from
the unit to the source, the unit's own hex not counted — reaches a friendly unlimited supply
source (USS) or a friendly secondary source (city, town or HQ) which itself traces, any length,
to a USS. A LOS may not enter a hex with enemy units, a hex in an enemy ZOC (restricted ones
too, 10.6) unless a friendly unit is there (10.3), an all-sea hex, or cross an impassable or
all-sea hexside; it may pass empty enemy-controlled hexes. The secondary source's line follows
the same rules, has no length limit, and never passes an enemy-controlled hex. 9.5: secondary
sources never chain. A captured USS serves its captor only as a city (9.4).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from logistics.hexgrid import Hex, Hexside
from logistics.mapdata import Map
from logistics.network import HexIndex, Reach, backward_reach, index_of
from logistics.position import Position, Unit
from logistics.verdict import Block, LineStep, Verdict, place_of
from logistics.zoc import projects_into

LOS_LENGTH = 3
FULL = "in supply"
CITY = "city supply"
OOS = "out of supply"
ZOC_TYPES = ("division", "brigade")          # 10.1: always exert a ZOC
NO_ZOC_TYPES = ("regiment", "battalion", "hq")  # 10.1: never exert one
NORTH_AFFILIATIONS = ("Santanderino", "Basque", "Asturian")
# 9.3, 9.6, 15.17: what out of supply and city supply mean in play (reported, not adjudicated).
EFFECTS = {
    OOS: ["no strategic or march movement (9.3)", "half movement allowance (9.3)",
          "attacks at half strength, half MA for breakthrough (9.3, 15.23)",
          "defends at half strength; attacks on it get +1 drm (9.3, 15.17)"],
    CITY: ["defends at full strength (9.6)", "attacks at half strength, half movement allowance (9.3)",
           "no strategic or march movement (9.3)", "attacks on it get +1 drm (9.6, 15.17)"],
}


def zoc_kind(unit: Unit) -> str:
    """10.1 / 10.6 / 11.8: normal for brigades and divisions (none when just landed or dropped),
    restricted for columns outside a fully supplied city (which blocks supply all the same),
    none for regiments, battalions and HQs."""
    if unit.hex is None or "landed" in unit.tags or "dropped" in unit.tags:
        return "none"
    if unit.type == "column":
        return "restricted"
    if unit.type in ZOC_TYPES:
        return "normal"
    return "none"


def enemy_zoc(position: Position, map_: Map, side: str, kind_of=None) -> dict[Hex, str]:
    """Hexes in an enemy ZOC (10.1: not into all-sea hexes, nor across all-sea or impassable
    hexsides), with the id of a unit exerting it. `kind_of`: a unit's ZOC kind (default
    `zoc_kind`); only "normal" ZOCs count when it is given (10.6: a restricted ZOC affects supply
    lines only, so movement reads full ZOCs alone)."""
    zoc: dict[Hex, str] = {}
    for u in position.units:
        if u.side == side or (kind_of(u) != "normal" if kind_of else zoc_kind(u) == "none"):
            continue
        for n in u.hex.neighbours():
            if projects_into(map_, u.hex, n):
                zoc.setdefault(n, u.id)
    return zoc


def entry_tag(turn_number: int) -> str:
    """The tag the turn engine gives a reinforcement as it enters (7.8), naming its entry turn."""
    return f"reinforcement turn {turn_number}"


def entered_this_turn(unit: Unit, position: Position) -> bool:
    return entry_tag(position.turn.number) in unit.tags


class TscwSupply:
    """Supply verdicts for every unit of a TSCW position, on one snapshot."""

    def __init__(self, position: Position, map_: Map):
        self.position, self.map = position, map_
        self.index: HexIndex = index_of(map_)
        self._cache: dict = {}
        self.north_direct = bool(position.options.get("north_direct_to_any_uss", False))

    def _masks(self, side: str):
        if side not in self._cache:
            ix, p = self.index, self.position
            enemy_units = ix.mask(u.hex for u in p.units if u.hex is not None and u.side != side)
            friendly = ix.mask(u.hex for u in p.units if u.hex is not None and u.side == side)
            ezoc = ix.mask(enemy_zoc(p, self.map, side))
            enter = ix.land & ~ix.neutral & ~enemy_units & ~(ezoc & ~friendly)
            enemy_held = ix.mask(h for h, o in p.owner.items() if o not in (side, "neutral", "unowned"))
            self._cache[side] = (enter, enemy_held, enemy_units, ezoc, friendly)
        return self._cache[side]

    def _edges(self, side: str, avoid_enemy_held: bool):
        ix = self.index
        enter, enemy_held, *_ = self._masks(side)
        ok = enter & ~enemy_held if avoid_enemy_held else enter
        keep = ix.crossable & ok[ix.dst] & ix.land[ix.src]
        if side == "Nationalist":
            keep &= ~self._fortified_edges()
        return ix.src[keep], ix.dst[keep], np.ones(int(keep.sum()))

    def _fortified_edges(self) -> np.ndarray:
        """15.14.5: Nationalist supply lines never cross an active Fortified Line hexside
        (inactive, neutralized or destroyed ones do not block; a hexside beside a destroyed hex is
        destroyed, 15.14.3). 'Fortified' markers fortify all six hexsides of their hex (15.14.1)."""
        if "fortified" not in self._cache:
            ix, p = self.index, self.position
            status = p.options.get("fortified_lines", {})
            destroyed = p.marks.get("fortified_destroyed", frozenset())
            sides = {side for sf in self.map.side_features if sf.feature == "fortified_line"
                     and status.get(sf.name, "inactive") == "active" for side in sf.sides
                     if not (set(side.hexes) & destroyed)}
            sides |= {Hexside(h, n) for h in p.marks.get("fortified", frozenset()) for n in h.neighbours() if n in self.map}
            blocked = np.zeros(len(ix.src), dtype=bool)
            if sides:
                for k, (a, b) in enumerate(zip(ix.src.tolist(), ix.dst.tolist())):
                    blocked[k] = Hexside(ix.hexes[a], ix.hexes[b]) in sides
            self._cache["fortified"] = blocked
        return self._cache["fortified"]

    def uss_hexes(self, unit: Unit, direct: bool = True) -> dict[Hex, str]:
        """The USS hexes the unit's side controls and may use (9.7, 9.8); `direct`: for the
        unit's own LOS rather than a secondary source's line. The same for every unit of an
        affiliation: worked out once."""
        key = ("uss", unit.side, unit.coalition, unit.affiliation, direct)
        if key not in self._cache:
            self._cache[key] = self._uss_hexes(unit, direct)
        return self._cache[key]

    def _uss_hexes(self, unit: Unit, direct: bool) -> dict[Hex, str]:
        out: dict[Hex, str] = {}
        for src in self.position.supply_sources:
            if src.side != unit.side or not (src.usable_by(unit) or (direct and self._north_direct(unit))):
                continue
            for name in src.cities:
                for h in self.map.city(name).place.hexes:
                    if self.position.owner_of(h) == unit.side:
                        out.setdefault(h, name)
            for h in src.hexes:
                if self.position.owner_of(h) == unit.side:
                    out.setdefault(h, f"hex {self.map.hex_id(h)}")
        return out

    def _north_direct(self, unit: Unit) -> bool:
        # 9.8 restricts a North unit's secondary sources to those tracing to a North USS, and is
        # silent on its own LOS to a central USS: option `north_direct_to_any_uss` (default no).
        return self.north_direct and unit.affiliation in NORTH_AFFILIATIONS

    def _secondary_reach(self, side: str, uss: dict[Hex, str]) -> Reach:
        key = ("secondary", side, tuple(sorted(uss)))
        if key not in self._cache:
            # 9.4: any length, LOS restrictions, never through an enemy-controlled hex.
            self._cache[key] = backward_reach(len(self.index), self.index.mask(uss), *self._edges(side, True))
        return self._cache[key]

    def secondary_sources(self, unit: Unit, uss: dict[Hex, str]) -> dict[Hex, str]:
        """Friendly cities, towns and HQs that trace to one of `uss` (9.4, 9.5)."""
        key = ("secondary sources", unit.side, tuple(sorted(uss.items())))
        if key not in self._cache:
            self._cache[key] = self._secondary_sources(unit.side, uss)
        return self._cache[key]

    def _secondary_sources(self, side: str, uss: dict[Hex, str]) -> dict[Hex, str]:
        reach = self._secondary_reach(side, uss)
        out: dict[Hex, str] = {}
        for city in self.map.cities:
            for h in city.place.hexes:
                if self.position.owner_of(h) == side and self.index.pos[h] in reach.dist:
                    out.setdefault(h, city.name)
        for u in self.position.units:
            if u.side == side and u.type == "hq" and u.hex is not None and self.index.pos[u.hex] in reach.dist:
                out.setdefault(u.hex, f"HQ {u.id}")
        return out

    def _los_reach(self, side: str, seeds: dict[Hex, str]) -> Reach:
        key = ("los", side, tuple(sorted(seeds)))
        if key not in self._cache:
            self._cache[key] = backward_reach(len(self.index), self.index.mask(seeds), *self._edges(side, False))
        return self._cache[key]

    def sources_within_los(self, unit: Unit) -> dict[str, int]:
        """Every USS and secondary source the unit's LOS reaches (9.4: at most 3 hexes), with
        its length: the choices a player has, of which the verdict shows the nearest."""
        uss = self.uss_hexes(unit)
        secondary = self.secondary_sources(unit, self.uss_hexes(unit, direct=False))
        names = {**secondary, **uss}
        key = ("los steps", unit.side)
        if key not in self._cache:   # the LOS edges (_edges), as steps out of each hex
            steps: dict[int, list[int]] = {}
            src, dst, _ = self._edges(unit.side, False)
            for a, b in zip(src.tolist(), dst.tolist()):
                steps.setdefault(a, []).append(b)
            self._cache[key] = steps
        steps = self._cache[key]
        ix = self.index
        start = ix.pos[unit.hex]
        seen, frontier, found = {start}, [start], {}
        for step in range(LOS_LENGTH + 1):
            for k in frontier:
                h = ix.hexes[k]
                if h in names:
                    found.setdefault(names[h], step)
            nxt = [j for k in frontier for j in steps.get(k, ()) if j not in seen]
            seen.update(nxt)
            frontier = nxt
        return found

    def entry_block(self, hex_: Hex, side: str) -> tuple[str, str] | None:
        """The rule that stops a LOS of `side` entering `hex_` (9.4, 10.3, 10.6), or None."""
        ix = self.index
        i = ix.pos.get(hex_)
        if i is None or not ix.land[i]:
            return "9.4", "all-sea hex or off the map"
        if ix.neutral[i]:
            return "9.4", "neutral country"
        _, _, enemy_units, ezoc, friendly = self._masks(side)
        if enemy_units[i]:
            return "9.4", "enemy unit in the hex"
        if ezoc[i] and not friendly[i]:
            return "9.4, 10.3, 10.6", "enemy ZOC and no friendly unit in the hex"
        return None

    def zoc_of(self, unit: Unit) -> str:
        """10.6: a column in a Fully Supplied city or town exerts a full ZOC, elsewhere a restricted
        one (which stops supply lines all the same: only movement tells them apart)."""
        kind = zoc_kind(unit)
        if kind == "restricted" and self.map.city_at(unit.hex) is not None and self.verdict(unit).general == FULL:
            return "normal"
        return kind

    def verdicts(self) -> list[Verdict]:
        return [self.verdict(u) for u in self.position.units]

    def verdict(self, unit: Unit) -> Verdict:
        hid = self.map.hex_id
        v = Verdict(unit.id, unit.side, unit.affiliation, hid(unit.hex) if unit.hex else unit.box, OOS,
                    rules=["9.4", "9.5", "10.3"])
        if unit.hex is None:
            v.general, v.rules = "not checked", ["off-map units are not on the supply net"]
            return v
        if "landed" in unit.tags:
            # 11.8: landed units are fully supplied until their next movement phase.
            v.general, v.source, v.rules = FULL, "landing (11.8)", ["11.8"]
            return v
        if entered_this_turn(unit, self.position):
            # 7.9: every reinforcement enters supplied, with its full capacities on its entry turn.
            v.general, v.source, v.rules = FULL, "reinforcement on its entry turn (7.9)", ["7.9"]
            return v
        uss = self.uss_hexes(unit)
        via = self.uss_hexes(unit, direct=False)
        secondary = self.secondary_sources(unit, via)
        seeds = {**{h: f"secondary source {n}" for h, n in secondary.items()}, **{h: n for h, n in uss.items()}}
        i = self.index.pos[unit.hex]
        los = self._los_reach(unit.side, seeds)
        d = los.dist.get(i)
        if d is not None and d <= LOS_LENGTH:
            v.general = FULL
            v.line, end = self._walk(los, i, "LOS", LineStep(hid(unit.hex), "unit", 0.0))
            end_hex = self.index.hexes[end]
            if end_hex in uss:
                v.source = uss[end_hex]
            else:
                more, last = self._walk(self._secondary_reach(unit.side, via), end, "secondary", None)
                v.line += more
                v.source = f"{secondary[end_hex]} -> {via[self.index.hexes[last]]}"
            v.lengths = {"los": d}
            v.source_place = place_of(self.map, v.line[-1].hex)
            return v
        in_city = self.map.city_at(unit.hex) is not None
        if in_city:
            # 9.6: a unit in a city or town that cannot trace is in city supply.
            v.general, v.rules = CITY, v.rules + ["9.6"]
        v.blocked = self._why(unit, seeds, i)
        v.effects = list(EFFECTS[v.general])
        return v

    def blockers(self, h: Hex, side: str, rule: str, reason: str) -> tuple[tuple[str, ...], str | None]:
        """The enemy units that stop a LOS of `side` entering `h` by `rule` for `reason`
        (`entry_block`'s, told apart by the reason: 9.4 names both): in
        the hex, or exerting the ZOC (10.1: into the six adjacent hexes, not across an all-sea or
        impassable hexside), and their side."""
        def stops(u: Unit) -> bool:
            if "ZOC" in reason:
                return zoc_kind(u) != "none" and u.hex.is_adjacent(h) and projects_into(self.map, u.hex, h)
            return "enemy unit" in reason and u.hex == h
        units = [u for u in self.position.units if u.side != side and u.hex is not None and stops(u)]
        return tuple(sorted(u.id for u in units)), ", ".join(sorted({u.side for u in units})) or None

    def _walk(self, reach: Reach, start: int, element: str, first: LineStep | None):
        steps = [first] if first else []
        cur, used = start, 0.0
        while reach.dist.get(cur, 0.0) > 0:
            cur, _ = reach.next_step(cur, reach.dist[cur])
            used += 1
            steps.append(LineStep(self.map.hex_id(self.index.hexes[cur]), element, used))
        return steps, cur

    def _why(self, unit: Unit, seeds: dict[Hex, str], i: int) -> Block:
        """The first hex that stops the shortest LOS, or the length it would need."""
        if not seeds:
            return Block(self.map.hex_id(unit.hex), "9.4", "no friendly USS or secondary source traces to a USS")
        ix = self.index
        key = ("relaxed", tuple(sorted(seeds)))
        if key not in self._cache:   # one search per set of seeds, not per unit out of supply
            keep = ix.crossable & ix.land[ix.dst] & ~ix.neutral[ix.dst] & ix.land[ix.src]
            self._cache[key] = backward_reach(len(ix), ix.mask(seeds), ix.src[keep], ix.dst[keep], np.ones(int(keep.sum())))
        relaxed = self._cache[key]
        d = relaxed.dist.get(i)
        if d is None:
            return Block(self.map.hex_id(unit.hex), "9.4", "no line of any length reaches a supply source")
        steps, _ = self._walk(relaxed, i, "LOS", None)
        _, _, enemy_units, ezoc, friendly = self._masks(unit.side)
        for step in steps[:LOS_LENGTH]:
            k = ix.node_of(step.hex)
            if enemy_units[k]:
                why = "enemy unit in the hex"
                return Block(step.hex, "9.4", why, *self.blockers(ix.hexes[k], unit.side, "9.4", why))
            if ezoc[k] and not friendly[k]:
                why = "enemy ZOC and no friendly unit in the hex"
                return Block(step.hex, "9.4, 10.3, 10.6", why, *self.blockers(ix.hexes[k], unit.side, "9.4, 10.3, 10.6", why))
        return Block(self.map.hex_id(unit.hex), "9.4", f"the nearest source is {d:g} hexes away; a LOS is at most {LOS_LENGTH}")


def update_control(position: Position, map_: Map) -> Position:
    """10.7: a hex changes control when an enemy ground unit enters it; a ZOC never changes it.
    Neutral countries are never controlled; air and naval units never take control (12.2.1).
    15.14.2 / 15.14.3: a Nationalist ground unit entering a hex of a Fortified Line neutralizes an
    inactive line and destroys that hex of an active one."""
    owner = dict(position.owner)
    status = dict(position.options.get("fortified_lines", {}))
    destroyed = set(position.marks.get("fortified_destroyed", frozenset()))
    lines = {sf.name: {h for side in sf.sides for h in side.hexes}
             for sf in map_.side_features if sf.feature == "fortified_line"}
    for u in position.units:
        if u.hex is None or u.type in ("air", "naval") or owner.get(u.hex) == "neutral":
            continue
        owner[u.hex] = u.side
        if u.side != "Nationalist":
            continue
        for name, hexes in lines.items():
            if u.hex in hexes and status.get(name, "inactive") == "inactive":
                status[name] = "neutralized"
            elif u.hex in hexes and status.get(name) == "active":
                destroyed.add(u.hex)
    options = {**position.options, **({"fortified_lines": status} if status else {})}
    marks = {**position.marks, **({"fortified_destroyed": frozenset(destroyed)} if destroyed else {})}
    return replace(position, owner={h: owner[h] for h in sorted(owner)}, options=options, marks=marks)


def may_end_move(position: Position, map_: Map, unit_id: str, hex_: Hex) -> tuple[bool, Verdict]:
    """9.2: no movement may end where the unit would be out of supply (city supply allowed)."""
    from logistics.position import MoveUnit
    moved = update_control(position.apply(MoveUnit(unit_id, hex=hex_)), map_)
    verdict = TscwSupply(moved, map_).verdict(moved.unit(unit_id))
    return verdict.general in (FULL, CITY), verdict
