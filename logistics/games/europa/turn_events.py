"""FWtBT's scheduled events as the turn engine runs them at the start of each game turn, from the
scenario's options (the rule functions are `events.py`'s):

- 37B factories: `factory_production: {"33:3625": 1}`, each producing factory's hex and its steps
  of the Factory Production Chart this turn (the chart is not in the seeds): the steps are placed
  there as attack supply, and the resource points of the first turn of an even month reported
  (the position keeps no RP track);
- 38B5 the Barcelona Revolt: `barcelona_revolt: {date: May I 37, garrisons: {Barcelona: [2, 2],
  Tarragona: [1, 1], ...}, joins: {Tarragona: Republican cities}}` (garrison REs and turns per
  city, as for pacifying it; 39B) starts the ideological purification of every Loyalist-owned
  city hex of Catalunya when the game turn of `date` begins.
"""
from __future__ import annotations

from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.europa.events import barcelona_revolt, factory_output
from logistics.mapdata import Map
from logistics.position import Position


def read_factories(doc, map_: Map) -> dict[str, float]:
    from logistics.mapio import HexReader
    reader = HexReader(map_)
    out = {}
    for hex_id, d in doc.items():
        reader.parse(d, hex_id)
        out[hex_id] = d.number(0)
    return out


def read_revolt(doc, map_: Map) -> dict:
    f = doc.mapping(("date", "garrisons", "joins"), required=("date", "garrisons"))
    garrisons = {}
    for city, g in f["garrisons"].items():
        pair = g.list()
        if len(pair) != 2:
            raise g.error("not [REs, turns]", expected="the garrison REs and the turns, e.g. [2, 2]")
        garrisons[city] = [pair[0].number(0), pair[1].integer(1)]
    joins = {city: j.text() for city, j in f["joins"].items()} if "joins" in f else {}
    return {"date": f["date"].text(), "garrisons": garrisons, "joins": joins}


def game_turn_events(position: Position, map_: Map, source: str) -> tuple[Position, list[str]]:
    """The events of the game turn `position.turn` begins."""
    lines = []
    revolt = position.options.get("barcelona_revolt")
    if revolt and revolt["date"] == position.turn.date:
        before = len(position.pacification)
        try:
            position = barcelona_revolt(position, map_, {c: tuple(g) for c, g in revolt["garrisons"].items()},
                                        revolt.get("joins"))
        except ValueError as exc:
            raise LoadError(source, str(exc), field="options.barcelona_revolt.garrisons",
                            expected="the garrison and turns of every Loyalist city of Catalunya") from None
        lines.append(f"38B5: the Barcelona Revolt: {len(position.pacification) - before} purification / "
                     "pacification works begin in Catalunya (39B)")
    factories = position.options.get("factory_production")
    if factories:
        stocks, points = factory_output(position, {map_.hex_at(h): v for h, v in factories.items()})
        position = replace(position, supply=position.supply + stocks)
        lines += [f"37B: {s.amount:g} attack supply step(s) at {map_.hex_id(s.hex)} ({s.side})" for s in stocks]
        lines += [f"37B: {n} resource point(s) to {side} (first turn of an even month)" for side, n in sorted(points.items())]
    return position, lines
