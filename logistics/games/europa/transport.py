"""Europa naval transport orders (an orders file's `embark`, `sail`, `disembark`), as far as the
seeds rule on them; naval movement points and their costs are not in the seeds and not counted.

What the engine checks, each rule with its ruling:
- A unit embarks on a transport or mixed group of its side in the same hex, the group in a
  friendly-owned port (the naval transport of 30 / 31A), or on a friendly-owned beach the group
  lies off (30B, 31B; beaches.py): not in stormy seas, and only an amphibious unit (27B6), since a
  non-amphibious one lands at a beach solely on landing craft, which are not modelled (SF 31B
  rewrite, GR/D 03-Mar-98). Amphibious landings at enemy beaches (32) are not orders.
- In the movement or the exploitation phase; a non-c/m unit (one without the `cm` tag) may not
  embark in the exploitation phase, while any embarked unit may be moved by sea and disembarked
  then (DAT 15-Feb-04, Rule 31A; SF Q&A on 31A, GR/D 1998).
- The group's cargo capacity (`capacity`, REs) bounds the REs aboard (12B4 / 30).
- REs embarked and disembarked at a port in one phase, over all its orders files, fit the port's
  capacity (30A; the chart values are `port_capacity`, less one per hit, `port_damage`).
- A group sails to a sea or port hex; `in_port: true` only at a friendly-owned port. Danger
  zones do not stop it: a ship may run through one at the risk of damage (AEG 11-Mar-04, 34F),
  which is the players' roll, and is reported. Its cargo goes with it.
- A unit disembarks at its group's friendly-owned port (31A: ports, in movement or
  exploitation), or on a beach the group lies off under the same beach rules. A unit aboard traces supply from its group's port and not at sea (SF Q&A on 12,
  GR/D 1998; supply.py `placed_hex`).
"""
from __future__ import annotations

from dataclasses import replace

from logistics.games.europa.beaches import beach_landing, beach_nodes, beach_refusal
from logistics.games.europa.naval import NavalZones, port_state, sea_graph
from logistics.games.europa.rules import EuropaRules
from logistics.mapdata import Map
from logistics.position import Position

PHASES = ("movement", "exploitation")


def _group(position: Position, side: str, gid: str, where, key: str):
    group = next((g for g in position.naval_groups if g.id == gid), None)
    if group is None:
        raise where(key, f"unknown naval group {gid!r}", "a naval group's id")
    if group.side != side:
        raise where(key, f"naval group {gid} is {group.side}'s", f"a {side} naval group")
    return group


def _port(position: Position, map_: Map, side: str, group, where, key: str):
    port = map_.port_at(group.hex) if group.hex is not None and group.in_port else None
    if port is None:
        raise where(key, f"naval group {group.id} is not in port", "a group in a friendly-owned port (31A)")
    state = port_state(position, map_, EuropaRules.for_position(position), port)
    if state.owner != side:
        raise where(key, f"port {port.name} is {state.owner}'s", "a friendly-owned port (31A)")
    return state


class Through:
    """REs embarked and disembarked at each port this phase (30A port capacity): `spent`, what
    earlier orders of the phase used (kept in the position by the turn engine), then these."""

    def __init__(self, spent: dict[str, float] | None = None):
        self.spent = dict(spent or {})
        self.used: dict[str, float] = dict(self.spent)

    def add(self, state, res: float, where, key: str) -> None:
        name = state.port.name
        if self.used.get(name, 0.0) + res > state.capacity:
            earlier = self.spent.get(name, 0.0)
            raise where(key, f"{self.used.get(name, 0.0) + res:g} REs through {name} this phase"
                        + (f" ({earlier:g} by earlier orders)" if earlier else ""),
                        f"at most its capacity, {state.capacity:g} REs (30A; options.port_capacity, port_damage)")
        self.used[name] = self.used.get(name, 0.0) + res


def _phase(position: Position, where, key: str) -> None:
    if position.turn.phase not in PHASES:
        raise where(key, f"naval transport in the {position.turn.phase} phase",
                    "orders of a movement or exploitation phase (31A)")


