"""Supply benchmarks (issue [H]): our full Europa verdict against a naive per-unit baseline and the
practical limit, on seeded synthetic maps of 1k, 10k and 100k hexes, in one process and one run.

    /work/venv/bin/python benchmarks/bench_supply.py [--sizes 1000,10000,100000] [--seed 1]

Rows per size (medians of repeated timings):
- ours, warm: `EuropaSupply(position, map).verdicts()` for every unit of both sides, a fresh engine
  each repetition, the map's index already built;
- ours, cold: the same from a map that has no index or cached lookups yet;
- ours, bit: ours answering only the baseline's question (full general supply, yes or no);
- baseline: one networkx search per unit under the same blocking rules (the same enterable hexes
  and edges as SideView / HexIndex give): a bounded overland search from the unit, a bounded road
  search from what it reaches, then a rail search to the nearest source hex; general supply only
  (no isolation, attack supply or explanation), graph building included. At 100k it runs on a
  sample of the units and is scaled to all of them (said in the output);
- limit: one bare multi-source Dijkstra (unit weights, no rules) over every hex and adjacency of
  the same map, from all the source hexes, on a graph built beforehand, with rustworkx and with
  scipy.sparse.csgraph (if installed: the `bench` extra); the faster of the two is the limit.
  Ours and the limits run interleaved (ours, rustworkx, scipy, ours, ...) and the ratio is the
  median of the paired ratios, so that the machine's drift hits both sides of each ratio alike.
The baseline must agree with ours on every unit it searched, and ours must give the same full
verdicts (lines included; a digest per map of seed 1, DIGESTS) as before: the run fails (exit 1)
otherwise.
From 100k to 1M hexes the cost exponent log(t1M / t100k) / log(10) is printed (1 = linear).
Peak memory: tracemalloc's peak over one cold and one warm verdict (Python and numpy allocations;
rustworkx's own are not traced), and the process's maximum resident set size after our timings
(before the baseline's networkx graphs) and after the baseline. That process also holds the
limit's graphs, kept verdicts and the baseline, so the tool's own peak is measured apart: a child
process (`--own-memory HEXES:SEED`) that only generates the map and position and runs one cold and
one warm verdict, as a player's run does; its maximum resident set size is the 1M memory target's.

Not part of .ci/run or pytest. Writes benchmarks/results.json.
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import os
import platform
import resource
import statistics
import sys
import time
import tracemalloc
from dataclasses import fields
from pathlib import Path

import networkx as nx
import numpy as np
import rustworkx as rx

try:
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import dijkstra as csgraph_dijkstra
except ImportError:          # the `bench` extra is not installed: rustworkx is the limit
    csgraph_dijkstra = None

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this tree's package, not an installed one
from synthetic import synthetic  # noqa: E402

import logistics.games.europa.limited  # noqa: E402,F401  (imports ortools: not inside any timing)
from logistics.games.europa.supply import IN_SUPPLY, EuropaSupply, SideView  # noqa: E402
from logistics.mapdata import Map  # noqa: E402
from logistics.network import LOW_VOLUME_WEIGHT, index_of  # noqa: E402

HERE = Path(__file__).resolve().parent
# hexes: (units, repetitions of ours, of the limit, of the baseline, baseline units sampled or None = all)
SIZES = {1_000: (50, 15, 9, 3, None), 10_000: (500, 11, 9, 3, None), 100_000: (5_000, 7, 7, 1, 500),
         1_000_000: (50_000, 1, 1, 0, None)}      # run 1M alone and rarely: --sizes 1000000
# The full verdicts (JSON of every unit's Verdict, lines included) of the seed-1 maps, as the engine
# gave them before the performance work of issue 19, re-recorded once when the explanations added
# their fields (source_place, isolation, limited_lost, the blocking units): without those fields the
# new verdicts hash to the earlier digests. Any other change of any verdict fails the run.
DIGESTS = {(1_000, 1): "c41bc4d8e39d85fd", (10_000, 1): "20a33a775df42a09", (100_000, 1): "6ec25e7ec0e0599a",
           (1_000_000, 1): "7e8a6ef9f2aed41d"}   # 1M: recorded at the fourth round's branch point (dccd6e9)
TARGETS = {"ours_over_limit_max": 8.0, "baseline_over_ours_min": 50.0, "ours_100k_warm_max_s": 0.35,
           "ours_100k_cold_max_s": 0.8, "ours_1m_max_s": 4.0, "peak_1m_max_mb": 2048, "exponent_max": 1.1}


def machine() -> dict:
    model = ""
    try:
        for row in Path("/proc/cpuinfo").read_text().splitlines():
            if row.startswith("model name"):
                model = row.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "cpu": model or platform.processor(), "platform": platform.platform(),
            "python": platform.python_version(), "rustworkx": rx.__version__, "networkx": nx.__version__,
            "numpy": np.__version__}


def median_time(fn, reps: int, setup=None) -> tuple[float, list[float]]:
    """Median wall time of fn(); what it returns is freed after the clock stops."""
    runs = []
    for _ in range(reps):
        if setup is not None:
            setup()
        gc.collect()
        t = time.perf_counter()
        result = fn()
        runs.append(time.perf_counter() - t)
        del result
    return statistics.median(runs), runs


def full_verdict(position, m: Map):
    """Ours: every unit's verdict from a fresh engine (returned too, so that it is freed untimed)."""
    engine = EuropaSupply(position, m)
    return engine, engine.verdicts()


