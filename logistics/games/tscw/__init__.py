"""The Spanish Civil War (GMT; seed 002): supply 9.x, ZOC 10.x and hex control 10.7 (`supply.py`),
the rules around them (`rules.py`), strategic movement 11.x (`strategic.py`) and the sequence of
play 5.2 (`sequence.py`)."""
from __future__ import annotations

from logistics.games.base import Game, OrdersRules
from logistics.rail.model import TSCW_KINDS


class TscwGame(Game):
    id = "tscw"
    title = "The Spanish Civil War (GMT)"
    orders = OrdersRules(kinds=TSCW_KINDS, kind_label="strategic movement kind", cargo=False)
    takes_hexes_moved_through = True      # 10.7: a hex changes control when an enemy ground unit enters it

    def questions(self):
        from logistics.games.tscw.questions import QUESTIONS
        return QUESTIONS

    def supply_engine(self, position, map_):
        from logistics.games.tscw.supply import TscwSupply
        return TscwSupply(position, map_)

    def rail_setting(self, position, map_, orders, source):
        from logistics.games.tscw.strategic import tscw_setting
        return tscw_setting(position, map_, orders, source)

    def step(self, position, map_, source):
        from logistics.games.tscw.sequence import tscw_step
        return tscw_step(position, map_, source)

    def next_turn(self, position, source):
        from logistics.games.tscw.sequence import next_tscw_turn
        return next_tscw_turn(position, source)

    def check_phase(self, doc, turn):
        """5.2: `turn.phase` names a segment (code or name)."""
        from types import SimpleNamespace

        from logistics.errors import LoadError
        from logistics.games.tscw.sequence import tscw_segment
        try:
            tscw_segment(SimpleNamespace(turn=turn), doc.file)
        except LoadError as exc:
            raise doc.error(exc.message, expected=exc.expected) from None

    def path_refusal(self, position, map_, unit, path):
        from logistics.games.tscw.movement import path_refusal
        return path_refusal(position, map_, unit, path)

    def combat_refusal(self, position, map_, target, attackers, attacked=frozenset(), hexes=frozenset()):
        from logistics.games.tscw.combat import combat_refusal
        return combat_refusal(position, map_, target, attackers, attacked, hexes)

    def combat_supply(self, position, map_, target, attackers):
        from logistics.games.tscw.combat import combat_supply  # 9.2: supply at combat resolution
        return combat_supply(position, map_, target, attackers)

    def read_option(self, name, doc, map_):
        if name == "reinforcements":             # 7.8: the unit, its turn of entry and printed hex
            from logistics.mapio import HexReader
            entries = []
            for rd in doc.list():
                r = rd.mapping(("id", "affiliation", "type", "size", "turn", "hex"),
                               required=("id", "affiliation", "type", "turn"))
                entry = {"id": r["id"].text(), "affiliation": r["affiliation"].text(), "type": r["type"].text(),
                         "size": r["size"].number(0) if "size" in r else 1, "turn": r["turn"].integer(1)}
                if "hex" in r:
                    entry["hex"] = map_.hex_id(HexReader(map_).hex(r["hex"]))
                entries.append(entry)
            return entries
        if name == "strategic_limits":           # 11.2: the Strategic Movement Limits of this turn
            return _limits_by_side(doc)
        if name == "strategic_limits_by_turn":   # 11.2: the table's numbers for each game turn
            return {str(when): _limits_by_side(td) for when, td in doc.items()}
        return super().read_option(name, doc, map_)

    def describe(self, position):
        from logistics.games.tscw.sequence import tscw_segment
        t, seg = position.turn, tscw_segment(position)
        return f"turn {t.number} ({t.date}), segment {seg.code} {seg.name}"


def _limits_by_side(doc) -> dict[str, dict[str, float]]:
    out = {}
    for side_name, sd in doc.items():
        limits = sd.mapping(("rail", "sea"), required=("rail", "sea"))
        out[side_name] = {k: v.number(0) for k, v in limits.items()}
    return out


TSCW = TscwGame()
