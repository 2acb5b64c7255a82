"""Ejection chains for the 12C2 limited-source allocation: a fast first repair of a start.

An unsupplied unit goes to one of its sources; if that source (12C2) or a minor / standard port
on the way (the Palma ruling, AEG 11-Mar-04) lacks room, a unit already there moves on to another
of its sources, and so on, up to `CHAIN_DEPTH` moves; a chain may also end by leaving out a unit
smaller than the one it placed. Each chain applied supplies more REs and keeps every capacity.
On the tight 1k-unit benchmark (asking 1.034x the capacity, seed 1) it takes the LP rounding's
1,431.5 REs to the LP bound, 1,475.5, in Python alone, where `limited.improve` needed 14 CP-SAT
neighbourhoods; on other seeds the neighbourhoods close the rest in fewer solves
(docs/performance.md). Units, sources and moves are tried in sorted order: the same answer on
every run.
"""
from __future__ import annotations

from logistics.games.europa.allocation_model import ports_of, supplied

CHAIN_DEPTH = 4     # moves of units already placed that one chain may make


def fill_by_chains(q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int],
                   first: set, depth: int = CHAIN_DEPTH) -> set:
    """`first` with every chain found applied (sizes and capacities in quarter REs)."""
    # Each option as (option, its source, the rows it takes room in: the source, then the minor /
    # standard ports its line passes or draws on, `ports_of`).
    choices: dict[str, list[tuple]] = {}
    for o in sorted(options, key=lambda o: (o.unit, o.source, o.via or "")):
        ports = sorted(ports_of(o, port_caps))
        choices.setdefault(o.unit, []).append((o, o.source, (o.source, *(("port", p) for p in ports))))
    chosen = set(first)
    assigned = {unit: c for unit, cs in choices.items() for c in cs if c[0] in chosen}
    room = dict(capacities) | {("port", p): c for p, c in port_caps.items()}   # what each still holds
    members: dict[str, set[str]] = {s: set() for s in capacities}            # units drawing on a source
    ordered: dict[str, list[str]] = {}          # a source's units, smallest first (kept until one moves)

    def move(unit: str, choice: tuple | None) -> None:
        for c, sign in ((assigned.pop(unit, None), 1), (choice, -1)):
            if c is not None:
                (members[c[1]].discard if sign > 0 else members[c[1]].add)(unit)
                ordered.pop(c[1], None)
                for r in c[2]:
                    room[r] += sign * q[unit]
        if choice is not None:
            assigned[unit] = choice

    for unit, c in assigned.items():
        for r in c[2]:
            room[r] -= q[unit]
        members[c[1]].add(unit)
    failed: set[tuple[str, int]] = set()

    def chain(unit: str, left: int, placed: int, seen: frozenset, delta: dict) -> list | None:
        """Moves that place `unit` (a unit of `placed` quarters started the chain), each source
        visited once; `delta`: room freed (+) or taken (-) by the chain's earlier moves."""
        if (unit, left) in failed:
            return None
        size, now = q[unit], assigned.get(unit)
        for c in choices[unit]:
            _, source, rows = c
            if source in seen or c is now:
                continue
            if any(room[r] + delta.get(r, 0) < size for r in rows[1:]):
                continue
            need = size - room[source] - delta.get(source, 0)
            if need <= 0:
                return [(unit, c)]
            if left == 0:
                continue
            if source not in ordered:
                ordered[source] = sorted(members[source], key=lambda u: (q[u], u))
            for other in ordered[source]:
                if q[other] < need or other == unit:
                    continue
                after = dict(delta)
                for r in rows:
                    after[r] = after.get(r, 0) - size
                for r in assigned[other][2]:
                    after[r] = after.get(r, 0) + q[other]
                if q[other] < placed and all(room[r] + after[r] >= 0 for r in after):
                    return [(unit, c), (other, None)]           # the smaller unit is left out
                rest = chain(other, left - 1, placed, seen | {source}, after)
                if rest is not None:
                    return [(unit, c)] + rest
        failed.add((unit, left))
        return None

    improved = True
    while improved:
        improved = False
        for unit in sorted(choices, key=lambda u: (-q[u], u)):
            if unit in assigned:
                continue
            moves = chain(unit, depth, q[unit], frozenset(), {})
            if moves:
                for u, o in moves:
                    move(u, o)
                failed.clear()
                improved = True
    return {c[0] for c in assigned.values()}


def improved_start(improve, q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int],
                   first: set, bound: int, work: float, repair=None) -> set:
    """A large instance's start for the full model: `improve`'s CP-SAT neighbourhoods from the
    chains' answer, with half the `work`, if they reach `bound`; else that answer `repair`ed (the
    exchange of sizes, `small_exchange.exchange_by_sizes`) if the repair supplies more; else the
    neighbourhoods from `first` itself with all of it, as without the chains, then `repair`ed.
    From the chains the neighbourhoods mostly reach the bound in fewer solves, but not always (the
    tight benchmark's seed 8 stops 1 RE below it, where from the LP rounding it reaches it). The
    repair closes such a gap from the chains' answer as well as from the plain search's (seeds 3,
    4 and 8 at their bound, seed 5 at its optimum, seed 7 1.5 REs higher, seed 6 1 RE lower), so
    the plain search, 3-5 s, runs only where the repair gains nothing: at 10x, where every exchange
    is skipped, the start is the one it was before (docs/performance.md)."""
    chained = improve(q, options, capacities, port_caps, fill_by_chains(q, options, capacities, port_caps, first),
                      work=work / 2, target=bound)
    if supplied(q, chained) >= bound:
        return chained
    if repair is not None:
        repaired = repair(chained)
        if supplied(q, repaired) > supplied(q, chained):
            return repaired
    plain = improve(q, options, capacities, port_caps, first, work=work, target=bound)
    return repair(plain) if repair is not None and supplied(q, plain) < bound else plain
