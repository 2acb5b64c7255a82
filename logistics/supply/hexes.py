"""Verdicts on hexes rather than units: is a hex (a city, a factory) isolated (Europa 3F, 42A).

3F: "A hex or a factory is isolated if the owning player cannot trace an overland supply line of
any length from the item to any Rebel or Republican full general supply source, as appropriate"
(quoted by DPS, 23-Oct-04). So a hex is judged against the sources of its side's main coalition
(the first coalition the scenario lists for the side: Rebel, Republican), never against sources
of one affiliation only: a surrounded San Sebastian is isolated although the Basque units in it,
for which it is a source, are not. Unlike units, hexes are judged in every turn: the 37C
exemption of the first two game turns covers units only (AEG, 03-Mar-04).
"""
from __future__ import annotations

from ..hexgrid import Hex
from .europa import EuropaSupply


def hex_isolated(engine: EuropaSupply, hex_: Hex, side: str, coalition: str | None = None) -> bool:
    """3F / 42A: whether `hex_`, owned by `side`, is isolated."""
    position = engine.position
    coalition = coalition or position.side(side).coalitions[0][0]
    seeds = [h for s in position.supply_sources
             if s.side == side and (not s.users or coalition in s.users) for h in engine.active_hexes(s)]
    reach = engine._any_length(side, engine.index.mask(seeds))
    return engine.index.pos[hex_] not in reach.dist
