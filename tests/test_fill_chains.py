"""Ejection chains before the neighbourhood searches of large limited-source allocations (12C2;
the Palma ruling, AEG 11-Mar-04): every chain keeps each source and port within its REs and
supplies more; on a tight instance they reach the LP bound, so the full model proves the optimum
at once, where the CP-SAT neighbourhoods alone, held to the same small work, stop short."""
import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_allocation_search import allocate_with_little_work, plain_optimum, quarters, random_instance

from logistics.games.europa import fill_chains, limited, small_exchange
from logistics.games.europa.fill_chains import fill_by_chains
from logistics.games.europa.limited import check_claim

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_solvers  # noqa: E402


def supplied(q, chosen) -> int:
    return sum(q[o.unit] for o in chosen)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 60), st.integers(1, 8), st.integers(0, 3),
       st.sampled_from([0.9, 1.03, 1.3, 2.0]), st.integers(0, 4), st.booleans())
def test_chains_keep_every_capacity_and_never_supply_less(seed, units, sources, ports, tight, depth, from_lp):
    """12C2 / the Palma ruling: after the chains every source and every minor / standard port
    holds at most its REs, each unit draws on one source it can trace to, and the REs supplied
    are at least the start's and at most the plain model's optimum."""
    sizes, capacities, options, port_caps = random_instance(seed, units, sources, ports, tight)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    if from_lp:
        start = limited.lp_rounding(q, options, caps, port_q, limited.lp_relaxation(q, options, caps, port_q)[1])
    else:
        start = {o for o in limited.best_fit(q, options, caps, port_q) if random.Random(seed).random() < 0.7}
    found = fill_by_chains(q, options, caps, port_q, start, depth)
    assert found <= set(options)
    assert len({o.unit for o in found}) == len(found)
    assert check_claim({o.unit: o.source for o in found}, sizes, capacities, list(found), port_caps) == []
    assert supplied(q, start) <= supplied(q, found) <= plain_optimum(sizes, capacities, options, port_caps)


def test_chains_move_units_on_and_leave_a_smaller_one_out():
    """12C2: s0 (2 REs) holds u1 (1 RE), which may also use s1 (1 RE, empty); u0 (2 REs) traces
    only to s0. The chain moves u1 to s1 and gives s0 to u0. With s1 unusable, it leaves u1 out
    for the larger u0 (2 REs instead of 1)."""
    Option = limited.Option
    q = {"u0": 8, "u1": 4}
    options = [Option("u0", "s0"), Option("u1", "s0"), Option("u1", "s1")]
    start = {Option("u1", "s0")}
    assert fill_by_chains(q, options, {"s0": 8, "s1": 4}, {}, start) == {Option("u0", "s0"), Option("u1", "s1")}
    assert fill_by_chains(q, options, {"s0": 8, "s1": 0}, {}, start) == {Option("u0", "s0")}
    # the Palma ruling: a move through a full port is no move
    options = [Option("u0", "s0"), Option("u1", "s0"), Option("u1", "s1", "port of p")]
    assert fill_by_chains(q, options, {"s0": 8, "s1": 4}, {"port of p": 0}, start) == {Option("u0", "s0")}


def test_chains_are_the_same_whatever_the_order_of_lists():
    """Deterministic output: units, sources and moves are tried in sorted order, so the chains
    give the same answer however the options and the start are ordered."""
    sizes, capacities, options, port_caps = bench_solvers.allocation_instance(3, 300, 30, 3, tight=True)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    start = limited.best_fit(q, options, caps, port_q)
    answers = set()
    for k in range(3):
        shuffled = list(options)
        random.Random(k).shuffle(shuffled)
        answers.add(frozenset(fill_by_chains(q, shuffled, dict(reversed(caps.items())), port_q, set(start))))
    assert len(answers) == 1
    assert supplied(q, next(iter(answers))) > supplied(q, start)


def test_a_tight_instance_is_proven_at_once_where_the_neighbourhoods_alone_stop_short():
    """12C2 / the Palma ruling, the benchmark's tight shape (asking 1.03x the capacity) at 400
    units / 40 sources / 4 ports: the chains take the LP rounding to the LP bound, and the full
    model proves it; with the neighbourhood searches and the full model each held to half a unit
    of CP-SAT's deterministic time (`improved_start` gives each of its two starts half of
    LNS_WORK), the search without the chains stops FEASIBLE below it. Two runs give the same
    assignment. The small units' exchange after the searches (small_exchange.py, which also
    reaches the bound here) is left out, so that the chains alone are judged."""
    inst = bench_solvers.allocation_instance(0, 400, 40, 4, tight=True)
    results = {name: allocate_with_little_work(inst, (small_exchange, "SMALL_OPTIONS", 0),
                                               (fill_chains, "fill_by_chains", chains))
               for name, chains in (("chains", fill_by_chains), ("chains again", fill_by_chains),
                                    ("neighbourhoods alone", lambda q, options, caps, ports, first: first))}
    assert results["chains"].status == "OPTIMAL"
    assert results["chains"].supplied_res == results["chains"].bound == 552.0
    assert results["chains"].assignment == results["chains again"].assignment
    assert results["neighbourhoods alone"].status == "FEASIBLE"
    assert results["neighbourhoods alone"].supplied_res < 552.0