def forget_caches(m: Map) -> None:
    """Drop everything the engine or the map cached on the map: the next verdict starts cold."""
    keep = {f.name for f in fields(Map)}
    for key in [k for k in m.__dict__ if k not in keep]:
        del m.__dict__[key]


def general_only(position, m: Map):
    """Ours answering only the baseline's question (full general supply, yes or no): the same
    whole-map searches, then a lookup per unit; no line, isolation, attack supply, explanation or
    limited sources. Uses the engine's internals (general_reach, _line_level)."""
    engine = EuropaSupply(position, m)
    return engine, {u.id: engine._line_level(engine.general_reach(u), engine.index.pos[u.hex]) is not None
                    for u in position.units if u.hex is not None}


# --- the naive baseline ---------------------------------------------------------------------------

class Baseline:
    """One networkx search per unit, the same entering rules as the engine, no whole-map reuse."""

    SINK = -1

    def __init__(self, position, m: Map):
        self.position, self.map = position, m
        self.engine = EuropaSupply(position, m)      # rules, weather levels, active sources
        self.ix = index_of(m)
        self.graphs: dict[tuple, nx.DiGraph] = {}
        self.views: dict[str, SideView] = {}
        self.seeds: dict[tuple, set[int]] = {}

    def _graph(self, key, edges) -> nx.DiGraph:
        """The graph of `key`, built once: `edges()` (the masks and edge arrays) runs only then."""
        if key not in self.graphs:
            src, dst, weight = edges()
            g = nx.DiGraph()
            g.add_nodes_from(range(len(self.ix)))
            g.add_weighted_edges_from(zip(src.tolist(), dst.tolist(), weight.tolist()))
            self.graphs[key] = g
        return self.graphs[key]

    def _view(self, side: str) -> SideView:
        if side not in self.views:
            self.views[side] = SideView(self.position, self.map, self.ix, side)
        return self.views[side]

    def _seeds(self, unit) -> set[int]:
        names = set(self.engine.usable_sources(unit))          # 12C1, as the engine rules it
        usable = tuple(s for s in self.position.supply_sources if s.name in names)
        key = (unit.side, tuple(s.name for s in usable))
        if key not in self.seeds:
            self.seeds[key] = {self.ix.pos[h] for s in usable for h in self.engine.active_hexes(s)}
        return self.seeds[key]

    def supplied(self, unit) -> bool:
        ix, view, rules = self.ix, self._view(unit.side), self.engine.rules
        i, seeds = ix.pos[unit.hex], self._seeds(unit)
        if not seeds:
            return False
        levels = sorted(set(self.engine.level.tolist()))
        for level in levels:
            if self.engine.level[i] > level:
                continue
            lengths = rules.lengths[rules.weather_order[level]]
            over = self._graph(("over", unit.side, level), lambda: self._over_edges(view, level))  # noqa: B023 (called at once)
            reached = nx.single_source_dijkstra_path_length(over, i, cutoff=lengths["overland"])
            road = self._graph(("road", unit.side, level), lambda: self._road_edges(view, level))  # noqa: B023 (called at once)
            reached = nx.multi_source_dijkstra_path_length(road, set(reached), cutoff=lengths["road"])
            if seeds & reached.keys():
                return True
            rail = self._rail_graph(unit.side, view, frozenset(seeds))
            starts = {n for n in reached if n in rail}
            try:
                cost, _ = nx.multi_source_dijkstra(rail, starts, target=self.SINK,
                                                   cutoff=(rules.low_volume_limit + 1) * LOW_VOLUME_WEIGHT)
            except (nx.NetworkXNoPath, ValueError):
                continue
            if cost // LOW_VOLUME_WEIGHT <= rules.low_volume_limit:
                return True
        return False

    def _over_edges(self, view, level):
        ix, allowed = self.ix, self.engine.level <= level
        keep = ix.crossable & view.enter[ix.dst] & ix.land[ix.src] & allowed[ix.src] & allowed[ix.dst]
        weight = np.ones(len(ix.src))
        if self.engine.rules.adverse_terrain:
            weight = weight + ix.adverse[ix.dst] + ix.narrow
        return ix.src[keep], ix.dst[keep], weight[keep]

    def _road_edges(self, view, level):
        ix, allowed = self.ix, self.engine.level <= level
        keep = ix.road & ix.crossable & view.enter[ix.dst] & allowed[ix.src] & allowed[ix.dst]
        return ix.src[keep], ix.dst[keep], np.ones(int(keep.sum()))

    def _rail_graph(self, side, view, seeds: frozenset[int]) -> nx.DiGraph:
        key = ("rail", side, seeds)
        if key not in self.graphs:
            ix = self.ix
            keep = ix.rail & view.enter_rail[ix.dst] & view.owned_rail[ix.src]
            g = self._graph(("rail-edges", side), lambda: (ix.src[keep], ix.dst[keep],
                                                           1 + LOW_VOLUME_WEIGHT * ix.low_volume[keep])).copy()
            g.add_weighted_edges_from((s, self.SINK, 0) for s in seeds if view.enter_rail[s])
            self.graphs[key] = g
        return self.graphs[key]


