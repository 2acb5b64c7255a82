"""Units of a few sizes exchanged over every source at once: a large 12C2 allocation's last repair.

When the neighbourhood searches (`limited.improve`) stall below the LP bound, on the tight
benchmark every minor / standard port is full (the Palma ruling, AEG 11-Mar-04) and an answer at
the bound must fill every source exactly: the missing REs are a few units' worth, which no
neighbourhood of 30 sources can move into place when the ports they would free lie outside it.
Here the units of some sizes (and every unit not yet supplied) are re-solved over all the sources
and ports together, the units of the other sizes kept where they are. Freeing two sizes at a time
swaps units of different sizes between sources (a 1/2-RE unit for a 2-RE one fills a source's last
1/2 RE), which no neighbourhood of one size does: `exchange_by_sizes` cycles over the pairs and
then the triples of sizes until a whole cycle gains nothing (docs/performance.md: on the tight
1k-unit benchmark seeds 4, 6, 7 and 9 end higher, seed 4 at its bound).
"""
from __future__ import annotations

from itertools import combinations

from logistics.games.europa.allocation_model import allocation_model, ports_of, supplied

SIZES_STEP = 4.0         # CP-SAT deterministic time for one set of sizes in `exchange_by_sizes`
SIZES_WORK = 40.0        # ... and for all of its exchanges together
SMALL_OPTIONS = 5000     # freed options above which an exchange is skipped: at 10x the tight
                         # benchmark (21k options) it gained nothing within 10 units


def exchange_units(q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int],
                   start: set, freed_sizes, work: float) -> tuple[set, float]:
    """`start` with its units of `freed_sizes` quarters (and its unsupplied ones) re-assigned over
    every source and port at once within `work`, if that supplies more, else `start`; and the
    deterministic time spent. Sizes and capacities in quarter REs."""
    from ortools.sat.python import cp_model

    from logistics.solver import deterministic_solver
    kept = [o for o in sorted(start, key=lambda o: (o.unit, o.source, o.via or "")) if q[o.unit] not in freed_sizes]
    kept_units = {o.unit for o in kept}
    freed = [o for o in options if o.unit not in kept_units]
    if not freed or len(freed) > SMALL_OPTIONS:
        return start, 0.0
    caps, ports = dict(capacities), dict(port_caps)
    for o in kept:                       # the kept units keep their room on sources and ports
        caps[o.source] -= q[o.unit]
        for port in ports_of(o, port_caps):
            ports[port] -= q[o.unit]
    model, x, _ = allocation_model(q, freed, caps, ports)
    for o in freed:
        model.add_hint(x[o], o in start)
    solver = deterministic_solver(deterministic_limit=work)
    status = solver.Solve(model)
    spent = solver.ResponseProto().deterministic_time
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return start, spent
    exchanged = {o for o in freed if solver.Value(x[o])} | set(kept)
    if supplied(q, exchanged) > supplied(q, start):
        return exchanged, spent
    return start, spent


def exchange_by_sizes(q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int],
                      start: set, bound: int, work: float = SIZES_WORK) -> set:
    """`start` improved by `exchange_units` over each pair, then each triple, of the units' sizes in
    turn (never every size: that is the full model), each held to SIZES_STEP, until `bound` is
    reached, a whole cycle gains nothing or `work` is spent. Sorted sizes, a fixed order and
    deterministic limits: the same answer on every run."""
    sizes = sorted({q[o.unit] for o in options})
    cycle = [set(c) for k in (2, 3) if k < len(sizes) for c in combinations(sizes, k)]
    current, value, spent, idle = start, supplied(q, start), 0.0, 0
    while cycle and idle < len(cycle) and value < bound and spent < work:
        for freed in cycle:
            current, used = exchange_units(q, options, capacities, port_caps, current, freed,
                                           min(SIZES_STEP, work - spent))
            spent += max(used, 0.05)      # an exchange skipped still counts: the loop always ends
            new = supplied(q, current)
            idle, value = (0, new) if new > value else (idle + 1, value)
            if idle >= len(cycle) or value >= bound or spent >= work:
                break
    return current
