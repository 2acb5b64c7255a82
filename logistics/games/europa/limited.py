"""Limited general supply sources (12C2) and which units draw on them: a CP-SAT assignment.

Sources and their capacities in REs:
- 12C2a / 12C2b: cities named by the scenario (`limited_sources`), e.g. 3 REs per city in the
  Canaries and Spanish Morocco for Rebel units; with `per_hex`, each friendly-owned hex of the
  city is a source of that many REs (38D2: Barcelona, 6 REs per hex; AEG 10-Feb-04).
- 12C2c (as rewritten by AEG, 07-Jan-05): every friendly functioning minor or standard port gives
  `limited_port_res` (6) REs to any unit of the side, when a naval element can be traced from the
  port to a full general supply source usable by that unit. A port at zero capacity still
  counts; one damaged to its maximum does not (30A2/3, TEM 67). A city may be both (Santander:
  6 + 3, DPS 04-Jan-04).
- The Palma ruling (AEG, 11-Mar-04): a line to a limited source may use a naval element from a
  minor or standard port, but the REs drawing through that port may not exceed what the port
  could give as a limited source itself. In Second Front only the Allies use minor / standard
  ports so (SF 12C2, GR/D 1998).

The model: one 0/1 variable per (unit, source) a unit can trace a line to; each unit draws on at
most one source; each source and each minor / standard port used on the way is held to its REs.
It maximises the REs supplied; among optimal answers it prefers units earlier in canonical order
(by id) and, for each, the source its line reaches in the fewest hexes, then the source first by
name (tie-break documented in docs/naval.md). One worker and a fixed seed make the answer the
same on every run.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from logistics.games.europa.allocation_model import QUARTER, allocation_model, ports_of, supplied
from logistics.games.europa.status import LIMITED, ON_POINTS, OUT_OF_SUPPLY  # noqa: F401 (LIMITED re-exported)
from logistics.verdict import LimitedShare, place_of

TIE_BREAK_OPTIONS = 2000  # unit-source pairs up to which the tie-break is solved exactly
LNS_WORK = 10.0           # CP-SAT deterministic time for the neighbourhood searches of large instances
LNS_STEP = 0.5            # CP-SAT deterministic time of one small neighbourhood (`improve`)
LNS_STEP_COST = 0.05      # the least one neighbourhood counts against LNS_WORK: CP-SAT's count leaves
                          # out building the model (10k units: 7,749 quick neighbourhoods in 2.0 of it)
LNS_SOURCES = 30          # sources re-solved together in one small neighbourhood
LNS_STALL = 20            # passes over the short sources without a gain before `improve` stops
FULL_MODEL_WORK = 60.0    # CP-SAT deterministic time for the full model: a large instance that is not
                          # proven within it stops with its best answer (FEASIBLE, with the bound)
ALL_PORTS = ("minor", "standard", "major", "great", "anchor")
TIE_BREAK = "earlier units preferred, each on its shortest line, then the source first by name"


def preference(options: list[Option], sources: list[str]) -> dict[Option, int]:
    """Each option's rank among its unit's options: shorter line first, then the source first
    in `sources`, then a line without a minor / standard port's naval element."""
    source_pos = {s: k for k, s in enumerate(sources)}
    by_unit: dict[str, list[Option]] = {}
    for o in options:
        by_unit.setdefault(o.unit, []).append(o)
    return {o: k for opts in by_unit.values()
            for k, o in enumerate(sorted(opts, key=lambda o: (o.length, source_pos.get(o.source, len(source_pos)),
                                                             o.via or "")))}


@dataclass(frozen=True)
class Option:
    unit: str
    source: str
    via: str | None = None        # a minor / standard port whose naval element the line uses
    length: int = 0               # hexes of the unit's line to the source (the tie-break's first key)


@dataclass
class Allocation:
    status: str                   # of the REs supplied: OPTIMAL (proven) | FEASIBLE | INFEASIBLE | ...
    assignment: dict[str, str] = field(default_factory=dict)
    supplied_res: float = 0.0
    used: dict[str, float] = field(default_factory=dict)     # REs drawn on each source / port
    tie_break: str = TIE_BREAK                               # how equally good answers were decided
    bound: float | None = None    # no answer supplies more REs than this (the solver's proof); None if unsolved


