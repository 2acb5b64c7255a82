"""Orders a player gives for a phase: unit moves along a path, and a rail / strategic plan.

ORDERS.yaml (docs/turn.md):

    side: Insurgent                  # optional: the phasing player
    phase: movement                  # optional: refused unless the scenario is in this phase
    moves:
      - {unit: Castejon Col, to: "23A:2521", via: ["23A:2422"]}
    embark: [{unit: Asturias Bn, group: Cantabrico NT}]      # naval transport (Europa 30 / 31A),
    sail: [{group: Cantabrico NT, to: "23A:0711", in_port: true}]   # in this order, after the moves
    disembark: [{unit: Asturias Bn}]
    rail: aug-1936.rail.yaml         # optional: a rail moves file (docs/rail.md), run by the planner
    combats:                         # TSCW 9.2: each combat's supply check at its resolution
      - {hex: "2509", attackers: ["1", "2"]}
    supply_points: [{hex: "23A:1809", points: 3}]   # FWtBT 12C3a, in the initial phase

A unit move gives every hex the unit passes through, hex by hex; the seeds rule no movement
points, so none are counted. What they do rule and the engine checks: the path is on the map and
on land, each hex adjacent to the one before, and no hex holds an enemy unit (a unit may not
enter an enemy-occupied hex); and what the game adds (`Game.path_refusal`: TSCW 10.2 stopping in
an enemy ZOC, 8.2 stacking). In Europa entering an enemy ZOC is allowed: normal and reduced ZOCs
differ only in movement cost (Rule 5 ruling, AEG 1998), and costs are the players'. In a game whose ownership
goes by the last unit to occupy a hex (Europa 3D; AEG 05-May-04 under 44B1: "move a unit through
the hex"), every hex moved through becomes the mover's.

Rail and strategic moves go through the planner (rail/planner.py) on the capacity this turn has
left (turn/budget.py): every move must be legal and fit, or the orders are refused with the
planner's reason; the moves made spend capacity. Any refusal names file:line:field and leaves the
position as it was.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from logistics import games
from logistics.errors import LoadError
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.mapio import HexReader
from logistics.position import MoveUnit, Position
from logistics.rail.moves import load_moves
from logistics.rail.planner import plan
from logistics.scenario import Scenario
from logistics.turn.budget import port_spent, remaining, spend, with_ports
from logistics.turn.effects import capture_yards
from logistics.yamldoc import load_doc

TOP_FIELDS = ("side", "phase", "moves", "embark", "sail", "disembark", "rail", "supply_points", "combats")
MOVE_FIELDS = ("unit", "to", "via")
COMBAT_FIELDS = ("hex", "attackers")
POINT_FIELDS = ("hex", "points", "affiliation")


@dataclass
class Applied:
    """What orders did: the position after them and one line per thing done, by kind."""

    position: Position
    entries: list[tuple[str, str]] = field(default_factory=list)   # (kind, text)


def move_unit(position: Position, map_: Map, side: str, unit_id: str, path: list[Hex], where) -> Applied:
    """Move `unit_id` along `path` (the hexes after its own, the last its destination).
    `where(key, message, expected)` makes the error naming the order's field."""
    try:
        unit = position.unit(unit_id)
    except KeyError:
        raise where("unit", f"unknown unit {unit_id!r}", "a unit id of the scenario") from None
    if unit.side != side:
        raise where("unit", f"unit {unit_id} is {unit.side}'s; these orders move {side}'s units",
                    f"a {side} unit (or set 'side')")
    if unit.hex is None:
        raise where("unit", f"unit {unit_id} is not on the map", "a unit in a map hex")
    enemies = {u.hex: u for u in position.units if u.hex is not None and u.side != side}
    prev = unit.hex
    for k, h in enumerate(path):
        key = "to" if k == len(path) - 1 else f"via[{k}]"
        hid = map_.hex_id(h)
        if not map_.is_land(h):
            raise where(key, f"hex {hid} is not land", "a land hex")
        if map_.is_neutral(h):
            raise where(key, f"hex {hid} is in neutral {map_.country_of(h)}", "a hex of a country at war")
        if not prev.is_adjacent(h):
            raise where(key, f"the path jumps from {map_.hex_id(prev)} to {hid}, which are not adjacent",
                        "each hex adjacent to the one before ('via' the hexes between)")
        if h in enemies:
            raise where(key, f"hex {hid} holds the enemy unit {enemies[h].id}",
                        "a path through hexes free of enemy units")
        prev = h
    refused = games.of(position).path_refusal(position, map_, unit, path)
    if refused is not None:
        k, message, expected = refused
        raise where("to" if k == len(path) - 1 else f"via[{k}]", message, expected)
    p = position.apply(MoveUnit(unit_id, path[-1]))
    done = Applied(p, [("move", f"{unit_id}: {map_.hex_id(unit.hex)} -> "
                                + " -> ".join(map_.hex_id(h) for h in path))])
    if games.of(position).takes_hexes_moved_through:
        owner = dict(p.owner)
        taken = [h for h in path if owner.get(h) != side]
        for h in taken:
            owner[h] = side
        if taken:
            done.entries.append(("ownership", f"3D (AEG 05-May-04): {unit_id} takes "
                                 + ", ".join(map_.hex_id(h) for h in taken)))
        p = replace(p, owner=owner)
        p, lines = capture_yards(position, p, map_)
        done.entries += [("capacity", line) for line in lines]
    done.position = p
    return done


