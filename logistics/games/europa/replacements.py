"""Europa replacements: the supply-line traces the replacement rules read (`logistics replacements`).

- 40B3a (DPS, 15-Oct-04): RPs accumulated at isolated cities combine when a line of supply can be
  traced between them; lines are directional, so the RPs of city X may be spent at city Y only if
  Y traces a line of supply to X (Melilla's RPs may not be spent at Ceuta, which cannot trace to
  Melilla's standard port).
- Second Front 40D1 as corrected (GR/D, 03-Mar-98): a replaced unit needs an overland supply line
  to a friendly-owned, unisolated regular source of supply.
- Second Front 40D3 as corrected (GR/D, 03-Mar-98): foreign aid needs a supply line from any
  friendly-owned, unisolated regular supply source of the donating force to any of the receiving
  force.
- 38C1 / 40B3a (DPS, 11-Nov-04): RPs imported over the French border go to the general pool or to
  an isolated factory by a rail-element line; an isolated hex that is no factory takes them only
  under AEG's 29-Jul-04 reading (option `french_rps_to_isolated_hexes`), pending confirmation.

Each trace is one backward search from its goals over the whole map (the engine's `group_reach`,
shared by every start), then a look-up per start; the line is read back only for the answer shown.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from logistics.games.europa.hexes import IN_BOX, TO_FACTORY, city_supply, french_rp_transfer, hex_isolated
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex
from logistics.position import Unit
from logistics.verdict import Block

# A port class no port has: as naval origin classes, no naval element can start (an overland line).
NO_NAVAL_ELEMENT = ("no naval element",)
TO_HEX = "accumulated at the hex"


@dataclass(frozen=True)
class Trace:
    """A supply line from `start` to one of the goals, or where and why it fails."""

    start: str
    ok: bool
    goal: str | None = None            # the goal reached (a source or city name)
    line: tuple[str, ...] = ()         # printed ids with their elements: "0702 overland"
    block: Block | None = None

    def as_dict(self) -> dict:
        return {"from": self.start, "traced": self.ok, "to": self.goal, "line": list(self.line),
                "blocked": None if self.block is None else
                {"hex": self.block.hex, "rule": self.block.rule, "reason": self.block.reason}}


def _probe(position, side: str, force: str = "") -> Unit:
    """A stand-in unit of `side` (of `force`, a coalition or affiliation, else the side's main
    coalition) for the engine's searches, which judge lines of units."""
    for s in position.sides:
        for coalition, affiliations in s.coalitions:
            if s.name == side and (not force or force == coalition or force in affiliations):
                affiliation = force if force in affiliations else (affiliations[0] if affiliations else "")
                return Unit(f"a line of {force or side}", s.name, coalition, affiliation)
    raise KeyError(force or side)


def force_side(position, force: str) -> str:
    """The side a force (coalition or affiliation) belongs to (SF 40D3: 'force', GR/D 03-Mar-98)."""
    for s in position.sides:
        if any(force == c or force in affs for c, affs in s.coalitions):
            return s.name
    raise KeyError(force)


def trace_lines(engine: EuropaSupply, probe: Unit, starts: list[Hex], goals: dict[Hex, str],
                naval: bool = True) -> list[Trace]:
    """A supply line (12B: overland, road, rail, and with `naval` a naval element) from each of
    `starts` to any of `goals`, as a unit of `probe`'s side and coalition would trace it."""
    hid, ix = engine.map.hex_id, engine.index
    reach = engine.group_reach(probe.side, goals, probe.coalition, None if naval else NO_NAVAL_ELEMENT)
    out = []
    for h in starts:
        i = ix.pos[h]
        found = engine._best_line(reach, i)
        if found is None:
            out.append(Trace(hid(h), False, block=engine._explain_block(replace(probe, hex=h), reach, i)))
        else:
            _, line, _, goal, _ = found
            out.append(Trace(hid(h), True, goal, tuple(f"{s.hex} {s.element}" for s in line)))
    return out


# --- 40B3a: RPs accumulated at isolated cities ------------------------------------------------------------

def rp_pools(engine: EuropaSupply, side: str, cities: list[str], force: str = "") -> dict:
    """40B3a (DPS, 15-Oct-04): for each city holding RPs, where they may be spent — the city
    itself, and every other city that traces a line of supply to it — and the groups of cities
    that combine, every one tracing to every other both ways (Tetuan and Ceuta); each city's
    supply status for a unit of `force` (an affiliation or coalition) entering play there."""
    probe = _probe(engine.position, side, force)
    owned = {c: [h for h in engine.map.city(c).place.hexes if engine.position.owner_of(h) == side] for c in cities}
    spent: dict[str, list[dict]] = {}
    for holder in cities:
        others = [c for c in cities if c != holder]
        if not owned[holder]:
            lost = Block(holder, "40B3a", f"{holder} is not {side}-owned")
            spent[holder] = [{"at": c, **Trace(c, False, block=lost).as_dict()} for c in others]
            continue
        traces = trace_lines(engine, probe, [h for c in others for h in owned[c]], dict.fromkeys(owned[holder], holder))
        spent[holder] = []
        for c in others:       # a multi-hex city traces from any of its hexes (12C1 ruling: one city)
            mine = traces[:len(owned[c])] or [Trace(c, False, block=Block(c, "40B3a", f"{c} is not {side}-owned"))]
            traces = traces[len(owned[c]):]
            spent[holder].append({"at": c, **next((t for t in mine if t.ok), mine[0]).as_dict()})
    spends_at = {h: {e["at"] for e in spent[h] if e["traced"]} for h in cities}
    mutual = {c: {d for d in cities if d in spends_at[c] and c in spends_at[d]} for c in cities}
    groups, seen = [], set()
    for c in cities:            # a group: each member mutual with every other (greedy, in the order given)
        if c in seen:
            continue
        group = [c]
        for d in cities:
            if d not in seen and d not in group and all(d in mutual[g] for g in group):
                group.append(d)
        seen.update(group)
        groups.append(group)
    # Rule 40 (DPS, 13-Oct-04): a unit entering play at a city has the city's supply status.
    status = {c: dict(zip(("status", "source"), city_supply(engine, c, probe.affiliation))) for c in cities}
    return {"rule": "40B3a (DPS, 15-Oct-04)", "spent_at": spent, "city_supply": status,
            "combined": [g for g in groups if len(g) > 1], "alone": [g[0] for g in groups if len(g) == 1]}