def best_fit(q: dict[str, int], options: list[Option], capacities: dict[str, int],
             port_caps: dict[str, int]) -> set[Option]:
    """A first answer: the largest units first, each to the source it fills most tightly."""
    left, ports_left, chosen = dict(capacities), dict(port_caps), set()
    by_unit: dict[str, list[Option]] = {}
    for o in options:
        by_unit.setdefault(o.unit, []).append(o)
    for unit in sorted(by_unit, key=lambda u: (-q[u], u)):
        fitting = [(left[o.source] - q[unit], k, o) for k, o in enumerate(by_unit[unit])
                   if left.get(o.source, 0) >= q[unit] and all(ports_left[p] >= q[unit] for p in ports_of(o, port_caps))]
        if fitting:
            _, _, o = min(fitting)
            chosen.add(o)
            left[o.source] -= q[unit]
            for p in ports_of(o, port_caps):
                ports_left[p] -= q[unit]
    return chosen


def improve(q: dict[str, int], options: list[Option], capacities: dict[str, int], port_caps: dict[str, int],
            first: set[Option], work: float = LNS_WORK, target: int | None = None) -> set[Option]:
    """Many small neighbourhood searches on `first`, within `work` of CP-SAT's deterministic time:
    for each source left short, in turn, it and LNS_SOURCES - 1 of the sources its candidate units
    could use instead (drawn by a seeded generator) are re-solved, the rest kept; an answer that
    supplies more replaces the current one. Stops when every source is full, when the answer reaches
    `target` (a bound: nothing better exists), after LNS_STALL passes without a gain, or when the
    work is spent. On large instances the search for an answer as good
    as the bound is most of the work, and the full model proves such an answer at once (1k units
    asking 2x the capacity: 155 s from scratch, 3.4 s from `best_fit`, 0.8 s from this). Small
    neighbourhoods drawn afresh on each pass leave the local optima that one large re-solve of
    every short source stops in (the tight 1k-unit benchmark, asking 1.03x the capacity: 1,475 REs
    of an LP bound of 1,475.5, where that large step and the full model reached 1,428 in 20 s;
    docs/performance.md). Seeded draws, sorted lists and a bound in deterministic time: the same
    answer on every run and machine."""
    import random

    from ortools.sat.python import cp_model

    from logistics.solver import deterministic_solver
    by_source: dict[str, list[Option]] = {}
    by_unit: dict[str, list[Option]] = {}
    for o in options:
        by_source.setdefault(o.source, []).append(o)
        by_unit.setdefault(o.unit, []).append(o)
    assigned = {o.unit: o for o in first}       # the current answer, kept up to date step by step
    filled = dict.fromkeys(capacities, 0)
    ported = dict.fromkeys(port_caps, 0)
    for o in first:
        filled[o.source] += q[o.unit]
        for port in ports_of(o, port_caps):
            ported[port] += q[o.unit]
    value = sum(filled.values())
    draw, spent, stall = random.Random(0), 0.0, 0
    while spent < work and stall < LNS_STALL and (target is None or value < target):
        gained = False
        for short in [s for s in sorted(capacities) if filled[s] < capacities[s]]:
            if filled[short] >= capacities[short]:
                continue                          # filled by an earlier neighbourhood of this pass
            near = sorted({o.source for a in by_source.get(short, ()) for o in by_unit[a.unit]} - {short})
            free = sorted({short, *draw.sample(near, min(LNS_SOURCES - 1, len(near)))})
            inside = [o for s in free for o in by_source.get(s, ()) if assigned.get(o.unit) == o]
            ports_left = dict(port_caps)
            for port in port_caps:
                ports_left[port] -= ported[port]
            for o in inside:
                for port in ports_of(o, port_caps):
                    ports_left[port] += q[o.unit]
            local = [o for s in free for o in by_source.get(s, ())
                     if o.unit not in assigned or assigned[o.unit].source in free]
            model, x, _ = allocation_model(q, local, {s: capacities[s] for s in free}, ports_left)
            for o in local:
                model.add_hint(x[o], assigned.get(o.unit) == o)
            solver = deterministic_solver(deterministic_limit=min(LNS_STEP, work - spent))
            # A neighbourhood is small and starts from a full hint: presolving it costs more than
            # it saves (the tight 1k-unit benchmark proven in 1.9 s instead of 3.5 s; docs/performance.md).
            solver.parameters.cp_model_presolve = False
            status = solver.Solve(model)
            spent += max(LNS_STEP_COST, solver.ResponseProto().deterministic_time)
            if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                better = [o for o in local if solver.value(x[o])]
                gain = supplied(q, better) - supplied(q, inside)
                if gain > 0:
                    for sign, chosen in ((-1, inside), (1, better)):
                        for o in chosen:
                            filled[o.source] += sign * q[o.unit]
                            for port in ports_of(o, port_caps):
                                ported[port] += sign * q[o.unit]
                    for o in inside:
                        del assigned[o.unit]
                    assigned.update((o.unit, o) for o in better)
                    value, gained = value + gain, True
            if spent >= work or (target is not None and value >= target):
                break
        stall = 0 if gained else stall + 1
        if all(filled[s] >= cap for s, cap in capacities.items()) or len(assigned) == len(by_unit):
            break                                 # every source full, or every unit supplied
    return set(assigned.values())


