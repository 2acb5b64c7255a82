"""The CP-SAT limited-source allocation: proven optimal, agrees with brute force, checks claims;
and the naval supply limits as a max-flow (3A3 / 12H sizes)."""
import itertools
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.games.europa.limited import Option, allocate, check_claim
from logistics.games.europa.naval import naval_flow
from logistics.games.europa.rules import EuropaRules
from logistics.position import NavalGroup
from logistics.rulings.cases.europa_naval import strait


def brute_force(sizes, capacities, options, port_caps):
    best = 0.0
    by_unit = {u: [None] + [o for o in options if o.unit == u] for u in sizes}
    for choice in itertools.product(*by_unit.values()):
        chosen = [o for o in choice if o is not None]
        if any(sum(sizes[o.unit] for o in chosen if o.source == s) > c for s, c in capacities.items()):
            continue
        if any(sum(sizes[o.unit] for o in chosen if o.via == p or o.source == p) > c for p, c in port_caps.items()):
            continue
        best = max(best, sum(sizes[o.unit] for o in chosen))
    return best


@st.composite
def instances(draw):
    units = [f"u{k}" for k in range(draw(st.integers(1, 5)))]
    sizes = {u: draw(st.sampled_from([0.5, 1, 2, 3])) for u in units}
    sources = [f"s{k}" for k in range(draw(st.integers(1, 3)))]
    capacities = {s: draw(st.sampled_from([1, 3, 6])) for s in sources}
    ports = {"p": draw(st.sampled_from([2, 6]))}
    options = []
    for u in units:
        for s in sources:
            if draw(st.booleans()):
                options.append(Option(u, s, "p" if draw(st.booleans()) else None))
    return sizes, capacities, options, ports


@settings(max_examples=60, deadline=None)
@given(instances())
def test_cp_sat_allocation_is_optimal_and_agrees_with_brute_force(instance):
    sizes, capacities, options, ports = instance
    result = allocate(sizes, capacities, options, ports)
    assert result.status == "OPTIMAL"
    assert result.supplied_res == brute_force(sizes, capacities, options, ports)
    assert check_claim(result.assignment, sizes, capacities, options, ports) == []


def test_allocation_is_deterministic_and_prefers_earlier_units():
    sizes = {"a": 1, "b": 1}
    options = [Option("a", "s"), Option("b", "s")]
    assert allocate(sizes, {"s": 1}, options).assignment == {"a": "s"}
    assert allocate(sizes, {"s": 1}, options) == allocate(sizes, {"s": 1}, options)


def test_a_players_claim_is_checked_against_lines_and_capacities():
    sizes = {"a": 2, "b": 2}
    options = [Option("a", "Ceuta", "port of Palma"), Option("b", "Ceuta", "port of Palma")]
    problems = check_claim({"a": "Ceuta", "b": "Ceuta", "c": "Ceuta"}, sizes, {"Ceuta": 3}, options,
                           {"port of Palma": 6})
    assert "c needs no limited supply or is unknown" in problems
    assert "Ceuta gives 3 REs but 4 REs draw on it (12C2)" in problems
    assert check_claim({"a": "Gijon"}, sizes, {"Ceuta": 3}, options) == ["Gijon is not a limited source"]


def test_naval_supply_limits_port_capacity_transport_and_zones_3A3_12H_AEG_1998():
    m, p = strait([], ceuta="Loyalist")
    p = replace(p, naval_groups=(NavalGroup("NT", "Loyalist", "transport", m.hex_at("0802"), capacity=10),))
    rules = EuropaRules()
    flow = naval_flow(p, m, rules, "Loyalist", ["Bilbao"], ["Cartagena"])
    assert flow.res == 4 and flow.limited_by == "ports"          # major port capacity 4 (placeholder chart)
    assert (flow.general_supply_points, flow.resource_points, flow.attack_steps) == (16, 4, 1)
    small = replace(p, naval_groups=(NavalGroup("NT", "Loyalist", "transport", m.hex_at("0802"), capacity=1.5),))
    assert naval_flow(small, m, rules, "Loyalist", ["Bilbao"], ["Cartagena"]).limited_by == "transport"
    closed = replace(p, owner={**p.owner, m.hex_at("1005"): "Insurgent"})
    assert naval_flow(closed, m, rules, "Loyalist", ["Bilbao"], ["Cartagena"]).res == 0


def test_large_instances_start_from_a_filled_answer_and_are_proven_optimal():
    """Above TIE_BREAK_OPTIONS the solver starts from best fit improved by neighbourhood
    searches; the answer is a legal allocation, proven optimal, at least as good as the start, and
    the same on every run."""
    import random

    from logistics.games.europa.limited import QUARTER, TIE_BREAK_OPTIONS, best_fit, improve
    rnd = random.Random(3)
    sizes = {f"u{k}": rnd.choice([0.5, 1.0, 2.0, 3.0]) for k in range(700)}
    capacities = {f"s{k}": float(rnd.choice([3, 6, 9, 12])) for k in range(70)}
    ports = {f"port of p{k}": 6.0 for k in range(7)}
    options = [Option(u, s, f"port of p{rnd.randrange(7)}" if rnd.random() < 1 / 3 else None)
               for u in sizes for s in rnd.sample(sorted(capacities), rnd.randint(2, 5))]
    assert len(options) > TIE_BREAK_OPTIONS
    result = allocate(sizes, capacities, options, ports)
    assert result.status == "OPTIMAL"
    assert check_claim(result.assignment, sizes, capacities, options, ports) == []
    q = {u: int(s * QUARTER) for u, s in sizes.items()}
    caps = {s: int(c * QUARTER) for s, c in capacities.items()}
    port_q = {p: int(c * QUARTER) for p, c in ports.items()}
    start = best_fit(q, options, caps, port_q)
    improved = improve(q, options, caps, port_q, start)
    assert sum(q[o.unit] for o in improved) >= sum(q[o.unit] for o in start)
    assert result.supplied_res * QUARTER >= sum(q[o.unit] for o in improved)
    assert allocate(sizes, capacities, options, ports).assignment == result.assignment
