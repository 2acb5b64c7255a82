"""The `logistics` command: supply and logistics analysis for hex-and-counter wargames."""
from __future__ import annotations

import os
import re
import sys

import click

from logistics.errors import LoadError
from logistics.jsontext import json_text

# Each command imports what it uses when it runs, so that `logistics --help` and the commands
# that solve nothing load neither the engine nor OR-Tools (docs/performance.md, start-up).


class Command(click.Group):
    """Every error a player can cause is reported in one line, never as a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except LoadError as exc:
            click.echo(f"error: {_printable(str(exc))}", err=True)
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except BrokenPipeError:             # the reader left (`| head`): nothing more to say
            _quiet_exit()
        except Exception as exc:  # a bug of ours: one line, the traceback only on request
            if os.environ.get("LOGISTICS_DEBUG"):
                raise
            click.echo(f"error: internal error ({type(exc).__name__}: {exc}); set LOGISTICS_DEBUG=1 "
                       "for the traceback and report it", err=True)
            sys.exit(2)


def _printable(message: str) -> str:
    """One line, with any control character (a path typed on the command line) escaped."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda m: repr(m.group())[1:-1], message)


def _quiet_exit() -> None:
    # Point stdout at /dev/null so that Python's final flush does not fail again on the closed pipe.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(0)


@click.group(cls=Command)
@click.version_option(package_name="logistics")
@click.option("--any-path", is_flag=True,
              help="Read map, layer, features and grid files wherever they are, not only inside the project.")
@click.pass_context
def main(ctx: click.Context, any_path: bool) -> None:
    """Supply and logistics analyzer for hex-and-counter wargames (Europa, TSCW, OCS)."""
    from logistics.project import any_path as reading_anywhere
    ctx.with_resource(reading_anywhere(any_path))