def lp_relaxation(q: dict[str, int], options: list[Option], capacities: dict[str, int],
                  port_caps: dict[str, int]) -> tuple[int, dict[Option, float]]:
    """The model's LP relaxation (GLOP): its optimum rounded down to what units' sizes can sum to
    (no answer supplies more), and each option's value. `improve` stops when it reaches the bound;
    the full model then proves the answer at once. Only a stopping point: were it ever too low, the
    full model would still find the optimum."""
    from ortools.linear_solver import pywraplp
    lp = pywraplp.Solver.CreateSolver("GLOP")
    rows: dict = {}

    def row(key, bound):
        if key not in rows:
            rows[key] = lp.Constraint(0, bound)
        return rows[key]
    objective = lp.Objective()
    for k, o in enumerate(options):
        x = lp.NumVar(0, 1, f"x{k}")
        row(("unit", o.unit), 1).SetCoefficient(x, 1)
        row(("source", o.source), capacities[o.source]).SetCoefficient(x, q[o.unit])
        for port in sorted(ports_of(o, port_caps)):
            row(("port", port), port_caps[port]).SetCoefficient(x, q[o.unit])
        objective.SetCoefficient(x, q[o.unit])
    objective.SetMaximization()
    if lp.Solve() != pywraplp.Solver.OPTIMAL:
        return sum(q.values()), {}
    step = math.gcd(*(q[o.unit] for o in options)) or 1
    values = {o: lp.variable(k).solution_value() for k, o in enumerate(options)}
    return int(math.floor(objective.Value() + 1e-3)) // step * step, values


def lp_rounding(q: dict[str, int], options: list[Option], capacities: dict[str, int], port_caps: dict[str, int],
                values: dict[Option, float]) -> set[Option]:
    """A first answer from the LP relaxation: the options in order of their LP value (then larger
    units first), each taken while its unit has none and its source and ports have room. On the
    tight 1k-unit benchmark it supplies 1,410.5 REs where `best_fit` supplies 1,194, and `improve`
    reaches the bound from it in 4.1 s instead of 6.9 s (CPU)."""
    left, ports_left, chosen, done = dict(capacities), dict(port_caps), set(), set()
    for o in sorted(options, key=lambda o: (-values.get(o, 0.0), -q[o.unit], o.unit, o.source, o.via or "")):
        size, ports = q[o.unit], ports_of(o, port_caps)
        if o.unit in done or left[o.source] < size or any(ports_left[p] < size for p in ports):
            continue
        chosen.add(o)
        done.add(o.unit)
        left[o.source] -= size
        for p in ports:
            ports_left[p] -= size
    return chosen


def first_choices(q: dict[str, int], options: list[Option], sources: list[str], capacities: dict[str, int],
                  port_caps: dict[str, int]) -> set[Option] | None:
    """Every unit on its preferred source (`preference`), if that fits every source and port and
    gives each unit something; else None. Such an answer supplies every unit that has an option,
    so it is optimal, and with every unit taken it is the unique answer the tie-break prefers;
    CP-SAT would find exactly it. Units of no size are left to CP-SAT, whose tie-break may leave
    them out."""
    source_pos = {s: k for k, s in enumerate(sources)}
    best: dict[str, list[Option]] = {}
    for o in options:
        if q[o.unit] <= 0 or o.source not in source_pos:
            return None
        kept = best.setdefault(o.unit, [o])
        if (o.length, source_pos[o.source]) < (kept[0].length, source_pos[kept[0].source]):
            best[o.unit] = [o]
        elif o is not kept[0] and (o.length, o.source) == (kept[0].length, kept[0].source):
            kept.append(o)
    if any(len(opts) > 1 for opts in best.values()):
        return None                      # two lines to one source: leave the choice to CP-SAT
    left = dict(capacities) | {f"\0{p}": c for p, c in port_caps.items()}
    for (o,) in best.values():
        for key in [o.source] + [f"\0{p}" for p in ports_of(o, port_caps)]:
            left[key] = left.get(key, 0) - q[o.unit]
            if left[key] < 0:
                return None
    return {opts[0] for opts in best.values()}


