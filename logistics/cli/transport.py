"""`logistics transport`: may an OCS Transport Point load or unload SP here and now, or may
Transport Points combine, and at what MP cost (13.2c, 13.2f, 13.2g A; games/ocs/transport.py).

    logistics transport SCENARIO --load ID [--json]
    logistics transport SCENARIO --unload ID [--json]
    logistics transport SCENARIO --combine ID --combine ID [...] [--json]

Exit 0 with the verdict (allowed or not, and why); exit 1 with one line on bad input.
"""
from __future__ import annotations

import click

from logistics.errors import LoadError
from logistics.jsontext import json_text


@click.command()
@click.argument("scenario", type=click.Path())
@click.option("--load", "load_id", help="the Transport Point that would load SP from a dump in its hex (13.2f)")
@click.option("--unload", "unload_id", help="the Transport Point that would unload its SP (13.2f, 13.2g A)")
@click.option("--combine", "combine_ids", multiple=True, help="Transport Points to combine, one per option (13.2c)")
@click.option("--json", "as_json", is_flag=True)
def transport(scenario: str, load_id: str | None, unload_id: str | None, combine_ids: tuple[str, ...],
              as_json: bool) -> None:
    """OCS Transport Points: loading, unloading and combining (13.2c, 13.2f)."""
    from logistics.files import load_scenario_file
    from logistics.games.ocs.transport import combine_check, load_check, unload_check
    asked = [name for name, value in (("--load", load_id), ("--unload", unload_id), ("--combine", combine_ids)) if value]
    if len(asked) != 1:
        raise LoadError(scenario, f"{len(asked)} questions asked", field="options",
                        expected="exactly one of --load ID, --unload ID, --combine ID --combine ID")
    loaded = load_scenario_file(scenario)
    p, m = loaded.position, loaded.map
    try:
        if load_id:
            what, check = f"{load_id} loads", load_check(p, m, load_id)
        elif unload_id:
            what, check = f"{unload_id} unloads", unload_check(p, m, unload_id)
        else:
            what, check = f"{' + '.join(combine_ids)} combine", combine_check(p, list(combine_ids))
    except LoadError as exc:
        raise LoadError(scenario, exc.message, field=exc.field, expected=exc.expected) from None
    if as_json:
        click.echo(json_text({"scenario": scenario, "question": what, "allowed": check.allowed, "cost_mp": check.cost,
                              "sp": check.amount, "reason": check.reason}))
    else:
        click.echo(f"{what}: {'allowed' if check.allowed else 'not allowed'}: {check.reason}")
