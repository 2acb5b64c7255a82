"""The rail planner: proven optimal on its cases, the same as brute force on small random
instances, deterministic, and every request it does not move is explained."""
import itertools
import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.rail.planner import Problem, solve
from logistics.report.rail import plan_json
from logistics.rulings.builders import unit
from logistics.rulings.rail_builders import MAIN, cargo, result, run, two_yards


def brute_force(problem: Problem) -> int:
    """The best objective by trying every choice of candidate (or none) for every request."""
    best = 0
    for choice in itertools.product(*[[None, *range(len(opts))] for opts in problem.options]):
        used = [0] * len(problem.capacities)
        for r, c in enumerate(choice):
            if c is not None:
                pool, cost = problem.options[r][c]
                used[pool] += cost
        if any(u > cap for u, cap in zip(used, problem.capacities)):
            continue
        if any(sum(choice[r] is not None for r in group) > 1 for group in problem.groups):
            continue
        best = max(best, sum(v for v, c in zip(problem.values, choice) if c is not None))
    return best


def feasible(problem: Problem, choice) -> bool:
    used = [0] * len(problem.capacities)
    for r, c in enumerate(choice):
        if c is not None:
            pool, cost = problem.options[r][c]
            used[pool] += cost
    return all(u <= cap for u, cap in zip(used, problem.capacities)) and \
        all(sum(choice[r] is not None for r in group) <= 1 for group in problem.groups)


@st.composite
def problems(draw):
    pools = draw(st.integers(1, 3))
    n = draw(st.integers(1, 6))
    options = tuple(tuple((draw(st.integers(0, pools - 1)), draw(st.integers(1, 6)))
                          for _ in range(draw(st.integers(0, 2)))) for _ in range(n))
    values = tuple(draw(st.integers(0, 9)) for _ in range(n))
    capacities = tuple(draw(st.integers(0, 10)) for _ in range(pools))
    members = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
    groups = (tuple(members),) if len(members) > 1 else ()
    return Problem(values, options, capacities, groups)


@settings(max_examples=150, deadline=None)
@given(problems())
def test_cp_sat_agrees_with_brute_force_on_small_random_instances(problem):
    selection = solve(problem)
    assert selection.status == "OPTIMAL"
    assert selection.objective == brute_force(problem)
    assert feasible(problem, selection.choice)
    assert sum(v for v, c in zip(problem.values, selection.choice) if c is not None) == selection.objective


def test_plan_is_proven_optimal_where_taking_the_biggest_move_first_is_not():
    m, p = two_yards(west=2, east=3)                        # one net of 5 REs
    the_plan = run(p, m, cargo("four", m, "0205", "0905", size=4, priority=2),
                   cargo("three", m, "0305", "0805", size=3, priority=2),
                   cargo("two", m, "0405", "0705", size=2, priority=2))
    assert the_plan.status == "OPTIMAL" and the_plan.objective == 10
    assert [r.request.id for r in the_plan.moves if r.chosen] == ["three", "two"]
    four = result(the_plan, "four")
    assert four.reason == "capacity" and "capacity 5, this plan uses 5, 0 free; the move needs 4" in four.explanation


def test_priority_weights_the_REs_moved():
    m, p = two_yards(west=1, east=2)
    the_plan = run(p, m, cargo("bulk", m, "0205", "0905", size=3, priority=1),
                   cargo("urgent", m, "0305", "0805", size=2, priority=2))
    assert the_plan.status == "OPTIMAL" and the_plan.objective == 4
    assert [r.request.id for r in the_plan.moves if r.chosen] == ["urgent"]


def test_ties_go_to_the_request_earlier_in_the_file_and_output_never_varies():
    m, p = two_yards(west=1, east=0)
    requests = [cargo(f"m{i}", m, "0205", "0505") for i in range(4)]
    the_plan = run(p, m, *requests)
    assert [r.request.id for r in the_plan.moves if r.chosen] == ["m0"]
    first = json.dumps(plan_json(the_plan, m), sort_keys=False)
    assert all(json.dumps(plan_json(run(p, m, *requests), m)) == first for _ in range(3))