def _allocation(chosen, sizes: dict[str, float], q: dict[str, int], status: str, tie_break: str,
                bound: int | None = None) -> Allocation:
    assignment = {o.unit: o.source for o in chosen}
    used: dict[str, float] = {}
    for o in chosen:
        used[o.source] = used.get(o.source, 0) + sizes[o.unit]
        if o.via:
            used[o.via] = used.get(o.via, 0) + sizes[o.unit]
    total = supplied(q, chosen)
    return Allocation(status, assignment, total / QUARTER, used, tie_break,
                      (total if bound is None else bound) / QUARTER)


def allocate(sizes: dict[str, float], capacities: dict[str, float], options: list[Option],
             port_caps: dict[str, float] | None = None) -> Allocation:
    """The best assignment of units (REs) to limited sources (REs), proven optimal when it says so."""
    port_caps = port_caps or {}
    # Canonical order (unit ids, source names), never the file's: the same position gives the same
    # allocation however its lists are ordered; the tie-break below follows this order.
    units = sorted(sizes)
    sources = sorted(capacities)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    q = {u: int(round(sizes[u] * QUARTER)) for u in units}
    caps = {s: int(capacities[s] * QUARTER) for s in sources}
    ports = {p: int(port_caps[p] * QUARTER) for p in sorted(port_caps)}
    easy = first_choices(q, options, sources, caps, ports)
    if easy is not None:                 # no solver needed (nor imported): every first choice fits
        return _allocation([o for o in options if o in easy], sizes, q, "OPTIMAL", TIE_BREAK)
    from ortools.sat.python import cp_model

    from logistics.games.europa.fill_chains import improved_start
    from logistics.games.europa.small_exchange import exchange_by_sizes
    from logistics.solver import deterministic_solver
    model, x, total = allocation_model(q, options, caps, ports)
    start = best_fit(q, options, caps, ports)
    if len(options) > TIE_BREAK_OPTIONS:
        bound, values = lp_relaxation(q, options, caps, ports)
        rounded = lp_rounding(q, options, caps, ports, values)
        if supplied(q, rounded) > supplied(q, start):
            start = rounded
        # 12C2: the exchange of sizes repairs the chains' answer first (`improved_start`).
        start = improved_start(improve, q, options, caps, ports, start, bound, LNS_WORK,
                               lambda s: exchange_by_sizes(q, options, caps, ports, s, bound))
    for o in options:
        model.add_hint(x[o], o in start)
    solver = deterministic_solver(deterministic_limit=FULL_MODEL_WORK)
    status = solver.Solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Allocation(solver.StatusName(status))
    best = sum(q[o.unit] * solver.Value(x[o]) for o in options)  # exact, unlike the float objective
    proven = status == cp_model.OPTIMAL
    bound = best if proven else math.floor(solver.BestObjectiveBound() + 1e-6)  # whole quarter REs
    # Tie-break: keep the optimum, prefer earlier units and for each its preferred sources. Exact on
    # instances of a game's size; above TIE_BREAK_OPTIONS the first proven optimum stands (one
    # worker and a fixed seed make it the same on every run).
    tie_break = "first optimum found (large instance)"
    if proven and len(options) <= TIE_BREAK_OPTIONS:
        model.ClearHints()
        model.Add(total == best)
        unit_pos = {u: k for k, u in enumerate(units)}
        pref = preference(options, sources)
        width = max(pref.values(), default=0) + 2
        rank = {o: unit_pos[o.unit] * width + pref[o] for o in options}
        model.Minimize(sum(rank[o] * x[o] for o in options))
        solver = deterministic_solver()      # instances of a game's size: solved to the end
        status = solver.Solve(model)
        tie_break = TIE_BREAK
    return _allocation([o for o in options if solver.Value(x[o])], sizes, q,
                       "OPTIMAL" if proven else "FEASIBLE", tie_break, bound)


