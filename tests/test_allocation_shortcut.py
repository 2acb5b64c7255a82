"""The limited-source allocation without CP-SAT when every unit's preferred source fits
(12C2; tie-break of docs/naval.md: earlier units, then shorter lines, then source names): the same answer as the
solver, tie-break included, and the solver still runs when a first choice does not fit."""
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from logistics.games.europa import limited
from logistics.games.europa.limited import Option, allocate


@st.composite
def roomy_instances(draw):
    """Often every first choice fits (capacities up to 12 REs), sometimes not."""
    units = [f"u{k}" for k in range(draw(st.integers(1, 6)))]
    sizes = {u: draw(st.sampled_from([0.25, 0.5, 1, 2, 3])) for u in units}
    sources = [f"s{k}" for k in range(draw(st.integers(1, 4)))]
    capacities = {s: draw(st.sampled_from([1, 6, 12])) for s in sources}
    ports = {"p": draw(st.sampled_from([2, 12]))}
    options = []
    for u in draw(st.permutations(units)):
        for s in draw(st.permutations(sources)):
            if draw(st.booleans()):
                options.append(Option(u, s, "p" if draw(st.integers(0, 3)) == 0 else None, draw(st.integers(0, 2))))
    return sizes, capacities, options, ports


@settings(max_examples=150, deadline=None)
@given(roomy_instances())
def test_first_choice_answer_is_the_solver_answer(instance):
    """12C2 allocation: skipping CP-SAT changes nothing, assignment and tie-break included."""
    sizes, capacities, options, ports = instance
    with mock.patch.object(limited, "first_choices", return_value=None):
        solved = allocate(sizes, capacities, options, ports)
    assert allocate(sizes, capacities, options, ports) == solved


def test_first_choices_only_when_every_one_fits():
    """The shortcut answers only when every unit's first-listed source and port have room."""
    q = {"a": 4, "b": 4}
    options = [Option("a", "s"), Option("b", "t"), Option("b", "s")]
    assert limited.first_choices(q, options, ["s", "t"], {"s": 8, "t": 4}, {}) == {options[0], options[2]}
    assert limited.first_choices(q, options, ["t", "s"], {"s": 4, "t": 4}, {}) == {options[0], options[1]}
    assert limited.first_choices(q, options, ["s", "t"], {"s": 7, "t": 4}, {}) is None
    assert limited.first_choices(q, [Option("a", "s", "p")], ["s"], {"s": 4}, {"p": 3}) is None
    assert limited.first_choices({"a": 0}, [Option("a", "s")], ["s"], {"s": 4}, {}) is None


def test_allocation_with_room_for_everyone_imports_no_solver():
    """No OR-Tools import for an allocation every first choice satisfies (start-up, issue 19)."""
    import subprocess
    import sys
    code = ("import sys\nfrom logistics.games.europa.limited import Option, allocate\n"
            "a = allocate({'u': 1}, {'s': 3}, [Option('u', 's')])\n"
            "assert a.assignment == {'u': 's'} and a.status == 'OPTIMAL', a\n"
            "print(any(m.startswith('ortools') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
