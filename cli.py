"""The `logistics` command: supply and logistics analysis for hex-and-counter wargames."""
from __future__ import annotations

import json
import os
import sys

import click

from logistics.errors import LoadError
from logistics.files import load_any, load_scenario_file
from logistics.mapdata import Map
from logistics.report.summary import map_summary, position_summary
from logistics.report.supply import explanation, table, verdict_json


class Command(click.Group):
    """Every error a player can cause is reported in one line, never as a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except LoadError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except Exception as exc:  # a bug of ours: one line, the traceback only on request
            if os.environ.get("LOGISTICS_DEBUG"):
                raise
            click.echo(f"error: internal error ({type(exc).__name__}: {exc}); set LOGISTICS_DEBUG=1 "
                       "for the traceback and report it", err=True)
            sys.exit(2)


@click.group(cls=Command)
@click.version_option(package_name="logistics")
def main() -> None:
    """Supply and logistics analyzer for hex-and-counter wargames (Europa, TSCW, OCS)."""


@main.command()
@click.argument("path", type=click.Path())
def validate(path: str) -> None:
    """Check a map (folder or map.yaml) or a scenario file; exit 1 with the first error."""
    loaded = load_any(path)
    if isinstance(loaded, Map):
        click.echo(f"ok: map {loaded.name}: {len(loaded.terrain)} hexes, {len(loaded.cities)} cities, "
                   f"{len(loaded.ports)} ports, {len(loaded.rail)} rail lines")
    else:
        p = loaded.position
        click.echo(f"ok: scenario {path}: {p.game} on map {loaded.map.name}, {len(p.units)} units, "
                   f"turn {p.turn.number} {p.turn.date} ({p.turn.phase})")


def _echo_tree(value, indent: int = 0) -> None:
    pad = "  " * indent
    for key, item in value.items():
        if isinstance(item, dict):
            if item and all(not isinstance(v, (dict, list)) for v in item.values()):
                click.echo(f"{pad}{key}: " + ", ".join(f"{k} {v}" for k, v in item.items()))
            else:
                click.echo(f"{pad}{key}:")
                _echo_tree(item, indent + 1)
        elif isinstance(item, list):
            click.echo(f"{pad}{key} ({len(item)}): " + ", ".join(map(str, item)))
        else:
            click.echo(f"{pad}{key}: {item}")


@main.command()
@click.argument("path", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def show(path: str, as_json: bool) -> None:
    """Summarise a map or a scenario: terrain, places, rail, units by side."""
    loaded = load_any(path)
    summary = map_summary(loaded) if isinstance(loaded, Map) else position_summary(loaded.position, loaded.map)
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        _echo_tree(summary)


def _verdicts(scenario):
    from logistics.games import supply_engine
    return supply_engine(scenario.position, scenario.map).verdicts()


def _of_unit(verdicts, scenario: str, unit_id: str):
    found = [v for v in verdicts if v.unit == unit_id]
    if not found:
        raise LoadError(scenario, f"no unit {unit_id!r}", field="--unit", expected="a unit id of the scenario")
    return found


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--side", help="Only units of this side.")
@click.option("--unit", "unit_id", help="Only this unit.")
@click.option("--hex", "hex_id", help="Only units in this hex (printed id).")
@click.option("--explain", is_flag=True, help="Show each unit's traced line, or where and why it fails.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/supply-output.md).")
def supply(scenario: str, side: str | None, unit_id: str | None, hex_id: str | None, explain: bool,
           as_json: bool) -> None:
    """Supply verdict for every unit: general supply, isolation, attack supply, U-markers."""
    loaded = load_scenario_file(scenario)
    verdicts = _verdicts(loaded)
    if side:
        verdicts = [v for v in verdicts if v.side == side]
    if unit_id:
        verdicts = _of_unit(verdicts, scenario, unit_id)
    if hex_id:
        verdicts = [v for v in verdicts if v.hex == hex_id]
    if as_json:
        click.echo(json.dumps({"scenario": scenario, "game": loaded.position.game,
                               "units": [verdict_json(v) for v in verdicts]}, indent=2, ensure_ascii=False))
    elif explain:
        for v in verdicts:
            click.echo("\n".join(explanation(v)))
    else:
        click.echo("\n".join(table(verdicts)))


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/naval.md).")
def naval(scenario: str, as_json: bool) -> None:
    """Danger and combat zones, ports, naval connections and the limited-source allocation."""
    from logistics.games import supply_engine
    from logistics.report.naval import naval_summary, naval_text
    loaded = load_scenario_file(scenario)
    summary = naval_summary(supply_engine(loaded.position, loaded.map))
    if as_json:
        click.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(naval_text(summary)))


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--unit", "unit_id", required=True, help="The unit to trace.")
def trace(scenario: str, unit_id: str) -> None:
    """The supply line of one unit, hex by hex with its element, or where and why it fails."""
    for v in _of_unit(_verdicts(load_scenario_file(scenario)), scenario, unit_id):
        click.echo("\n".join(explanation(v)))


@main.command()
@click.argument("path", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(), help="FILE.svg or FILE.png")
@click.option("--ids", is_flag=True, help="Print every hex's id.")
@click.option("--hex-size", default=12.0, show_default=True, help="Hex radius in pixels.")
def render(path: str, output: str, ids: bool, hex_size: float) -> None:
    """Draw a map, or a scenario with ownership and units, as SVG or PNG (north up)."""
    from logistics.atomic import write_text
    from logistics.render.svg import render_png, render_svg
    loaded = load_any(path)
    map_, position = (loaded, None) if isinstance(loaded, Map) else (loaded.map, loaded.position)
    kind = output.rsplit(".", 1)[-1].lower()
    if kind == "svg":
        write_text(output, render_svg(map_, position, show_ids=ids, rotate=map_.north_rotation, hex_size=hex_size))
    elif kind == "png":
        render_png(map_, output, position, show_ids=ids, rotate=map_.north_rotation, hex_size=hex_size)
    else:
        raise LoadError(output, f"cannot draw a .{kind} file", field="--output", expected="a .svg or .png file name")
    click.echo(f"wrote {output}")


@main.group()
def rulings() -> None:
    """The catalogue of rulings in the seeds, and the cases that check them."""


@rulings.command("list")
@click.option("--id", "only", help="Only this ruling.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--markdown", is_flag=True, help="Print the catalogue document (docs/rulings.md).")
def rulings_list(only: str | None, as_json: bool, markdown: bool) -> None:
    """Every ruling: seed, line, who and when, statement (or why out of scope), its cases."""
    from logistics.rulings.report import listing, rulings_markdown
    if markdown:
        click.echo(rulings_markdown(), nl=False)
        return
    rows = listing(only)
    if only and not rows:
        raise LoadError("--id", f"no ruling {only!r}", expected="an id from 'logistics rulings list'")
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows:
        mark = "out" if r["scope"] == "out" else ("ok " if r["cases"] else "-- ")
        click.echo(f"{mark} {r['id']}  [seed {r['seed']} line {r['line']}; {r['who']} {r['date']}]".rstrip())
        click.echo(f"      {r['statement']}")


@rulings.command("check")
@click.option("--id", "only", help="Only the cases of this ruling.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulings_check(only: str | None, as_json: bool) -> None:
    """Run the ruling cases; print pass / fail with the citation; exit 1 if any fails."""
    from logistics.rulings.entries import by_id
    from logistics.rulings.report import check
    results, summary = check(only)
    if as_json:
        click.echo(json.dumps({"summary": summary, "cases": [
            {"case": r.case.name, "ids": list(r.case.ids), "status": r.status, "detail": r.detail}
            for r in results]}, indent=2, ensure_ascii=False))
    else:
        known = by_id()
        for r in results:
            cite = "; ".join(f"{i} ({known[i].who}, {known[i].date})" if i in known else i for i in r.case.ids)
            click.echo(f"{r.status.upper():5} {r.case.name}: {cite}" + (f" -- {r.detail}" if r.detail else ""))
        click.echo(f"{summary['passed']} passed, {summary['failed'] + summary['errors']} failed")
        click.echo(f"in-scope rulings with a case: {summary['rulings_with_a_case']} of {summary['in_scope_rulings']}")
    if summary["failed"] or summary["errors"]:
        sys.exit(1)


from logistics.cli.rail import rail  # noqa: E402  (the rail group lives with the rail modules)
from logistics.cli.turn import move, turn  # noqa: E402

main.add_command(rail)
main.add_command(turn)
main.add_command(move)

if __name__ == "__main__":
    main()
