"""The 12C2 limited-source allocation as a CP-SAT model, shared by `limited.py` and the repairs of
a large instance's start (`fill_chains.py`, `small_exchange.py`): each option (a unit, a source,
the port its line passes) a boolean; a unit on at most one source; each source and each minor /
standard port (the Palma ruling, AEG 11-Mar-04) within its REs; the REs supplied maximised."""
from __future__ import annotations

QUARTER = 4  # sizes and capacities in quarter REs (a general supply point is 1/4 RE: 3A3)


def supplied(q: dict[str, int], chosen) -> int:
    """The REs (quarter REs, `q`) the options `chosen` supply."""
    return sum(q[o.unit] for o in chosen)


def ports_of(o, port_caps: dict) -> set[str]:
    """The minor / standard ports (of `port_caps`) an option's line draws on: its naval element's
    port (the Palma ruling, AEG 11-Mar-04), or its source when that is such a port."""
    return {o.via, o.source} & set(port_caps)


def allocation_model(q: dict[str, int], options: list, capacities: dict[str, int], port_caps: dict[str, int]):
    """The allocation model over `options` (sizes and capacities in quarter REs)."""
    from ortools.sat.python import cp_model  # imported only when a model is solved
    model = cp_model.CpModel()
    x = {o: model.new_bool_var(f"x{k}") for k, o in enumerate(options)}
    by_unit: dict[str, list] = {}
    by_source: dict[str, list] = {}
    by_port: dict[str, list] = {}     # a port may also be a source of the same name
    for o in options:
        by_unit.setdefault(o.unit, []).append(o)
        by_source.setdefault(o.source, []).append(o)
        for port in ports_of(o, port_caps):
            by_port.setdefault(port, []).append(o)
    for opts in by_unit.values():
        model.add_at_most_one(x[o] for o in opts)

    def weighted(opts: list):
        # One weighted sum, not a Python sum of products: the same terms in the same order (the
        # same model), built without an expression object per term.
        return cp_model.LinearExpr.weighted_sum([x[o] for o in opts], [q[o.unit] for o in opts])
    for limits, caps in ((by_source, capacities), (by_port, port_caps)):
        for name, cap in caps.items():
            if limits.get(name):
                model.add(weighted(limits[name]) <= cap)
    total = weighted(options)
    model.maximize(total)
    return model, x, total
