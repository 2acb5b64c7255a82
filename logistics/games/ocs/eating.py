"""Who eats the SP on the map (12.6d as 13.7a cites it), held to what each dump holds: an HQ
throws no more SP than the dump it draws from holds (13.1b, "throw SP"), and a Transport Point
gives no more than its load (13.2c). Seed 003 (OCS v4 series rules, chapter 13).

How many SP an RE eats is in chapter 12, which the seeds do not print: the scenario option
`ocs_eat_per_re` (SP per RE, default `DEFAULT_EAT_PER_RE`, a placeholder) says it. An HQ eats as
1 RE (13.1). The verdicts name, and the turn engine's supply phase takes the SP from, the dump
this share gives each unit (games/ocs/sequence.py).

The model: one 0/1 variable per (unit, dump) the unit can reach; a unit eats from at most one
dump; the SP eaten from a dump are at most what it holds. It feeds as many REs as it can; among
equal answers it prefers units, then dumps, first by name, so the order of the scenario's lists
never changes the answer. One worker and a fixed seed (logistics/solver.py).
"""
from __future__ import annotations

from ortools.sat.python import cp_model

from logistics.solver import deterministic_solver

DEFAULT_EAT_PER_RE = 0.25      # one token (1/4 SP) per RE: a placeholder until a seed prints 12.6d
SCALE = 1000                   # SP and REs in thousandths: whole numbers for CP-SAT


def share(needs: dict[str, float], res: dict[str, float], stocks: dict[str, float],
          reach: dict[str, list[str]]) -> dict[str, str]:
    """unit -> the dump it eats from. `needs`: SP each unit eats; `res`: its REs; `stocks`: SP in
    each dump; `reach`: the dumps each unit can eat from."""
    options = [(u, d) for u in sorted(reach) for d in sorted(set(reach[u])) if d in stocks]
    if not options:
        return {}
    model = cp_model.CpModel()
    x = {o: model.NewBoolVar(f"x{k}") for k, o in enumerate(options)}
    for u in {u for u, _ in options}:
        model.AddAtMostOne(x[o] for o in options if o[0] == u)
    for d, sp in stocks.items():
        model.Add(sum(round(needs[u] * SCALE) * x[(u, dd)] for u, dd in options if dd == d) <= round(sp * SCALE))
    fed = sum(round(res[u] * SCALE) * x[(u, d)] for u, d in options)
    model.Maximize(fed)
    solver = deterministic_solver()
    if solver.Solve(model) != cp_model.OPTIMAL:
        return {}
    model.Add(fed == round(solver.ObjectiveValue()))
    model.Minimize(sum(k * x[o] for k, o in enumerate(options)))     # first units, then dumps, by name
    if solver.Solve(model) != cp_model.OPTIMAL:
        return {}
    return {u: d for (u, d) in options if solver.Value(x[(u, d)])}
