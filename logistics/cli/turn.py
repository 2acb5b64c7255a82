"""`logistics turn`: step a scenario through its sequence of play.

    logistics turn show SCENARIO [--json]                 where the game stands, and what comes next
    logistics turn next SCENARIO [--steps N] [--dry-run] [--json]
                                                          advance; the file is rewritten, its old
                                                          state kept in SCENARIO's .history folder
    logistics turn undo SCENARIO [--json]                 put back the state before the last step
    logistics turn history SCENARIO [--json]              the steps taken so far
"""
from __future__ import annotations

import json
from pathlib import Path

import click


@click.group()
def turn() -> None:
    """Step a scenario through its sequence of play, keeping a history."""


JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")


def _echo(data: dict, lines: list[str], as_json: bool) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else "\n".join(lines))


def _report(notes: list[str]) -> None:
    for note in notes:
        click.echo(f"note: {note}", err=True)


@turn.command("show")
@click.argument("scenario", type=click.Path())
@JSON
def show_turn(scenario: str, as_json: bool) -> None:
    """Where the game stands and what the next step does."""
    from logistics.files import load_scenario_file
    from logistics.turn.engine import advance, describe
    from logistics.turn.history import entries, recover, step_lock
    with step_lock(Path(scenario)):
        _report(recover(Path(scenario)))
    loaded = load_scenario_file(scenario)
    step = advance(loaded.position, loaded.map, scenario)
    now, then, taken = describe(loaded.position), describe(step.position), len(entries(Path(scenario)))
    _echo({"scenario": scenario, "now": now, "next": then, "steps_taken": taken},
          [f"now:  {now}", f"next: {then}", f"steps taken: {taken}"], as_json)


@turn.command("next")
@click.argument("scenario", type=click.Path())
@click.option("--steps", default=1, type=click.IntRange(1, 1000), help="How many phases / segments to advance.")
@click.option("--dry-run", is_flag=True, help="Show what would happen; write nothing.")
@JSON
def next_step(scenario: str, steps: int, dry_run: bool, as_json: bool) -> None:
    """Advance the scenario one phase (Europa) or segment (TSCW), or --steps of them."""
    from logistics.files import load_scenario_file
    from logistics.scenario_writer import scenario_text
    from logistics.turn.engine import advance, describe
    from logistics.turn.history import history_dir, record, recover, step_lock
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path) if not dry_run else [])
        loaded = load_scenario_file(scenario)
        position, done = loaded.position, []
        for _ in range(steps):
            step = advance(position, loaded.map, scenario)
            start, end = describe(position), describe(step.position)
            if not dry_run:
                record(path, scenario_text(step.position, loaded.map), f"{start} -> {end}", loaded.map)
            done.append((start, end, step))
            position = step.position
    if as_json:
        click.echo(json.dumps({"scenario": scenario, "written": not dry_run, "steps": [
            {"from": start, "to": end, "actions": s.actions, "supply": [v.as_dict() for v in s.verdicts]}
            for start, end, s in done]}, indent=2, ensure_ascii=False))
        return
    for start, end, step in done:
        click.echo(f"{start} -> {end}")
        for line in step.actions or ["nothing to do automatically"]:
            click.echo(f"  {line}")
    if dry_run:
        click.echo("(dry run: nothing written)")
    else:
        click.echo(f"written: {scenario} (earlier state in {history_dir(path)})")


@turn.command("undo")
@click.argument("scenario", type=click.Path())
@JSON
def undo_step(scenario: str, as_json: bool) -> None:
    """Put back the state before the last step."""
    from logistics.turn.history import recover, step_lock, undo
    path = Path(scenario)
    with step_lock(path):
        _report(recover(path))
        line = undo(path)
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
