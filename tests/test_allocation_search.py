"""The search for a first answer of large limited-source allocations (12C2; the Palma ruling, AEG
11-Mar-04): `limited.improve`'s neighbourhood searches give legal allocations, never worse than
their start, the same on every run; the path they open gives the plain CP-SAT model's optimum;
and the bound an allocation reports is a true bound."""
import os
import random
import subprocess
import sys
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.games.europa import limited
from logistics.games.europa.allocation_model import allocation_model, ports_of
from logistics.games.europa.limited import QUARTER, Option, allocate, check_claim


def random_instance(seed: int, units: int, sources: int, ports: int, tight: float):
    """Units of 1/2 to 3 REs asking `tight` x the sources' capacity; a third of the lines through
    a minor / standard port of 6 REs (the benchmark's shape, small)."""
    rnd = random.Random(seed)
    sizes = {f"u{k}": rnd.choice([0.5, 1.0, 1.0, 2.0, 3.0]) for k in range(units)}
    names = [f"s{k}" for k in range(sources)]
    port_caps = {f"port of p{k}": 6.0 for k in range(ports)}
    options = [Option(u, s, f"port of p{rnd.randrange(ports)}" if ports and rnd.random() < 1 / 3 else None)
               for u in sizes for s in rnd.sample(names, rnd.randint(1, min(4, sources)))]
    scale = sum(sizes.values()) / tight / sources
    capacities = {s: float(max(1, round(scale * rnd.uniform(0.5, 1.5)))) for s in names}
    return sizes, capacities, options, port_caps


def quarters(sizes, capacities, port_caps):
    return ({u: int(s * QUARTER) for u, s in sizes.items()}, {s: int(c * QUARTER) for s, c in sorted(capacities.items())},
            {p: int(c * QUARTER) for p, c in sorted(port_caps.items())})


def allocate_with_little_work(inst, *patches):
    """`limited.allocate` on a large instance's path (no exact tie-break) with the neighbourhood
    searches held to one unit of CP-SAT's deterministic time and the full model to half a unit;
    `patches`: further (module, name, value) to hold while it runs."""
    from contextlib import ExitStack
    with ExitStack() as stack:
        for module, name, value in ((limited, "TIE_BREAK_OPTIONS", 0), (limited, "LNS_WORK", 1.0),
                                    (limited, "FULL_MODEL_WORK", 0.5), *patches):
            stack.enter_context(mock.patch.object(module, name, value))
        return limited.allocate(*inst)


def plain_optimum(sizes, capacities, options, port_caps) -> int:
    """The plain CP-SAT model solved to optimality from no start: the REs in quarters."""
    from logistics.solver import deterministic_solver
    q, caps, ports = quarters(sizes, capacities, port_caps)
    model, x, _ = allocation_model(q, options, caps, ports)
    solver = deterministic_solver()
    assert solver.Solve(model) == 4                        # cp_model.OPTIMAL
    return sum(q[o.unit] * solver.Value(x[o]) for o in options)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 40), st.integers(1, 8), st.integers(0, 3),
       st.sampled_from([0.9, 1.03, 1.3, 2.0]))
def test_neighbourhood_search_is_legal_and_never_worse_than_its_start(seed, units, sources, ports, tight):
    """12C2 / the Palma ruling: every answer `improve` gives holds each source and each port to
    its REs, gives a unit one source it can trace to, and supplies at least its start's REs,
    with neighbourhoods of two sources (what it keeps outside them counts against the ports)."""
    sizes, capacities, options, port_caps = random_instance(seed, units, sources, ports, tight)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    start = limited.best_fit(q, options, caps, port_q)
    with mock.patch.object(limited, "LNS_SOURCES", 2):    # neighbourhoods smaller than the map
        found = limited.improve(q, options, caps, port_q, start, work=2.0)
    assert len({o.unit for o in found}) == len(found)
    assert check_claim({o.unit: o.source for o in found}, sizes, capacities,
                       [o for o in options if o in found], port_caps) == []
    assert sum(q[o.unit] for o in found) >= sum(q[o.unit] for o in start)
    assert sum(q[o.unit] for o in found) <= plain_optimum(sizes, capacities, options, port_caps)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 40), st.integers(1, 8), st.integers(0, 3),
       st.sampled_from([0.9, 1.03, 1.3, 2.0]))
def test_the_lp_rounding_start_is_legal_and_within_the_lp_bound(seed, units, sources, ports, tight):
    """12C2 / the Palma ruling: the answer rounded from the LP relaxation holds each source and
    each port to its REs and gives a unit one source; the LP bound is at least the plain optimum."""
    sizes, capacities, options, port_caps = random_instance(seed, units, sources, ports, tight)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    bound, values = limited.lp_relaxation(q, options, caps, port_q)
    rounded = limited.lp_rounding(q, options, caps, port_q, values)
    assert len({o.unit for o in rounded}) == len(rounded)
    assert check_claim({o.unit: o.source for o in rounded}, sizes, capacities,
                       [o for o in options if o in rounded], port_caps) == []
    assert sum(q[o.unit] for o in rounded) <= plain_optimum(sizes, capacities, options, port_caps) <= bound


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 30), st.integers(1, 6), st.integers(0, 2),
       st.sampled_from([0.9, 1.03, 1.3]))