# --- Second Front 40D1 / 40D3: lines to unisolated regular sources ----------------------------------------

def regular_sources(engine: EuropaSupply, probe: Unit) -> tuple[dict[Hex, str], list[str]]:
    """The friendly-owned, unisolated regular (full general, 12C1) supply source hexes `probe`
    may draw on, and the hexes left out as isolated (3F, judged as hexes.hex_isolated)."""
    hid = engine.map.hex_id
    sources: dict[Hex, str] = {}
    isolated = []
    usable = set(engine.usable_sources(probe))        # 12C1: the sources of its side, coalition, affiliation
    for src in sorted(engine.position.supply_sources, key=lambda s: s.name):   # a hex of two: the first name
        if src.name not in usable:
            continue
        for h in engine.active_hexes(src):          # active hexes are friendly-owned (12C1)
            if hex_isolated(engine, h, probe.side):
                isolated.append(f"{hid(h)} ({src.name})")
            else:
                sources.setdefault(h, src.name)
    return sources, sorted(set(isolated))


def placements(engine: EuropaSupply, side: str) -> dict:
    """SF 40D1 as corrected (GR/D, 03-Mar-98): the `side`-owned cities where a replaced unit may
    be placed: those tracing an overland supply line (no naval element) to a friendly-owned,
    unisolated regular source of supply."""
    position, m = engine.position, engine.map
    probe = _probe(position, side)
    goals, isolated = regular_sources(engine, probe)
    cities = sorted((c for c in m.cities if c.place.hex is not None
                     and all(position.owner_of(h) == side for h in c.place.hexes)), key=lambda c: c.name)
    traces = trace_lines(engine, probe, [c.place.hex for c in cities], goals, naval=False) if goals else \
        [Trace(m.hex_id(c.place.hex), False, block=Block(m.hex_id(c.place.hex), "40D1",
               "no friendly-owned, unisolated regular source of supply")) for c in cities]
    return {"rule": "40D1 (SF Q&A, GR/D 03-Mar-98)", "isolated_sources": isolated,
            "cities": [{"city": c.name, **t.as_dict()} for c, t in zip(cities, traces)]}


def foreign_aid(engine: EuropaSupply, donor: str, receiver: str) -> dict:
    """SF 40D3 as corrected (GR/D, 03-Mar-98): a supply line from any friendly-owned, unisolated
    regular supply source of the donating force to any of the receiving force's. Forces sharing a
    source trace a line of no length (exile forces: US and Commonwealth aid, same Q&A)."""
    position, hid = engine.position, engine.map.hex_id
    side = force_side(position, donor)
    answer = {"rule": "40D3 (SF Q&A, GR/D 03-Mar-98)", "donor": donor, "receiver": receiver, "possible": False}
    if force_side(position, receiver) != side:
        return {**answer, "reason": f"{receiver} is not a force of {side}"}
    giving, _ = regular_sources(engine, _probe(position, side, donor))
    taking, _ = regular_sources(engine, _probe(position, side, receiver))
    for name, hexes in ((donor, giving), (receiver, taking)):
        if not hexes:
            return {**answer, "reason": f"{name} has no friendly-owned, unisolated regular supply source"}
    starts = sorted(giving, key=hid)
    traces = trace_lines(engine, _probe(position, side, donor), starts, taking)
    found = next((t for t in traces if t.ok), None)
    if found is None:
        return {**answer, "reason": "no supply line from any of its sources", "lines": [t.as_dict() for t in traces]}
    return {**answer, "possible": True, "reason": f"a supply line from {found.start} ({giving[starts[traces.index(found)]]}) "
            f"to {found.goal}", "lines": [found.as_dict()]}


# --- 38C1 / 40B3a: French-border RP imports at a hex that is no factory -------------------------------------

def french_rp_destination(engine: EuropaSupply, hex_: Hex, side: str, country: str,
                          factories: set[Hex]) -> tuple[str, str]:
    """38C1 4th para. (DPS, 11-Nov-04): imported art / arm RPs go to the general pool by a
    rail-element line to an unisolated factory, or accumulate at an isolated factory it reaches
    (hexes.french_rp_transfer). At an isolated hex with no factory they accumulate only under
    AEG's 29-Jul-04 reading (option `french_rps_to_isolated_hexes`, pending); strictly they stay
    in the box. Units needing only arm / art RPs are replaced at factories only (40B3a)."""
    result, why = french_rp_transfer(engine, hex_, side, country)
    if hex_ in factories or result == IN_BOX:
        return result, why
    if result == TO_FACTORY and engine.position.options.get("french_rps_to_isolated_hexes"):
        return TO_HEX, why.replace("the factory is isolated", "the hex is isolated, no factory") + \
            "; AEG 29-Jul-04 (pending, DPS 11-Nov-04); only units needing some inf RPs are replaced here (40B3a)"
    return IN_BOX, (f"{engine.map.hex_id(hex_)} is no factory: strictly (38C1 4th para., DPS 11-Nov-04) "
                    "imported RPs go to the general pool by a line to an unisolated factory, or to an isolated factory")