def _where(fields, order):
    """The `where(key, message, expected)` the games' checks call to place an error: at the
    order's field `key` ("via[2]": that list's third item), or at the order itself."""
    def where(key: str, message: str, expected: str):
        name, _, index = key.partition("[")
        node = fields.get(name, order)
        if index and name in fields:
            node = fields[name].list()[int(index[:-1])]
        return node.error(message, expected=expected)
    return where


def apply_orders(scenario: Scenario, orders_path: Path | str, source: str = "scenario") -> Applied:
    """The position after the orders in `orders_path`; refused whole on the first bad order."""
    orders_path = Path(orders_path)
    doc = load_doc(orders_path)
    f = doc.mapping(TOP_FIELDS)
    position, map_ = scenario.position, scenario.map
    side = f["side"].choice(tuple(s.name for s in position.sides), "side") if "side" in f else position.turn.player
    if not side:
        raise doc.error("no moving side", expected="a 'side' field (the scenario's turn names no player)")
    if "phase" in f and f["phase"].text() != position.turn.phase:
        raise f["phase"].error(f"orders for the {f['phase'].text()} phase; {source} is in its "
                               f"{position.turn.phase} phase", expected=f"phase: {position.turn.phase}")
    done = Applied(position)
    reader = HexReader(map_)
    for d in f["moves"].list() if "moves" in f else []:
        m = d.mapping(MOVE_FIELDS, required=("unit", "to"))
        path = [*(reader.hex(v) for v in (m["via"].list() if "via" in m else [])), reader.hex(m["to"])]
        moved = move_unit(done.position, map_, side, m["unit"].text(), path, _where(m, d))
        done.position, done.entries = moved.position, done.entries + moved.entries
    done = _naval(done, f, map_, side, reader)
    for d in f["supply_points"].list() if "supply_points" in f else []:
        g = d.mapping(POINT_FIELDS, required=("hex", "points"))
        affiliations = tuple(position.side(side).affiliations())
        aff = g["affiliation"].choice(affiliations, "affiliation") if "affiliation" in g else ""
        done.position, line = games.of(position).generate_supply_points(
            done.position, map_, side, reader.hex(g["hex"]), g["points"].number(0), aff,
            _where(g, d))
        done.entries.append(("supply", line))
    if "combats" in f:
        done.entries += _combats(done.position, map_, f["combats"], reader)
    if "rail" in f:
        rail_path = orders_path.parent / f["rail"].text()
        if not rail_path.exists():
            raise f["rail"].error(f"no file {rail_path}", expected="a rail moves file beside the orders")
        done = _rail(done, Scenario(scenario.path, map_, done.position), rail_path, source)
    return done