def test_the_large_instance_path_gives_the_plain_models_optimum(seed, units, sources, ports, tight):
    """12C2: with the neighbourhood search's start (the path of instances above TIE_BREAK_OPTIONS),
    the allocation is proven optimal, supplies exactly the plain CP-SAT model's optimum, reports
    it as its bound, and is legal."""
    sizes, capacities, options, port_caps = random_instance(seed, units, sources, ports, tight)
    with mock.patch.object(limited, "TIE_BREAK_OPTIONS", 0), mock.patch.object(limited, "first_choices", return_value=None):
        result = allocate(sizes, capacities, options, port_caps)
    assert result.status == "OPTIMAL"
    assert result.supplied_res * QUARTER == plain_optimum(sizes, capacities, options, port_caps)
    assert result.bound == result.supplied_res
    assert check_claim(result.assignment, sizes, capacities, options, port_caps) == []


def test_neighbourhood_search_fills_what_best_fit_leaves_short():
    """On a tight instance (asking 1.03x the capacity) best fit leaves sources short; the
    neighbourhood searches reach the LP relaxation's bound (so the optimum), where best fit is
    10 % or more below it."""
    sizes, capacities, options, port_caps = random_instance(5, 100, 10, 2, 1.03)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    bound, values = limited.lp_relaxation(q, options, caps, port_q)
    start = limited.best_fit(q, options, caps, port_q)
    found = limited.improve(q, options, caps, port_q, start, work=5.0)
    assert sum(q[o.unit] for o in start) < 0.9 * bound
    assert sum(q[o.unit] for o in found) == bound


def test_a_capped_allocation_reports_a_true_bound():
    """An allocation cut short (FEASIBLE: the full model's work limit, FULL_MODEL_WORK) says how far
    it may be from the optimum: its bound is at least the plain model's optimum and at least what
    it supplies."""
    sizes, capacities, options, port_caps = random_instance(7, 400, 40, 4, 1.03)
    with mock.patch.object(limited, "FULL_MODEL_WORK", 0.05), \
            mock.patch.object(limited, "improve", lambda q, o, c, p, first, work=0: first):
        result = allocate(sizes, capacities, options, port_caps)
    assert result.status == "FEASIBLE"
    assert result.bound * QUARTER >= plain_optimum(sizes, capacities, options, port_caps)
    assert result.bound > result.supplied_res


def test_large_allocations_are_the_same_whatever_the_hash_seed_and_the_order_of_lists():
    """Deterministic output: the neighbourhood searches iterate sorted names only, so the answer
    of a large instance does not depend on Python's string hashing or on the order of the lists."""
    code = ("import random, sys\nsys.path.insert(0, 'tests')\n"
            "from test_allocation_search import random_instance\n"
            "from logistics.games.europa import limited\n"
            "limited.TIE_BREAK_OPTIONS = 0\n"
            "sizes, caps, options, ports = random_instance(11, 150, 15, 2, 1.03)\n"
            "if sys.argv[1] == 'shuffled':\n"
            "    rnd = random.Random(1); rnd.shuffle(options)\n"
            "    caps = dict(sorted(caps.items(), reverse=True)); sizes = dict(sorted(sizes.items(), reverse=True))\n"
            "a = limited.allocate(sizes, caps, options, ports)\n"
            "print(a.status, a.supplied_res, sorted(a.assignment.items()))\n")
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=f"{root}{os.pathsep}{os.environ.get('PYTHONPATH', '')}")
    outs = {subprocess.run([sys.executable, "-c", code, order], capture_output=True, text=True, check=True, cwd=root,
                           env=env | {"PYTHONHASHSEED": seed}).stdout
            for seed, order in (("1", "as-is"), ("2", "as-is"), ("3", "shuffled"))}
    assert len(outs) == 1
    assert len(next(iter(outs)).split()) > 100 and next(iter(outs)).startswith("OPTIMAL")


def test_the_model_is_the_one_built_term_by_term():
    """12C2 allocation model (Palma ruling, AEG 11-Mar-04): `allocation_model` builds its capacity rows and
    objective as weighted sums (issue 19: no expression object per term); the model CP-SAT gets is
    the one a Python sum of products gives, term for term, so every search and answer stays the
    same."""
    from ortools.sat.python import cp_model
    for seed in range(4):
        sizes, capacities, options, port_caps = random_instance(seed, 60, 8, 2, 1.05)
        q, caps, ports = quarters(sizes, capacities, port_caps)
        options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
        model, _, _ = allocation_model(q, options, caps, ports)
        reference = cp_model.CpModel()
        x = {o: reference.NewBoolVar(f"x{k}") for k, o in enumerate(options)}

        def by(key):      # each name's options, in the options' order
            return {name: [o for o in options if name in key(o)] for name in sorted({n for o in options for n in key(o)})}
        for opts in by(lambda o: {o.unit}).values():
            reference.AddAtMostOne(x[o] for o in opts)
        for limits, limit_caps in ((by(lambda o: {o.source}), caps), (by(lambda o: ports_of(o, ports)), ports)):
            for name, cap in limit_caps.items():
                if limits.get(name):
                    reference.Add(sum(q[o.unit] * x[o] for o in limits[name]) <= cap)
        reference.Maximize(sum(q[o.unit] * x[o] for o in options))
        assert str(model.Proto()) == str(reference.Proto())
