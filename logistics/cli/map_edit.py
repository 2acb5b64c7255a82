"""`logistics map edit MAP -o edit.html`: one offline page to correct a map by clicking; it saves a
correction file for the map folder's `corrections/` (docs/map-format.md, "Corrections")."""
from __future__ import annotations

import click

from logistics.cli.options import FiniteRange


@click.command("edit")
@click.argument("path", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(), help="The page to write: FILE.html.")
@click.option("--hex-size", default=12.0, show_default=True, type=FiniteRange(2, 100),
              help="Hex radius in pixels (2 to 100).")
def edit(path: str, output: str, hex_size: float) -> None:
    """Write an editor page for a map (folder, map.yaml, or a scenario's map): paint terrain, click
    hexsides, draw rail and roads, place cities and ports; it saves a correction file."""
    from logistics.atomic import write_text
    from logistics.errors import LoadError
    from logistics.files import load_any
    from logistics.mapdata import Map
    from logistics.render.editor import render_editor
    if not output.lower().endswith(".html"):
        raise LoadError(output, "the editor is an HTML page", field="--output", expected="a .html file name")
    loaded = load_any(path)
    map_ = loaded if isinstance(loaded, Map) else loaded.map
    write_text(output, render_editor(map_, hex_size=hex_size))
    fixes = len(map_.corrections)
    click.echo(f"wrote {output}: editor for map {map_.name}"
               + (f" (with its {fixes} correction{'s' if fixes != 1 else ''} applied)" if fixes else ""))
