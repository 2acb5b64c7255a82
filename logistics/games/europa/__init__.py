"""Europa: For Whom the Bell Tolls and Second Front (seeds 000 and 001).

One package for the series: supply (`supply.py` with `view`, `sources`, `lines`, `explain`),
naval element and zones (`naval.py`), beaches, limited sources (`limited.py`), hexes and cities
(`hexes.py`), ownership (`ownership.py`), rail nets and legality (`nets.py`, `rail.py`), FWtBT's
events (`events.py`), the parameters (`rules.py`) and the sequence of play (`sequence.py`).
"""
from __future__ import annotations

from logistics.games.base import Game, OrdersRules
from logistics.games.europa.rules import PHASES
from logistics.rail.model import MOVE_KINDS


class EuropaGame(Game):
    """A Europa game: FWtBT adds its events (pacification 39A, Gobernito collapse 38D, 44J)."""

    orders = OrdersRules(kinds=MOVE_KINDS, also=True, increases=True)
    phases = PHASES
    naval_supply = True

    def read_weather(self, doc, zones, options, map_name):
        """36D: the weather of each weather zone of the map, one of the Supply Line Summary's (or of
        the scenario's `supply_lengths`). A zone the map lacks would be silently ignored (36A1: the
        FWtBT map has D and E)."""
        from logistics.games.europa.rules import DEFAULT_LENGTHS
        known = tuple(dict.fromkeys([*DEFAULT_LENGTHS, *(options.get("supply_lengths") or {})]))
        weather = {}
        for zone, d in doc.items():
            if zone not in zones:
                raise d.error(f"weather zone {zone!r} is not on map {map_name}",
                              expected="a zone of the map's weather_zone layer: " + ", ".join(zones) if zones
                              else "no weather: the map has no weather zones")
            weather[zone] = d.choice(known, "weather")
        return weather

    takes_hexes_moved_through = True      # 3D; AEG 05-May-04 (44B1): "move a unit through the hex"
    # 12B ruling (DPS, 08-Oct-04): a U-1 unit keeps a reduced ZOC, a U-2 unit has none; the
    # erratum quoted under the Game Play Charts: defense is unaffected on the first turn out of
    # general supply, isolated or not.
    oos_effects = {1: "keeps a reduced ZOC (DPS 08-Oct-04); defense unaffected on the first turn (erratum)",
                   2: "no ZOC (12B ruling, DPS 08-Oct-04)"}

    def capacity_resets(self, before, after):
        """7A: a yard's capacity is the phasing player's for his player turn, movement and
        exploitation together: it comes anew with each initial phase."""
        return after.phase == "initial"

    def capture_yard(self, position, map_, yard, captor):
        """7A4a (AEG 1998): the captor keeps half the yard's current capacity, as
        `ownership.update_ownership` does when a step changes the yard's owner; for a hex taken
        by a move along a path (3D), which sets the owner directly."""
        from dataclasses import replace

        from logistics.games.europa.nets import captured_capacity
        capacity = dict(position.rail_capacity)
        capacity[yard] = captured_capacity(capacity.get(yard, 0.0))
        return replace(position, rail_capacity=capacity)

    def __init__(self, game_id: str, title: str):
        self.id, self.title = game_id, title

    def questions(self):
        from logistics.games.europa.questions import QUESTIONS
        return QUESTIONS

    def supply_engine(self, position, map_):
        from logistics.games.europa.supply import EuropaSupply
        return EuropaSupply(position, map_)

    def supply_network(self, engine, unit):
        from logistics.games.europa.network import supply_network
        return supply_network(engine, unit)

    def rail_setting(self, position, map_, orders, source):
        from logistics.games.europa.rail import europa_setting
        return europa_setting(position, map_, orders)

    def step(self, position, map_, source):
        from logistics.games.europa.sequence import europa_step
        return europa_step(position, map_, source)

    def next_turn(self, position, source):
        from logistics.games.europa.sequence import next_europa_turn
        return next_europa_turn(position, source)

    def generate_supply_points(self, position, map_, side, hex_, points, affiliation, where):
        from logistics.games.europa.rules import EuropaRules
        if not EuropaRules.for_position(position).generated_supply_points:
            return super().generate_supply_points(position, map_, side, hex_, points, affiliation, where)
        from logistics.games.europa.supply_points import generate
        return generate(position, map_, side, hex_, points, affiliation, where)

    def replacement_rules(self):
        from logistics.games.europa import replacements
        return replacements

    def naval_transport(self):
        from logistics.games.europa import transport
        return transport

    def check_turn_options(self, options, turn, doc):
        from logistics.games.europa.assistance import check_assistance_turn
        check_assistance_turn(options, turn, doc)

    def read_option(self, name, doc, map_):
        from logistics.games.europa.rules import SEQUENCES
        if name in ("factory_production", "barcelona_revolt") and SEQUENCES[self.id].game_turn_events:
            from logistics.games.europa.turn_events import read_factories, read_revolt
            return (read_factories if name == "factory_production" else read_revolt)(doc, map_)
        if name == "french_assistance":
            from logistics.games.europa.assistance import read_assistance
            return read_assistance(doc, map_)
        return super().read_option(name, doc, map_)


FWTBT = EuropaGame("europa-fwtbt", "Europa: For Whom the Bell Tolls")
SECOND_FRONT = EuropaGame("europa-sf", "Europa: Second Front")
