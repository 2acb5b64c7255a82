"""The fuzz suite (docs/reliability.md): seeded mutations of the bundled maps, scenarios and moves
files run through validate, supply, naval, rail, rail plan, render and turn next. Each case: exit
0 or 1, never 2; one error line naming a file of the case; no raw control character; under 5 s;
a mutation that always breaks the input is never accepted. A few hundred cases run with the
suite; `pytest -m fuzz` runs thousands more."""
from __future__ import annotations

import pytest
from fuzz_harness import run_case, summary, workspace_at

FAST = range(250)
ON_DEMAND_CHUNKS = [range(10_000 + 500 * k, 10_000 + 500 * (k + 1)) for k in range(12)]   # 6,000 cases


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    return workspace_at(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("seed", FAST)
def test_a_mutated_input_gives_a_verdict_or_one_error_line(workspace, seed):
    outcome = run_case(seed, workspace)
    case = outcome.case
    assert outcome.problem is None, f"seed {seed}: {case.kind} of {case.target}, {case.command}: {outcome.problem}"


@pytest.mark.fuzz
@pytest.mark.parametrize("seeds", ON_DEMAND_CHUNKS, ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_thousands_of_mutated_inputs(workspace, seeds):
    outcomes = [run_case(seed, workspace) for seed in seeds]
    print("\n" + summary(outcomes))
    bad = [f"seed {o.case.seed}: {o.case.kind} of {o.case.target}, {o.case.command}: {o.problem}"
           for o in outcomes if o.problem]
    assert not bad, "\n".join(bad[:20])
