"""The Operational Combat Series v4, chapter 13 (seed 003): units and modes (`units.py`), trace
supply through HQs and Transport Points (`supply.py`, `transport.py`) and rail (`rail.py`)."""
from __future__ import annotations

from logistics.games.base import Game, OrdersRules
from logistics.rail.model import MOVE_KINDS


class OcsGame(Game):
    id = "ocs"
    title = "Operational Combat Series v4"
    # OCS v4 3.0 (the sequence of play; not among the seeds), each player turn's phases in order.
    phases = ("aircraft refit", "reinforcement", "movement", "supply", "reaction", "combat", "exploitation",
              "clean up")
    orders = OrdersRules(kinds=MOVE_KINDS, named_kinds=False, gauges=True, arrival=True, phasing_player_only=True)

    def supply_engine(self, position, map_):
        from logistics.games.ocs.supply import OcsSupply
        return OcsSupply(position, map_)

    def rail_setting(self, position, map_, orders, source):
        from logistics.games.ocs.rail import ocs_setting
        return ocs_setting(position, map_, orders, source)

    # The supply phase marks a unit Out of Supply (oos: 1); the marker's effects are chapter 12's.
    oos_effects = {1: "Out of Supply (its effects are chapter 12's, not in the seeds)"}

    # 13.3b: Rail Cap is the phasing player's for a Movement Phase.
    def capacity_resets(self, before, after):
        return after.phase == "movement"

    def step(self, position, map_, source):
        from logistics.games.ocs.sequence import ocs_step
        return ocs_step(position, map_, source, self.phases)

    def next_turn(self, position, source):
        from logistics.games.ocs.sequence import next_ocs_turn
        return next_ocs_turn(position, self.phases, source)

    def check_unit(self, doc, fields):
        from logistics.games.ocs.units import check_unit
        check_unit(doc, fields)


OCS = OcsGame()
