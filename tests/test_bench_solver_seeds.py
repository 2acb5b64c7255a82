"""benchmarks/bench_solvers.py --seeds: the tight allocation (12C2, the Palma ruling, AEG
11-Mar-04) run on several seeds, each seed's status, answer and bounds printed for the report."""
import sys
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import bench_solvers  # noqa: E402


def test_seed_lists_take_ranges_and_single_seeds():
    assert bench_solvers.seed_list("1-6") == [1, 2, 3, 4, 5, 6]
    assert bench_solvers.seed_list("1,3,5") == [1, 3, 5]
    assert bench_solvers.seed_list("1-3,7") == [1, 2, 3, 7]
    assert bench_solvers.seed_list("4") == [4]


def test_each_seed_prints_its_own_instance_status_answer_and_bounds(capsys):
    """Each seed is its own instance (a small one here), solved once: its answer never above the
    LP bound, and a proven answer equal to its bound."""
    small = bench_solvers.allocation_instance

    def tiny(seed, units=1000, sources=100, ports=10, tight=False):
        return small(seed, 40, 6, 2, tight=tight)
    with mock.patch.object(bench_solvers, "allocation_instance", tiny):
        rows = bench_solvers.tight_seeds([1, 2, 3])
    assert [r["seed"] for r in rows] == [1, 2, 3]
    assert len({r["lp_bound"] for r in rows}) > 1            # three instances, not one
    for r in rows:
        assert r["supplied_res"] <= r["lp_bound"] + 1e-6
        if r["status"] == "OPTIMAL":
            assert r["solver_bound"] == r["supplied_res"]
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| seed | status")
    assert [line.split(" | ")[0] for line in lines[2:]] == ["| 1", "| 2", "| 3"]
