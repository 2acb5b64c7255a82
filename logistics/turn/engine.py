"""The turn engine: step a position through its game's sequence of play, one phase (Europa) or
segment (TSCW) at a time, doing what the rules do automatically at each boundary.

Europa (FWtBT, Second Front): each game turn is one player turn per side, in the order the
scenario lists its sides, each of an initial, a movement, a combat and an exploitation phase.
- Leaving a movement, combat or exploitation phase: hex ownership is brought up to date (3D;
  43C1 with `advanced_ownership`), and with it the cities that must now be pacified (39A).
- Entering an initial phase: FWtBT pacification counts a turn at the start of each game turn
  (39A); Gobernito collapse is checked in the Insurgent initial phase only (38D step 3, AEG); then
  both sides' supply is checked at once and every U-n marker changes together (step 4; 12B, DPS
  08-Oct-04). The game turn after "Aug II 36" is "Sep I 36": two a month.

TSCW: the segments of 5.2 (`logistics.rules.sequence`). Leaving a movement segment (A-IV and each
player's I and III) brings hex control up to date (10.7); entering a segment 9.2 names, every
unit's supply is checked and reported (TSCW keeps no supply markers). A game turn lasts one month
for turns 1-4 and two months from turn 5 (1.3).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import LoadError
from ..mapdata import Map
from ..position import Position, Turn
from ..rules import fwtbt_events
from ..rules.sequence import TSCW, next_segment
from ..supply.verdict import Verdict

EUROPA_GAMES = ("europa-fwtbt", "europa-sf")
EUROPA_PHASES = ("initial", "movement", "combat", "exploitation")
TSCW_MOVEMENT = ("A-IV", "B-I", "B-III", "C-I", "C-III")
TSCW_PLAYERS = {"B": "Nationalist", "C": "Republican"}


@dataclass
class Step:
    """One step of the sequence: where it ended, what the engine did (each line citing its rule),
    the supply verdicts it judged, and the new position."""

    after: Turn
    position: Position
    actions: list[str] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)


def describe(position: Position) -> str:
    t = position.turn
    if position.game == "tscw":
        seg = tscw_segment(position)
        return f"turn {t.number} ({t.date}), segment {seg.code} {seg.name}"
    return f"turn {t.number} ({t.date}), {t.player} {t.phase} phase"


def advance(position: Position, map_: Map, source: str = "scenario") -> Step:
    """The position one phase / segment later. `source` names the file in errors."""
    if position.game in EUROPA_GAMES:
        return _europa_step(position, map_, source)
    if position.game == "tscw":
        return _tscw_step(position, map_, source)
    raise LoadError(source, f"no sequence of play for {position.game} yet", field="game",
                    expected="europa-fwtbt, europa-sf or tscw")


# --- Europa --------------------------------------------------------------------------------------

def next_europa_turn(position: Position, source: str = "scenario") -> Turn:
    t, players = position.turn, [s.name for s in position.sides]
    if t.phase not in EUROPA_PHASES:
        raise LoadError(source, f"unknown phase {t.phase!r}", field="turn.phase", expected="one of " + ", ".join(EUROPA_PHASES))
    if t.player not in players:
        raise LoadError(source, f"unknown phasing player {t.player!r}", field="turn.player", expected="one of " + ", ".join(players))
    k = EUROPA_PHASES.index(t.phase)
    if k + 1 < len(EUROPA_PHASES):
        return replace(t, phase=EUROPA_PHASES[k + 1])
    p = players.index(t.player)
    if p + 1 < len(players):
        return replace(t, player=players[p + 1], phase=EUROPA_PHASES[0])
    try:
        date = fwtbt_events.turn_name(fwtbt_events.turn_index(t.date) + 1)
    except ValueError as exc:
        raise LoadError(source, str(exc), field="turn.date", expected="a game turn like 'Aug II 36'") from None
    return Turn(t.number + 1, date, EUROPA_PHASES[0], players[0])


def _europa_step(position: Position, map_: Map, source: str) -> Step:
    from ..ownership import update_ownership
    from ..supply.europa import initial_phase_markers

    after = next_europa_turn(position, source)
    if "french_assistance" in position.options:
        try:   # 44J: the data must decide the French border of the turn stepped into
            fwtbt_events.french_border(position.options["french_assistance"], after)
        except ValueError as exc:
            raise LoadError(source, f"cannot step to {after.player} {after.phase} {after.date}: {exc}",
                            field="options.french_assistance",
                            expected="the 44J level (and Sporadic check) of that player turn") from None
    step = Step(after, position)
    p = position
    if position.turn.phase != "initial":
        owned = update_ownership(p, map_, advanced=bool(p.options.get("advanced_ownership")))
        step.actions += _owner_changes(p, owned, map_, "3D ownership")
        for h in sorted(owned.unpacified - p.unpacified, key=map_.hex_id):
            step.actions.append(f"39A: {map_.hex_id(h)} changed hands and must be pacified")
        p = owned
    p = replace(p, turn=after)
    if after.phase == "initial":
        new_game_turn = after.number != position.turn.number
        if position.game == "europa-fwtbt" and new_game_turn and p.pacification:
            p = _pacification_step(step, p, map_)
        if position.game == "europa-fwtbt" and after.player == fwtbt_events.INSURGENT:
            phase = fwtbt_events.initial_phase(p, map_)
            for c in phase.checks:
                step.actions.append(f"38D step 3: {c.gobernito} {'collapses' if c.collapses else 'holds'} ({c.reason})")
            verdicts, marked = phase.verdicts, phase.position
        else:
            verdicts, marked = initial_phase_markers(p, map_)
        step.verdicts = verdicts
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


def _owner_changes(before: Position, after: Position, map_: Map, label: str) -> list[str]:
    """One line per hex whose owner (Europa) or controller (TSCW) changed, in printed-id order."""
    return [f"{label}: {map_.hex_id(h)} {before.owner_of(h)} -> {after.owner_of(h)}"
            for h in sorted(set(before.owner) | set(after.owner), key=map_.hex_id)
            if before.owner_of(h) != after.owner_of(h)]


def _pacification_step(step: Step, position: Position, map_: Map) -> Position:
    after = fwtbt_events.advance_pacification(position, map_)
    left = {(w.hex, w.work): w for w in after.pacification}
    for w in position.pacification:
        now = left.get((w.hex, w.work))
        where = map_.hex_id(w.hex)
        if now is None:
            step.actions.append(f"39A/39B: {w.work} of {where} is done" + (f"; the city joins {w.joins}" if w.joins else ""))
        elif now.held != w.held:
            step.actions.append(f"39A/39B: {w.work} of {where}: {now.held} of {now.turns} turns held")
    return after


# --- TSCW ----------------------------------------------------------------------------------------

def tscw_segment(position: Position, source: str = "scenario"):
    """The segment a TSCW position is in: `turn.phase` is a code ("B-I") or a name, with the
    player naming the side for a player's segment ("operational movement", Nationalist)."""
    t = position.turn
    wanted = t.phase.strip().lower()
    for seg in TSCW:
        name = seg.name.lower()
        if wanted == seg.code.lower() or wanted == name or f"{t.player} {wanted}".lower() == name:
            return seg
    raise LoadError(source, f"unknown TSCW segment {t.phase!r}", field="turn.phase",
                    expected="a segment code such as 'B-I' or its name (TSCW 5.2)")


