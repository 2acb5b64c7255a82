"""CP-SAT as every model here runs it: one worker and a fixed seed, so the same input always
gives the same answer; and the full LP relaxation, added up front, which proves the project's
knapsack-like models (rail plans, limited-source allocations) optimal where the default search
may not close the bound at all (benchmarks/bench_solvers.py)."""
from __future__ import annotations

from ortools.sat.python import cp_model


def deterministic_solver(time_limit: float | None = None, deterministic_limit: float | None = None) -> cp_model.CpSolver:
    """`deterministic_limit` bounds the work in CP-SAT's deterministic time, so that a search cut
    short still gives the same answer on every run (a wall-clock `time_limit` may not)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = 2
    solver.parameters.add_lp_constraints_lazily = False
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    if deterministic_limit is not None:
        solver.parameters.max_deterministic_time = deterministic_limit
    return solver
