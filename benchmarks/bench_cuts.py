"""Cut benchmarks (issue [Q]): time to the top 10 cuts of one side (`find_cuts`) against a naive
baseline, on the seeded synthetic maps of 10k and 100k hexes, in one process, interleaved.

    /work/venv/bin/python benchmarks/bench_cuts.py [--sizes 10000,100000] [--seed 1] [--side Loyalist]

Rows per size:
- ours: `find_cuts(position, map, side, top=10)`: candidates (line, source and 12C1 connection
  hexes; max-flow pairs), each screened by judging only the units it may cut, best bound first,
  stopping once no untried candidate can enter the top 10; the whole position re-judged for each
  cut kept. Wall and CPU time, the number of candidates and of positions judged;
- ours, singles: the same with `max_size=1` (one hex at a time: no max-flow, still exact);
- baseline: what a player would do without the analysis: re-judge the whole position once per
  hex of the side's lines (`verdicts()` with an enemy unit there), singles only, no pairs. Run on
  a sample of the candidates, interleaved with ours, and scaled to all of them (said in the
  output).
CPU time is reported beside wall time: other jobs on the machine slow the wall clock.
Not part of .ci/run or pytest. Writes benchmarks/results_cuts.json.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_supply import machine  # noqa: E402
from synthetic import synthetic  # noqa: E402

from logistics import games  # noqa: E402
from logistics.analysis.cuts import CutSearch, find_cuts  # noqa: E402
from logistics.analysis.whatif import taken  # noqa: E402
from logistics.network import index_of  # noqa: E402

HERE = Path(__file__).resolve().parent
# hexes: (units, repetitions of ours, baseline candidates sampled per repetition)
SIZES = {10_000: (500, 3, 20), 100_000: (5_000, 1, 5)}


def clocks(fn):
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def bench_size(n_hexes: int, seed: int, side: str, log) -> dict:
    n_units, reps, sample = SIZES[n_hexes]
    syn = synthetic(n_hexes, n_units, seed)
    m, p = syn.map, syn.position
    index_of(m)
    search = CutSearch(p, m, side)
    line_hexes = sorted({m.hex_at(step.hex) for u in search.targets for step in search.base[u].line[1:]
                         if step.hex and m.hex_at(step.hex) in m and search.placeable(m.hex_at(step.hex))},
                        key=m.hex_id)
    stride = max(1, len(line_hexes) // (sample * reps))
    chosen = line_hexes[::stride][: sample * reps]
    ours, singles, base = [], [], []
    report = None
    for k in range(reps):                          # interleaved: ours, then a slice of the baseline
        wall, cpu, report = clocks(lambda: find_cuts(p, m, side, top=10))
        ours.append((wall, cpu))
        wall, cpu, _ = clocks(lambda: find_cuts(p, m, side, top=10, max_size=1))
        singles.append((wall, cpu))
        part = chosen[k * sample:(k + 1) * sample]
        wall, cpu, _ = clocks(lambda: [games.supply_engine(p.apply(taken(m, search.enemy, [h])), m).verdicts()
                                       for h in part])
        base.append((wall / len(part), cpu / len(part)))
        log(f"{n_hexes:>7} hexes rep {k + 1}: ours {ours[-1][0]:.1f}s wall / {ours[-1][1]:.1f}s cpu, "
            f"singles {singles[-1][1]:.1f}s cpu; "
            f"baseline {base[-1][0]:.2f}s wall per candidate")
    per_wall = statistics.median(b[0] for b in base)
    per_cpu = statistics.median(b[1] for b in base)
    row = {"hexes": len(m.terrain), "units": len(p.units), "seed": seed, "side": side,
           "units_examined": len(report.targets), "candidates": report.candidates, "judged": report.judged,
           "top": [{"hexes": list(c.hexes), "res": c.res, "rule": c.rule} for c in report.cuts],
           "ours_wall_s": statistics.median(o[0] for o in ours), "ours_cpu_s": statistics.median(o[1] for o in ours),
           "ours_runs": ours, "singles_wall_s": statistics.median(o[0] for o in singles),
           "singles_cpu_s": statistics.median(o[1] for o in singles), "singles_runs": singles,
           "baseline": {"line_hexes": len(line_hexes), "sampled": len(chosen), "scaled": True,
                        "per_candidate_wall_s": per_wall, "per_candidate_cpu_s": per_cpu,
                        "wall_s": per_wall * len(line_hexes), "cpu_s": per_cpu * len(line_hexes)}}
    row["ratios"] = {"baseline_over_ours_wall": row["baseline"]["wall_s"] / row["ours_wall_s"],
                     "baseline_over_ours_cpu": row["baseline"]["cpu_s"] / row["ours_cpu_s"],
                     "baseline_over_singles_cpu": row["baseline"]["cpu_s"] / row["singles_cpu_s"]}
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default=",".join(str(n) for n in SIZES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--side", default="Loyalist")
    ap.add_argument("--out", default=str(HERE / "results_cuts.json"))
    args = ap.parse_args(argv)
    rows = [bench_size(int(n), args.seed, args.side, lambda s: print(s, flush=True)) for n in args.sizes.split(",")]
    print("| hexes | units examined | candidates | judged | ours wall s | ours cpu s | singles cpu s | "
          "baseline cpu s* | baseline/ours cpu | baseline/singles cpu |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['hexes']:,} | {r['units_examined']} | {r['candidates']} | {r['judged']} | {r['ours_wall_s']:.1f} | "
              f"{r['ours_cpu_s']:.1f} | {r['singles_cpu_s']:.1f} | {r['baseline']['cpu_s']:.0f} | "
              f"{r['ratios']['baseline_over_ours_cpu']:.1f} | {r['ratios']['baseline_over_singles_cpu']:.1f} |")
    print("* scaled from a sample of the line hexes")
    Path(args.out).write_text(json.dumps({"machine": machine(), "seed": args.seed, "sizes": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
