"""The turn engine: step a position through its game's sequence of play, one phase (Europa) or
segment (TSCW) at a time, doing what the rules do automatically at each boundary.

Each game's sequence lives with the game (`games/europa/sequence.py`, `games/tscw/sequence.py`)
and is found through the game's object; this module is what the commands call.

Europa (FWtBT, Second Front): each game turn is one player turn per side, the game's first side
first (its own sequence, games/europa/rules.py SEQUENCES), each of an initial, a movement, a
combat and an exploitation phase.
- Leaving a movement, combat or exploitation phase: hex ownership is brought up to date (3D;
  43C1 with `advanced_ownership`), and with it the cities that must now be pacified (39A).
- Entering an initial phase: FWtBT pacification counts a turn at the start of each game turn
  (39A); Gobernito collapse is checked in the Insurgent initial phase only (38D step 3, AEG); then
  both sides' supply is checked at once and every U-n marker changes together (step 4; 12B, DPS
  08-Oct-04). The game turn after "Aug II 36" is "Sep I 36": two a month.

TSCW: the segments of 5.2 (`games/tscw/sequence.py`). Leaving a movement segment (A-IV and each
player's I and III) brings hex control up to date (10.7); entering a segment 9.2 names, every
unit's supply is checked and reported (TSCW keeps no supply markers). A game turn lasts one month
for turns 1-4 and two months from turn 5 (1.3).

`play` wraps a game's step with what every game shares: the phase's orders (turn/orders.py),
the weather (turn/effects.py), yards changing hands, supply's effects and the turn's capacity
(turn/budget.py).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from logistics import games
from logistics.games.base import Step
from logistics.mapdata import Map
from logistics.position import Position
from logistics.turn.budget import reset, reset_ports
from logistics.turn.effects import capture_yards, marker_effects, scheduled_weather, set_weather, weather_lines
from logistics.turn.report import kind_of, step_record

__all__ = ["Step", "advance", "describe", "describe_next", "play", "run"]


def describe(position: Position) -> str:
    return games.of(position).describe(position)


def describe_next(position: Position, source: str = "scenario") -> str:
    """What the next step reaches, from the game's `next_turn` without running the step."""
    return describe(replace(position, turn=games.of(position, source).next_turn(position, source)))


def advance(position: Position, map_: Map, source: str = "scenario") -> Step:
    """The position one phase / segment later. `source` names the file in errors."""
    return games.of(position, source).step(position, map_, source)


def play(position: Position, map_: Map, source: str = "scenario", weather: dict[str, str] | None = None,
         ordered: list[tuple[str, str]] | None = None) -> tuple[Step, list[tuple[str, str]]]:
    """One step with what surrounds the game's own: `position` is the state after the phase's
    orders (`ordered`: what they did), `weather` the turn's weather given as input. Returns the
    step and every change as (kind, text): orders, weather, the game's actions, yards captured,
    supply's effects, capacity reset."""
    entries = list(ordered or [])
    p = position
    if weather:
        given = set_weather(p, map_, weather, source)
        entries += [("weather", line + " (given)") for line in weather_lines(p.weather, given.weather)]
        p = given
    after = games.of(p, source).next_turn(p, source)
    if after.number != p.turn.number:
        planned = scheduled_weather(p, after)
        if planned:                         # the new game turn's weather, before its supply check
            scheduled = set_weather(p, map_, planned, source)
            if scheduled.weather != p.weather:
                entries += [("weather", f"{line} (schedule, {after.date or after.number})")
                            for line in weather_lines(p.weather, scheduled.weather)]
                p = scheduled
    step = advance(p, map_, source)
    entries += [(kind_of(line), line) for line in step.actions]
    after, lines = capture_yards(p, step.position, map_)
    entries += [("capacity", line) for line in lines]
    after, effects = marker_effects(p, after, map_)
    entries += effects
    after, lines = reset_ports(after)             # 30A: a port's capacity is the phase's
    entries += [("capacity", line) for line in lines]
    if games.of(p).capacity_resets(p.turn, step.after):
        after, lines = reset(after)
        entries += [("capacity", line) for line in lines]
    step.position = after
    return step, entries


def run(position: Position, map_: Map, source: str = "scenario", steps: int = 1,
        weather: dict[str, str] | None = None, ordered: list[tuple[str, str]] | None = None,
        each: Callable[[Step, str, str], None] | None = None) -> tuple[list[dict], Position]:
    """`steps` steps from `position` (the weather given and the orders' changes go with the
    first); `each(step, start, end)` is called after each (a command writes its file there).
    Returns each step's report record and the position reached."""
    done = []
    for k in range(steps):
        start = describe(position)
        step, changes = play(position, map_, source, weather if k == 0 else None, ordered if k == 0 else None)
        end = describe(step.position)
        if each is not None:
            each(step, start, end)
        done.append(step_record(start, end, changes, step.verdicts))
        position = step.position
    return done, position
