"""Europa's yes-or-no questions on a position (`logistics may`): each answers with its rule and reason.

An argument that names nothing raises KeyError with what it names (the command makes it one line)."""
from __future__ import annotations

from logistics.games.base import asked_unit


def _sources(p, m, args):
    from logistics.games import supply_engine
    names = supply_engine(p, m).usable_sources(asked_unit(p, args[0]))
    return bool(names), "12C1", ", ".join(names) or "no full general supply source serves it"


def _land(p, m, args):
    from logistics.games.europa.beaches import beach_landing, stormy_zone
    from logistics.games.europa.rules import EuropaRules
    unit = asked_unit(p, args[0])
    group = next((g for g in p.naval_groups if g.id == unit.aboard), None)
    stormy = group is not None and group.hex is not None and \
        stormy_zone(m, EuropaRules.for_position(p).stormy_seas, group.hex) is not None
    try:
        ok, why = beach_landing(unit, [c.strip() for c in args[1].split(",")], stormy)
    except ValueError as exc:
        raise KeyError(f"carriers: {exc}") from None
    return ok, "SF 31B, 27B6", why


QUESTIONS = {   # question -> (its arguments, the answer)
    "sources": (("UNIT",), _sources),                 # 12C1: the full sources a unit draws on
    "land": (("UNIT", "CARRIERS"), _land),            # SF 31B, 27B6: may it land at a beach
}
