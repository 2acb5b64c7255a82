"""Scenario files written: a position as the text of a scenario file (format:
docs/scenario-format.md), deterministic, replaced atomically."""
from __future__ import annotations

from pathlib import Path

from logistics.atomic import write_text
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import NEUTRAL, UNOWNED, Position
from logistics.scenario import default_owner, tidy_number
from logistics.yamldoc import dump_flow


def scenario_text(position: Position, map_: Map) -> str:
    """The scenario as YAML text; deterministic, so written files diff cleanly."""
    hid = map_.hex_id
    out = [f"game: {position.game}", f"map: {dump_flow(position.map_ref)}"]
    t = position.turn
    out.append("turn: " + dump_flow({"number": t.number, "date": t.date, "phase": t.phase,
                                     **({"player": t.player} if t.player else {})}))
    out.append("sides:")
    for s in position.sides:
        out.append(f"  {dump_flow(s.name)}:")
        out.extend(f"    {dump_flow(c)}: {dump_flow(list(affs))}" for c, affs in s.coalitions)
    if position.options:
        out.append("options: " + dump_flow(dict(sorted(position.options.items()))))
    changed: dict[str, list[Hex]] = {}
    for h in map_.terrain:
        owner = position.owner.get(h, UNOWNED)
        if owner != default_owner(map_, h):
            changed.setdefault(owner, []).append(h)
    if changed:
        out.append("ownership:")
        for name in [*(s.name for s in position.sides), NEUTRAL, UNOWNED]:
            if name in changed:
                out.append(f"  {dump_flow(name)}: " + dump_flow([hid(h) for h in map_.grid_order(changed[name])]))
    if position.box_owner:
        out.append("box_owners: " + dump_flow(dict(sorted(position.box_owner.items()))))
    if position.temporary_owners:
        out.append("temporary_owners: " + dump_flow({hid(h): o for h, o in sorted(position.temporary_owners.items())}))
    if position.units:
        out.append("units:")
        for u in position.units:
            item = {"id": u.id, "affiliation": u.affiliation, "type": u.type, "size": tidy_number(u.size), "zoc": u.zoc}
            if u.nationality:
                item["nationality"] = u.nationality
            item.update({"hex": hid(u.hex)} if u.hex is not None else {"box": u.box} if u.box else {"aboard": u.aboard})
            if u.oos:
                item["oos"] = u.oos
            if u.mode:
                item["mode"] = u.mode
            if u.tags:
                item["tags"] = list(u.tags)
            if u.formation:
                item["formation"] = u.formation
            if u.throw:
                item["throw"] = {"combat": tidy_number(u.throw[0]), "move": tidy_number(u.throw[1])}
            if u.ma:
                item["ma"] = tidy_number(u.ma)
            if u.load:
                item["load"] = tidy_number(u.load)
            out.append("  - " + dump_flow(item))
    for key, hexes in (("unpacified", position.unpacified), ("garrisoned", position.garrisoned),
                       ("rail_breaks", position.rail_breaks)):
        if hexes:
            out.append(f"{key}: " + dump_flow([hid(h) for h in map_.grid_order(hexes)]))
    if position.pacification:
        out.append("pacification:")
        out.extend("  - " + dump_flow({"hex": hid(w.hex), "work": w.work, "garrison": tidy_number(w.garrison),
                                       "turns": w.turns, "held": w.held, **({"joins": w.joins} if w.joins else {})})
                   for w in position.pacification)
    if position.port_damage:
        out.append("port_damage: " + dump_flow(dict(sorted(position.port_damage.items()))))
    if position.naval_groups:
        out.append("naval_groups:")
        for g in position.naval_groups:
            place = {"hex": hid(g.hex)} if g.hex is not None else {"box": g.box}
            out.append("  - " + dump_flow({"id": g.id, "side": g.side, "kind": g.kind, **place,
                                           **({"in_port": True} if g.in_port else {}),
                                           **({"capacity": tidy_number(g.capacity)} if g.capacity else {})}))
    if position.coastal_defences:
        out.append("coastal_defences:")
        out.extend("  - " + dump_flow({"id": c.id, "side": c.side, "hex": hid(c.hex),
                                       **({"level": c.level} if c.level != 1 else {}),
                                       **({"follows": hid(c.follows)} if c.follows is not None else {})})
                   for c in position.coastal_defences)
    if position.supply:
        out.append("supply:")
        for s in position.supply:
            out.append("  - " + dump_flow({"side": s.side, "kind": s.kind, "hex": hid(s.hex), "amount": tidy_number(s.amount),
                                           **({"affiliation": s.affiliation} if s.affiliation else {}),
                                           **({"generated": s.generated} if s.generated else {})}))
    if position.supply_sources:
        out.append("supply_sources:")
        for src in position.supply_sources:
            item = {"name": src.name, "side": src.side}
            if src.users:
                item["users"] = list(src.users)
            if src.cities:
                item["cities"] = list(src.cities)
            if src.hexes:
                item["hexes"] = [hid(h) for h in src.hexes]
            if src.connected:
                item["connected"] = src.connected
            if src.stand_ins:
                item["stand_ins"] = list(src.stand_ins)
            if src.per_hex:
                item["per_hex"] = True
            out.append("  - " + dump_flow(item))
    if position.limited_sources:
        out.append("limited_sources:")
        for src in position.limited_sources:
            out.append("  - " + dump_flow({"name": src.name, "side": src.side, "city": src.city,
                                           "capacity": tidy_number(src.capacity),
                                           **({"users": list(src.users)} if src.users else {}),
                                           **({"per_hex": True} if src.per_hex else {})}))
    if position.collapsed:
        out.append("collapsed: " + dump_flow(sorted(position.collapsed)))
    if position.rail_capacity:
        out.append("rail_capacity: " + dump_flow({k: tidy_number(v) for k, v in sorted(position.rail_capacity.items())}))
    if position.capacity_used:
        out.append("capacity_used: " + dump_flow({k: tidy_number(v) for k, v in sorted(position.capacity_used.items())}))
    if position.weather:
        out.append("weather: " + dump_flow(dict(sorted(position.weather.items()))))
    if position.marks:
        out.append("marks:")
        for name, hexes in sorted(position.marks.items()):
            out.append(f"  {dump_flow(name)}: " + dump_flow([hid(h) for h in map_.grid_order(hexes)]))
    return "\n".join(out) + "\n"


def write_scenario(position: Position, map_: Map, path: Path | str) -> None:
    """Write a scenario file atomically (the old file stays whole if anything fails)."""
    write_text(path, scenario_text(position, map_))