def test_the_plain_start_is_searched_when_the_chains_stop_short():
    """12C2: `improved_start` keeps the search from the chains' answer (half the work) when it
    reaches the bound; else it gives the search from the start itself with all the work, as
    without the chains, even when the chains' search supplied more."""
    Option = limited.Option
    q = {"u0": 4, "u1": 4}
    a, b = Option("u0", "s0"), Option("u1", "s0")
    options = [a, b]
    calls = []

    def fake(answers):
        def improve(q, options, caps, ports, first, work, target):
            calls.append((frozenset(first), work, target))
            return answers[frozenset(first)]
        return improve
    start = {a}
    chained = fill_by_chains(q, options, {"s0": 8}, {}, start)
    assert chained == {a, b}
    assert fill_chains.improved_start(fake({frozenset(chained): {a, b}}), q, options, {"s0": 8}, {}, start, 8, 2.0) \
        == {a, b}
    assert calls == [(frozenset(chained), 1.0, 8)]
    calls.clear()
    # the chains' search stops short of the bound (9): the plain start's search, whatever it supplies
    got = fill_chains.improved_start(fake({frozenset(chained): {a, b}, frozenset(start): {a}}), q, options,
                                     {"s0": 9}, {}, start, 9, 2.0)
    assert got == {a}
    assert calls == [(frozenset(chained), 1.0, 9), (frozenset(start), 2.0, 9)]


def test_the_chains_answer_is_repaired_before_the_plain_start_is_searched():
    """12C2: when the search from the chains' answer stops short of the bound, `improved_start`
    first repairs that answer (the exchange of sizes); the plain start is searched (all the work)
    and then repaired only when the repair of the chains' answer supplies nothing more."""
    Option = limited.Option
    q = {"u0": 4, "u1": 4}
    a, b = Option("u0", "s0"), Option("u1", "s0")
    options, start = [a, b], {a}
    chained = fill_by_chains(q, options, {"s0": 9}, {}, start)
    calls, repairs = [], []

    def fake(answers):
        def improve(q, options, caps, ports, first, work, target):
            calls.append((frozenset(first), work, target))
            return answers[frozenset(first)]
        return improve

    def repair(table):
        def repaired(chosen):
            repairs.append(frozenset(chosen))
            return table.get(frozenset(chosen), chosen)
        return repaired
    # the repair of the chains' answer ({a}) supplies more ({a, b}): the plain start is never searched
    got = fill_chains.improved_start(fake({frozenset(chained): {a}}), q, options, {"s0": 9}, {}, start, 9, 2.0,
                                     repair({frozenset({a}): {a, b}}))
    assert got == {a, b}
    assert calls == [(frozenset(chained), 1.0, 9)]
    assert repairs == [frozenset({a})]
    calls.clear()
    repairs.clear()
    # the repair gains nothing: the plain start's search, then its repair
    got = fill_chains.improved_start(fake({frozenset(chained): {a}, frozenset(start): {b}}), q, options,
                                     {"s0": 9}, {}, start, 9, 2.0, repair({frozenset({b}): {a, b}}))
    assert got == {a, b}
    assert calls == [(frozenset(chained), 1.0, 9), (frozenset(start), 2.0, 9)]
    assert repairs == [frozenset({a}), frozenset({b})]
    repairs.clear()
    # the plain search reaches the bound (8): not repaired
    got = fill_chains.improved_start(fake({frozenset(chained): {a}, frozenset(start): {a, b}}), q, options,
                                     {"s0": 8}, {}, start, 8, 2.0, repair({}))
    assert got == {a, b}
    assert repairs == [frozenset({a})]


def test_a_tight_instance_reaches_its_bound_by_repairing_the_chains_answer():
    """12C2 / the Palma ruling, the benchmark's tight shape at 400 units / 40 sources / 4 ports,
    seed 12, with little work: the search from the chains' answer stops short of the bound, the
    exchange of sizes takes that answer to the bound (589 REs, proven), and the plain start is
    never searched. The answer is legal."""
    inst = bench_solvers.allocation_instance(12, 400, 40, 4, tight=True)
    plain, exchange = limited.improve, small_exchange.exchange_by_sizes
    firsts, exchanged = [], []

    def counted(q, options, caps, ports, first, work=limited.LNS_WORK, target=None):
        firsts.append(work)
        return plain(q, options, caps, ports, first, work, target)

    def recorded(q, options, caps, ports, start, bound, work=small_exchange.SIZES_WORK):
        better = exchange(q, options, caps, ports, start, bound, work)
        exchanged.append((supplied(q, start), supplied(q, better), bound))
        return better
    found = allocate_with_little_work(inst, (limited, "improve", counted),
                                      (small_exchange, "exchange_by_sizes", recorded))
    assert found.status == "OPTIMAL"
    assert found.supplied_res == found.bound == 589.0
    assert firsts == [0.5]                   # the chains' search alone (half of LNS_WORK)
    assert [(before < bound, after == bound) for before, after, bound in exchanged] == [(True, True)]
    sizes, capacities, options, port_caps = inst
    assert check_claim(found.assignment, sizes, capacities, options, port_caps) == []