def check_claim(claim: dict[str, str], sizes: dict[str, float], capacities: dict[str, float],
                options: list[Option], port_caps: dict[str, float] | None = None) -> list[str]:
    """What is wrong with a player's own allocation (unit -> source), as sentences; [] if legal."""
    problems = []
    port_caps = port_caps or {}
    chosen = []
    for unit, source in claim.items():
        fits = [o for o in options if o.unit == unit and o.source == source]
        if unit not in sizes:
            problems.append(f"{unit} needs no limited supply or is unknown")
        elif source not in capacities:
            problems.append(f"{source} is not a limited source")
        elif not fits:
            problems.append(f"{unit} cannot trace a supply line to {source}")
        else:
            chosen.append(min(fits, key=lambda o: o.via is not None))
    for source, cap in capacities.items():
        drawn = sum(sizes[o.unit] for o in chosen if o.source == source)
        if drawn > cap:
            problems.append(f"{source} gives {cap:g} REs but {drawn:g} REs draw on it (12C2)")
    for port, cap in port_caps.items():
        drawn = sum(sizes[o.unit] for o in chosen if o.via == port or o.source == port)
        if drawn > cap:
            problems.append(f"{drawn:g} REs use the port of {port}, which may give only {cap:g} (Palma ruling, AEG 11-Mar-04)")
    return problems


def port_key(port) -> str:
    """One name for a minor / standard port, as a 12C2c source and as a passage (Palma ruling)."""
    return f"port of {port.name}"


def source_parts(position, map_, src) -> list[tuple[str, tuple]]:
    """The sources a limited source (12C2a / b) gives now: (name, hexes), the whole city while
    its side owns it, or each hex its side owns (per_hex)."""
    city = map_.city(src.city)
    box = city.place.box
    if src.per_hex and box is None:
        # 38D2 (AEG, 10-Feb-04): each Loyalist-owned hex of Barcelona, 6 REs apiece.
        return [(f"{src.name} {map_.hex_id(h)}", (h,)) for h in city.place.hexes if position.owner_of(h) == src.side]
    owned = position.box_owner.get(box) == src.side if box else \
        all(position.owner_of(h) == src.side for h in city.place.hexes)
    return [(src.name, city.place.hexes)] if owned else []


def limited_ports(position, map_, rules) -> list[tuple]:
    """The ports that may be limited sources (12C2c, AEG 07-Jan-05): each functioning minor or
    standard port (30A2/3, TEM 67), with its owner and name as a source."""
    from logistics.games.europa.naval import port_state
    found = []
    for port in map_.ports:
        state = port_state(position, map_, rules, port)
        if port.klass in ("minor", "standard") and state.functioning:
            found.append((port, state.owner, port_key(port)))
    return found


