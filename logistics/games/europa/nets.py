"""Europa rail nets of one side: sections of friendly-owned usable rail, the rail-marshalling
yards (RMYs) on them, and the capacity each may use.

Sections are the connections of 7A's introduction: "RMYs are connected if a rail line of any
length can be traced between them; this line is traced in the same manner as the rail element of
a supply line" (7A ruling, DPS 22-Aug-05). So a connection runs on friendly-owned rail only (7A /
37C rulings, AEG 1998; TEM 62), is not blocked by rail breaks (12B3), and does not enter an enemy
unit, an enemy ZOC without a friendly unit, or a friendly unpacified city lacking its garrison
(39A; DPS 22-Aug-05). The supply engine traces exactly these connections
(`EuropaSupply._connection_components`); here they are traced with no open border, because rail
in a neutral country is never a side's rail (37C; 7A4 ruling, AEG 13-Jan-03).

Capacity (REs a turn's rail movement may use):
- each rail net its own pool, the sum of its usable yards, in the basic game too: the orders of
  battle give the Insurgents separate nets with separate capacities, and the developer rules on
  them so (7A3, AEG 02-Apr-03: "3 REs in the Sevilla-Cordoba area, 3 REs in the Valladolid-La
  Corunya-Zaragoza area, and 1 RE in the Granada area");
- option `one_rail_pool` (the literal reading of 7A: one pool for all the side's rail);
- option `isolated_rail_sections` (43C2, as the developer reframed it, AEG 02-Apr-03): "the
  player's capacity on a rail net is equal to the sum of the current capacities of the
  friendly-owned RMYs on that net, and the capacity of a specific RMY can only be used to move a
  unit by rail through rail hexes from which it is possible to trace an unbroken chain of
  friendly-owned rail hexes to that yard": each section is its own pool.

A yard in a neutral country is never usable (7A4 ruling, DPS and AEG 13-Jan-03). Capture takes half
of a yard's current capacity (7A4a, AEG 1998; 43C2, TEM 67). Increases: `check_increase`.
"""
from __future__ import annotations

import math
from dataclasses import replace

from logistics.games.europa.rules import EuropaRules
from logistics.games.europa.supply import EuropaSupply
from logistics.hexgrid import Hex
from logistics.mapdata import Map
from logistics.position import Position
from logistics.rail.model import Increase, Pool, UnusableYard
from logistics.verdict import Block

OPTION = "isolated_rail_sections"       # 43C2
ONE_POOL = "one_rail_pool"              # the literal 7A reading: one pool for all the side's rail
PORTUGAL = "Portugal"                    # 40A2: the country whose capacity increases need a link