def _combats(position: Position, map_: Map, doc, reader: HexReader) -> list[tuple[str, str]]:
    """TSCW 9.2: each combat's supply check at its resolution, on the position the orders leave
    (the game's `combat_refusal` / `combat_supply`); the combat's result is the players'."""
    entries, attacked, hexes, game = [], set(), set(), games.of(position)
    for d in doc.list():
        c = d.mapping(COMBAT_FIELDS, required=("hex", "attackers"))
        target, attackers = reader.hex(c["hex"]), c["attackers"].texts()
        refused = game.combat_refusal(position, map_, target, attackers, attacked, hexes)
        if refused is not None:
            raise _where(c, d)(*refused)
        entries += [("supply", line) for line in game.combat_supply(position, map_, target, attackers).lines]
        attacked |= set(attackers)
        hexes.add(target)
    return entries


def _naval(done: Applied, f: dict, map_: Map, side: str, reader: HexReader) -> Applied:
    """Naval transport orders, in the order of a phase: embark, sail, disembark (the game's rules:
    Europa 30 / 31A, games/europa/transport.py)."""
    given = [k for k in ("embark", "sail", "disembark") if k in f]
    if not given:
        return done
    game = games.of(done.position)
    transport = game.naval_transport()
    if transport is None:
        raise f[given[0]].error(f"naval transport is not a rule of {game.title}",
                                expected="no embark, sail or disembark in orders for this game")
    # 30A: the ports' capacity this phase less what earlier orders of the phase spent (turn/budget.py)
    through = transport.Through(port_spent(done.position.capacity_used))
    for kind in given:
        fields = {"embark": (("unit", "group"), ("unit", "group")), "sail": (("group", "to", "in_port"), ("group", "to")),
                  "disembark": (("unit", "beach"), ("unit",))}[kind]
        for d in f[kind].list():
            g = d.mapping(*fields)
            where = _where(g, d)
            if kind == "embark":
                done.position, line = transport.embark(done.position, map_, side, g["unit"].text(), g["group"].text(),
                                                       through, where)
                lines = [line]
            elif kind == "sail":
                done.position, lines = transport.sail(done.position, map_, side, g["group"].text(), reader.hex(g["to"]),
                                                      g["in_port"].boolean() if "in_port" in g else False, where)
            else:
                done.position, line = transport.disembark(done.position, map_, side, g["unit"].text(), through, where,
                                                          g["beach"].text() if "beach" in g else None)
                lines = [line]
            done.entries += [("move", line) for line in lines]
    done.position = replace(done.position, capacity_used=with_ports(done.position.capacity_used, through.used))
    return done


def _rail(done: Applied, scenario: Scenario, rail_path: Path, source: str) -> Applied:
    position, map_ = scenario.position, scenario.map
    # The plan is for the phase the scenario is in (7A2: strategic rail in the movement phase only;
    # 13.3b: Rail Cap in the Movement Phase).
    orders = replace(load_moves(rail_path, scenario), phase=position.turn.phase)
    for request in orders.moves:
        if request.unit is None:
            raise LoadError(str(rail_path), f"{request.id}: cargo moves are planned with 'logistics rail plan'",
                            line=request.line, field="cargo", expected="orders move units ('unit: ID')")
    result = plan(position, map_, orders, source, budget=remaining(position.capacity_used))
    for k, r in enumerate(result.moves):
        if r.chosen is None:
            raise LoadError(str(rail_path), f"{r.request.id}: refused ({r.rule}): {r.explanation}",
                            line=r.request.line, field=f"moves[{k}]",
                            expected="a legal move within the capacity this turn has left")
    used = dict(position.capacity_used)
    for r in result.moves:
        used = spend(used, result.pools[r.chosen.pool], orders.side, r.chosen)
        position = position.apply(MoveUnit(r.request.unit, r.request.to))
        done.entries.append(("rail", f"{r.request.id}: {r.request.unit} {map_.hex_id(r.request.start)} -> "
                                     f"{map_.hex_id(r.request.to)} by {r.request.kind}, "
                                     f"{r.chosen.cost:g} of {result.pools[r.chosen.pool].name}"))
    if used != position.capacity_used:
        done.entries.append(("capacity", "spent this turn: " + ", ".join(f"{k} {v:g}" for k, v in used.items())))
    done.position = replace(position, capacity_used=used)
    return done