def limited_options(engine, verdicts) -> tuple[dict[str, float], dict[str, float], list[Option], dict[str, float]]:
    """The allocation problem of a position: units out of full supply, sources, eligibility.

    Whole-map: each target's searches run once per side, coalition and origin classes, only when
    some candidate's line may reach the target at all (`Reachable`), and answer every candidate of
    a kind (side, coalition, affiliation: all a line depends on, 12C1) at once; a line is traced
    only for the units that reach the target, for its length and the port of its naval element."""
    import numpy as np

    from logistics.games.europa.limited_candidates import candidates_of
    from logistics.games.europa.limited_reach import Reachable, naval_origins
    position, map_, rules, ix = engine.position, engine.map, engine.rules, engine.index
    gathered = candidates_of(engine, verdicts)
    candidates, placed, nodes, kinds, sizes = gathered.units, gathered.placed, gathered.nodes, gathered.kinds, \
        gathered.sizes
    capacities: dict[str, float] = {}
    options: list[Option] = []
    port_caps: dict[str, float] = {}
    bounds: dict[tuple, Reachable] = {}       # per side, zone coalition and naval origin classes
    reaches: dict = {}
    origins: dict[tuple, set] = {}          # per kind: the ports a naval element may start from

    def reachable(unit, seeds: dict, boxes: dict, classes) -> bool:
        """False if no line of a candidate of the unit's side reaches the seeds (`Reachable`)."""
        key = (unit.side, engine._zone_coalition(unit.coalition), classes)
        if key not in bounds:
            bounds[key] = Reachable(engine, unit.side, key[1], classes, *gathered.of_side(unit.side))
        return bounds[key].reaches(seeds, boxes)

    def reach_of(unit, target: tuple, seeds: dict, boxes: dict, classes):
        key = (target, unit.side, unit.coalition, classes)   # the searches once per target, not per unit
        if key not in reaches:
            reaches[key] = engine.group_reach(unit.side, seeds, unit.coalition, classes, boxes)
        return reaches[key]

    def lines_to(members: np.ndarray, target: tuple, seeds: dict, boxes: dict, classes) -> dict[int, tuple]:
        """The candidates among `members` (of one kind) that trace a line to these seeds (`target`
        names them): position -> (the minor / standard port its naval element starts from, if
        any; the hexes its line enters)."""
        unit = candidates[members[0]]
        if not reachable(unit, seeds, boxes, classes):
            return {}                                         # no line of these units gets there
        reach = reach_of(unit, target, seeds, boxes, classes)
        found: dict[int, tuple] = {}
        on_map = members[nodes[members] >= 0]
        levels = engine._line_levels(reach, nodes[on_map])        # `_line_level` of each, at once
        for k, level in zip(on_map[levels >= 0].tolist(), levels[levels >= 0].tolist()):
            line = engine._trace(reach, level, int(nodes[k]))[0]     # `_best_line`, its level known
            start = line.hex_before_first("naval")       # the port the naval element starts from
            found[k] = (None if start is None else _small(map_.port_at(map_.hex_at(start))), len(line) - 1)
        for k in members[nodes[members] < 0].tolist():
            box = placed[k][1]
            origin = reach.origins.get(box)
            if box in reach.box_sources or origin is not None:
                found[k] = (_small(origin), 0)
        return found

    def traces(k: int, target: tuple, seeds: dict, boxes: dict, classes) -> bool:
        """Whether candidate k traces a line to the seeds with naval elements from `classes`."""
        reach = reach_of(candidates[k], target, seeds, boxes, classes)
        if nodes[k] < 0:
            return placed[k][1] in reach.box_sources or placed[k][1] in reach.origins
        return bool(engine._lines_found(reach, nodes[k:k + 1])[0])

    def port_classes(unit) -> tuple[str, ...]:
        # SF 12C2 (GR/D 1998): only the Allies may trace a naval element from a minor / standard port.
        return ALL_PORTS if not rules.limited_port_sides or unit.side in rules.limited_port_sides \
            else rules.naval_origin_classes

    def _small(port) -> str | None:
        return port_key(port) if port is not None and port.klass in ("minor", "standard") else None

    for src in position.limited_sources:
        box = map_.city(src.city).place.box
        for name, hexes in source_parts(position, map_, src):
            capacities[name] = src.capacity
            seeds, boxes = {h: name for h in hexes}, ({box: name} if box else {})
            target = ("source", name, hexes, box)
            found: dict[int, tuple] = {}
            for members in kinds.values():
                unit = candidates[members[0]]
                if engine.may_use(src, unit):   # 38D: collapsed Gobernito units as People's Army
                    found |= lines_to(members, target, seeds, boxes, port_classes(unit))
            for k in sorted(found):
                via, length = found[k]
                # The Palma ruling: through a minor / standard port only if no other line exists.
                direct = via is None or traces(k, target, seeds, boxes, rules.naval_origin_classes)
                options.append(Option(candidates[k].id, name, None if direct else via, length))
    for port, owner, key in limited_ports(position, map_, rules):
        port_caps[key] = rules.limited_port_res
        node = ix.pos[port.place.hex] if port.place.hex is not None else port.place.box
        seeds = {port.place.hex: key} if port.place.hex is not None else {}
        boxes = {port.place.box: key} if port.place.box is not None else {}
        found = {}
        for members in kinds.values():
            unit = candidates[members[0]]
            if unit.side != owner or port_classes(unit) != ALL_PORTS or \
                    not reachable(unit, seeds, boxes, rules.naval_origin_classes):
                continue
            # 12C2c: the naval element from this port must reach a source usable by the unit.
            kind = (unit.side, unit.coalition, unit.affiliation)
            if kind not in origins:
                origins[kind] = naval_origins(engine, unit, ALL_PORTS)
            if node not in origins[kind]:
                continue
            found |= lines_to(members, ("port", node), seeds, boxes, rules.naval_origin_classes)
        for k in sorted(found):
            capacities[key] = rules.limited_port_res
            options.append(Option(candidates[k].id, key, length=found[k][1]))
    return sizes, capacities, options, port_caps


