"""`logistics cut` (the hexes whose loss cuts the most supply) and `supply --if` (what if)."""
from __future__ import annotations

import click

from logistics.jsontext import json_text


@click.command()
@click.argument("scenario", type=click.Path())
@click.option("--side", help="The side whose supply is cut.")
@click.option("--units", "unit_ids", multiple=True, help="Only these units (repeat the option).")
@click.option("--top", default=10, show_default=True, type=click.IntRange(min=1), help="How many cuts.")
@click.option("--max-size", default=2, show_default=True, type=click.IntRange(1, 2), help="Hexes per cut.")
@click.option("--exhaustive", is_flag=True, help="Pairs from every unit's detours too, not only min-cuts (slower).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/cuts.md).")
def cut(scenario: str, side: str | None, unit_ids: tuple[str, ...], top: int, max_size: int, exhaustive: bool,
        as_json: bool) -> None:
    """The smallest sets of hexes whose loss puts the most REs out of general supply, each
    confirmed by re-judging the position (docs/cuts.md)."""
    from logistics.analysis.cuts import find_cuts, report_lines
    from logistics.files import load_scenario_file
    from logistics.filters import side_name
    loaded = load_scenario_file(scenario)
    side = side_name(scenario, loaded.position, side) if side else None      # any case, as every --side
    report = find_cuts(loaded.position, loaded.map, side, unit_ids, top, max_size, scenario, exhaustive)
    if as_json:
        click.echo(json_text({"scenario": scenario, **report.as_dict()}))
    else:
        click.echo("\n".join(report_lines(report)))


def print_what_if(scenario: str, phrases: tuple[str, ...], side: str | None, as_json: bool,
                  unit_id: str | None = None, hex_id: str | None = None) -> None:
    """`supply --if`: only the verdicts the changes alter, with why (of `side`, `unit_id`, or the
    units in `hex_id` before or after, when given)."""
    from logistics.analysis.whatif import change_json, change_lines, parse_change, what_if
    from logistics.files import load_scenario_file
    from logistics.filters import side_name
    loaded = load_scenario_file(scenario)
    side = side_name(scenario, loaded.position, side) if side else None
    changes = [parse_change(p, loaded.position, loaded.map, side) for p in phrases]
    found = what_if(loaded.position, loaded.map, changes)
    if side:
        found = [c for c in found if c.before.side == side]
    if unit_id:
        found = [c for c in found if c.unit == unit_id]
    if hex_id:
        found = [c for c in found if hex_id in (c.before.hex, c.after.hex if c.after else None)]
    from logistics.mapcorrect import corrections_summary, header_line
    judged_on = corrections_summary(loaded.map)     # the map judged on, as every supply output names it
    if as_json:
        click.echo(json_text({"scenario": scenario, "map": judged_on, "if": list(phrases),
                              "changes": change_json(found)}))
    else:
        click.echo("\n".join([header_line(judged_on), *change_lines(found)]))
