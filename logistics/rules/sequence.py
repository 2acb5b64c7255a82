"""Sequences of play as data: the segments of a game turn in order, and where supply is checked.

TSCW 5.1 / 5.2 (with 7.1's order inside segment A-III and 11.1's inside A-IV); 9.2 names the
segments at whose start every unit's supply is checked. A turn engine steps through these.
"""
from __future__ import annotations

from dataclasses import dataclass


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


def segment(game: str, code: str) -> Segment:
    for s in SEQUENCES[game]:
        if s.code == code:
            return s
    raise KeyError(f"no segment {code!r} in the {game} sequence of play")


def next_segment(game: str, code: str) -> tuple[Segment, bool]:
    """The segment after `code`, and whether a new game turn begins with it."""
    order = SEQUENCES[game]
    k = [s.code for s in order].index(code)
    return (order[k + 1], False) if k + 1 < len(order) else (order[0], True)


def supply_checks(game: str) -> list[str]:
    return [s.code for s in SEQUENCES[game] if s.supply_check]