@main.command()
@click.argument("path", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def validate(path: str, as_json: bool) -> None:
    """Check a map (folder or map.yaml) or a scenario file; exit 1 with the first error."""
    from logistics.files import load_any
    from logistics.mapdata import Map
    loaded = load_any(path)
    if isinstance(loaded, Map):
        from pathlib import Path

        from logistics.mapcheck import check, land_components, sea_components
        check(loaded, Path(path) if Path(path).is_dir() else Path(path).parent)
        seas, land = len(sea_components(loaded)), len(land_components(loaded))
        data = {"ok": True, "kind": "map", "path": path, "map": loaded.name, "hexes": len(loaded.terrain),
                "cities": len(loaded.cities), "ports": len(loaded.ports), "rail_lines": len(loaded.rail),
                "seas": seas, "land_pieces": land}
        text = (f"ok: map {loaded.name}: {len(loaded.terrain)} hexes, {len(loaded.cities)} cities, "
                f"{len(loaded.ports)} ports, {len(loaded.rail)} rail lines, seas {seas}, pieces of land {land}")
    else:
        p = loaded.position
        data = {"ok": True, "kind": "scenario", "path": path, "game": p.game, "map": loaded.map.name,
                "units": len(p.units), "turn": {"number": p.turn.number, "date": p.turn.date, "phase": p.turn.phase}}
        text = (f"ok: scenario {path}: {p.game} on map {loaded.map.name}, {len(p.units)} units, "
                f"turn {p.turn.number} {p.turn.date} ({p.turn.phase})")
    map_ = loaded if isinstance(loaded, Map) else loaded.map     # what each correction changed
    data["corrections"] = [change.as_dict() for change in map_.corrections]
    text = "\n".join([text, *(f"corrected: {change.text()}" for change in map_.corrections)])
    click.echo(json_text(data) if as_json else text)


def _echo_tree(value, indent: int = 0) -> None:
    pad = "  " * indent
    for key, item in value.items():
        if isinstance(item, dict):
            if item and all(not isinstance(v, (dict, list)) for v in item.values()):
                click.echo(f"{pad}{key}: " + ", ".join(f"{k} {v}" for k, v in item.items()))
            else:
                click.echo(f"{pad}{key}:")
                _echo_tree(item, indent + 1)
        elif isinstance(item, list) and item and all(isinstance(v, dict) for v in item):
            click.echo(f"{pad}{key} ({len(item)}):")     # the seas, the pieces of land
            for entry in item:
                click.echo(f"{pad}  - " + "; ".join(
                    f"{k} {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in entry.items()))
        elif isinstance(item, list):
            click.echo(f"{pad}{key} ({len(item)}): " + ", ".join(map(str, item)))
        else:
            click.echo(f"{pad}{key}: {item}")


@main.command()
@click.argument("path", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def show(path: str, as_json: bool) -> None:
    """Summarise a map or a scenario: terrain, places, rail, units by side."""
    from logistics.files import load_any
    from logistics.mapdata import Map
    from logistics.report.summary import map_summary, position_summary
    loaded = load_any(path)
    summary = map_summary(loaded) if isinstance(loaded, Map) else position_summary(loaded.position, loaded.map)
    if as_json:
        click.echo(json_text(summary))
    else:
        _echo_tree(summary)


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--side", help="Only units of this side.")
@click.option("--unit", "unit_id", help="Only this unit.")
@click.option("--hex", "hex_id", help="Only units in this hex (printed id or place name).")
@click.option("--only", type=click.Choice(["out"]), help="out: only the units not in supply.")
@click.option("--explain", is_flag=True, help="Show each unit's traced line, or where and why it fails.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/supply-output.md).")
@click.option("--if", "what_if", multiple=True, help="What if: 'move UNIT to HEX', 'enemy at HEX', ... (docs/cuts.md).")
def supply(scenario: str, side: str | None, unit_id: str | None, hex_id: str | None, only: str | None, explain: bool,
           as_json: bool, what_if: tuple[str, ...] = ()) -> None:
    """Supply verdict for every unit: general supply, isolation, attack supply, U-markers."""
    if what_if:
        from logistics.cli.cut import print_what_if
        return print_what_if(scenario, what_if, side, as_json, unit_id, hex_id)
    from logistics.api import supply as judge
    from logistics.cli.colour import echo, painter
    report = judge(scenario, side=side, unit=unit_id, hex=hex_id, only=only, explain=explain)
    echo(report.to_json() if as_json else "\n".join(report.lines(painter())))


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/naval.md).")
@click.option("--carry-from", "origins", multiple=True, help="A port or beach cargo sails from (repeat for more).")
@click.option("--carry-to", "destinations", multiple=True, help="A port or beach cargo sails to (repeat for more).")
@click.option("--side", help="Whose cargo (--carry-from / --carry-to); the phasing player by default.")
def naval(scenario: str, as_json: bool, origins: tuple[str, ...], destinations: tuple[str, ...],
          side: str | None) -> None:
    """Danger and combat zones, ports, naval connections and the limited-source allocation; with
    --carry-from / --carry-to, how much cargo can sail between those ports this phase (max-flow)."""
    from logistics.api import naval as summary
    from logistics.api import sea_capacity
    report = sea_capacity(scenario, origins, destinations, side=side) if origins or destinations else summary(scenario)
    click.echo(report.to_json() if as_json else str(report))


@main.command()
@click.argument("scenario", type=click.Path())
@click.option("--unit", "unit_id", required=True, help="The unit to trace.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (as supply --unit ID --json).")
def trace(scenario: str, unit_id: str, as_json: bool) -> None:
    """The supply line of one unit, hex by hex with its element, or where and why it fails."""
    from logistics.api import trace as follow
    report = follow(scenario, unit_id)
    click.echo(report.to_json() if as_json else str(report))


@main.command("maps")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def maps_command(as_json: bool) -> None:
    """The maps and scenarios that ship with logistics, and where they are."""
    from logistics.bundled import listing
    data = listing()
    if as_json:
        click.echo(json_text(data))
        return
    for m in data["maps"]:
        click.echo(f"map {m['name']}: {m['game']}, {m['path']}")
    for sc in data["scenarios"]:
        click.echo(f"scenario {sc['name']}: {sc['path']}")


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
        click.echo(json_text(rows))
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
        click.echo(json_text({"summary": summary, "cases": [
            {"case": r.case.name, "ids": list(r.case.ids), "status": r.status, "detail": r.detail}
            for r in results]}))
    else:
        known = by_id()
        for r in results:
            cite = "; ".join(f"{i} ({known[i].who}, {known[i].date})" if i in known else i for i in r.case.ids)
            click.echo(f"{r.status.upper():5} {r.case.name}: {cite}" + (f" -- {r.detail}" if r.detail else ""))
        click.echo(f"{summary['passed']} passed, {summary['failed'] + summary['errors']} failed")
        click.echo(f"in-scope rulings with a case: {summary['rulings_with_a_case']} of {summary['in_scope_rulings']}")
    if summary["failed"] or summary["errors"]:
        sys.exit(1)


from logistics.cli.combat import combat
from logistics.cli.cut import cut
from logistics.cli.map_commands import map_group
from logistics.cli.may import may
from logistics.cli.rail import rail
from logistics.cli.render import render
from logistics.cli.replacements import replacements
from logistics.cli.transport import transport
from logistics.cli.turn import move, turn

main.add_command(combat)
main.add_command(cut)
main.add_command(map_group)
main.add_command(rail)
main.add_command(may)
main.add_command(render)
main.add_command(replacements)
main.add_command(transport)
main.add_command(turn)
main.add_command(move)

from logistics.io.commands import import_group, vassal_group, where_command  # noqa: E402

main.add_command(import_group)
main.add_command(vassal_group)
main.add_command(where_command)

if __name__ == "__main__":
    main()
