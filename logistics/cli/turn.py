"""`logistics turn`: step a scenario through its sequence of play; `logistics move`: one move.

    logistics turn show SCENARIO [--json]                 where the game stands, and what comes next
    logistics turn next SCENARIO [--orders ORDERS.yaml] [--weather ZONE=WEATHER ...]
                                 [--steps N] [--dry-run] [--json]
                                                          apply the phase's orders, advance; the file
                                                          is rewritten, its old state kept in
                                                          SCENARIO's .history folder
    logistics turn orders SCENARIO ORDERS.yaml [--json]   apply an orders file and stay in the phase
                                                          (another may follow; 30A ports and rail
                                                          capacity count them together)
    logistics turn undo SCENARIO [--force] [--json]       put back the state before the last step
    logistics turn history SCENARIO [--json]              the steps taken so far
    logistics move SCENARIO UNIT HEX [--via HEX ...] [--json]
                                                          move a unit along a path (a step of its own)
"""
from __future__ import annotations

from pathlib import Path

import click

from logistics.errors import LoadError
from logistics.jsontext import json_text


@click.group()
def turn() -> None:
    """Step a scenario through its sequence of play, keeping a history."""


JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def _echo(data: dict, lines: list[str], as_json: bool) -> None:
    click.echo(json_text(data) if as_json else "\n".join(lines))


def _report(notes: list[str]) -> None:
    for note in notes:
        click.echo(f"note: {note}", err=True)


@turn.command("show")
@click.argument("scenario", type=click.Path())
@JSON
def show_turn(scenario: str, as_json: bool) -> None:
    """Where the game stands and what the next step does."""
    from logistics.files import load_scenario_file
    from logistics.turn.engine import describe, describe_next
    from logistics.turn.history import entries, recover, step_lock
    with step_lock(Path(scenario)):
        _report(recover(Path(scenario)))
    loaded = load_scenario_file(scenario)
    now, taken = describe(loaded.position), len(entries(Path(scenario)))
    then = describe_next(loaded.position, scenario)
    _echo({"scenario": scenario, "now": now, "next": then, "steps_taken": taken},
          [f"now:  {now}", f"next: {then}", f"steps taken: {taken}"], as_json)


def _weather(given: tuple[str, ...]) -> dict[str, str]:
    from logistics.errors import LoadError
    weather = {}
    for item in given:
        zone, sep, value = item.partition("=")
        if not sep or not value:
            raise LoadError("command line", f"--weather {item!r}", field="--weather", expected="ZONE=WEATHER, e.g. E=mud")
        weather[zone] = value
    return weather


def _write(path: Path, before: str, position, map_, summary: str) -> None:
    from logistics.turn.history import record
    from logistics.turn.keep import kept_text
    text, grids = kept_text(before, position, map_, path.parent)
    record(path, text, summary, map_, grids)


@turn.command("next")
@click.argument("scenario", type=click.Path())
@click.option("--orders", "orders_file", type=click.Path(), help="The orders of the phase being left (docs/turn.md).")
@click.option("--weather", multiple=True, help="The weather of a zone for this step, ZONE=WEATHER (repeatable).")
@click.option("--steps", default=1, type=click.IntRange(1, 1000), help="How many phases / segments to advance.")
@click.option("--dry-run", is_flag=True, help="Show what would happen; write nothing.")
@JSON
def next_step(scenario: str, orders_file: str | None, weather: tuple[str, ...], steps: int, dry_run: bool,
              as_json: bool) -> None:
    """Apply the phase's orders, then advance one phase (Europa) or segment (TSCW), or --steps."""
    from logistics.files import load_scenario_file
    from logistics.turn.engine import run
    from logistics.turn.history import history_dir, recover, step_lock
    from logistics.turn.orders import apply_orders
    from logistics.turn.report import as_text, report_json
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path) if not dry_run else [])
        loaded = load_scenario_file(scenario)
        position, ordered = loaded.position, []
        if orders_file:
            applied = apply_orders(loaded, orders_file, scenario)
            position, ordered = applied.position, applied.entries

        def write(step, start, end):
            if not dry_run:
                _write(path, path.read_text(encoding="utf-8"), step.position, loaded.map, f"{start} -> {end}")

        done, _ = run(position, loaded.map, scenario, steps, _weather(weather), ordered, write)
    if as_json:
        click.echo(report_json(scenario, not dry_run, done))
        return
    for line in as_text(done):
        click.echo(line)
    click.echo("(dry run: nothing written)" if dry_run else f"written: {scenario} (earlier state in {history_dir(path)})")


