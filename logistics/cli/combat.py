"""`logistics combat SCENARIO HEX --attacker ID ...`: the supply check at a combat's resolution
(TSCW 9.2), read-only: each attacker's and defender's supply now, and what it means for this
combat (9.3, 9.6, 15.17). Run it as each combat is resolved; the result is the players'."""
from __future__ import annotations

import click


@click.command("combat")
@click.argument("scenario", type=click.Path())
@click.argument("hex_id", metavar="HEX")
@click.option("--attacker", "attackers", multiple=True, help="An attacking unit's id (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def combat(scenario: str, hex_id: str, attackers: tuple[str, ...], as_json: bool) -> None:
    """The supply check at the resolution of the combat on HEX (TSCW 9.2): who is supplied, and
    what follows for the combat (half strength, +1 drm)."""
    from logistics import games
    from logistics.cli.turn import _Arg
    from logistics.errors import LoadError
    from logistics.files import load_scenario_file
    from logistics.jsontext import json_text
    from logistics.mapio import HexReader
    loaded = load_scenario_file(scenario)
    position, map_ = loaded.position, loaded.map
    target = HexReader(map_).parse(_Arg("HEX"), hex_id)
    game = games.of(position, scenario)
    refused = game.combat_refusal(position, map_, target, list(attackers))
    if refused is not None:
        key, message, expected = refused
        raise LoadError("command line", message, field="HEX" if key == "hex" else "--attacker", expected=expected)
    check = game.combat_supply(position, map_, target, list(attackers))
    click.echo(json_text({"scenario": scenario, **check.as_dict()}) if as_json else "\n".join(check.lines))

