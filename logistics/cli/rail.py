"""`logistics rail`: rail sections and capacity, and the rail movement planner.

    logistics rail sections SCENARIO [MOVES.yaml] [--side S] [--json]   sections, capacity used / free
    logistics rail plan SCENARIO MOVES.yaml [--json]                    the plan: moved and rejected moves

The group is registered in the top-level cli.py, whose error handling turns every LoadError into
a one-line `error: file:line: field: ...` message.
"""
from __future__ import annotations

import click


@click.group(no_args_is_help=True)
def rail() -> None:
    """Rail sections and capacity, and the rail movement planner (docs/rail.md).

    \b
    rail sections SCENARIO [MOVES.yaml] [--side S] [--json]
    rail plan SCENARIO MOVES.yaml [--json]
    """


@rail.command("sections")
@click.argument("scenario", type=click.Path())
@click.argument("moves", type=click.Path(), required=False)
@click.option("--side", help="Only this side.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/rail.md).")
def sections(scenario: str, moves: str | None, side: str | None, as_json: bool) -> None:
    """Each side's rail sections with their capacity, used (by the plan of MOVES.yaml) and free."""
    from logistics.api import plan_rail
    report = plan_rail(scenario, moves, side=side, sections=True)
    click.echo(report.to_json() if as_json else str(report))


@rail.command("plan")
@click.argument("scenario", type=click.Path())
@click.argument("moves", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/rail.md).")
def plan_command(scenario: str, moves: str, as_json: bool) -> None:
    """Choose which requested rail moves fit the capacity, and explain the others."""
    from logistics.api import plan_rail
    report = plan_rail(scenario, moves)
    click.echo(report.to_json() if as_json else str(report))
