"""`logistics rail`: rail sections and capacity, and the rail movement planner.

    logistics rail SCENARIO [MOVES.yaml] [--side S] [--json]   sections, capacity used / free
    logistics rail plan SCENARIO MOVES.yaml [--json]           the plan: moved and rejected moves

The group is registered in the top-level cli.py, whose error handling turns every LoadError into
a one-line `error: file:line: field: ...` message.
"""
from __future__ import annotations

import json

import click

from logistics.errors import LoadError

SECTION_KEYS = ("side", "capacity_rule", "pools", "other_sections", "unusable_yards")


class RailGroup(click.Group):
    """`rail SCENARIO ...` runs the hidden `sections` command; `rail plan ...` plans."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        if args and args[0] not in self.commands:
            return "sections", self.commands["sections"], args
        return super().resolve_command(ctx, args)


def _echo(data: dict, lines: list[str], as_json: bool) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else "\n".join(lines))


@click.group(cls=RailGroup, no_args_is_help=True,
             subcommand_metavar="SCENARIO [MOVES.yaml] [--side S] [--json] | plan SCENARIO MOVES.yaml [--json]")
def rail() -> None:
    """Rail sections and capacity (rail SCENARIO [MOVES.yaml]) and the rail movement planner
    (rail plan SCENARIO MOVES.yaml): docs/rail.md."""


@rail.command("sections", hidden=True)
@click.argument("scenario", type=click.Path())
@click.argument("moves", type=click.Path(), required=False)
@click.option("--side", help="Only this side.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/rail.md).")
def sections(scenario: str, moves: str | None, side: str | None, as_json: bool) -> None:
    """Each side's rail sections with their capacity, used (by the plan of MOVES.yaml) and free."""
    from logistics import games
    from logistics.files import load_scenario_file
    from logistics.rail.model import Orders
    from logistics.rail.moves import load_moves
    from logistics.rail.planner import plan
    from logistics.report.rail import plan_json, pools_text
    loaded = load_scenario_file(scenario)
    position = loaded.position
    names = [s.name for s in position.sides]
    if side is not None:
        from logistics.filters import side_name
        side = side_name(scenario, position, side)       # any case
    if moves is not None:
        orders = [load_moves(moves, loaded)]
    elif side is not None:
        orders = [Orders("", side)]
    elif games.of(position, scenario).orders.phasing_player_only:
        if not position.turn.player:
            raise LoadError(scenario, "OCS Rail Cap is the phasing player's and the turn names none",
                            field="turn.player", expected="a player in the scenario's turn, or --side")
        orders = [Orders("", position.turn.player)]
    else:
        orders = [Orders("", name) for name in names]
    plans = [plan_json(plan(position, loaded.map, o, source=scenario), loaded.map) for o in orders]
    data = {"scenario": scenario, "game": position.game, "sides": [{k: p[k] for k in SECTION_KEYS} for p in plans]}
    _echo(data, [line for p in plans for line in pools_text(p)], as_json)


@rail.command("plan")
@click.argument("scenario", type=click.Path())
@click.argument("moves", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/rail.md).")
def plan_command(scenario: str, moves: str, as_json: bool) -> None:
    """Choose which requested rail moves fit the capacity, and explain the others."""
    from logistics.files import load_scenario_file
    from logistics.rail.moves import load_moves
    from logistics.rail.planner import plan
    from logistics.report.rail import plan_json, plan_text
    loaded = load_scenario_file(scenario)
    data = {"scenario": scenario, "moves_file": moves,
            **plan_json(plan(loaded.position, loaded.map, load_moves(moves, loaded), source=scenario), loaded.map)}
    _echo(data, plan_text(data), as_json)
