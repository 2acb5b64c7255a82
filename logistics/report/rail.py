"""Rail plans and capacities as JSON for scripts and as text for people (shape: docs/rail.md)."""
from __future__ import annotations

from logistics.mapdata import Map
from logistics.network import index_of
from logistics.rail.planner import Plan


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 4)


def _shown_pools(plan: Plan) -> list[int]:
    """Pools worth a line: those with capacity, and those a request could draw on."""
    asked = {c.pool for r in plan.moves for c in r.candidates}
    return [p.id for p in plan.pools if p.capacity or p.yards or p.id in asked]


def plan_json(plan: Plan, map_: Map) -> dict:
    hid, hexes = map_.hex_id, index_of(map_).hexes
    shown = _shown_pools(plan)
    pools = []
    for k in shown:
        p = plan.pools[k]
        pools.append({"id": k + 1, "name": p.name, "yards": {n: _num(c) for n, c in sorted(p.yards.items())},
                      "temporary": _num(p.temporary), "capacity": _num(p.capacity), "used": _num(plan.used[k]),
                      "free": _num(p.capacity - plan.used[k]), "rail_hexes": len(p.nodes)})
    moves = []
    for r in plan.moves:
        q, c = r.request, r.chosen
        moves.append({
            "id": q.id, "unit": q.unit, "cargo": q.cargo, "from": hid(q.start), "to": hid(q.to),
            "size": _num(q.size), "priority": q.priority, "kind": q.kind if q.unit is not None else None,
            "status": "moved" if c is not None else "rejected",
            "pool": plan.pools[c.pool].name if c is not None else None,
            "cost": _num(c.cost) if c is not None else None,
            "route": [hid(hexes[n]) for n in c.nodes] if c is not None else [],
            "rules": list(c.rules) if c is not None else [],
            "reason": r.reason or None, "rule": r.rule or None,
            "blocked": {"hex": r.block.hex, "rule": r.block.rule, "reason": r.block.reason} if r.block else None,
            "explanation": r.explanation or None,
        })
    return {
        "game": plan.game, "side": plan.side, "phase": plan.phase, "capacity_rule": plan.capacity_rule,
        "status": plan.status, "objective": _num(plan.objective),
        "pools": pools, "other_sections": len(plan.pools) - len(shown),
        "unusable_yards": [{"yard": u.name, "hex": hid(u.hex), "capacity": _num(u.capacity), "rule": u.block.rule,
                            "reason": u.block.reason} for u in plan.unusable],
        "increases": [{"kind": i.increase.kind, "amount": _num(i.increase.amount), "yard": i.increase.yard,
                       "hex": hid(i.increase.hex) if i.increase.hex is not None else None,
                       "applied": i.block is None,
                       "rule": i.block.rule if i.block else None, "reason": i.block.reason if i.block else None}
                      for i in plan.increases],
        "moves": moves,
    }


def pools_text(data: dict) -> list[str]:
    lines = [f"{data['side']}: {data['capacity_rule']}"]
    for p in data["pools"]:
        yards = ", ".join(f"{n} {c}" for n, c in p["yards"].items()) or "no yard"
        extra = f" + {p['temporary']} temporary" if p["temporary"] else ""
        detail = f"  ({yards}{extra}; {p['rail_hexes']} rail hexes)" if p["yards"] or p["rail_hexes"] else ""
        lines.append(f"  {p['name']}: capacity {p['capacity']}, used {p['used']}, free {p['free']}{detail}")
    if data["other_sections"]:
        lines.append(f"  {data['other_sections']} other section(s) of rail without a yard (capacity 0)")
    for u in data["unusable_yards"]:
        lines.append(f"  yard {u['yard']} ({u['hex']}, {u['capacity']}) unusable: {u['reason']} ({u['rule']})")
    return lines


def plan_text(data: dict) -> list[str]:
    lines = [f"plan for {data['side']} ({data['game']}, {data['phase']} phase): {data['status']}, "
             f"priority-weighted moved {data['objective']}"]
    for i in data["increases"]:
        where = i["yard"] or i["hex"]
        state = "applied" if i["applied"] else f"refused: {i['reason']} ({i['rule']})"
        lines.append(f"  increase {i['kind']} {i['amount']} at {where}: {state}")
    for m in data["moves"]:
        head = f"  {m['id']}: {m['unit'] or m['cargo']} {m['from']} -> {m['to']} (size {m['size']}, priority {m['priority']})"
        if m["status"] == "moved":
            lines.append(f"{head}: moved on {m['pool']}, cost {m['cost']} ({', '.join(m['rules'])})")
            lines.append("      route: " + " ".join(m["route"]))
        else:
            lines.append(f"{head}: rejected, {m['reason']}: {m['explanation']}")
    return lines + pools_text(data)
