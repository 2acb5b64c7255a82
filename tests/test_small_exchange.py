"""The small units exchanged over every source at once, after the neighbourhood searches of a large
limited-source allocation stall (12C2; the Palma ruling, AEG 11-Mar-04): the answer keeps every
source and port within its REs, never supplies less, moves no unit larger than SMALL_RES, and on
tight instances takes the stalled answer to the LP bound, which the full model then proves."""
import sys
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from test_allocation_search import allocate_with_little_work, plain_optimum, quarters, random_instance

from logistics.games.europa import limited, small_exchange
from logistics.games.europa.allocation_model import QUARTER
from logistics.games.europa.limited import Option, check_claim
from logistics.games.europa.small_exchange import exchange_units

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_solvers  # noqa: E402

SMALL_RES, SMALL_WORK = 1.0, 10.0      # the twelfth round's exchange: brigades or smaller, 10 units


def exchange_small_units(q, options, capacities, port_caps, start):
    """`exchange_units` with the units of at most SMALL_RES freed (and the unsupplied ones): the
    smallest of the sets of sizes `exchange_by_sizes` frees in turn."""
    small = {size for size in q.values() if size <= SMALL_RES * QUARTER}
    return exchange_units(q, options, capacities, port_caps, start, small, SMALL_WORK)[0]


def supplied(q, chosen) -> int:
    return sum(q[o.unit] for o in chosen)


def test_a_small_unit_moves_to_make_room_and_the_large_one_stays():
    """12C2: s0 holds 3 REs, s1 1 RE. The 2-RE unit g stays on s0; the 1-RE unit a, on s1 in the
    start, moves to s0's last RE so that b (1 RE, only s1) is supplied too: 4 REs, every source full."""
    q = {"g": 8, "a": 4, "b": 4}
    g, a0, a1, b1 = Option("g", "s0"), Option("a", "s0"), Option("a", "s1"), Option("b", "s1")
    options = [a0, a1, b1, g]
    assert exchange_small_units(q, options, {"s0": 12, "s1": 4}, {}, {g, a1}) == {g, a0, b1}


def test_a_large_unit_is_never_moved():
    """12C2: the same, but only the 2-RE unit g could make room (it alone may leave s0 for s2): the
    exchange moves no unit larger than SMALL_RES, so the start stands."""
    q = {"g": 8, "a": 4, "b": 4}
    g0, g2, a0, b0 = Option("g", "s0"), Option("g", "s2"), Option("a", "s0"), Option("b", "s0")
    start = {g0, a0}
    assert exchange_small_units(q, [a0, b0, g0, g2], {"s0": 12, "s2": 8}, {}, start) is start


def test_a_port_full_of_small_units_is_freed():
    """The Palma ruling: a port of 1 RE carries a's line to s0; a moves to s1 by land so that b,
    whose only line runs through that port, is supplied."""
    q = {"a": 4, "b": 4}
    a0, a1, b0 = Option("a", "s0", "port of p"), Option("a", "s1"), Option("b", "s0", "port of p")
    found = exchange_small_units(q, [a0, a1, b0], {"s0": 4, "s1": 4}, {"port of p": 4}, {a0})
    assert found == {a1, b0}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 40), st.integers(1, 8), st.integers(0, 3),
       st.sampled_from([0.9, 1.03, 1.3, 2.0]))
def test_the_exchange_is_legal_and_never_worse_than_its_start(seed, units, sources, ports, tight):
    """12C2 / the Palma ruling: each source and port holds at most its REs, each unit draws on one
    source it can trace to, the larger units keep their sources, and the REs supplied are at least
    the start's and at most the plain model's optimum."""
    sizes, capacities, options, port_caps = random_instance(seed, units, sources, ports, tight)
    q, caps, port_q = quarters(sizes, capacities, port_caps)
    options = sorted(options, key=lambda o: (o.unit, o.source, o.via or ""))
    start = limited.best_fit(q, options, caps, port_q)
    found = exchange_small_units(q, options, caps, port_q, start)
    assert found <= set(options)
    assert len({o.unit for o in found}) == len(found)
    assert check_claim({o.unit: o.source for o in found}, sizes, capacities, list(found), port_caps) == []
    assert {o for o in start if sizes[o.unit] > SMALL_RES} <= found
    assert supplied(q, start) <= supplied(q, found) <= plain_optimum(sizes, capacities, options, port_caps)


def test_too_many_options_are_left_alone():
    """Above SMALL_OPTIONS freed options the exchange is skipped (at 10x the tight benchmark it
    gained nothing within its work): the start is returned as it is."""
    q = {"a": 4, "b": 4}
    a1, b1, a0 = Option("a", "s1"), Option("b", "s1"), Option("a", "s0")
    with mock.patch.object(small_exchange, "SMALL_OPTIONS", 2):
        start = {a1}
        assert exchange_small_units(q, [a0, a1, b1], {"s0": 4, "s1": 4}, {}, start) is start
    assert exchange_small_units(q, [a0, a1, b1], {"s0": 4, "s1": 4}, {}, {a1}) == {a0, b1}


def test_a_tight_instance_is_proven_where_the_neighbourhoods_stop_short():
    """12C2 / the Palma ruling, the benchmark's tight shape (asking 1.03x the capacity) at 400 units
    / 40 sources / 4 ports, seed 1, the neighbourhood searches and the full model each held to a
    unit of CP-SAT's deterministic time or less: with the exchange the answer reaches the LP bound
    (579 REs) and is proven; without it the allocation stops FEASIBLE below. Two runs agree."""
    inst = bench_solvers.allocation_instance(1, 400, 40, 4, tight=True)
    results = {name: allocate_with_little_work(inst, (small_exchange, "SMALL_OPTIONS", options))
               for name, options in (("exchange", small_exchange.SMALL_OPTIONS),
                                     ("again", small_exchange.SMALL_OPTIONS), ("none", 0))}
    assert results["exchange"].status == "OPTIMAL"
    assert results["exchange"].supplied_res == results["exchange"].bound == 579.0
    assert results["exchange"].assignment == results["again"].assignment
    assert results["none"].status == "FEASIBLE"
    assert results["none"].supplied_res < 579.0
