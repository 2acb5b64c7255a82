"""Europa's sequence of play as the turn engine steps it (FWtBT, Second Front), each game's its
own (rules.SEQUENCES): each game turn is one player turn per side, the game's first side first
(FWtBT Insurgent, SF Allied), then the scenario's order; each player turn is the initial,
movement, combat and exploitation phases.

- Leaving the phasing player's initial phase (FWtBT): the general supply points he generated in an
  earlier game turn expire (12C3a, TEM 62; supply_points.py).
- Leaving a movement, combat or exploitation phase: hex ownership is updated (3D, 43C1).
- Entering an initial phase: FWtBT pacification counts a turn at the start of each game turn
  (39A / 39B); on the Insurgent initial phase the Gobernito collapse checks run (38D step 3); then
  every unit's supply is judged on one snapshot and its U-marker changes (12B ruling, DPS
  08-Oct-04); the units drawing on general supply points use them up (12C3; supply_point_use.py).
  The game turn after "Aug II 36" is "Sep I 36": two a month.
"""
from __future__ import annotations

from dataclasses import replace

from logistics.errors import LoadError
from logistics.games.base import Step, next_phase, owner_changes
from logistics.games.europa import assistance, events, supply_points
from logistics.games.europa.ownership import update_ownership
from logistics.games.europa.rules import SEQUENCES, EuropaRules
from logistics.games.europa.supply import initial_phase_markers
from logistics.games.europa.supply_point_use import use_points
from logistics.games.europa.turn_events import game_turn_events
from logistics.mapdata import Map
from logistics.position import Position, Turn


def players_in_order(position: Position) -> list[str]:
    """The sides in the order their player turns come in a game turn: the game's sequence names
    the first (FWtBT: Insurgent; SF: Allied), the others follow in the scenario's order."""
    names = [s.name for s in position.sides]
    first = SEQUENCES[position.game].first
    return sorted(names, key=lambda name: name != first)


def next_europa_turn(position: Position, source: str = "scenario") -> Turn:
    t, players = position.turn, players_in_order(position)
    phases = SEQUENCES[position.game].phases
    within = next_phase(t, players, phases, source)
    if within is not None:
        return within
    try:
        date = assistance.turn_name(assistance.turn_index(t.date) + 1)
    except ValueError as exc:
        raise LoadError(source, str(exc), field="turn.date", expected="a game turn like 'Aug II 36'") from None
    return Turn(t.number + 1, date, phases[0], players[0])


def europa_step(position: Position, map_: Map, source: str) -> Step:
    """The position one phase later, by the game's own sequence (rules.SEQUENCES): FWtBT's 39A /
    39B count, 38D step 3 and game-turn events where it has them."""
    sequence = SEQUENCES[position.game]
    after = next_europa_turn(position, source)
    if "french_assistance" in position.options:
        try:   # 44J: the data must decide the French border of the turn stepped into
            assistance.french_border(position.options["french_assistance"], after)
        except ValueError as exc:
            raise LoadError(source, f"cannot step to {after.player} {after.phase} {after.date}: {exc}",
                            field="options.french_assistance",
                            expected="the 44J level (and Sporadic check) of that player turn") from None
    step = Step(after, position)
    p = position
    if position.turn.phase == "initial" and EuropaRules.for_position(p).generated_supply_points:
        p, lines = supply_points.expire(p, map_)        # 12C3a (TEM 62): they last through this phase
        step.actions += lines
    if position.turn.phase != "initial":
        owned = update_ownership(p, map_, advanced=bool(p.options.get("advanced_ownership")))
        step.actions += owner_changes(p, owned, map_, "3D ownership")
        # 7A4a: a yard halved by the ownership update is reported by the turn's effects (turn/effects.py).
        for h in sorted(owned.unpacified - p.unpacified, key=map_.hex_id):
            step.actions.append(f"39A: {map_.hex_id(h)} changed hands and must be pacified")
        p = owned
    p = replace(p, turn=after)
    if after.phase == "initial":
        new_game_turn = after.number != position.turn.number
        if sequence.pacification and new_game_turn and (p.pacification or p.unpacified):
            p = _pacification_step(step, p, map_)
        if sequence.game_turn_events and new_game_turn:          # FWtBT 37B, 38B5 (games/europa/turn_events.py)
            p, lines = game_turn_events(p, map_, source)
            step.actions += lines
        if sequence.collapse_player and after.player == sequence.collapse_player:
            phase = events.initial_phase(p, map_)
            for c in phase.checks:
                step.actions.append(f"38D step 3: {c.gobernito} {'collapses' if c.collapses else 'holds'} ({c.reason})")
            verdicts, marked = phase.verdicts, phase.position
        else:
            verdicts, marked = initial_phase_markers(p, map_)
        # 12C3 (DPS 22-Jun-05; AEG 1998): the units drawing on general supply points use them up.
        verdicts, marked, lines = use_points(marked, map_, verdicts, source)
        step.verdicts = verdicts
        step.actions += lines
        for v in verdicts:
            if v.next_marker != v.marker:
                why = v.blocked.reason if v.blocked else (v.source or v.general)
                step.actions.append(f"12B step 4: {v.unit} {_marker(v.marker)} -> {_marker(v.next_marker)} "
                                    f"({v.general}: {why})")
        p = marked
    step.position = p
    return step


def _marker(n: int) -> str:
    return f"U-{n}" if n else "no marker"


def _pacification_step(step: Step, position: Position, map_: Map) -> Position:
    after = events.advance_pacification(position, map_)
    left = {(w.hex, w.work): w for w in after.pacification}
    begun = {w.hex for w in position.pacification}
    for h in sorted(position.unpacified - begun, key=map_.hex_id):   # captured cities begin theirs
        now = left.get((h, "pacification"))
        step.actions.append(f"39A: pacification of {map_.hex_id(h)} begins" +
                            (f": {now.held} of {now.turns} turns held" if now else " and is done"))
    for w in position.pacification:
        now = left.get((w.hex, w.work))
        where = map_.hex_id(w.hex)
        if now is None:
            step.actions.append(f"39A/39B: {w.work} of {where} is done" + (f"; the city joins {w.joins}" if w.joins else ""))
        elif now.held != w.held:
            step.actions.append(f"39A/39B: {w.work} of {where}: {now.held} of {now.turns} turns held")
    return after
