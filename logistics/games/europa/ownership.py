"""Hex ownership (Europa 3D): occupation, uncontested ZOC, or last to do either.

- A side owns a hex its ground units occupy, or into which only its units exert a ZOC
  (an uncontested ZOC); otherwise the hex keeps its owner (3D; a contested ZOC never changes
  ownership — DPS, 22-Jun-05).
- Neutral hexes never change owner.
- 43C1 (advanced, option `advanced_ownership`): a hex held only by 1/2-RE or smaller units is
  owned only while they occupy it, and reverts when they leave (AEG, 20-Jan-04). The owner it
  reverts to is kept in `Position.temporary_owners`.
- FWtBT 39A: an enemy-owned city that becomes friendly-owned must be pacified, whatever made it
  change hands — also a 43C1 hex reverting to its owner when the battalion leaves (DPS,
  23-Feb-05): its hexes become unpacified, and lose any garrison listed for them and any
  pacification or purification the previous owner had under way there. It needs no
  purification: a Catalan city is purified at most twice, at the start and at the Barcelona
  Revolt, never again when the Loyalists regain it (39B, AEG 03-Mar-04).
"""
from __future__ import annotations

from dataclasses import replace

from logistics.games.europa.garrisons import DISPERSED
from logistics.games.europa.nets import captured_capacity
from logistics.games.europa.rules import EuropaRules
from logistics.games.europa.view import LOSE_ZOC_AT
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import NEUTRAL, UNOWNED, Position
from logistics.zoc import zoc_hexes


def update_ownership(position: Position, map_: Map, *, advanced: bool = False) -> Position:
    """Ownership after units have moved: returns a new position."""
    owner = dict(position.owner)
    temporary: dict[Hex, str] = dict(position.temporary_owners)
    occupiers: dict[Hex, dict[str, float]] = {}
    for u in position.units:
        if u.hex is not None:
            occupiers.setdefault(u.hex, {}).setdefault(u.side, 0.0)
            occupiers[u.hex][u.side] = max(occupiers[u.hex][u.side], u.size)
    # 3D, 12B ruling (DPS, 08-Oct-04): a U-2 unit has no ZOC, for ownership as for supply.
    zocs = {s.name: zoc_hexes(position, map_, s.name, LOSE_ZOC_AT) for s in position.sides}

    # 43C1: a temporarily held hex reverts once its small occupier has gone.
    for h, previous in list(temporary.items()):
        holder = owner.get(h)
        if holder not in occupiers.get(h, {}):
            if previous == UNOWNED:
                owner.pop(h, None)
            else:
                owner[h] = previous
            del temporary[h]

    for h in map_.terrain:
        if owner.get(h) == NEUTRAL or not map_.is_land(h):
            continue
        present = occupiers.get(h, {})
        if len(present) == 1:
            (side, largest), = present.items()
            if advanced and largest <= 0.5 and owner.get(h) != side:
                temporary.setdefault(h, owner.get(h, UNOWNED))
            else:
                temporary.pop(h, None)
            owner[h] = side
            continue
        if present:
            continue  # both sides in one hex: unchanged
        exerting = [s for s, z in zocs.items() if h in z]
        if len(exerting) == 1:
            owner[h] = exerting[0]
            temporary.pop(h, None)
    sides = {s.name for s in position.sides}
    captured: set[Hex] = set()
    if EuropaRules.from_options(position.options, position.game).pacify_captured_cities:
        captured = {h for h, side in owner.items() if side in sides and position.owner.get(h) in sides - {side}
                    and map_.city_at(h) is not None}
    # 7A4a (AEG 1998): a yard taken from the other side keeps half its current capacity, now the
    # captor's; the loser loses all of it (43C2 ruling, TEM 67).
    capacity = dict(position.rail_capacity)
    for yard in map_.yards:
        h = yard.place.hex
        if h is not None and owner.get(h) in sides and position.owner.get(h) in sides - {owner.get(h)}:
            capacity[yard.name] = captured_capacity(capacity.get(yard.name, 0.0))
    marks = dict(position.marks)
    if captured and marks.get(DISPERSED):
        # 39A / 39D (AEG 1998): a dispersed intrinsic garrison is eliminated once its city is
        # enemy-owned; a new one appears only when the city is friendly-owned and pacified again.
        marks[DISPERSED] = marks[DISPERSED] - captured
    return replace(position, owner={h: owner[h] for h in sorted(owner)}, marks=marks, rail_capacity=capacity,
                   temporary_owners={h: temporary[h] for h in sorted(temporary)},
                   unpacified=position.unpacified | captured, garrisoned=position.garrisoned - captured,
                   pacification=tuple(w for w in position.pacification if w.hex not in captured))