def apply_limited_sources(engine, verdicts) -> Allocation:
    """Give limited supply to the units the optimal allocation picks; record it on the engine."""
    from logistics.games.europa.limited_candidates import candidates_of
    sizes, capacities, options, caps = limited_options(engine, verdicts)
    allocation = allocate(sizes, capacities, options, caps) if options else Allocation("OPTIMAL")
    engine.allocation, engine.limited_capacities = allocation, capacities
    places = limited_places(engine)
    lost = all_lost_shares(options, allocation, capacities, caps, places)
    # Only a unit with an option (a key of `lost`) is given a source or its lost shares: a unit
    # with none keeps the empty `limited_lost` its verdict was made with (`made_verdict`), and a
    # unit that is no candidate has no option. At 1M hexes 14k candidates, a few dozen with one.
    gathered = candidates_of(engine, verdicts)
    for k in [k for k, unit in enumerate(gathered.ids) if unit in lost]:
        v = gathered.verdicts[k]
        if v.general not in (OUT_OF_SUPPLY, ON_POINTS):
            continue
        source = allocation.assignment.get(v.unit)
        if source is None:
            v.limited_lost = lost.get(v.unit, [])
            continue
        v.general, v.source, v.next_marker, v.blocked = LIMITED, source, 0, None
        v.source_place = places.get(source)
        v.rules.append("12C2")
    return allocation


def limited_places(engine) -> dict[str, str]:
    """The place of each limited source by its name: the city (12C2a / b), or the port's city or
    the port (12C2c)."""
    map_, places = engine.map, {}
    for src in engine.position.limited_sources:
        city = map_.city(src.city)
        places[src.name] = src.city
        for h in city.place.hexes if src.per_hex else ():
            places[f"{src.name} {map_.hex_id(h)}"] = src.city
    for port in map_.ports:
        if port.klass in ("minor", "standard"):
            at = map_.hex_id(port.place.hex) if port.place.hex is not None else port.place.box
            places[port_key(port)] = place_of(map_, at)
    return places


def lost_shares(unit: str, options: list[Option], allocation: Allocation, capacities: dict[str, float],
                port_caps: dict[str, float], places: dict[str, str]) -> list[LimitedShare]:
    """Why a unit that could draw on limited sources was given none (12C2): each source it could
    reach, by its preference, with its REs and the units the allocation gave them to; and each
    minor / standard port its line would pass, with the units whose lines take the port's REs
    (the Palma ruling, AEG 11-Mar-04)."""
    return all_lost_shares(options, allocation, capacities, port_caps, places).get(unit, [])


def all_lost_shares(options: list[Option], allocation: Allocation, capacities: dict[str, float],
                    port_caps: dict[str, float], places: dict[str, str]) -> dict[str, list[LimitedShare]]:
    """`lost_shares` of every unit with an option, the allocation's choices read once."""
    chosen = {(o.unit, o.source): o for o in options if allocation.assignment.get(o.unit) == o.source}
    taken: dict[str, list[str]] = {}                 # source or port -> the units drawing on it
    for (u, _), c in chosen.items():
        for name in {c.source, c.via} - {None}:
            taken.setdefault(name, []).append(u)
    by_unit: dict[str, list[Option]] = {}
    for o in options:
        by_unit.setdefault(o.unit, []).append(o)
    lost: dict[str, list[LimitedShare]] = {}
    for unit, mine in by_unit.items():
        shares: dict[str, LimitedShare] = {}
        for o in sorted(mine, key=lambda o: (o.length, o.source, o.via or "")):
            for name, caps in ((o.source, capacities), (o.via, port_caps)):
                if name is None or name in shares:
                    continue
                shares[name] = LimitedShare(name, places.get(name), caps.get(name, 0.0), tuple(sorted(taken.get(name, ()))))
        lost[unit] = list(shares.values())
    return lost