def next_tscw_date(date: str, number: int) -> str:
    """1.3: a game turn is one month (turns 1-4) or two (turns 5-19). Dates read 'Sep 36'."""
    months = fwtbt_events.MONTHS
    words = date.split()
    if len(words) != 2 or words[0][:3].lower() not in months or not words[1].isdigit():
        return date
    month = months.index(words[0][:3].lower()) + (1 if number <= 4 else 2)
    year = int(words[1]) + month // 12
    return f"{months[month % 12].capitalize()} {year % 100:02d}"


def _tscw_step(position: Position, map_: Map, source: str) -> Step:
    from ..supply.tscw import TscwSupply, update_control

    seg = tscw_segment(position, source)
    nxt, new_turn = next_segment("tscw", seg.code)
    t = position.turn
    after = Turn(t.number + 1 if new_turn else t.number, next_tscw_date(t.date, t.number) if new_turn else t.date,
                 nxt.code, TSCW_PLAYERS.get(nxt.code[0], ""))
    step = Step(after, position)
    p = position
    if seg.code in TSCW_MOVEMENT:
        controlled = update_control(p, map_)
        step.actions += _owner_changes(p, controlled, map_, "10.7 control")
        old, new = p.options.get("fortified_lines", {}), controlled.options.get("fortified_lines", {})
        for name in sorted(new):
            if old.get(name, "inactive") != new[name]:
                step.actions.append(f"15.14: fortified line {name} {old.get(name, 'inactive')} -> {new[name]}")
        for h in sorted(controlled.marks.get("fortified_destroyed", frozenset()) - p.marks.get("fortified_destroyed", frozenset()),
                        key=map_.hex_id):
            step.actions.append(f"15.14.3: fortified hex {map_.hex_id(h)} destroyed")
        p = controlled
    p = replace(p, turn=after)
    if nxt.supply_check:
        step.verdicts = TscwSupply(p, map_).verdicts()
        for v in step.verdicts:
            if not v.supplied:
                why = f": {v.blocked.reason}" if v.blocked else ""
                step.actions.append(f"9.2 supply check: {v.unit} is {v.general}{why}")
    step.position = p
    return step
