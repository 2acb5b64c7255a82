"""Solver benchmarks (issue [H]): the CP-SAT limited-source allocation (1k units / 100 sources)
and the rail planner (200 requests / 5 sections), each with its optimality status.

Not part of .ci/run or pytest. Run: /work/venv/bin/python benchmarks/bench_solvers.py [REPEAT]
or, for the tight allocation (1k units) on several seeds, one run each, with each seed's status,
answer, bounds and time: benchmarks/bench_solvers.py --seeds 1-6 (or --seeds 1,3,5).
Each solver runs REPEAT times (default 5): the median and the spread (min-max). The LP
relaxation of each instance (GLOP) is solved and printed with its count of fractional variables,
so that an instance whose relaxation is already integral (and so easy) shows; the allocation's
own bound (CP-SAT's, `Allocation.bound`) beside it. Exits 1 if an answer is worse than the last
run's before the allocation's neighbourhood searches (`BEFORE`). Prints a table
and writes benchmarks/results_solvers.json. Instances are seeded and random:
- allocation: units of 1/2, 1, 2 or 3 REs; sources of 3 to 12 REs; each unit can trace to 2-5
  sources, a third of those lines through one of 10 minor / standard ports (6 REs each, the Palma
  ruling); more REs asking than the sources hold, so the choice matters;
- rail plan: requests of 1/2 to 3 REs with priority 1-3, 1-3 legal candidates each on one of 5
  sections (cost = size, or double through a trainbusting zone), capacities a third of demand.
"""
from __future__ import annotations

import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from logistics.games.europa.limited import Option, allocate  # noqa: E402
from logistics.rail.planner import Problem, solve  # noqa: E402


TIGHT = 1.03          # harder instances: what is asked exceeds the capacity by 3 % only
CAPPED_S = 10.0       # the 10x instances: what the solvers reach within this wall time
# The answers of the last run before the neighbourhood searches (seed 1): a run whose answer is
# worse (fewer REs supplied, a lower plan objective) fails.
BEFORE = {("plain", "allocation"): 738.0, ("plain", "rail_plan"): 1093, ("tight", "allocation"): 1428.0,
          ("tight", "rail_plan"): 1221, ("tight_10x", "allocation"): 11562.0, ("tight_10x", "rail_plan"): 11806}


def allocation_instance(seed: int, units: int = 1000, sources: int = 100, ports: int = 10, tight: bool = False):
    rnd = random.Random(seed)
    sizes = {f"u{k}": rnd.choice([0.5, 1.0, 1.0, 2.0, 3.0]) for k in range(units)}
    capacities = {f"s{k}": float(rnd.choice([3, 3, 6, 9, 12])) for k in range(sources)}
    port_caps = {f"port of p{k}": 6.0 for k in range(ports)}
    options = []
    for u in sizes:
        for s in rnd.sample(sorted(capacities), rnd.randint(2, 5)):
            via = f"port of p{rnd.randrange(ports)}" if rnd.random() < 1 / 3 else None
            options.append(Option(u, s, via))
    if tight:         # sources scaled so that the units ask TIGHT x their capacity (whole REs)
        scale = sum(sizes.values()) / TIGHT / sum(capacities.values())
        capacities = {s: float(max(1, round(c * scale))) for s, c in capacities.items()}
    return sizes, capacities, options, port_caps


