"""`logistics may`: one rule's yes or no on a position, with its reason and rule. The questions are
the game's (its `questions()`: games/tscw/questions.py, games/europa/questions.py):

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


@click.command()
@click.argument("scenario", type=click.Path())
@click.argument("question")
@click.argument("args", nargs=-1)
@click.option("--json", "as_json", is_flag=True)
def may(scenario: str, question: str, args: tuple[str, ...], as_json: bool) -> None:
    """One rule's yes or no: withdraw, restore, reserve, air-support, end-move, north-capitals, sources, land."""
    from logistics import games
    from logistics.errors import LoadError
    from logistics.files import load_scenario_file

    loaded = load_scenario_file(scenario)
    game = games.of(loaded.position)
    questions = game.questions()
    if question not in questions:
        raise LoadError(scenario, f"no question {question!r} in {game.title}", field="QUESTION",
                        expected="one of " + ", ".join(questions) if questions else "a game with questions")
    wanted, answer = questions[question]
    if len(args) != len(wanted):
        raise LoadError(scenario, f"{question} takes {len(wanted)} argument(s), not {len(args)}", field="ARGS",
                        expected=f"{question} {' '.join(wanted)}".strip())
    try:
        ok, rule, reason = answer(loaded.position, loaded.map, args)
    except KeyError as exc:
        raise LoadError(scenario, f"no {exc.args[0]}", field="ARGS", expected=" ".join(wanted)) from None
    if as_json:
        click.echo(json_text({"scenario": scenario, "question": " ".join((question, *args)), "answer": ok,
                              "rule": rule, "reason": reason}))
    else:
        click.echo(f"{' '.join((question, *args))}: {'yes' if ok else 'no'}: {reason} ({rule})")