@turn.command("orders")
@click.argument("scenario", type=click.Path())
@click.argument("orders_file", metavar="ORDERS", type=click.Path())
@JSON
def apply_phase_orders(scenario: str, orders_file: str, as_json: bool) -> None:
    """Apply ORDERS to the phase the scenario is in, without stepping; the scenario is rewritten
    and the orders can be undone. What they spend (rail capacity, 30A port capacity) is kept for
    the phase's next orders."""
    from logistics.files import load_scenario_file
    from logistics.turn.history import recover, step_lock
    from logistics.turn.orders import apply_orders
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path))
        loaded = load_scenario_file(scenario)
        done = apply_orders(loaded, orders_file, scenario)
        _write(path, path.read_text(encoding="utf-8"), done.position, loaded.map, f"orders {Path(orders_file).name}")
    _echo({"scenario": scenario, "written": True, "changes": [{"kind": k, "text": t} for k, t in done.entries]},
          [*(f"  {kind}: {text}" for kind, text in done.entries),
           f"written: {scenario} (undo with 'logistics turn undo {scenario}')"], as_json)


@turn.command("undo")
@click.argument("scenario", type=click.Path())
@click.option("--force", is_flag=True, help="Undo even when the scenario was edited after the last step (the edit "
                                            "is kept in the history folder).")
@JSON
def undo_step(scenario: str, force: bool, as_json: bool) -> None:
    """Put back the state before the last step."""
    from logistics.turn.history import recover, step_lock, undo
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path))
        line = undo(path, force)
    _echo({"scenario": scenario, "undone": line}, [f"undone: {line}"], as_json)


@turn.command("history")
@click.argument("scenario", type=click.Path())
@JSON
def show_history(scenario: str, as_json: bool) -> None:
    """The steps taken so far, oldest first."""
    from logistics.turn.history import entries, recover, step_lock
    with step_lock(Path(scenario)):
        _report(recover(Path(scenario)))
    steps = entries(Path(scenario))
    _echo({"scenario": scenario, "steps": steps}, steps or ["no steps taken"], as_json)


@click.command("move")
@click.argument("scenario", type=click.Path())
@click.argument("unit")
@click.argument("hex_id", metavar="HEX")
@click.option("--via", multiple=True, help="A hex moved through, in order (repeatable); each is taken (3D).")
@click.option("--side", help="The moving side (default: the phasing player, else the unit's).")
@JSON
def move(scenario: str, unit: str, hex_id: str, via: tuple[str, ...], side: str | None, as_json: bool) -> None:
    """Move UNIT to HEX through the --via hexes; the scenario is rewritten and the move can be undone."""
    from logistics.files import load_scenario_file
    from logistics.turn.history import recover, step_lock
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path))
        loaded = load_scenario_file(scenario)
        done = _move(loaded, unit, hex_id, via, side)
        _write(path, path.read_text(encoding="utf-8"), done.position, loaded.map, f"move {unit} to {hex_id}")
    _echo({"scenario": scenario, "written": True, "changes": [{"kind": k, "text": t} for k, t in done.entries]},
          [*(f"  {kind}: {text}" for kind, text in done.entries),
           f"written: {scenario} (undo with 'logistics turn undo {scenario}')"], as_json)


def _move(loaded, unit: str, hex_id: str, via: tuple[str, ...], side: str | None):
    from logistics.errors import LoadError
    from logistics.mapio import HexReader
    from logistics.turn.orders import move_unit
    map_, position = loaded.map, loaded.position

    def where(key, message, expected):
        name = {"unit": "UNIT", "to": "HEX"}.get(key, "--via")
        return LoadError("command line", message, field=name, expected=expected)

    reader = HexReader(map_)
    path_hexes = [reader.parse(_Arg(name), text) for name, text in [*(("--via", v) for v in via), ("HEX", hex_id)]]
    mover = side or position.turn.player or next((u.side for u in position.units if u.id == unit), "")
    return move_unit(position, map_, mover, unit, path_hexes, where)


class _Arg:
    """A command-line argument standing where a file's field would (errors name it)."""

    def __init__(self, name: str):
        self.name = name

    def error(self, message: str, expected: str | None = None) -> LoadError:
        return LoadError("command line", message, field=self.name, expected=expected)
