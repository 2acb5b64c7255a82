"""The small units exchanged over every source at once: a large 12C2 allocation's last repair.

When the neighbourhood searches (`limited.improve`) stall below the LP bound, on the tight
benchmark every minor / standard port is full (the Palma ruling, AEG 11-Mar-04) and an answer at
the bound must fill every source exactly: the missing REs are a few small units' worth, which no
neighbourhood of 30 sources can move into place when the ports they would free lie outside it. Here
the units of at most `SMALL_RES` (and every unit not yet supplied) are re-solved over all the
sources and ports together, the larger units kept where they are. On the tight 1k-unit benchmark
(docs/performance.md) this proves seeds 3 and 4 optimal, which stopped FEASIBLE below their bounds,
and lifts seeds 6 and 7; a neighbourhood with only the 1/2-RE units freed gains nothing, one with
the 2-RE units too is not solved within the same work.
"""
from __future__ import annotations

from logistics.games.europa.allocation_model import QUARTER, allocation_model, ports_of

SMALL_RES = 1.0          # units of at most this many REs are freed (a brigade or smaller)
SMALL_WORK = 10.0        # CP-SAT deterministic time for the exchange
SMALL_OPTIONS = 5000     # freed options above which the exchange is skipped: at 10x the tight
                         # benchmark (21k options) it gained nothing within SMALL_WORK


def exchange_small_units(q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int],
                         start: set) -> set:
    """`start` with its small units (and its unsupplied ones) re-assigned over every source and port
    at once, if that supplies more; else `start`. Sizes and capacities in quarter REs."""
    from ortools.sat.python import cp_model

    from logistics.solver import deterministic_solver
    small = SMALL_RES * QUARTER
    kept = [o for o in sorted(start, key=lambda o: (o.unit, o.source, o.via or "")) if q[o.unit] > small]
    kept_units = {o.unit for o in kept}
    freed = [o for o in options if o.unit not in kept_units]
    if not freed or len(freed) > SMALL_OPTIONS:
        return start
    caps, ports = dict(capacities), dict(port_caps)
    for o in kept:                       # the larger units keep their room on sources and ports
        caps[o.source] -= q[o.unit]
        for port in ports_of(o, port_caps):
            ports[port] -= q[o.unit]
    model, x, _ = allocation_model(q, freed, caps, ports)
    for o in freed:
        model.add_hint(x[o], o in start)
    solver = deterministic_solver(deterministic_limit=SMALL_WORK)
    if solver.Solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return start
    exchanged = {o for o in freed if solver.Value(x[o])} | set(kept)
    if sum(q[o.unit] for o in exchanged) > sum(q[o.unit] for o in start):
        return exchanged
    return start
