"""OCS's sequence of play as the turn engine steps it: each player turn is the game's `phases`
(aircraft refit, reinforcement, movement, supply, reaction, combat, exploitation, clean up), the
players in the order of the scenario's `sides`. The seed (chapter 13) names the Reinforcement and Movement Phases; the order
of the phases is the series rules' (4.0), outside the seeds. The game turn's date is left as it
is (each OCS game prints its own turn record).

- 13.3b: Rail Cap is a Movement Phase's; the turn engine resets what was spent entering one.
- The supply phase (left by a step): the phasing player's units on the map are judged once, on
  the position as the phase begins (`OcsSupply`): a unit traces supply for free (13.1b, 12.3b:
  directly from a source, or thrown by an HQ), or eats SP (12.6d as 13.7a cites it) from the dump
  or loaded Transport Point the engine's share gives it (`eating.py`: as many REs fed as the SP
  allow, 13.1b, 13.2c), or is Out of Supply (`oos: 1`); a unit in supply loses the mark. What a
  unit eats is `ocs_eat_per_re` SP per RE, an HQ 1 RE (13.1); chapter 12's amount is not in the
  seeds, so the phase takes no placeholder: a unit that must eat needs the option stated. The SP
  eaten leave the position: from the side's own stocks in the dump's hex, or the Transport
  Point's load -- the dump the unit's verdict names.
"""
from __future__ import annotations

from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.base import Step, next_phase
from logistics.games.ocs.supply import TRACED, Dump, OcsSupply
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


def _take(position: Position, side: str, dump: Dump, sp: float) -> Position:
    """`sp` SP gone from `dump`: a Transport Point's load, or the side's SP stocks in the dump's
    hex (the engine's dump sums them), first listed first; a stock emptied is removed."""
    if dump.unit:
        return replace(position, units=tuple(replace(u, load=_rounded(u.load - sp)) if u.id == dump.unit else u
                                             for u in position.units))
    stocks = []
    for s in position.supply:
        if sp > 0 and s.side == side and s.kind == "sp" and s.hex == dump.hex:
            taken = min(sp, s.amount)
            sp = _rounded(sp - taken)
            if _rounded(s.amount - taken) <= 0:
                continue
            s = replace(s, amount=_rounded(s.amount - taken))
        stocks.append(s)
    return replace(position, supply=tuple(stocks))


def _rounded(sp: float) -> float:
    """SP come in tokens; sums of fractions keep no binary dust (0.1 + 0.2)."""
    return round(sp, 6)


def supply_phase(step: Step, position: Position, map_: Map, side: str, source: str) -> Position:
    engine = OcsSupply(position, map_)
    units = [u for u in position.units if u.side == side and u.hex is not None]
    meals = {u.id: engine.meal(u) for u in units}
    hungry = [u.id for u in units if meals[u.id] is not None]
    if hungry and "ocs_eat_per_re" not in position.options:
        raise LoadError(source, f"{hungry[0]} must eat SP (12.6d) and the scenario gives no amount",
                        field="options.ocs_eat_per_re",
                        expected="the SP a unit eats per RE (12.6d, chapter 12: not in the seeds; an HQ is 1 RE, 13.1)")
    p, eaten = position, {}
    for unit in units:
        v = engine.verdict(unit)
        step.verdicts.append(v)
        meal = meals[unit.id]
        if meal is not None:                  # the verdict names the same dump (EATS)
            dump, sp = meal
            p = _take(p, side, dump, sp)
            eaten[dump.name] = (dump, eaten.get(dump.name, (dump, 0.0))[1] + sp)
            step.actions.append(f"12.6d: {unit.id} eats {sp:g} SP from {dump.name}")
            mark = 0
        elif v.general == TRACED:
            mark = 0
        else:
            why = v.blocked.reason if v.blocked else v.general
            step.actions.append(f"Out of Supply: {unit.id} ({why})")
            mark = 1
        if p.unit(unit.id).oos != mark:
            p = replace(p, units=tuple(replace(u, oos=mark) if u.id == unit.id else u for u in p.units))
    for name, (dump, sp) in sorted(eaten.items()):
        step.actions.append(f"12.6d: {name} held {dump.sp:g} SP, {sp:g} eaten, {_rounded(dump.sp - sp):g} left")
    return p