class RailNets:
    """The rail nets of `side` in a position: pools, and which pool each rail hex draws on."""

    def __init__(self, position: Position, map_: Map, side: str):
        self.position, self.map, self.side = position, map_, side
        self.isolated = bool(position.options.get(OPTION, False))
        self.one_pool = bool(position.options.get(ONE_POOL, False)) and not self.isolated
        rules = replace(EuropaRules.from_options(position.options, position.game), open_borders=())
        self.rules = rules
        supply = EuropaSupply(position, map_, rules)
        self.view = supply.view(side)
        self.index = supply.index
        comp = supply._connection_components(side)
        groups: dict[int, list[int]] = {}
        for node, k in comp.items():
            groups.setdefault(k, []).append(node)
        self.components = sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])
        self.component_of = {n: k for k, g in enumerate(self.components) for n in g}
        self.unusable: list[UnusableYard] = []
        usable = self._usable_yards()
        self.yard_nodes = {name: node for name, (node, _) in usable.items()}
        if not self.one_pool:
            word = "section" if self.isolated else "net"
            self.pools = [Pool(k, f"{word} {k + 1}", frozenset(g)) for k, g in enumerate(self.components)]
            self.pool_of = dict(self.component_of)
            for name, (node, capacity) in usable.items():
                k = self.component_of.get(node)
                if k is None:
                    why = ("no rail line runs through the yard's hex" if not self.index.rail_hex[node] else
                           "a connection may not enter the yard's hex (enemy unit or ZOC, or an unpacified "
                           "city without its garrison; DPS 22-Aug-05)")
                    self.unusable.append(UnusableYard(name, self.index.hexes[node], capacity, Block(
                        self.map.hex_id(self.index.hexes[node]), "43C2" if self.isolated else "7A3",
                        f"no {word}: {why}")))
                else:
                    self.pools[k].yards[name] = capacity
        else:
            self.pools = [Pool(0, "net", frozenset(comp), {n: c for n, (_, c) in usable.items()})]
            self.pool_of = {n: 0 for n in comp}

    # --- yards -----------------------------------------------------------------------------------
    def _usable_yards(self) -> dict[str, tuple[int, float]]:
        """Friendly-owned yards on the map, by name: (node, current capacity)."""
        usable = {}
        for yard in self.map.yards:
            h = yard.place.hex
            if h is None:
                continue
            capacity = float(self.position.rail_capacity.get(yard.name, 0.0))
            if self.map.is_neutral(h):
                # 7A4 ruling (AEG, 13-Jan-03): "You cannot use the French rail marshaling yards for
                # any purpose because they belong to a neutral country".
                self.unusable.append(UnusableYard(yard.name, h, capacity, Block(
                    self.map.hex_id(h), "7A4", f"yard in neutral {self.map.country_of(h)}: never usable (AEG 13-Jan-03)")))
            elif self.position.owner_of(h) == self.side:
                usable[yard.name] = (self.index.pos[h], capacity)
        return usable

    def yard_pool(self, name: str) -> Pool | None:
        return next((p for p in self.pools if name in p.yards), None)

    def reaches_portugal(self, pool: Pool) -> bool:
        """40A2 / 43C2 ruling (AEG 1998): is a Portuguese rail hex linked to this section's rail?"""
        ix, m = self.index, self.map
        for a, b in zip(ix.src[ix.rail].tolist(), ix.dst[ix.rail].tolist()):
            if a in pool.nodes and m.country_of(ix.hexes[b]) == PORTUGAL:
                return True
        return False

    # --- increases ---------------------------------------------------------------------------------
    def check_increase(self, inc: Increase) -> Block | None:
        """Why a permanent or Portuguese increase may not go to its yard (None: it may)."""
        where = self.map.hex_id(self._yard_hex(inc.yard))
        pool = self.yard_pool(inc.yard)
        if pool is None:
            known = next((u for u in self.unusable if u.name == inc.yard), None)
            if known is not None:
                return known.block
            return Block(where, "43C2", f"yard {inc.yard} is not a usable {self.side} yard")
        if inc.kind == "permanent":
            # 7A4 ruling (DPS, 13-Jan-03): building capacity needs 2 connected RMYs.
            k = self.component_of.get(self.yard_nodes[inc.yard])
            if k is None or not any(self.component_of.get(node) == k
                                    for name, node in self.yard_nodes.items() if name != inc.yard):
                return Block(where, "7A4", "building capacity needs 2 connected RMYs (DPS 13-Jan-03)")
        if inc.kind == "portugal" and self.isolated and not self.reaches_portugal(pool):
            return Block(where, "7A4, 40A2, 43C2", "capacity from Portugal goes only to a yard linked to a "
                                                    "Portuguese rail hex by friendly-owned rail (AEG 1998)")
        return None

    def add_permanent(self, inc: Increase) -> None:
        """A permanent or Portuguese increase `check_increase` allows: `amount` REs more at the
        yard, in its pool (43C2: permanent capacity is built at a named yard; without 43C2 it adds
        to the net, which the yard is on — AEG 26-May-05)."""
        self.yard_pool(inc.yard).yards[inc.yard] += inc.amount

    def add_temporary(self, inc: Increase) -> Block | None:
        """7A4b / 43C2 ruling (AEG 1998): resource points spent now increase the capacity of the
        section they are spent on, as it is at that moment (one fragment before two sections
        rejoin, both after)."""
        hex_ = inc.hex if inc.hex is not None else self._yard_hex(inc.yard)
        k = self.pool_of.get(self.index.pos[hex_])
        if k is None:
            return Block(self.map.hex_id(hex_), "7A4b, 43C2", f"no section of usable {self.side} rail here")
        self.pools[k].temporary += inc.amount
        return None

    def _yard_hex(self, name: str) -> Hex:
        return self.map.yard(name).place.hex


def captured_capacity(current: float) -> float:
    """7A4a (AEG 1998): the captor gets half of the yard's current capacity, "with any fraction of
    rail capacity captured which calculates out to less than 0.5 RE being rounded down to zero":
    half of 3 is 1.5, half of 2.5 is 1, half of 1 is 0.5, half of 0.5 is nothing."""
    return math.floor(current + 1e-9) / 2
