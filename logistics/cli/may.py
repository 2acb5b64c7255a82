"""`logistics may`: one rule's yes or no on a position, with its reason and rule.

    logistics may SCENARIO withdraw UNIT          TSCW 7.4: only a unit supplied by a USS withdraws
    logistics may SCENARIO restore UNIT           TSCW 7.6: a reduced unit is restored only so
    logistics may SCENARIO reserve HQ             TSCW 12.1.4: friendly rail to a USS, HQ outside an EZOC
    logistics may SCENARIO air-support SIDE HEX   TSCW 12.2.2: within 3 hexes of a supplied source
    logistics may SCENARIO end-move UNIT HEX      TSCW 9.2: no move ends out of supply (city supply allowed)
    logistics may SCENARIO north-capitals         TSCW 7.12 / 12.2.3: Santander, Bilbao, Gijon all fallen
    logistics may SCENARIO sources UNIT           TSCW 9.4 / 9.5: the sources within its LOS;
                                                  Europa 12C1: the full sources it draws on
    logistics may SCENARIO land UNIT NT|LC|NT,LC  Europa (SF 31B, 27B6): may it land at a beach

Exit 0 with the answer; exit 1 with one line on bad input (an unknown unit, hex, side or question).
"""
from __future__ import annotations

import click

from logistics.jsontext import json_text

QUESTIONS = {   # question -> (its arguments, the games it is asked in)
    "withdraw": (("UNIT",), "tscw"), "restore": (("UNIT",), "tscw"), "reserve": (("HQ",), "tscw"),
    "air-support": (("SIDE", "HEX"), "tscw"), "end-move": (("UNIT", "HEX"), "tscw"),
    "north-capitals": ((), "tscw"), "sources": (("UNIT",), "tscw, europa"), "land": (("UNIT", "CARRIERS"), "europa"),
}


@click.command()
@click.argument("scenario", type=click.Path())
@click.argument("question")
@click.argument("args", nargs=-1)
@click.option("--json", "as_json", is_flag=True)
def may(scenario: str, question: str, args: tuple[str, ...], as_json: bool) -> None:
    """One rule's yes or no: withdraw, restore, reserve, air-support, end-move, north-capitals, sources, land."""
    from logistics.errors import LoadError
    from logistics.files import load_scenario_file

    if question not in QUESTIONS:
        raise LoadError(scenario, f"no question {question!r}", field="QUESTION", expected="one of " + ", ".join(QUESTIONS))
    wanted, games = QUESTIONS[question]
    if len(args) != len(wanted):
        raise LoadError(scenario, f"{question} takes {len(wanted)} argument(s), not {len(args)}", field="ARGS",
                        expected=f"{question} {' '.join(wanted)}".strip())
    loaded = load_scenario_file(scenario)
    game = _family(loaded.position)
    if game not in games:
        raise LoadError(scenario, f"{question} is no question of game {loaded.position.game}", field="QUESTION",
                        expected=f"a scenario of {games}")
    try:
        ok, rule, reason = _answer(loaded.position, loaded.map, question, args, game)
    except KeyError as exc:
        raise LoadError(scenario, f"no {exc.args[0]}", field="ARGS", expected=" ".join(wanted)) from None
    if as_json:
        click.echo(json_text({"scenario": scenario, "question": " ".join((question, *args)), "answer": ok,
                               "rule": rule, "reason": reason}))
    else:
        click.echo(f"{' '.join((question, *args))}: {'yes' if ok else 'no'}: {reason} ({rule})")


def _family(position) -> str:
    """The family of rules a question belongs to, by the position's game object."""
    from logistics.games import of
    from logistics.games.europa import EuropaGame
    from logistics.games.tscw import TscwGame
    game = of(position)
    return "europa" if isinstance(game, EuropaGame) else "tscw" if isinstance(game, TscwGame) else "other"


def _hex(map_, text: str):
    from logistics.mapio import find_hex
    from logistics.numbering import NumberingError
    try:
        return find_hex(map_, text)
    except NumberingError:
        raise KeyError(f"hex {text!r}") from None


def _unit(position, unit_id: str):
    try:
        return position.unit(unit_id)
    except KeyError:
        raise KeyError(f"unit {unit_id!r}") from None


def _answer(p, m, question: str, args: tuple[str, ...], game: str) -> tuple[bool, str, str]:
    if game == "europa":
        return _europa(p, m, question, args)
    from logistics.games.tscw import rules
    from logistics.games.tscw.supply import TscwSupply, may_end_move
    if question in ("withdraw", "restore", "reserve"):
        check = {"withdraw": rules.may_withdraw, "restore": rules.may_restore_on_map,
                 "reserve": rules.reserve_allowed}[question]
        unit = _unit(p, args[0])
        if question == "reserve" and unit.type != "hq":
            raise KeyError(f"HQ {unit.id!r} (it is a {unit.type})")
        a = check(p, m, unit)
    elif question == "air-support":
        if args[0] not in [s.name for s in p.sides]:
            raise KeyError(f"side {args[0]!r}")
        a = rules.air_support_possible(p, m, args[0], _hex(m, args[1]))
    elif question == "north-capitals":
        a = rules.north_capitals_fallen(p, m)
    elif question == "end-move":
        unit = _unit(p, args[0])
        ok, verdict = may_end_move(p, m, unit.id, _hex(m, args[1]))
        return ok, "9.2", f"it would be {verdict.general} there"
    else:
        found = TscwSupply(p, m).sources_within_los(_unit(p, args[0]))
        text = ", ".join(f"{name} ({d:g})" for name, d in sorted(found.items(), key=lambda x: (x[1], x[0])))
        return bool(found), "9.4, 9.5", text or "no source within its LOS"
    return a.ok, a.rule, a.reason


def _europa(p, m, question: str, args: tuple[str, ...]) -> tuple[bool, str, str]:
    from logistics.games import supply_engine
    from logistics.games.europa.beaches import beach_landing, stormy_zone
    from logistics.games.europa.rules import EuropaRules
    unit = _unit(p, args[0])
    if question == "sources":
        names = supply_engine(p, m).usable_sources(unit)
        return bool(names), "12C1", ", ".join(names) or "no full general supply source serves it"
    group = next((g for g in p.naval_groups if g.id == unit.aboard), None)
    stormy = group is not None and group.hex is not None and \
        stormy_zone(m, EuropaRules.for_position(p).stormy_seas, group.hex) is not None
    try:
        ok, why = beach_landing(unit, [c.strip() for c in args[1].split(",")], stormy)
    except ValueError as exc:
        raise KeyError(f"carriers: {exc}") from None
    return ok, "SF 31B, 27B6", why
