"""Solver benchmarks (issue [H]): the CP-SAT limited-source allocation (1k units / 100 sources)
and the rail planner (200 requests / 5 sections), each with its optimality status.

Not part of .ci/run or pytest. Run: /work/venv/bin/python benchmarks/bench_solvers.py
Prints a table and writes benchmarks/results_solvers.json. Instances are seeded and random:
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


def allocation_instance(seed: int, units: int = 1000, sources: int = 100, ports: int = 10):
    rnd = random.Random(seed)
    sizes = {f"u{k}": rnd.choice([0.5, 1.0, 1.0, 2.0, 3.0]) for k in range(units)}
    capacities = {f"s{k}": float(rnd.choice([3, 3, 6, 9, 12])) for k in range(sources)}
    port_caps = {f"port of p{k}": 6.0 for k in range(ports)}
    options = []
    for u in sizes:
        for s in rnd.sample(sorted(capacities), rnd.randint(2, 5)):
            via = f"port of p{rnd.randrange(ports)}" if rnd.random() < 1 / 3 else None
            options.append(Option(u, s, via))
    return sizes, capacities, options, port_caps


def rail_instance(seed: int, requests: int = 200, sections: int = 5):
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
    return Problem(tuple(values), tuple(options), capacities)


def timed(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), times, result


def main(repeat: int = 1, seed: int = 1) -> dict:
    inst = allocation_instance(seed)
    t_alloc, all_alloc, alloc = timed(lambda: allocate(*inst), repeat)
    problem = rail_instance(seed)
    t_rail, all_rail, plan = timed(lambda: solve(problem), repeat)
    rows = {
        "allocation": {"instance": "1000 units / 100 sources / 10 ports", "median_s": t_alloc, "times_s": all_alloc,
                       "status": alloc.status, "supplied_res": alloc.supplied_res,
                       "asked_res": sum(inst[0].values()), "target": "proven optimal <= 2 s"},
        "rail_plan": {"instance": "200 requests / 5 sections", "median_s": t_rail, "times_s": all_rail,
                      "status": plan.status, "objective": plan.objective, "target": "proven optimal <= 1 s"},
        "machine": {"python": platform.python_version(), "processor": platform.processor() or platform.machine()},
        "seed": seed,
    }
    print("| solver | instance | median s | status | target | met |")
    print("|---|---|---|---|---|---|")
    for key, limit in (("allocation", 2.0), ("rail_plan", 1.0)):
        r = rows[key]
        met = r["status"] == "OPTIMAL" and r["median_s"] <= limit
        print(f"| {key} | {r['instance']} | {r['median_s']:.3f} | {r['status']} | {r['target']} | {'yes' if met else 'no'} |")
    Path(__file__).with_name("results_solvers.json").write_text(json.dumps(rows, indent=2) + "\n")
    return rows


if __name__ == "__main__":
    main()
