"""`logistics render`: a map, or a scenario with its supply, as SVG, PNG or one interactive HTML page.

    logistics render MAP-or-SCENARIO -o FILE.svg|.png|.html [--unit ID] [--side S] [--layers a,b] [--ids]
"""
from __future__ import annotations

import click

from logistics.cli.options import FiniteRange
from logistics.errors import LoadError


def _layers(value: str | None) -> tuple[str, ...]:
    from logistics.render.layers import DEFAULT_LAYERS
    from logistics.render.layers import LAYERS as SUPPLY_LAYERS
    from logistics.render.map_layers import LAYERS as MAP_LAYERS
    LAYERS = SUPPLY_LAYERS + MAP_LAYERS
    if value is None:
        return DEFAULT_LAYERS
    if value.strip() == "all":
        return LAYERS
    chosen = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    unknown = [v for v in chosen if v not in LAYERS]
    if unknown:
        raise LoadError("--layers", f"no layer {unknown[0]!r}", expected="a comma-separated list of " + ", ".join(LAYERS)
                        + ", or all")
    return chosen


@click.command()
@click.argument("path", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(), help="FILE.svg, FILE.png or FILE.html (interactive).")
@click.option("--unit", "unit_id", help="Draw this unit's supply line, element by element.")
@click.option("--side", help="Whose enemies' ZOC and naval zones the layers show.")
@click.option("--layers", "layers", help="Comma-separated: blocks, line, zoc, zones, sources, rail, cuts (supply), "
              "sea_zones, weather_zones, naval (the map), or all (default: blocks,line).")
@click.option("--ids", is_flag=True, help="Print every hex's id.")
@click.option("--hex-size", default=12.0, show_default=True, type=FiniteRange(2, 100),
              help="Hex radius in pixels (2 to 100).")
@click.option("--json", "as_json", is_flag=True, help="Print what was drawn as JSON.")
@click.option("--over", "over", type=click.Path(), help="Draw the map's hexes, ids and terrain over this board image "
              "(a map made by `logistics map from-vassal`; -o FILE.png).")
def render(path: str, output: str, unit_id: str | None, side: str | None, layers: str | None, ids: bool,
           hex_size: float, as_json: bool, over: str | None) -> None:
    """Draw a map, or a scenario with ownership, units and their supply, as SVG, PNG or one
    self-contained interactive HTML page (north up)."""
    if over is not None:
        from logistics.render.over import draw_over
        click.echo(str(draw_over(path, over, output)))
        return
    from logistics.api import render as draw
    done = draw(path, output, unit=unit_id, side=side, layers=_layers(layers), ids=ids, hex_size=hex_size)
    click.echo(done.to_json() if as_json else str(done))
