"""The rail planner: given requested moves, choose legal routes and the moves that fit each
pool's capacity, maximising the priority-weighted REs (or SP) moved. CP-SAT (OR-Tools).

The model (`build_model`): one boolean per (request, legal candidate route); at most one
candidate per request; in each pool, the costs of the chosen candidates stay within its capacity;
the requests of one unit are alternatives (a unit makes one rail move in a plan, which also keeps
7A2's "not strategic and operational rail in one turn"). Objective: maximise
sum(priority x size) over the requests moved.

Determinism: one search worker and a fixed seed, and a documented tie-break: among optimal plans,
requests earlier in the file are kept first, then each kept request's first candidate (CP-SAT
calls with the optimum held, each settling a block of requests with weights that make the order
strict: `_lexicographic`). The status reported is the
first solve's: OPTIMAL means the objective is proven to be the best possible.

Every request that is not moved is explained: `illegal` (the blocking hex and rule), `capacity`
(each pool it could use, with what the plan leaves free), or `alternative` (its unit moves by
another request).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from ortools.sat.python import cp_model

from logistics import games
from logistics.mapdata import Map
from logistics.position import Position
from logistics.rail.model import TSCW_KINDS, Candidate, IncreaseResult, MoveRequest, Orders, Pool, UnusableYard
from logistics.solver import deterministic_solver
from logistics.verdict import Block

TIME_LIMIT = 30.0
# The tie-break's weights stay below 2^24, far inside the precision of the doubles CP-SAT's LP
# works in (with 2^61 the benchmark's plan came out in a different, wrong order).
LEX_BITS = 24


# --- the selection problem alone ------------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """Which requests to move, by which candidate, within the pools: numbers only."""

    values: tuple[int, ...]                                  # per request: priority x size, scaled
    options: tuple[tuple[tuple[int, int], ...], ...]         # per request: (pool, cost) per candidate
    capacities: tuple[int, ...]                              # per pool, scaled
    groups: tuple[tuple[int, ...], ...] = ()                 # at most one request of each group


@dataclass(frozen=True)
class Selection:
    status: str                                   # OPTIMAL | FEASIBLE | INFEASIBLE | UNKNOWN | ...
    objective: int
    choice: tuple[int | None, ...]                # per request: the candidate chosen, or None


def build_model(problem: Problem):
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"r{r}c{c}") for c in range(len(opts))] for r, opts in enumerate(problem.options)]
    chosen = []
    for r, xs in enumerate(x):
        y = model.new_bool_var(f"r{r}")
        model.add(sum(xs) == y)
        chosen.append(y)
    for p, capacity in enumerate(problem.capacities):
        terms = [cost * x[r][c] for r, opts in enumerate(problem.options)
                 for c, (pool, cost) in enumerate(opts) if pool == p]
        if terms:
            model.add(sum(terms) <= capacity)
    for group in problem.groups:
        model.add(sum(chosen[r] for r in group) <= 1)
    objective = sum(v * y for v, y in zip(problem.values, chosen))
    model.maximize(objective)
    return model, x, chosen, objective


def solve(problem: Problem, time_limit: float = TIME_LIMIT) -> Selection:
    model, x, chosen, objective = build_model(problem)
    solver = deterministic_solver(time_limit)
    status = solver.solve(model)
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Selection(name, 0, (None,) * len(x))
    best = round(solver.objective_value)
    if status == cp_model.OPTIMAL:
        # Tie-break: hold the optimum, keep the earliest requests, then their first candidates.
        model.add(objective >= best)
        _lexicographic(model, solver, chosen, maximize=True)
        kept = [r for r, y in enumerate(chosen) if solver.boolean_value(y)]
        _lexicographic(model, solver, [[(c, v) for c, v in enumerate(x[r])] for r in kept], maximize=False)
    choice = tuple(next((c for c, v in enumerate(xs) if solver.boolean_value(v)), None) for xs in x)
    # The objective is summed in whole numbers here, never read back from the solver's float.
    return Selection(name, sum(v for v, c in zip(problem.values, choice) if c is not None), choice)


def _lexicographic(model: cp_model.CpModel, solver: cp_model.CpSolver, items: list, maximize: bool) -> None:
    """Fix `items` in order, each as good as the ones before allow: booleans kept (maximize), or
    per request the lowest candidate index (a list of (index, literal) per request). Blocks of
    items are solved as one objective whose weights make any earlier item outweigh all later ones
    in the block (powers of 2, or of the candidate count), then fixed: exactly the order of one
    check per item, in a few solves instead of one per item."""
    radix = 2 if maximize else max((len(i) for i in items), default=1)
    if radix < 2:
        return                                           # one candidate each: nothing to choose
    block = max(1, int(LEX_BITS / math.log2(radix)))
    for start in range(0, len(items), block):
        part = items[start:start + block]
        weights = [radix ** (len(part) - 1 - j) for j in range(len(part))]
        if maximize:
            model.maximize(sum(w * y for w, y in zip(weights, part)))
        else:
            model.minimize(sum(w * c * v for w, options in zip(weights, part) for c, v in options))
        solver.solve(model)
        for item in part:
            for literal in ([item] if maximize else [v for _, v in item]):
                model.add(literal == solver.boolean_value(literal))


# --- a plan on a position ------------------------------------------------------------------------------

@dataclass
class MoveResult:
    request: MoveRequest
    candidates: list[Candidate] = field(default_factory=list)
    chosen: Candidate | None = None
    block: Block | None = None            # illegal: the blocking hex and the rule
    reason: str = ""                      # "" (moved) | illegal | capacity | alternative
    rule: str = ""                        # the rule that refused it
    explanation: str = ""


@dataclass
class Plan:
    game: str
    side: str
    phase: str
    capacity_rule: str                    # how capacity is pooled, with its rule
    status: str
    objective: float                      # priority-weighted REs / SP moved
    pools: list[Pool]
    used: list[float]
    moves: list[MoveResult]
    increases: list[IncreaseResult] = field(default_factory=list)
    unusable: list[UnusableYard] = field(default_factory=list)


def _scale(numbers) -> int:
    """The least multiplier that makes every number whole (half REs, quarter SP, ...)."""
    scale = 1
    for value in numbers:
        scale = lcm(scale, Fraction(value).limit_denominator(10_000).denominator)
    return scale


def problem_of(results: list[MoveResult], pools: list[Pool]) -> tuple[Problem, int]:
    """The selection problem of the legal requests, in whole numbers, and the scale used."""
    numbers = [p.capacity for p in pools] + [c.cost for r in results for c in r.candidates] \
        + [r.request.size for r in results]
    k = _scale(numbers)
    units: dict[str, list[int]] = {}
    for i, r in enumerate(results):
        if r.request.unit is not None:
            units.setdefault(r.request.unit, []).append(i)
    return Problem(
        values=tuple(round(r.request.priority * r.request.size * k) for r in results),
        options=tuple(tuple((c.pool, round(c.cost * k)) for c in r.candidates) for r in results),
        capacities=tuple(round(p.capacity * k) for p in pools),
        groups=tuple(tuple(g) for g in units.values() if len(g) > 1),
    ), k


def explain_rejections(results: list[MoveResult], pools: list[Pool], used: list[float], cite: str) -> None:
    """Every legal request the plan does not move: its unit moves otherwise, or it did not fit."""
    by_unit = {r.request.unit: r for r in results if r.chosen is not None and r.request.unit is not None}
    for r in results:
        if r.chosen is not None or r.reason:
            continue
        other = by_unit.get(r.request.unit)
        if other is not None:
            r.reason = "alternative"
            if r.request.kind in TSCW_KINDS:
                r.rule = "11.2"
                r.explanation = f"unit {r.request.unit} already moves by {other.request.id}: no unit moves " \
                                "by both rail and sea, nor twice, in a turn"
                continue
            r.rule = "7A2" if other.request.kind != r.request.kind else "one rail move per unit"
            r.explanation = f"unit {r.request.unit} already moves by {other.request.id}: one rail move per unit"
            continue
        r.reason, r.rule = "capacity", cite
        r.explanation = "; ".join(
            f"{pools[c.pool].name}: capacity {pools[c.pool].capacity:g}, this plan uses {used[c.pool]:g}, "
            f"{pools[c.pool].capacity - used[c.pool]:g} free; the move needs {c.cost:g}"
            for c in r.candidates)


def plan(position: Position, map_: Map, orders: Orders, source: str = "scenario", budget=None) -> Plan:
    """The best set of requested moves for `orders.side` on this position (`source` names the
    scenario in errors). `budget(pools, side)`: takes off what the turn has already spent
    (turn/budget.py)."""
    setting = games.of(position, source).rail_setting(position, map_, orders, source)
    results = [MoveResult(req) for req in orders.moves]
    for r in results:
        checked = setting.engine.check(r.request)
        if isinstance(checked, Block):
            r.block, r.reason, r.rule = checked, "illegal", checked.rule
            r.explanation = f"{checked.hex}: {checked.reason} ({checked.rule})"
        else:
            r.candidates = checked
    pools = setting.pools
    if budget is not None:
        budget(pools, orders.side)
    problem, k = problem_of(results, pools)
    selection = solve(problem) if results else Selection("OPTIMAL", 0, ())
    used = [0.0] * len(pools)
    for r, c in zip(results, selection.choice):
        if c is not None:
            r.chosen = r.candidates[c]
            used[r.chosen.pool] += r.chosen.cost
    explain_rejections(results, pools, used, setting.cite)
    return Plan(position.game, orders.side, orders.phase, setting.capacity_rule, selection.status,
                selection.objective / k, pools, used, results, setting.increases, setting.unusable)
