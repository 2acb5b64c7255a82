"""The turn engine: step a position through its game's sequence of play, one phase (Europa) or
segment (TSCW) at a time, doing what the rules do automatically at each boundary.

Each game's sequence lives with the game (`games/europa/sequence.py`, `games/tscw/sequence.py`)
and is found through the game's object; this module is what the commands call.

Europa (FWtBT, Second Front): each game turn is one player turn per side, in the order the
scenario lists its sides, each of an initial, a movement, a combat and an exploitation phase.
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
"""
from __future__ import annotations

from logistics import games
from logistics.games.base import Step
from logistics.mapdata import Map
from logistics.position import Position

__all__ = ["Step", "advance", "describe"]


def describe(position: Position) -> str:
    return games.of(position).describe(position)


def advance(position: Position, map_: Map, source: str = "scenario") -> Step:
    """The position one phase / segment later. `source` names the file in errors."""
    return games.of(position, source).step(position, map_, source)