def run_baseline(position, m: Map, sample: int | None) -> dict:
    units = [u for u in position.units if u.hex is not None]
    chosen = units if sample is None or sample >= len(units) else units[:: max(1, len(units) // sample)][:sample]
    t0 = time.perf_counter()
    base = Baseline(position, m)
    for u in chosen:                      # builds the one-off graphs (per side, weather, sources)
        base.supplied(u)
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    supplied = {u.id: base.supplied(u) for u in chosen}   # the per-unit searches, graphs built
    search = time.perf_counter() - t0
    build = max(0.0, first - search)      # the first pass is the graphs plus the same searches
    scale = len(units) / len(chosen)
    # Only the per-unit searches are scaled to all the units; the graphs are built once.
    return {"seconds": build + search * scale, "graph_build_seconds": build, "search_seconds": search,
            "measured_seconds": build + search, "units_searched": len(chosen),
            "units_total": len(units), "scaled": scale != 1, "supplied": supplied}


# --- the practical limit ------------------------------------------------------------------------------

def limit_graph(position, m: Map):
    ix = index_of(m)
    engine = EuropaSupply(position, m)
    seeds = sorted({ix.pos[h] for s in position.supply_sources for h in engine.active_hexes(s)})
    g = rx.PyDiGraph()
    g.add_nodes_from(range(len(ix) + 1))
    edges = list(zip(ix.src.tolist(), ix.dst.tolist(), [1.0] * len(ix.src)))
    g.extend_from_weighted_edge_list(edges + [(len(ix), s, 0.0) for s in seeds])
    sparse = None
    if csgraph_dijkstra is not None:
        sparse = csr_array((np.ones(len(ix.src)), (ix.src, ix.dst)), shape=(len(ix), len(ix)))
    return g, len(ix), sparse, np.array(seeds)


def max_rss_mb() -> float:
    """The process's maximum resident set size so far (Linux: KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_mb() -> float:
    """The process's resident set size now (Linux /proc; elsewhere its maximum so far)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return max_rss_mb()
    return pages * resource.getpagesize() / 2**20


def interleaved(runs: dict, reps: int) -> dict[str, list[float]]:
    """Each function of `runs` once per round, in turn, for `reps` rounds: the wall times."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(reps):
        for name, fn in runs.items():
            gc.collect()
            t = time.perf_counter()
            result = fn()
            times[name].append(time.perf_counter() - t)
            del result
    return times


# --- one size --------------------------------------------------------------------------------------

def bench_size(n_hexes: int, seed: int, log) -> dict:
    n_units, reps, _, base_reps, sample = SIZES[n_hexes]
    gc.collect()
    rss_before = rss_mb()
    t = time.perf_counter()
    syn = synthetic(n_hexes, n_units, seed)
    m, p = syn.map, syn.position
    row = {"hexes": len(m.terrain), "units": len(p.units), "seed": seed, "generate_s": time.perf_counter() - t,
           "map": syn.summary()}
    # The map and position's own memory: the resident set's growth while generating them (memory
    # the allocator kept from an earlier size is reused first: the growth is exact for the largest).
    gc.collect()
    row["map_position_rss_mb"] = rss_mb() - rss_before
    row["max_rss_after_generation_mb"] = max_rss_mb()
    log(f"{n_hexes:>7} hexes: generated in {row['generate_s']:.2f}s, map and position {row['map_position_rss_mb']:.0f} MB "
        f"(resident set growth), max RSS {row['max_rss_after_generation_mb']:.0f} MB")

    forget_caches(m)
    row["index_build_s"], _ = median_time(lambda: index_of(m), 1)
    row["ours_cold_s"], row["ours_cold_runs"] = median_time(lambda: full_verdict(p, m), max(min(3, reps), reps // 2),
                                                            setup=lambda: forget_caches(m))
    index_of(m)
    verdicts = EuropaSupply(p, m).verdicts()
    t = time.perf_counter()
    graph, super_source, sparse, seeds = limit_graph(p, m)
    row["limit_graph_build_s"] = time.perf_counter() - t
    runs = {"ours": lambda: full_verdict(p, m), "ours_bit": lambda: general_only(p, m),
            "rustworkx": lambda: rx.digraph_dijkstra_shortest_path_lengths(graph, super_source, edge_cost_fn=float)}
    if sparse is not None:
        runs["scipy"] = lambda: csgraph_dijkstra(sparse, indices=seeds, min_only=True)
    times = interleaved(runs, reps)
    row["ours_warm_s"], row["ours_warm_runs"] = statistics.median(times["ours"]), times["ours"]
    row["ours_general_only_s"] = statistics.median(times["ours_bit"])
    row["limits_s"] = {name: statistics.median(times[name]) for name in ("rustworkx", "scipy") if name in times}
    fastest = min(row["limits_s"], key=row["limits_s"].get)
    row["limit"], row["limit_s"], row["limit_runs"] = fastest, row["limits_s"][fastest], times[fastest]
    paired = [o / lim for o, lim in zip(times["ours"], times[fastest])]
    row["paired_ours_over_limit"] = {"median": statistics.median(paired), "min": min(paired), "max": max(paired)}
    row["max_rss_after_ours_mb"] = max_rss_mb()
    log(f"{'':>7}        ours warm {row['ours_warm_s']:.3f}s, cold {row['ours_cold_s']:.3f}s; limit {fastest} "
        f"{row['limit_s']:.4f}s (graph build {row['limit_graph_build_s']:.3f}s), paired ratio "
        f"{row['paired_ours_over_limit']['median']:.1f}")
    digest = hashlib.sha256(json.dumps([v.as_dict() for v in verdicts], sort_keys=True).encode()).hexdigest()[:16]
    row["verdicts_digest"] = {"got": digest, "expected": DIGESTS.get((n_hexes, seed)),
                              "same": DIGESTS.get((n_hexes, seed), digest) == digest}
    log(f"{'':>7}        verdicts digest {digest}: "
        f"{'unchanged' if row['verdicts_digest']['same'] else 'CHANGED'}")
    counts: dict[str, int] = {}
    for v in verdicts:
        key = f"{v.general}; {'isolated' if v.isolated else 'not isolated'}; attack {'yes' if v.attack else 'no'}"
        counts[key] = counts.get(key, 0) + 1
    row["verdicts"] = dict(sorted(counts.items()))

    graph = sparse = None                 # freed before the baseline's graphs
    if base_reps == 0:       # 1M: the networkx graphs alone would need many GB on this machine
        row["baseline"] = {"skipped": "networkx graphs of every hex take many GB", "scaled": False,
                           "disagreements": 0}
        row["baseline_s"] = float("nan")
    else:
        runs = [run_baseline(p, m, sample) for _ in range(base_reps)]
        base = sorted(runs, key=lambda b: b["seconds"])[len(runs) // 2]      # the median run
        base["runs_s"] = [b["seconds"] for b in runs]
        ours = {v.unit: v.general == IN_SUPPLY for v in verdicts}
        naval = {v.unit for v in verdicts if any(step.element == "naval" for step in v.line)}
        supplied = base.pop("supplied")
        agree = sum(ours[u] == s for u, s in supplied.items())
        differ = sorted(u for u, s in supplied.items() if ours[u] != s)
        row["baseline"] = {**base, "agrees_with_ours": f"{agree}/{base['units_searched']}",
                           "disagreements": len(differ),
                           "disagreements_with_a_naval_element": sum(u in naval for u in differ)}
        row["baseline_s"] = base["seconds"]
        log(f"{'':>7}        baseline {row['baseline_s']:.2f}s"
            f"{' (scaled from %d units)' % base['units_searched'] if base['scaled'] else ''}, agrees {agree}/{base['units_searched']}")

    # Traced memory (tracemalloc: Python and numpy allocations) above what the map and position
    # already hold: the index alone, the peak over a cold verdict (index included), over a warm one.
    forget_caches(m)
    gc.collect()
    tracemalloc.start()
    index_of(m)
    index_mb = tracemalloc.get_traced_memory()[0] / 2**20
    forget_caches(m)
    gc.collect()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    EuropaSupply(p, m).verdicts()
    cold_peak = tracemalloc.get_traced_memory()[1] - base
    gc.collect()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    EuropaSupply(p, m).verdicts()
    warm_peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    row["memory"] = {"map_position_rss_mb": row.pop("map_position_rss_mb"),
                     "max_rss_after_generation_mb": row.pop("max_rss_after_generation_mb"),
                     "index_traced_mb": index_mb,
                     "tracemalloc_peak_cold_mb": cold_peak / 2**20, "tracemalloc_peak_warm_mb": warm_peak / 2**20,
                     "max_rss_after_ours_mb": row.pop("max_rss_after_ours_mb"),
                     "max_rss_after_baseline_mb": max_rss_mb(),
                     "own_process_max_rss_mb": own_memory(n_hexes, seed)["max_rss_mb"]}
    log(f"{'':>7}        memory: map and position {row['memory']['map_position_rss_mb']:.0f} MB (RSS growth), "
        f"index {index_mb:.0f} MB, verdict peak cold {row['memory']['tracemalloc_peak_cold_mb']:.0f} MB / warm "
        f"{row['memory']['tracemalloc_peak_warm_mb']:.0f} MB (traced), max RSS {row['memory']['max_rss_after_ours_mb']:.0f} MB; "
        f"own process (map, position, a cold and a warm verdict) max RSS {row['memory']['own_process_max_rss_mb']:.0f} MB")
    row["ratios"] = {"ours_over_limit": row["paired_ours_over_limit"]["median"],
                     "ours_cold_over_limit": row["ours_cold_s"] / row["limit_s"],
                     "baseline_over_ours": row["baseline_s"] / row["ours_warm_s"],
                     "baseline_over_ours_general_only": row["baseline_s"] / row["ours_general_only_s"]}
    return row


def targets(rows: list[dict]) -> list[dict]:
    by = {r["hexes"]: r for r in rows}
    out = []
    for n in (10_000, 100_000):
        if n in by:
            ratio = by[n]["ratios"]["ours_over_limit"]
            out.append({"target": f"ours <= 8x bare Dijkstra ({by[n]['limit']}, paired) at {n // 1000}k hexes",
                        "value": round(ratio, 2), "met": ratio <= TARGETS["ours_over_limit_max"]})
    if 10_000 in by:
        ratio = by[10_000]["ratios"]["baseline_over_ours"]
        out.append({"target": ">= 50x faster than the per-unit baseline at 10k hexes / 500 units",
                    "value": round(ratio, 1), "met": ratio >= TARGETS["baseline_over_ours_min"]})
    if 100_000 in by:
        for kind in ("warm", "cold"):
            s, limit = by[100_000][f"ours_{kind}_s"], TARGETS[f"ours_100k_{kind}_max_s"]
            out.append({"target": f"100k hexes / 5k units full verdict <= {limit} s ({kind})", "value": round(s, 3),
                        "met": s <= limit})
    if 1_000_000 in by:
        big = by[1_000_000]
        peak = big["memory"]["own_process_max_rss_mb"]
        out.append({"target": "1M hexes / 50k units full verdict <= 4 s", "value": round(big["ours_warm_s"], 2),
                    "met": big["ours_warm_s"] <= TARGETS["ours_1m_max_s"]})
        out.append({"target": "1M hexes peak memory <= 2 GB (max RSS of a process running only the tool's work)",
                    "value": round(peak),
                    "met": peak <= TARGETS["peak_1m_max_mb"]})
        if 100_000 in by:
            exponent = math.log(big["ours_warm_s"] / by[100_000]["ours_warm_s"]) / math.log(10)
            out.append({"target": "cost exponent 100k -> 1M <= 1.1", "value": round(exponent, 2),
                        "met": exponent <= TARGETS["exponent_max"]})
    return out


def own_memory(n_hexes: int, seed: int) -> dict:
    """The tool's own peak: a child process generates the map and position and runs one cold and
    one warm verdict, with nothing of the benchmark's beside them (`own_memory_child`)."""
    import subprocess
    done = subprocess.run([sys.executable, __file__, "--own-memory", f"{n_hexes}:{seed}"], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def own_memory_child(n_hexes: int, seed: int) -> dict:
    syn = synthetic(n_hexes, SIZES[n_hexes][0], seed)
    gc.collect()
    after_generation = peak_rss_mb()
    for _ in range(2):                       # cold (no index yet), then warm
        EuropaSupply(syn.position, syn.map).verdicts()
        gc.collect()
    return {"max_rss_after_generation_mb": after_generation, "max_rss_mb": peak_rss_mb()}


def peak_rss_mb() -> float:
    """This process image's peak resident set (Linux: VmHWM, which starts afresh at exec; the
    maximum getrusage reports is carried over from the parent that started the process)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return max_rss_mb()


def table(rows: list[dict]) -> list[str]:
    head = ("hexes", "units", "ours warm s", "ours cold s", "index s", "ours bit s", "baseline s", "limit s",
            "ours/limit", "baseline/ours", "baseline/ours bit", "generate s", "map+position MB (RSS)", "index MB (traced)",
            "verdict peak MB (traced, cold)", "max RSS MB (own process)", "max RSS MB (benchmark)")
    body = []
    for r in rows:
        b = r["baseline"]
        base = f"{r['baseline_s']:.2f}" + ("*" if b["scaled"] else "")
        body.append((f"{r['hexes']:,}", f"{r['units']:,}", f"{r['ours_warm_s']:.3f}", f"{r['ours_cold_s']:.3f}",
                     f"{r['index_build_s']:.3f}", f"{r['ours_general_only_s']:.3f}", base, f"{r['limit_s']:.4f}",
                     f"{r['ratios']['ours_over_limit']:.1f}", f"{r['ratios']['baseline_over_ours']:.0f}",
                     f"{r['ratios']['baseline_over_ours_general_only']:.0f}",
                     f"{r['generate_s']:.1f}", f"{r['memory']['map_position_rss_mb']:.0f}",
                     f"{r['memory']['index_traced_mb']:.0f}",
                     f"{r['memory']['tracemalloc_peak_cold_mb']:.0f}", f"{r['memory']['own_process_max_rss_mb']:.0f}",
                     f"{r['memory']['max_rss_after_ours_mb']:.0f}"))
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    return [fmt(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [fmt(x) for x in body]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default=",".join(str(n) for n in SIZES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(HERE / "results.json"))
    ap.add_argument("--own-memory", metavar="HEXES:SEED", help="(internal) the tool's own peak, as JSON")
    args = ap.parse_args(argv)
    if args.own_memory:
        print(json.dumps(own_memory_child(*map(int, args.own_memory.split(":")))))
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    log = lambda text: print(text, file=sys.stderr, flush=True)  # noqa: E731
    started = time.perf_counter()
    rows = [bench_size(n, args.seed, log) for n in sizes]
    result = {
        "machine": machine(), "seed": args.seed, "total_s": time.perf_counter() - started, "sizes": rows,
        "targets": targets(rows),
        "notes": ["ours: fresh EuropaSupply per repetition; warm = map index built, cold = no map caches",
                  "baseline: general supply only, networkx graphs built inside the timing; "
                  "* = measured on a sample of units and scaled to all",
                  "limit: one rustworkx multi-source Dijkstra, unit weights, no rules, prebuilt graph",
                  "ours bit: the engine's searches and one lookup per unit (full general supply only); "
                  "the targets are judged on the full verdict",
                  "the CP-SAT solvers: benchmarks/bench_solvers.py (results_solvers.json)"],
    }
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print("\n".join(table(rows)))
    print("* baseline measured on a sample of the units and scaled to all of them")
    for t in result["targets"]:
        state = "met" if t["met"] else "MISSED"
        print(f"- {t['target']}: {t['value']} -> {state}")
    print(f"machine: {result['machine']['nproc']} cores, {result['machine']['cpu']}, Python {result['machine']['python']}, "
          f"rustworkx {result['machine']['rustworkx']}; total {result['total_s']:.0f}s; JSON: {args.out}")
    changed = [r["hexes"] for r in rows if not r["verdicts_digest"]["same"]]
    if changed:
        print(f"FAILED: the full verdicts changed (hexes) {changed}", file=sys.stderr)
        return 1
    wrong = {r["hexes"]: r["baseline"]["disagreements"] for r in rows if r["baseline"]["disagreements"]}
    if wrong:
        print(f"FAILED: the baseline disagrees with ours on some units (hexes: units) {wrong}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
