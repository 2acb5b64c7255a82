"""Beaches (Europa 30B, 31B): where naval transports embark and disembark cargo without a port,
and which units may land there.

- FWtBT 31 (Rules Court, TEM 62): NTs may embark and disembark supply and resource items at
  friendly beaches. The compiler of the FAQ asks, unconfirmed, whether this costs 60 NMPs; naval
  movement points are not modelled, so nothing here depends on it.
- SF amphibious recap (GR/D, 03-Mar-98): NTs carry resource points or supplies to a
  friendly-owned beach, never to an enemy-owned one; FWtBT 41B1 erratum (AEG, 03-Mar-04): an
  unowned hex counts as enemy-owned for naval transport to beaches.
- SF 31B rewrite (GR/D, 03-Mar-98): no naval unit embarks or disembarks cargo at a beach in
  stormy sea conditions (scenario option `stormy_seas`); any amphibious unit (27B6) may land at a
  beach, a non-amphibious one only when it is solely on LCs.

Our reading: a beach has no port capacity; only the side's naval transport capacity limits the
cargo that crosses it.
"""
from __future__ import annotations

import re
from typing import Iterable

from logistics.hexgrid import Hex
from logistics.mapdata import Beach, Map
from logistics.position import NEUTRAL, UNOWNED, Position, Unit

SF_31B = "SF 31B, GR/D 03-Mar-98"
CARRIER_KINDS = ("NT", "LC")          # naval transports, landing craft
AMPHIBIOUS_WORDS = ("amphibious", "marine")


def stormy_zone(map_: Map, stormy_seas: tuple[str, ...] | bool, hex_: Hex) -> str | None:
    """The stormy sea zone a beach hex lies in or touches (a sea hex beside it), or None.
    `stormy_seas`: the stormy zones of the map's sea_zone layer, or True for every sea."""
    if stormy_seas is True:
        return "every sea"
    for h in (hex_, *hex_.neighbours()):
        zone = map_.sea_zone_of(h)
        if zone and zone in (stormy_seas or ()) and (h == hex_ or map_.is_sea(h)):
            return zone
    return None


def beach_refusal(position: Position, map_: Map, stormy_seas: tuple[str, ...] | bool, beach: Beach,
                  side: str) -> str | None:
    """Why `side` may neither embark nor disembark cargo at `beach` now, or None if it may."""
    owner = position.owner_of(beach.place.hex)
    if owner == UNOWNED:
        # 41B1 erratum (AEG, 03-Mar-04): unowned counts as enemy-owned for naval transport to beaches.
        return f"beach {beach.name} is unowned, which counts as enemy-owned (41B1 erratum, AEG 03-Mar-04)"
    if owner != side:
        # 31 (Rules Court, TEM 62); SF recap (GR/D, 1998): supplies to a friendly beach, never an enemy one.
        what = "neutral" if owner == NEUTRAL else f"{owner}-owned"
        return f"beach {beach.name} is {what}: cargo only at a friendly beach (31, TEM 62; SF amphibious recap)"
    zone = stormy_zone(map_, stormy_seas, beach.place.hex)
    if zone is not None:
        # SF 31B (GR/D, 1998): no cargo embarks or disembarks at a beach in stormy seas.
        return f"beach {beach.name} is in stormy seas ({zone}): no cargo at a beach ({SF_31B})"
    return None


def beach_nodes(sea_nodes, map_: Map, beach: Beach) -> list[Hex]:
    """Where ships meet a beach: its own hex when ships may be in it (partial sea), else the
    all-sea hexes beside it. `sea_nodes`: the nodes of the map's SeaGraph."""
    h = beach.place.hex
    if h in sea_nodes:
        return [h]
    return [n for n in h.neighbours() if map_.terrain.get(n) == "all_sea" and n in sea_nodes]


def intrinsically_amphibious(unit: Unit) -> bool:
    """27B6: a unit with the amphibious or marine symbol in its unit type. Here: a word of its
    `type` ("marine infantry", "amphibious_armor") or one of its `tags` is `amphibious` or
    `marine`. Units made amphibious by an LVT (14J2) are not modelled."""
    words = re.split(r"[^a-z]+", unit.type.lower()) + [t.lower() for t in unit.tags]
    return any(w in AMPHIBIOUS_WORDS for w in words)


def beach_landing(unit: Unit, carriers: Iterable[str], stormy: bool = False) -> tuple[bool, str]:
    """Whether `unit`, aboard naval units of the given kinds ("NT", "LC"), may land at a friendly
    beach, and why (SF 31B rewrite, GR/D 03-Mar-98)."""
    kinds = set(carriers)
    if not kinds or not kinds <= set(CARRIER_KINDS):
        raise ValueError(f"carriers {sorted(kinds)} are not a non-empty set of {', '.join(CARRIER_KINDS)}")
    if stormy:
        return False, f"{unit.id}: no naval unit disembarks cargo at a beach in stormy seas ({SF_31B})"
    if intrinsically_amphibious(unit):
        return True, f"{unit.id} is amphibious (27B6): it may land at a beach from NTs or LCs ({SF_31B})"
    if kinds == {"LC"}:
        return True, f"{unit.id} is not amphibious but is solely on LCs: it may land at a beach ({SF_31B})"
    aboard = "NTs" if kinds == {"NT"} else "NTs and LCs"
    return False, f"{unit.id} is not amphibious and is on {aboard}: it lands at a beach only solely on LCs ({SF_31B})"
