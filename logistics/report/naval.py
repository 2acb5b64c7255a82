"""What `logistics naval` shows: zones, ports, naval connections and the limited-source
allocation, per side (shape: docs/naval.md)."""
from __future__ import annotations

from logistics.games.europa.beaches import beach_refusal
from logistics.games.europa.naval import port_state
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex


def _ids(map_, hexes) -> list[str]:
    return [map_.hex_id(h) for h in map_.grid_order(hexes)]


def naval_summary(engine: EuropaSupply) -> dict:
    position, map_, rules = engine.position, engine.map, engine.rules
    engine.verdicts()  # runs the limited-source allocation too
    sides = {}
    for side in position.sides:
        coalitions = {c for c, _ in side.coalitions}
        zone_sets = {c: engine.zones(side.name, c) for c in sorted(coalitions)}
        base = engine.zones(side.name)
        danger: dict[str, list[str]] = {}
        for h, why in base.danger.items():
            danger.setdefault(why, []).append(h)
        for c, z in zone_sets.items():
            for h, why in z.danger.items():
                if h not in base.danger:
                    danger.setdefault(why, []).append(h)
        combat: dict[str, list[Hex]] = {}
        for h, why in base.combat.items():
            combat.setdefault(why, []).append(h)
        connections = {}
        for unit in (u for u in position.units if u.side == side.name):
            reach = engine.general_reach(unit)
            for port in reach.origins.values():
                connections.setdefault(port.name, set()).update(reach.source_of.values())
        sides[side.name] = {
            "danger_zones": {why: _ids(map_, hexes) for why, hexes in sorted(danger.items())},
            "combat_zones": {why: _ids(map_, hexes) for why, hexes in sorted(combat.items())},
            "ports_reaching_sources": {p: sorted(s) for p, s in sorted(connections.items())},
        }
    ports = []
    for port in map_.ports:
        st = port_state(position, map_, rules, port)
        ports.append({"port": port.name, "class": port.klass,
                      "where": map_.hex_id(port.place.hex) if port.place.hex else port.place.box,
                      "owner": st.owner, "capacity": st.capacity, "functioning": st.functioning,
                      "naval_base": port.naval_base})
    # 31 (TEM 62), 41B1 erratum, SF 31B: who may embark or disembark cargo at each beach, or why not.
    beaches = [{"beach": b.name, "where": map_.hex_id(b.place.hex), "owner": position.owner_of(b.place.hex),
                "refused": {s.name: beach_refusal(position, map_, rules.stormy_seas, b, s.name) for s in position.sides}}
               for b in map_.beaches]
    allocation = getattr(engine, "allocation", None)
    limited = None
    if allocation is not None:
        capacities = engine.limited_capacities
        limited = {"status": allocation.status, "supplied_res": allocation.supplied_res,
                   "assignment": dict(sorted(allocation.assignment.items())),
                   "sources": {name: {"capacity": cap, "used": allocation.used.get(name, 0.0),
                                      "free": cap - allocation.used.get(name, 0.0)}
                               for name, cap in sorted(capacities.items())}}
    return {"sides": sides, "ports": ports, "beaches": beaches, "limited_sources": limited}


def naval_text(summary: dict) -> list[str]:
    out = []
    for side, data in summary["sides"].items():
        out.append(f"{side}:")
        for key, title in (("danger_zones", "danger zones (34F)"), ("combat_zones", "combat zones (34K)")):
            out.append(f"  {title}:" if data[key] else f"  {title}: none")
            for why, hexes in data[key].items():
                out.append(f"    {why}: {' '.join(hexes)}")
        reach = data["ports_reaching_sources"]
        out.append("  ports whose naval element reaches a source (12B4):" if reach else
                   "  ports whose naval element reaches a source (12B4): none")
        for port, sources in reach.items():
            out.append(f"    {port} -> {', '.join(sources)}")
    out.append("ports:")
    for p in summary["ports"]:
        out.append(f"  {p['port']} ({p['class']}{', naval base' if p['naval_base'] else ''}) at {p['where']}: "
                   f"{p['owner']}, capacity {p['capacity']:g}{'' if p['functioning'] else ', damaged to its maximum'}")
    if summary["beaches"]:
        out.append("beaches (cargo without port capacity; 31, SF 31B):")
    for b in summary["beaches"]:
        out.append(f"  {b['beach']} at {b['where']}: {b['owner']}")
        for side, why in b["refused"].items():
            out.append(f"    {side}: " + (f"refused: {why}" if why else "may embark and disembark cargo"))
    limited = summary["limited_sources"]
    if limited:
        out.append(f"limited sources (12C2), allocation {limited['status']}, {limited['supplied_res']:g} REs supplied:")
        for name, s in limited["sources"].items():
            out.append(f"  {name}: {s['used']:g} of {s['capacity']:g} REs used, {s['free']:g} free")
        for unit, source in limited["assignment"].items():
            out.append(f"  {unit} -> {source}")
    return out