def rail_instance(seed: int, requests: int = 200, sections: int = 5, tight: bool = False):
    rnd = random.Random(seed)
    scale = 2                                  # half REs as whole numbers
    values, options, demand = [], [], [0] * sections
    for _ in range(requests):
        size = rnd.choice([1, 2, 2, 4, 6])     # 1/2 to 3 REs
        values.append(size * rnd.randint(1, 3))
        cands = []
        for _ in range(rnd.randint(1, 3)):
            pool = rnd.randrange(sections)
            cost = size * (2 if rnd.random() < 0.2 else 1)
            cands.append((pool, cost))
            demand[pool] += cost
        options.append(tuple(cands))
    capacities = tuple(max(scale, d // 3) for d in demand)
    if tight:         # the requests (each at its cheapest candidate) ask TIGHT x the capacity
        asked = sum(min(cost for _, cost in cands) for cands in options)
        capacities = tuple(max(scale, int(d * asked / TIGHT / sum(demand))) for d in demand)
    return Problem(tuple(values), tuple(options), capacities)


def timed(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times, result


def lp_bound(columns: list[tuple[float, list[tuple[str, float]]]], rows: dict[str, float]) -> tuple[float, int]:
    """The LP relaxation of a 0/1 packing model (GLOP): its optimum, and how many variables it
    leaves fractional (0: the relaxation is already integral and proves the answer by itself).
    `columns`: (objective, [(row, coefficient)]) per variable; `rows`: each row's upper bound."""
    from ortools.linear_solver import pywraplp
    lp = pywraplp.Solver.CreateSolver("GLOP")
    xs = [lp.NumVar(0, 1, f"x{k}") for k in range(len(columns))]
    cons = {name: lp.Constraint(-lp.infinity(), bound) for name, bound in rows.items()}
    for x, (_, coefficients) in zip(xs, columns):
        for name, a in coefficients:
            cons[name].SetCoefficient(x, a)
    objective = lp.Objective()
    for x, (c, _) in zip(xs, columns):
        objective.SetCoefficient(x, c)
    objective.SetMaximization()
    lp.Solve()
    return objective.Value(), sum(1e-6 < x.solution_value() < 1 - 1e-6 for x in xs)


def allocation_lp(inst) -> tuple[float, int]:
    sizes, capacities, options, port_caps = inst
    rows = {f"unit {u}": 1.0 for u in sizes} | {f"source {s}": c for s, c in capacities.items()} \
        | {f"port {p}": c for p, c in port_caps.items()}
    columns = [(sizes[o.unit], [(f"unit {o.unit}", 1.0), (f"source {o.source}", sizes[o.unit])]
                + [(f"port {p}", sizes[o.unit]) for p in {o.via, o.source} & set(port_caps)]) for o in options]
    return lp_bound(columns, rows)


def rail_lp(problem: Problem) -> tuple[float, int]:
    rows = {f"request {r}": 1.0 for r in range(len(problem.values))} \
        | {f"pool {k}": float(c) for k, c in enumerate(problem.capacities)}
    columns = [(float(problem.values[r]), [(f"request {r}", 1.0), (f"pool {pool}", float(cost))])
               for r, cands in enumerate(problem.options) for pool, cost in cands]
    return lp_bound(columns, rows)


def spread(times: list[float]) -> str:
    return f"{min(times):.3f}-{max(times):.3f}"


def capped_allocate(inst, seconds: float):
    """`allocate` with every CP-SAT solve cut at `seconds` of wall time (benchmark only)."""
    import logistics.solver as solver_module
    plain = solver_module.deterministic_solver

    def capped(time_limit=None, deterministic_limit=None):
        return plain(time_limit=seconds if time_limit is None else time_limit, deterministic_limit=deterministic_limit)
    solver_module.deterministic_solver = capped
    try:
        return allocate(*inst)
    finally:
        solver_module.deterministic_solver = plain


def worse_than_before(key: str, name: str, value: float) -> str:
    """'no' when the answer is at least the last run's (BEFORE); else says so, and the run fails."""
    before = BEFORE[(key, name)]
    if value >= before:
        return "no" if value == before else f"no (better: {before:g} before)"
    WORSE.append(f"{key} {name}: {value:g} < {before:g}")
    return f"**yes** ({before:g} before)"


WORSE: list[str] = []


def harder(repeat: int, seed: int) -> dict:
    """Tight instances at the targets' size (repeat runs) and at 10x (one run, CAPPED_S each)."""
    rows = {}
    for key, units, sources, ports, requests, sections, runs in (("tight", 1000, 100, 10, 200, 5, repeat),
                                                                  ("tight_10x", 10_000, 1000, 100, 2000, 20, 1)):
        inst = allocation_instance(seed, units, sources, ports, tight=True)
        t_a, all_a, alloc = timed(lambda: capped_allocate(inst, CAPPED_S), runs)  # noqa: B023 (called at once)
        lp_a, frac_a = allocation_lp(inst)
        problem = rail_instance(seed, requests, sections, tight=True)
        t_r, all_r, plan = timed(lambda: solve(problem, time_limit=CAPPED_S), runs)  # noqa: B023 (called at once)
        lp_r, frac_r = rail_lp(problem)
        asked = sum(min(c for _, c in cands) for cands in problem.options)
        rows[key] = {
            "allocation": {"instance": f"{units} units / {sources} sources / {ports} ports, asking "
                           f"{sum(inst[0].values()) / sum(inst[1].values()):.3f}x the capacity",
                           "median_s": t_a, "times_s": all_a, "status": alloc.status, "supplied_res": alloc.supplied_res,
                           "solver_bound": alloc.bound, "lp_bound": lp_a, "lp_fractional_variables": frac_a, "tie_break": alloc.tie_break},
            "rail_plan": {"instance": f"{requests} requests / {sections} sections, asking "
                          f"{asked / sum(problem.capacities):.3f}x the capacity",
                          "median_s": t_r, "times_s": all_r, "status": plan.status, "objective": plan.objective,
                          "lp_bound": lp_r, "lp_fractional_variables": frac_r}}
        for name, r in rows[key].items():
            value = r.get("supplied_res", r.get("objective"))
            bound = f"{r['solver_bound']:g}" if r.get("solver_bound") is not None else ""
            print(f"| {key} {name} | {r['instance']} | {r['median_s']:.3f} | {spread(r['times_s'])} ({len(r['times_s'])}) "
                  f"| {r['status']} | {value:g} | {bound} | LP {r['lp_bound']:.2f}, {r['lp_fractional_variables']} fractional "
                  f"| {worse_than_before(key, name, value)} |", flush=True)
    return rows


def main(repeat: int = 5, seed: int = 1) -> dict:
    inst = allocation_instance(seed)
    t_alloc, all_alloc, alloc = timed(lambda: allocate(*inst), repeat)
    problem = rail_instance(seed)
    t_rail, all_rail, plan = timed(lambda: solve(problem), repeat)
    alloc_lp, alloc_fractional = allocation_lp(inst)
    rail_bound, rail_fractional = rail_lp(problem)
    rail_demand = [0] * len(problem.capacities)
    for cands in problem.options:
        for pool, cost in cands:
            rail_demand[pool] += cost
    rows = {
        "allocation": {"instance": "1000 units / 100 sources / 10 ports", "median_s": t_alloc, "times_s": all_alloc,
                       "status": alloc.status, "supplied_res": alloc.supplied_res, "solver_bound": alloc.bound,
                       "asked_res": sum(inst[0].values()), "capacity_res": sum(inst[1].values()),
                       "lp_bound": alloc_lp, "lp_fractional_variables": alloc_fractional,
                       "target": "proven optimal <= 2 s"},
        "rail_plan": {"instance": "200 requests / 5 sections", "median_s": t_rail, "times_s": all_rail,
                      "status": plan.status, "objective": plan.objective, "demand_over_capacity":
                      sum(rail_demand) / sum(problem.capacities), "lp_bound": rail_bound,
                      "lp_fractional_variables": rail_fractional, "target": "proven optimal <= 1 s"},
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine()},
        "seed": seed, "repeat": repeat,
    }
    a, r = rows["allocation"], rows["rail_plan"]
    print(f"allocation: asks {a['asked_res']:g} REs of {a['capacity_res']:g} REs of capacity "
          f"({a['asked_res'] / a['capacity_res']:.2f}x); LP bound {alloc_lp:.2f} REs, "
          f"{alloc_fractional} fractional variables; supplied {a['supplied_res']:g}")
    print(f"rail plan: candidates ask {r['demand_over_capacity']:.2f}x the capacity; LP bound {rail_bound:.1f}, "
          f"{rail_fractional} fractional variables; objective {plan.objective}")
    print("| solver | instance | median s | min-max s (runs) | status | value | target | met | worse than before |")
    print("|---|---|---|---|---|---|---|---|---|")
    for key, limit in (("allocation", 2.0), ("rail_plan", 1.0)):
        r = rows[key]
        met = r["status"] == "OPTIMAL" and r["median_s"] <= limit
        value = r.get("supplied_res", r.get("objective"))
        print(f"| {key} | {r['instance']} | {r['median_s']:.3f} | {spread(r['times_s'])} ({repeat}) | {r['status']} "
              f"| {value:g} | {r['target']} | {'yes' if met else 'no'} | {worse_than_before('plain', key, value)} |")
    print(f"harder instances (every CP-SAT solve capped at {CAPPED_S:g} s; the allocation's bound: CP-SAT's proof):")
    print("| instance | | median s | min-max s (runs) | status | value | solver bound | LP relaxation | worse than before |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows["harder"] = harder(repeat, seed)
    Path(__file__).with_name("results_solvers.json").write_text(json.dumps(rows, indent=2) + "\n")
    if WORSE:
        print("worse than before: " + "; ".join(WORSE))
        sys.exit(1)
    return rows


def seed_list(text: str) -> list[int]:
    """'1-6' -> [1, ..., 6]; '1,3,5' -> [1, 3, 5]; the two may be mixed ('1-3,7')."""
    seeds = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds += range(int(low), int(high or low) + 1)
    return seeds


def tight_seeds(seeds: list[int]) -> list[dict]:
    """The tight allocation (1k units / 100 sources / 10 ports) on each seed, one run each, as the
    target asks it (proven optimal <= 2 s): status, answer, CP-SAT's bound, the LP bound, time."""
    print("| seed | status | supplied REs | solver bound | LP bound | s | proven <= 2 s |")
    print("|---|---|---|---|---|---|---|")
    rows = []
    for seed in seeds:
        inst = allocation_instance(seed, tight=True)
        start = time.perf_counter()
        alloc = allocate(*inst)
        seconds = time.perf_counter() - start
        lp = allocation_lp(inst)[0]
        met = alloc.status == "OPTIMAL" and seconds <= 2.0
        rows.append({"seed": seed, "status": alloc.status, "supplied_res": alloc.supplied_res,
                     "solver_bound": alloc.bound, "lp_bound": lp, "seconds": seconds})
        bound = "-" if alloc.bound is None else f"{alloc.bound:g}"
        print(f"| {seed} | {alloc.status} | {alloc.supplied_res:g} | {bound} | {lp:.2f} | {seconds:.2f} "
              f"| {'yes' if met else 'no'} |", flush=True)
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--seeds"] and len(sys.argv) == 3:
        tight_seeds(seed_list(sys.argv[2]))
    else:
        main(repeat=int(sys.argv[1]) if len(sys.argv) > 1 else 5)
