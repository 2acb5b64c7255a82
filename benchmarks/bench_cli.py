"""Start-up benchmark (issue 19): the command line end to end, as a player runs it.

Not part of .ci/run or pytest. Run: /work/venv/bin/python benchmarks/bench_cli.py [--repeat N]
Each command runs N times (default 9) in a fresh interpreter, the commands interleaved so that the
machine's drift hits them alike; the median and the spread (min-max) are printed against the
targets, with the floor of a bare `python -c pass` and, from one `python -X importtime` run per
command, the heaviest imports and whether OR-Tools was imported. Writes benchmarks/results_cli.json.
Modules run from their bytecode cache, as in an installed package (pip compiles on install): the
cache goes to a folder in the system's temporary directory, written by the first, untimed run of
each command, even where PYTHONDONTWRITEBYTECODE is set (which would compile every module on every
run: 65 ms of `logistics supply`).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, str(ROOT / "cli.py")]
COMMANDS = {                     # name: (argv, target seconds or None, may it import OR-Tools)
    "python -c pass": ([sys.executable, "-c", "pass"], None, False),
    "logistics --help": ([*CLI, "--help"], 0.15, False),
    "logistics supply aug-1936": ([*CLI, "supply", "scenarios/fwtbt/aug-1936.yaml"], 0.35, False),
    "logistics supply aug-1936 --explain": ([*CLI, "supply", "scenarios/fwtbt/aug-1936.yaml", "--explain"], None, False),
    "logistics show example-9-5": ([*CLI, "show", "scenarios/tscw/example-9-5.yaml"], None, False),
    "logistics rail plan aug-1936": ([*CLI, "rail", "plan", "scenarios/fwtbt/aug-1936.yaml",
                                      "scenarios/fwtbt/aug-1936.moves.yaml"], None, True),
}


def environment() -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONPYCACHEPREFIX=str(Path(tempfile.gettempdir()) / "logistics-bench-pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def import_profile(argv: list[str], top: int = 4) -> tuple[bool, list[tuple[str, float]]]:
    """Whether OR-Tools is imported, and the top-level modules that cost most (cumulative ms)."""
    out = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], cwd=ROOT, env=environment(),
                         capture_output=True, text=True, check=True)
    costs, ortools = {}, False
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line[12:]:
            continue
        _, cumulative, name = line[12:].split("|")
        if name.strip().startswith("ortools"):
            ortools = True
        if cumulative.strip().isdigit() and not name.startswith("  "):     # top-level imports only
            costs[name.strip()] = int(cumulative) / 1000
    return ortools, sorted(costs.items(), key=lambda kv: -kv[1])[:top]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    for argv, _, _ in COMMANDS.values():          # warm the file cache, check every command works
        run_once(argv)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.repeat):                    # interleaved
        for name, (argv, _, _) in COMMANDS.items():
            times[name].append(run_once(argv))
    rows, failed = [], False
    print(f"{'command':40} {'median s':>9} {'min-max s':>13} {'target':>7}  ortools  heaviest imports (ms)")
    for name, (argv, target, may_solve) in COMMANDS.items():
        median = statistics.median(times[name])
        ortools, heavy = import_profile(argv) if argv[1:2] != ["-c"] else (False, [])
        verdict = "" if target is None else ("met" if median <= target else "MISSED")
        if ortools and not may_solve:
            verdict, failed = "ORTOOLS IMPORTED", True
        print(f"{name:40} {median:9.3f} {min(times[name]):6.3f}-{max(times[name]):.3f} "
              f"{'' if target is None else f'<= {target}':>7}  {'yes' if ortools else 'no':7}  "
              + ", ".join(f"{m} {ms:.0f}" for m, ms in heavy) + f"  {verdict}")
        rows.append({"command": name, "argv": argv[1:], "times": times[name], "median": median, "target": target,
                     "met": None if target is None else median <= target, "imports_ortools": ortools,
                     "heaviest_imports_ms": heavy})
    (ROOT / "benchmarks" / "results_cli.json").write_text(json.dumps({
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "load": os.getloadavg()},
        "repeat": args.repeat, "commands": rows}, indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
