"""What the turn engine does around a game's own step: supply's effects on the markers the step
changed, the weather of a new game turn, and yards changing hands.

- Supply's effects: each marker change is reported with what the seeds rule for that level
  (`Game.oos_effects`). The table of U-levels at which a unit is eliminated is not in the seeds:
  a scenario sets it as `options: {oos_eliminate_at: N}` (a unit whose marker reaches U-N is
  eliminated at that step). Without it, a unit passing the highest level the seeds give an
  effect for is reported once, when it passes it, so markers never count up silently.
- Weather: `options: {weather_schedule: {"Sep I 36": {E: mud}}}` (a game turn's date or number,
  then weather zone: weather) sets the weather when that game turn begins, before the supply
  check of its first phase reads it; `--weather E=mud` sets it for the step being taken.
- Yards (Europa 7A4a, AEG 1998): a yard of `rail_capacity` whose hex changes hands is captured:
  the captor gets half its capacity (the game's `capture_yard`, unless the game's step already
  halved it: Europa's ownership update does), and what the loser spent of it this turn is no
  longer counted.
"""
from __future__ import annotations

from dataclasses import replace

import yaml

from logistics import games
from logistics.errors import LoadError
from logistics.mapdata import Map
from logistics.position import Position, RemoveUnit
from logistics.yamldoc import Doc, dump_flow


def capture_yards(before: Position, after: Position, map_: Map) -> tuple[Position, list[str]]:
    game, lines = games.of(after), []
    for name in sorted(before.rail_capacity):
        yard = map_.yard(name)
        h = yard.place.hex if yard is not None else None
        if h is None:
            continue
        old, new = before.owner_of(h), after.owner_of(h)
        if old == new or new not in {s.name for s in after.sides}:
            continue
        if after.rail_capacity.get(name) != before.rail_capacity.get(name):
            captured = after             # the step's own ownership update applied 7A4a: not twice
        else:
            captured = game.capture_yard(after, map_, name, new)
            if captured is after:
                continue
        used = {k: v for k, v in captured.capacity_used.items() if k != name}
        after = replace(captured, capacity_used=used)
        lines.append(f"7A4a: yard {name} taken by {new}: capacity {before.rail_capacity[name]:g} -> "
                     f"{after.rail_capacity.get(name, 0):g}")
    return after, lines


def marker_effects(before: Position, after: Position, map_: Map) -> tuple[Position, list[tuple[str, str]]]:
    """The effects of the markers that changed between `before` and `after` (one step)."""
    game = games.of(after)
    eliminate_at = after.options.get("oos_eliminate_at")
    highest = max(game.oos_effects, default=0)
    old = {u.id: u.oos for u in before.units}
    entries: list[tuple[str, str]] = []
    for u in after.units:
        was = old.get(u.id, 0)
        if u.oos == was or u.oos == 0:
            continue
        if eliminate_at and u.oos >= eliminate_at:
            after = after.apply(RemoveUnit(u.id))
            entries.append(("elimination", f"{u.id} eliminated at U-{u.oos} "
                                           f"(options.oos_eliminate_at: {eliminate_at})"))
        elif u.oos in game.oos_effects:
            entries.append(("effect", f"{u.id} U-{u.oos}: {game.oos_effects[u.oos]}"))
        elif was <= highest < u.oos and not eliminate_at:
            entries.append(("warning", f"{u.id} U-{u.oos}: the seeds give no effect past U-{highest}; "
                                       "set options.oos_eliminate_at to the game's table"))
    return after, entries


def scheduled_weather(position: Position, after_turn) -> dict[str, str] | None:
    """The weather the schedule gives the game turn `after_turn` begins, or None."""
    schedule = position.options.get("weather_schedule") or {}
    return schedule.get(after_turn.date) or schedule.get(str(after_turn.number))


def set_weather(position: Position, map_: Map, weather: dict[str, str], source: str) -> Position:
    """`position` with the weather of the zones in `weather` set, each zone and value checked as
    a scenario's `weather` is (the game's `read_weather`: 36A1 zones, 36D conditions)."""
    zones = sorted(set(map_.layers.get("weather_zone", {}).values()))
    doc = Doc(yaml.compose(dump_flow(weather)), source, "weather")
    try:
        checked = games.of(position).read_weather(doc, zones, position.options, map_.name)
    except LoadError as exc:                     # not a line of the file: the command line or the schedule
        raise LoadError(source, exc.message, field=exc.field, expected=exc.expected) from None
    return replace(position, weather={**position.weather, **checked})


def weather_lines(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [f"weather {f'zone {zone}' if zone else '(the map has one zone)'}: {before.get(zone, 'unset')} -> {after[zone]}"
            for zone in sorted(after) if before.get(zone) != after[zone]]
