"""TSCW 9.2: supply "is checked for each unit of each side at the moment of combat resolution"
(seed 002), and what the check means for that combat (9.3, 9.6, 15.17). Combat itself (the CRT,
the factors, the die) is the players'; the tool names who is supplied and what follows.

- 15.1 / 5.2: combats are resolved in the combat segments (B-II, B-IV, C-II, C-IV), by the
  phasing player; 15.2: an enemy-occupied hex is attacked by units in the hexes around it, all
  its units defending together, and once a segment; 15.3: a unit attacks once a segment.
- 9.3: an attacker Out of Supply at the start of the combat attacks at half strength (and has
  half MA for a breakthrough, 15.23); 9.6: one in city supply too (its attack factor is subject
  to 9.3). A defender Out of Supply defends at half strength unless in city supply (9.6, 15.17:
  "not in a city or town"), and an attack on a hex where at least one defender is not fully
  supplied gets +1 drm, "even if the defender is in a city or town" (9.3, 9.6, 15.17). With more
  than one halved unit in a hex, their factors are totalled and the total halved once (9.3).
- 12.1.3: "every Available and supplied HQ" may give ground support, adjacent to or stacked with
  its side's units in the combat, one HQ a side; an HQ in the attacked hex must give defensive
  support; a Committed HQ gives none. An HQ among the attackers supports (it does not attack).
  Supplied: Fully Supplied (as 12.1's refit, rules.py). 12.2.2: air units support a combat within
  3 hexes of a friendly fully supplied source (`rules.air_support_possible`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from logistics.games.tscw.rules import NON_GROUND, air_support_possible
from logistics.games.tscw.sequence import TSCW_PLAYERS, tscw_segment
from logistics.games.tscw.supply import CITY, FULL, TscwSupply
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position
from logistics.verdict import Verdict

COMBAT_SEGMENTS = ("B-II", "B-IV", "C-II", "C-IV")      # 5.2: Operational and Exploitation Combat


@dataclass
class CombatSupply:
    """The 9.2 check of one combat: each unit's verdict, what it means, and the attacker's drm."""

    target: str
    attackers: list[Verdict]
    defenders: list[Verdict]
    drm: int = 0
    lines: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"hex": self.target, "drm": self.drm, "lines": self.lines,
                "attackers": [v.as_dict() for v in self.attackers],
                "defenders": [v.as_dict() for v in self.defenders]}


def combat_refusal(position: Position, map_: Map, target: Hex, attackers: list[str],
                   attacked: set[str] = frozenset(), hexes: set[Hex] = frozenset()) -> tuple[str, str, str] | None:
    """Why this combat cannot be resolved now: None, or (field, what is wrong, what is expected).
    `attacked`, `hexes`: the units that have attacked and the hexes attacked this segment (15.2,
    15.3)."""
    seg = tscw_segment(position)
    if seg.code not in COMBAT_SEGMENTS:
        return ("hex", f"9.2 / 15.1: {seg.code} {seg.name} is no combat segment",
                "a combat segment: " + ", ".join(COMBAT_SEGMENTS))
    side, hid = TSCW_PLAYERS[seg.code[0]], map_.hex_id(target)
    if not _defenders(position, target, side):
        return "hex", f"15.2: {hid} holds no {_enemy(position, side)} ground unit", "an enemy-occupied hex"
    if target in hexes:
        return "hex", f"15.2: {hid} is attacked twice in this segment", "each hex attacked once a segment"
    if not attackers:
        return "attackers", "no attacking unit", "the ids of the units attacking"
    for k, uid in enumerate(attackers):
        where = f"attackers[{k}]"
        try:
            unit = position.unit(uid)
        except KeyError:
            return where, f"unknown unit {uid!r}", "a unit id of the scenario"
        if unit.side != side:
            return where, f"unit {uid} is {unit.side}'s; the phasing player is {side}", f"a {side} unit"
        if unit.hex is None or (unit.type != "hq" and not unit.hex.is_adjacent(target)):
            return where, f"15.2: {uid} is not in a hex around {hid}", f"a unit adjacent to {hid}"
        if uid in attacked or uid in attackers[:k]:
            return where, f"15.3: {uid} attacks twice in this segment", "each unit attacking once a segment"
    units = [position.unit(uid) for uid in attackers]
    hqs, combat_units = [x for x in units if x.type == "hq"], [x for x in units if x.type != "hq"]
    if not combat_units:
        return "attackers", "12.1.3: HQs alone cannot attack", "at least one combat unit among the attackers"
    if len(hqs) > 1:
        return "attackers", f"12.1.3: {len(hqs)} HQs support the combat, at most one a side", "one HQ at most"
    for hq in hqs:
        if not any(hq.hex == x.hex or hq.hex.is_adjacent(x.hex) for x in combat_units):
            return "attackers", f"12.1.3: HQ {hq.id} is neither with nor beside an attacking unit", \
                "an HQ stacked with or adjacent to the units it supports"
    return None


def _status(v: Verdict) -> str:
    return "in city supply" if v.general == CITY else v.general


def _enemy(position: Position, side: str) -> str:
    return next(iter(position.enemies_of(side)), "enemy")


def _defenders(position: Position, target: Hex, side: str):
    return sorted((u for u in position.units if u.hex == target and u.side != side and u.type not in NON_GROUND),
                  key=lambda u: u.id)


def combat_supply(position: Position, map_: Map, target: Hex, attackers: list[str]) -> CombatSupply:
    """9.2: every attacker's and defender's supply at the combat's resolution, on one snapshot,
    with what 9.3, 9.6 and 15.17 make of it."""
    engine, hid = TscwSupply(position, map_), map_.hex_id(target)
    att = [engine.verdict(position.unit(uid)) for uid in sorted(attackers)]
    dfd = [engine.verdict(u) for u in _defenders(position, target, TSCW_PLAYERS[tscw_segment(position).code[0]])]
    out = CombatSupply(hid, att, dfd)
    head = f"9.2 supply check at combat {hid}:"
    for v in att:
        if position.unit(v.unit).type == "hq":
            out.lines.append(f"{head} supporting {v.unit} is {_status(v)}: {_support(position.unit(v.unit), v)}")
            continue
        what = "attacks at full strength" if v.general == FULL else (
            "attacks at half strength, half MA for a breakthrough (9.3, 15.23" + (", 9.6)" if v.general == CITY else ")"))
        out.lines.append(f"{head} attacker {v.unit} is {_status(v)}: {what}")
    for v in dfd:
        what = {FULL: "defends at full strength", CITY: "defends at full strength (9.6)"}.get(
            v.general, "defends at half strength (9.3, 15.17)")
        if position.unit(v.unit).type == "hq":
            what += "; must give defensive ground support: " + _support(position.unit(v.unit), v)
        out.lines.append(f"{head} defender {v.unit} is {_status(v)}: {what}")
    att_units = [v for v in att if position.unit(v.unit).type != "hq"]
    for role, verdicts, halved in (("attacking", att_units, lambda v: v.general != FULL),
                                   ("defending", dfd, lambda v: v.general not in (FULL, CITY))):
        by_hex: dict[str, list[str]] = {}
        for v in verdicts:
            if halved(v):
                by_hex.setdefault(v.hex, []).append(v.unit)
        for where, ids in sorted(by_hex.items()):
            if len(ids) > 1:
                out.lines.append(f"{head} {role} at {where}, {', '.join(ids)}: their factors totalled, "
                                 "the total halved once (9.3)")
    short = [v.unit for v in dfd if v.general != FULL]
    if short:
        out.drm = 1
        out.lines.append(f"{head} +1 drm to the attacker: {', '.join(short)} not fully supplied (9.3, 9.6, 15.17)")
    for side in [x.name for x in position.sides]:
        air = air_support_possible(position, map_, side, target, engine)
        out.lines.append(f"12.2.2 air support at {hid}: {side} {'may' if air.ok else 'may not'} support ({air.reason})")
    return out


def _support(hq, v: Verdict) -> str:
    """12.1.3: an Available, supplied HQ gives ground support; a Committed one gives 0."""
    if hq.mode == "committed":
        return "gives no ground support: Committed (12.1.3)"
    if v.general != FULL:
        return "gives no ground support: not supplied (12.1.3)"
    return "may give ground support (12.1.3)"
