"""`logistics map ...`: make a player's own map and correct it (docs/mapbuild.md).

Each subcommand lives in a module of its own and imports what it uses when it runs.
"""
from __future__ import annotations

import click


@click.group("map")
def map_group() -> None:
    """Make a map from a VASSAL module's board, and correct a map (docs/mapbuild.md)."""


from logistics.cli.map_edit import edit  # noqa: E402
from logistics.cli.map_from_vassal import from_vassal_command  # noqa: E402

map_group.add_command(from_vassal_command)
map_group.add_command(edit)
