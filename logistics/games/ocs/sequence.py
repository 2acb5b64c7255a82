"""OCS's sequence of play as the turn engine steps it: each player turn is the game's `phases`
(aircraft refit, reinforcement, movement, supply, reaction, combat, exploitation, clean up), the
players in the order of the scenario's `sides`. The seed (chapter 13) names the Reinforcement and Movement Phases; the order
of the phases is the series rules' (4.0), outside the seeds. The game turn's date is left as it
is (each OCS game prints its own turn record).

- 13.3b: Rail Cap is a Movement Phase's; the turn engine resets what was spent entering one.
- The supply phase (left by a step): each of the phasing player's units on the map traces supply
  (13.1b, 12.3b: directly from a source, or thrown by an HQ); a unit that cannot eats SP from a
  dump or a loaded Transport Point it reaches the same ways (12.6d as 13.7a cites it): the
  scenario's `ocs_trace_sp` SP (chapter 12's amount is not in the seeds); SP are taken from the
  position's dumps and loads as they are eaten, unit by unit in the scenario's order, so a dump
  that runs dry feeds no later unit. A unit that neither traces nor eats is marked Out of Supply
  (`oos: 1`); a unit in supply loses the mark.
"""
from __future__ import annotations

from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.base import Step, next_phase
from logistics.games.ocs.supply import EATS, TRACED, OcsSupply
from logistics.mapdata import Map
from logistics.position import Position, Turn


def next_ocs_turn(position: Position, phases: tuple[str, ...], source: str) -> Turn:
    t, players = position.turn, [s.name for s in position.sides]
    return next_phase(t, players, phases, source) or Turn(t.number + 1, t.date, phases[0], players[0])


def ocs_step(position: Position, map_: Map, source: str, phases: tuple[str, ...]) -> Step:
    after = next_ocs_turn(position, phases, source)
    step = Step(after, position)
    p = position
    if position.turn.phase == "supply":
        p = supply_phase(step, p, map_, position.turn.player, source)
    step.position = replace(p, turn=after)
    return step


def _without_dry(position: Position, need: float) -> Position:
    """The position as a unit needing `need` SP sees it: dumps and loads with less are dry."""
    return replace(position, supply=tuple(s for s in position.supply if s.kind != "sp" or s.amount >= need),
                   units=tuple(replace(u, load=0.0) if 0 < u.load < need else u for u in position.units))


def _eat(position: Position, map_: Map, dump_name: str, need: float) -> tuple[Position, float]:
    """`need` SP taken from the dump or Transport Point the engine names; returns what is left."""
    for k, s in enumerate(position.supply):
        if s.kind == "sp" and dump_name == f"dump at {map_.hex_id(s.hex)}":
            left = s.amount - need
            stocks = list(position.supply)
            if left > 0:
                stocks[k] = replace(s, amount=left)
            else:
                del stocks[k]
            return replace(position, supply=tuple(stocks)), left
    for u in position.units:
        if dump_name == f"{u.type.replace('_', ' ')} {u.id}":
            left = u.load - need
            return replace(position, units=tuple(replace(x, load=left) if x.id == u.id else x
                                                 for x in position.units)), left
    raise LoadError("scenario", f"no SP at {dump_name}", field="supply")


def supply_phase(step: Step, position: Position, map_: Map, side: str, source: str) -> Position:
    need = position.options.get("ocs_trace_sp")
    p = position
    engine = None            # judged anew only after SP are eaten (the engine reads no U-marks)
    for unit in [u for u in position.units if u.side == side and u.hex is not None]:
        if engine is None:
            trial = _without_dry(p, need) if need else p
            engine = OcsSupply(trial, map_)
        v = engine.verdict(trial.unit(unit.id))
        step.verdicts.append(v)
        if v.general == EATS:
            if not need:
                raise LoadError(source, f"{unit.id} must eat SP (12.6d) and the scenario gives no amount",
                                field="options.ocs_trace_sp",
                                expected="the SP a unit eats for trace supply (chapter 12, not in the seeds)")
            p, left = _eat(p, map_, v.source, need)
            engine = None
            step.actions.append(f"12.6d: {unit.id} eats {need:g} SP from {v.source} ({left:g} left)")
            mark = 0
        elif v.general == TRACED:
            mark = 0
        else:
            why = v.blocked.reason if v.blocked else v.general
            step.actions.append(f"Out of Supply: {unit.id} ({why})")
            mark = 1
        if p.unit(unit.id).oos != mark:
            p = replace(p, units=tuple(replace(u, oos=mark) if u.id == unit.id else u for u in p.units))
    return p
