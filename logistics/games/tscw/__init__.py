"""The Spanish Civil War (GMT; seed 002): supply 9.x, ZOC 10.x and hex control 10.7 (`supply.py`),
the rules around them (`rules.py`), strategic movement 11.x (`strategic.py`) and the sequence of
play 5.2 (`sequence.py`)."""
from __future__ import annotations

from logistics.games.base import Game, OrdersRules
from logistics.rail.model import TSCW_KINDS


class TscwGame(Game):
    id = "tscw"
    title = "The Spanish Civil War (GMT)"
    orders = OrdersRules(kinds=TSCW_KINDS, kind_label="strategic movement kind", cargo=False, family="TSCW")

    def supply_engine(self, position, map_):
        from logistics.games.tscw.supply import TscwSupply
        return TscwSupply(position, map_)

    def rail_setting(self, position, map_, orders, source):
        from logistics.games.tscw.strategic import tscw_setting
        return tscw_setting(position, map_, orders, source)

    def step(self, position, map_, source):
        from logistics.games.tscw.sequence import tscw_step
        return tscw_step(position, map_, source)

    def check_phase(self, doc, turn):
        """5.2: `turn.phase` names a segment (code or name)."""
        from types import SimpleNamespace

        from logistics.errors import LoadError
        from logistics.games.tscw.sequence import tscw_segment
        try:
            tscw_segment(SimpleNamespace(turn=turn), doc.file)
        except LoadError as exc:
            raise doc.error(exc.message, expected=exc.expected) from None

    def describe(self, position):
        from logistics.games.tscw.sequence import tscw_segment
        t, seg = position.turn, tscw_segment(position)
        return f"turn {t.number} ({t.date}), segment {seg.code} {seg.name}"


TSCW = TscwGame()
