"""TSCW's yes-or-no questions on a position (`logistics may`): each answers with its rule and reason.

An argument that names nothing raises KeyError with what it names (the command makes it one line)."""
from __future__ import annotations

from logistics.games.base import asked_hex, asked_unit


def _said(a) -> tuple[bool, str, str]:
    return a.ok, a.rule, a.reason


def _withdraw(p, m, args):
    from logistics.games.tscw.rules import may_withdraw
    return _said(may_withdraw(p, m, asked_unit(p, args[0])))


def _restore(p, m, args):
    from logistics.games.tscw.rules import may_restore_on_map
    return _said(may_restore_on_map(p, m, asked_unit(p, args[0])))


def _reserve(p, m, args):
    from logistics.games.tscw.rules import reserve_allowed
    unit = asked_unit(p, args[0])
    if unit.type != "hq":
        raise KeyError(f"HQ {unit.id!r} (it is a {unit.type})")
    return _said(reserve_allowed(p, m, unit))


def _air_support(p, m, args):
    from logistics.games.tscw import rules
    if args[0] not in [s.name for s in p.sides]:
        raise KeyError(f"side {args[0]!r}")
    return _said(rules.air_support_possible(p, m, args[0], asked_hex(m, args[1])))


def _north_capitals(p, m, args):
    from logistics.games.tscw import rules
    return _said(rules.north_capitals_fallen(p, m))


def _end_move(p, m, args):
    from logistics.games.tscw.supply import may_end_move
    unit = asked_unit(p, args[0])
    ok, verdict = may_end_move(p, m, unit.id, asked_hex(m, args[1]))
    return ok, "9.2", f"it would be {verdict.general} there"


def _sources(p, m, args):
    from logistics.games.tscw.supply import TscwSupply
    found = TscwSupply(p, m).sources_within_los(asked_unit(p, args[0]))
    text = ", ".join(f"{name} ({d:g})" for name, d in sorted(found.items(), key=lambda x: (x[1], x[0])))
    return bool(found), "9.4, 9.5", text or "no source within its LOS"


QUESTIONS = {   # question -> (its arguments, the answer)
    "withdraw": (("UNIT",), _withdraw),                                 # 7.4
    "restore": (("UNIT",), _restore),                                   # 7.6
    "reserve": (("HQ",), _reserve),                                     # 12.1.4
    "air-support": (("SIDE", "HEX"), _air_support),                    # 12.2.2
    "end-move": (("UNIT", "HEX"), _end_move),                           # 9.2
    "north-capitals": ((), _north_capitals),                            # 7.12, 12.2.3
    "sources": (("UNIT",), _sources),                                   # 9.4, 9.5
}
