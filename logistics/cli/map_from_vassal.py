"""`logistics map from-vassal MODULE --board NAME -o maps/NAME/`: a map from a VASSAL module's board.

The hex layout and numbering are the module's grid; the terrain is a first guess from the board
image's colours, corrected in the folder's palette.yaml and applied by running the command again.
"""
from __future__ import annotations

import click

from logistics.cli.options import FiniteRange


@click.command("from-vassal")
@click.argument("module", type=click.Path())
@click.option("--board", "board", required=True, help="The board's name in the module.")
@click.option("-o", "--output", required=True, type=click.Path(), help="The map folder to write (maps/NAME/).")
@click.option("--map", "map_name", help="The module's map holding the board (when several hold one so named).")
@click.option("--image", type=click.Path(), help="The board image, when MODULE is a buildFile without its images.")
@click.option("--numbering", "style", type=click.Choice(("tscw", "europa", "ocs")), default="tscw", show_default=True,
              help="How our files write hex ids: tscw 2509, europa SHEET:2509, ocs SHEET25.09.")
@click.option("--sheet", default="", help="The sheet name of europa and ocs ids.")
@click.option("--game", type=click.Choice(("tscw", "europa", "ocs")), default="tscw", show_default=True,
              help="The rule family the map is for.")
@click.option("--scale-miles", default=10.0, show_default=True, type=FiniteRange(0.1, 1000), help="Miles per hex.")
@click.option("--colours", default=8, show_default=True, type=click.IntRange(2, 64),
              help="How many colour groups the board image is reduced to.")
def from_vassal_command(module: str, board: str, output: str, map_name: str | None, image: str | None, style: str,
                        sheet: str, game: str, scale_miles: float, colours: int) -> None:
    """Make a map folder from one board of a VASSAL module (.vmod, or its buildFile with --image)."""
    from logistics.errors import LoadError
    from logistics.io.vassal.board_map import from_vassal
    if style != "tscw" and not sheet:
        raise LoadError("--sheet", f"{style} numbering needs a sheet name", expected="--sheet NAME")
    if style == "tscw" and sheet:
        raise LoadError("--sheet", "tscw numbering has no sheet name", expected="--numbering europa or ocs")
    click.echo(str(from_vassal(module, board, output, image=image, map_name=map_name, style=style, sheet=sheet,
                               game=game, scale_miles=scale_miles, colours=colours)))