def embark(position: Position, map_: Map, side: str, unit_id: str, gid: str, through: Through, where):
    _phase(position, where, "unit")
    try:
        unit = position.unit(unit_id)
    except KeyError:
        raise where("unit", f"unknown unit {unit_id!r}", "a unit id of the scenario") from None
    if unit.side != side:
        raise where("unit", f"unit {unit_id} is {unit.side}'s", f"a {side} unit")
    group = _group(position, side, gid, where, "group")
    if group.kind not in ("transport", "mixed"):
        raise where("group", f"naval group {gid} is a {group.kind} group", "a transport or mixed group (30)")
    if position.turn.phase == "exploitation" and "cm" not in unit.tags:
        raise where("unit", f"{unit_id} is not c/m and may not embark in the exploitation phase",
                    "a c/m unit, or the movement phase (31A; DAT 15-Feb-04)")
    beach = next((b for b in map_.beaches if unit.hex is not None and b.place.hex == unit.hex), None)
    at_beach = beach is not None and not group.in_port and group.hex in beach_nodes(sea_graph(map_).nodes, map_, beach)
    if at_beach:
        _beach(position, map_, side, unit, beach, where)
    elif unit.hex is None or unit.hex != group.hex:
        raise where("unit", f"{unit_id} is not in naval group {gid}'s hex",
                    "a unit in the group's port hex, or on a beach the group lies off")
    else:
        state = _port(position, map_, side, group, where, "group")
    aboard = sum(u.size for u in position.units if u.aboard == gid)
    if aboard + unit.size > group.capacity:
        raise where("unit", f"{aboard + unit.size:g} REs aboard {gid}",
                    f"at most its cargo capacity, {group.capacity:g} REs (30)")
    if not at_beach:                  # a beach has no port capacity (beaches.py)
        through.add(state, unit.size, where, "unit")
    units = tuple(replace(u, hex=None, box=None, aboard=gid) if u.id == unit_id else u for u in position.units)
    done = f"30B / 31B: {unit_id} embarks on {gid} at beach {beach.name}" if at_beach else \
        f"30 / 31A: {unit_id} embarks on {gid} at {state.port.name}"
    return replace(position, units=units), done


def sail(position: Position, map_: Map, side: str, gid: str, to, in_port: bool, where):
    _phase(position, where, "group")
    group = _group(position, side, gid, where, "group")
    hid = map_.hex_id(to)
    port = map_.port_at(to)
    if not map_.is_sea(to) and port is None:
        raise where("to", f"hex {hid} is neither sea nor a port", "a sea or port hex")
    moved = replace(group, hex=to, box=None, in_port=in_port)
    if in_port:
        if port is None:
            raise where("in_port", f"hex {hid} has no port", "in_port only at a port hex")
        _port(position, map_, side, moved, where, "in_port")
    groups = tuple(moved if g.id == gid else g for g in position.naval_groups)
    after = replace(position, naval_groups=groups)
    lines = [f"30: naval group {gid} sails to {hid}" + (f" and enters {port.name}" if in_port else " (at sea)")]
    zones = NavalZones(after, map_, EuropaRules.for_position(after), side, _coalition(after, side))
    if to in zones.danger:
        lines.append(f"34F (AEG 11-Mar-04): {gid} is in a danger zone at {hid} ({zones.danger[to]}): "
                     "the players roll for damage")
    return after, lines


def _coalition(position: Position, side: str) -> str:
    return position.side(side).coalitions[0][0]


def _beach(position: Position, map_: Map, side: str, unit, beach, where) -> None:
    """30B / 31B at a friendly beach: its owner and sea conditions, then who may land there."""
    refused = beach_refusal(position, map_, EuropaRules.for_position(position).stormy_seas, beach, side)
    if refused is not None:
        raise where("beach" if unit.aboard else "unit", refused, "a friendly-owned beach in calm or rough seas (31B)")
    ok, why = beach_landing(unit, ("NT",))      # landing craft are not modelled: a group carries as NTs
    if not ok:
        raise where("unit", why, "an amphibious unit (27B6), or a port")


def disembark(position: Position, map_: Map, side: str, unit_id: str, through: Through, where,
              beach_name: str | None = None):
    _phase(position, where, "unit")
    unit = next((u for u in position.units if u.id == unit_id), None)
    if unit is None or unit.aboard is None:
        raise where("unit", f"{unit_id!r} is no unit aboard a naval group", "a unit aboard one of the side's groups")
    group = _group(position, side, unit.aboard, where, "unit")
    if beach_name is not None:
        beach = map_.beach(beach_name)
        if beach is None:
            raise where("beach", f"no beach {beach_name!r}", "a beach of the map")
        if group.in_port or group.hex not in beach_nodes(sea_graph(map_).nodes, map_, beach):
            raise where("beach", f"naval group {group.id} does not lie off beach {beach_name}",
                        "a group at sea in or beside the beach hex (30B)")
        _beach(position, map_, side, unit, beach, where)
        units = tuple(replace(u, hex=beach.place.hex, aboard=None) if u.id == unit_id else u for u in position.units)
        return replace(position, units=units), f"31B: {unit_id} lands from {group.id} at beach {beach_name}"
    state = _port(position, map_, side, group, where, "unit")
    through.add(state, unit.size, where, "unit")
    units = tuple(replace(u, hex=group.hex, aboard=None) if u.id == unit_id else u for u in position.units)
    return replace(position, units=units), f"31A: {unit_id} disembarks from {group.id} at {state.port.name}"