def _random_position(rng: random.Random):
    """The Main line with random owners, breaks, unpacified cities and enemy units."""
    m, p = two_yards(west=rng.randint(0, 4), east=rng.randint(0, 4),
                     options={"isolated_rail_sections": rng.random() < 0.5})
    owner = dict(p.owner)
    for hid in rng.sample(MAIN, 2):
        owner[m.hex_at(hid)] = rng.choice(["Insurgent", "Loyalist", "Loyalist"])
    enemies = [unit(f"E{i}", "Nationalist", f"{rng.randint(1, 11):02d}0{rng.choice([3, 4, 6, 7])}", m)
               for i in range(rng.randint(0, 1))]
    p = replace(p, owner=owner, units=tuple(enemies),
                rail_breaks=frozenset(m.hex_at(h) for h in rng.sample(MAIN, rng.randint(0, 1))),
                unpacified=frozenset(m.hex_at(h) for h in rng.sample(MAIN, rng.randint(0, 1))))
    requests = []
    for i in range(rng.randint(1, 5)):
        a, b = rng.sample(MAIN, 2)
        requests.append(cargo(f"r{i}", m, a, b, size=rng.choice([0.5, 1, 2, 3]), priority=rng.randint(0, 3)))
    return m, p, requests


def test_whole_plans_on_random_positions_agree_with_brute_force_and_explain_every_rejection():
    from logistics.rail.planner import problem_of
    rng = random.Random(20260101)
    for _ in range(40):
        m, p, requests = _random_position(rng)
        the_plan = run(p, m, *requests)
        problem, scale = problem_of(the_plan.moves, the_plan.pools)
        assert the_plan.status == "OPTIMAL"
        assert round(the_plan.objective * scale) == brute_force(problem)
        for r in the_plan.moves:
            if r.chosen is None:
                assert r.reason in ("illegal", "capacity", "alternative") and r.explanation and r.rule
                if r.reason == "illegal":
                    assert r.block.hex in MAIN and r.block.rule
        for pool, used in zip(the_plan.pools, the_plan.used):
            assert used <= pool.capacity + 1e-9


def sequential_tie_break(problem: Problem) -> tuple:
    """The documented tie-break one CP-SAT check at a time: hold the optimum; for each request in
    file order keep it if it can still be kept; then for each kept request take the first
    candidate that can still be taken."""
    from ortools.sat.python import cp_model

    from logistics.rail.planner import build_model
    from logistics.solver import deterministic_solver

    model, x, chosen, objective = build_model(problem)
    solver = deterministic_solver()
    solver.solve(model)
    model.add(objective >= round(solver.objective_value))
    model.clear_objective()

    def can(literal) -> bool:
        model.clear_assumptions()
        model.add_assumptions(fixed + [literal])
        return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    fixed = []
    kept = []
    for y in chosen:
        kept.append(can(y))
        fixed.append(y if kept[-1] else y.Not())
    choice = []
    for r, xs in enumerate(x):
        c = next((c for c, v in enumerate(xs) if can(v)), None) if kept[r] else None
        if c is not None:
            fixed.append(xs[c])
        choice.append(c)
    return tuple(choice)


def test_the_block_tie_break_equals_one_check_per_request_on_instances_larger_than_a_block():
    """The tie-break settles blocks of requests with weighted objectives; it must give exactly the
    plan of one feasibility check per request (and per candidate) in file order."""
    rng = random.Random(7)
    for _ in range(3):
        n, pools = 70, 3
        options = tuple(tuple((rng.randrange(pools), rng.randint(1, 4)) for _ in range(rng.randint(0, 3)))
                        for _ in range(n))
        problem = Problem(values=tuple(rng.randint(1, 3) for _ in range(n)), options=options,
                          capacities=tuple(rng.randint(10, 25) for _ in range(pools)))
        assert solve(problem).choice == sequential_tie_break(problem)
