"""Sequences of play as data: the segments of a game turn in order, and where supply is checked.

TSCW 5.1 / 5.2 (with 7.1's order inside segment A-III and 11.1's inside A-IV); 9.2 names the
segments at whose start every unit's supply is checked. A turn engine steps through these.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from logistics.errors import LoadError
from logistics.games.base import Step, owner_changes
from logistics.games.tscw import admin
from logistics.games.tscw.supply import TscwSupply, update_control
from logistics.mapdata import Map
from logistics.position import MONTHS, Position, Turn


@dataclass(frozen=True)
class Segment:
    code: str            # e.g. "A-IV", "D-II-a"
    name: str
    supply_check: bool = False   # 9.2: supply is checked at its start
    steps: tuple[str, ...] = ()  # the order of things inside it


def _player_phase(letter: str, side: str) -> list[Segment]:
    return [Segment(f"{letter}-I", f"{side} Operational Movement", True),
            Segment(f"{letter}-II", f"{side} Operational Combat"),
            Segment(f"{letter}-III", f"{side} Exploitation Movement", True),
            Segment(f"{letter}-IV", f"{side} Exploitation Combat")]


TSCW = (
    Segment("A-I", "Event Marker", steps=("draw a marker", "add new markers")),
    Segment("A-II", "General Mobilization (Republican only, 7.10)"),
    Segment("A-III", "RP & Reinforcements", steps=(      # 7.1
        "withdrawals and conversions (7.4, 7.5)", "receive RP, rebuild and strengthen units (7.2, 7.6)",
        "reinforcements with a deployment hex (7.8)", "free-deployment reinforcements, units rebuilt on the map (7.8)")),
    Segment("A-IV", "Strategic Movement", True, steps=("sea movement and air drops", "rail movement")),  # 11.1
    Segment("A-V", "HQ & Reserve", steps=("supplied HQs flip to Available (12.1)", "place reserves (12.1.4)")),
    *_player_phase("B", "Nationalist"),
    *_player_phase("C", "Republican"),
    Segment("D-I", "Victory check"),
    Segment("D-II-a", "Supply status of every unit", True),
    Segment("D-II-b", "Alcazar roll"),
    Segment("D-II-c", "End of reduced ammunition (15.16)"),
    Segment("D-III", "Air and naval units back to Available"),
    Segment("D-IV", "Advance the turn marker"),
)

SEQUENCES = {"tscw": TSCW}


def next_segment(game: str, code: str) -> tuple[Segment, bool]:
    """The segment after `code`, and whether a new game turn begins with it."""
    order = SEQUENCES[game]
    k = [s.code for s in order].index(code)
    return (order[k + 1], False) if k + 1 < len(order) else (order[0], True)


# --- the turn engine's steps (5.2): control on leaving a movement segment (10.7, 15.14), supply
# checked where 9.2 says -------------------------------------------------------------------------

TSCW_MOVEMENT = ("A-IV", "B-I", "B-III", "C-I", "C-III")
TSCW_PLAYERS = {"B": "Nationalist", "C": "Republican"}


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
    words = date.split()
    if len(words) != 2 or words[0][:3].lower() not in MONTHS or not words[1].isdigit():
        return date
    month = MONTHS.index(words[0][:3].lower()) + (1 if number <= 4 else 2)
    year = int(words[1]) + month // 12
    return f"{MONTHS[month % 12].capitalize()} {year % 100:02d}"


def next_tscw_turn(position: Position, source: str) -> Turn:
    """The segment after the position's (5.2), a new game turn's date after the last (1.3)."""
    seg = tscw_segment(position, source)
    nxt, new_turn = next_segment("tscw", seg.code)
    t = position.turn
    return Turn(t.number + 1 if new_turn else t.number, next_tscw_date(t.date, t.number) if new_turn else t.date,
                nxt.code, TSCW_PLAYERS.get(nxt.code[0], ""))


def tscw_step(position: Position, map_: Map, source: str) -> Step:
    seg = tscw_segment(position, source)
    after = next_tscw_turn(position, source)
    nxt, new_turn = tscw_segment(replace(position, turn=after), source), after.number != position.turn.number
    step = Step(after, position)
    p = position
    if seg.code in TSCW_MOVEMENT:
        controlled = update_control(p, map_)
        step.actions += owner_changes(p, controlled, map_, "10.7 control")
        old, new = p.options.get("fortified_lines", {}), controlled.options.get("fortified_lines", {})
        for name in sorted(new):
            if old.get(name, "inactive") != new[name]:
                step.actions.append(f"15.14: fortified line {name} {old.get(name, 'inactive')} -> {new[name]}")
        for h in sorted(controlled.marks.get("fortified_destroyed", frozenset()) - p.marks.get("fortified_destroyed", frozenset()),
                        key=map_.hex_id):
            step.actions.append(f"15.14.3: fortified hex {map_.hex_id(h)} destroyed")
        p = controlled
    if seg.code == "A-III":                                   # 7.1: reinforcements come third
        p, lines = admin.enter_reinforcements(p, map_)
        step.actions += lines
    p = replace(p, turn=after)
    if new_turn:
        p, lines = admin.limits_of_turn(p, after)
        step.actions += lines
    if nxt.code == "A-V":
        p, lines = admin.refit_hqs(p, map_)
        step.actions += lines
    if nxt.code == "D-II-c":
        p, lines = admin.end_of_reduced_ammunition(p, map_)
        step.actions += lines
    if nxt.supply_check:
        step.verdicts = TscwSupply(p, map_).verdicts()
        for v in step.verdicts:
            if not v.supplied:
                why = f": {v.blocked.reason}" if v.blocked else ""
                step.actions.append(f"9.2 supply check: {v.unit} is {v.general}{why}")
    step.position = p
    return step
