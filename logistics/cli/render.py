"""`logistics render`: a map, or a scenario with its supply, as SVG, PNG or one interactive HTML page.

    logistics render MAP-or-SCENARIO -o FILE.svg|.png|.html [--unit ID] [--side S] [--layers a,b] [--ids]
"""
from __future__ import annotations

import json

import click

from logistics.errors import LoadError
from logistics.files import load_any
from logistics.mapdata import Map

KINDS = ("svg", "png", "html")


def _layers(value: str | None) -> tuple[str, ...]:
    from logistics.render.layers import DEFAULT_LAYERS, LAYERS
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


def picture_for(path: str, loaded, unit: str | None, side: str | None, layers: tuple[str, ...]):
    """The supply picture of a loaded scenario (None for a bare map)."""
    from pathlib import Path

    from logistics.render.layers import supply_picture
    if isinstance(loaded, Map):
        if unit or side:
            raise LoadError(path, "is a map: no unit or side to show", field="--unit", expected="a scenario file")
        return None
    p = loaded.position
    if unit and not any(u.id == unit for u in p.units):
        raise LoadError(path, f"no unit {unit!r}", field="--unit", expected="a unit id of the scenario")
    if side and side not in [s.name for s in p.sides]:
        raise LoadError(path, f"no side {side!r}", field="--side", expected="one of " + ", ".join(s.name for s in p.sides))
    return supply_picture(Path(path).stem, p, loaded.map, layers, unit=unit, side=side)


def write_picture(path: str, output: str, *, unit: str | None = None, side: str | None = None,
                  layers: tuple[str, ...] | None = None, ids: bool = False, hex_size: float = 12.0) -> dict:
    """Draw `path` (a map or a scenario) into `output`; what was drawn, as `render --json` prints it."""
    from logistics.atomic import write_text
    from logistics.render.layers import DEFAULT_LAYERS
    from logistics.render.svg import render_png, render_svg
    kind = output.rsplit(".", 1)[-1].lower() if "." in output else ""
    if kind not in KINDS:
        raise LoadError(output, f"cannot draw a .{kind} file", field="--output", expected="a .svg, .png or .html file name")
    loaded = load_any(path)
    layers = DEFAULT_LAYERS if layers is None else layers
    pic = picture_for(path, loaded, unit, side, layers)
    map_, position = (loaded, None) if isinstance(loaded, Map) else (loaded.map, loaded.position)
    rotate = map_.north_rotation
    if kind == "html":
        if pic is None:
            raise LoadError(path, "the interactive page needs a scenario", expected="a scenario file")
        from logistics.render.page import render_page
        write_text(output, render_page(map_, position, pic, rotate=rotate, hex_size=hex_size))
    elif kind == "svg":
        write_text(output, render_svg(map_, position, show_ids=ids, rotate=rotate, hex_size=hex_size, picture=pic))
    else:
        render_png(map_, output, position, show_ids=ids, rotate=rotate, hex_size=hex_size, picture=pic)
    return {"wrote": output, "kind": kind, "title": pic.title if pic else map_.name,
            "layers": list(pic.layers) if pic else [], "unit": unit,
            "units": {m.id: m.kind for m in pic.units} if pic else {}}


@click.command()
@click.argument("path", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(), help="FILE.svg, FILE.png or FILE.html (interactive).")
@click.option("--unit", "unit_id", help="Draw this unit's supply line, element by element.")
@click.option("--side", help="Whose enemies' ZOC and naval zones the layers show.")
@click.option("--layers", "layers", help="Comma-separated: blocks, line, zoc, zones, sources, rail, or all "
              "(default: blocks,line).")
@click.option("--ids", is_flag=True, help="Print every hex's id.")
@click.option("--hex-size", default=12.0, show_default=True, help="Hex radius in pixels.")
@click.option("--json", "as_json", is_flag=True, help="Print what was drawn as JSON.")
def render(path: str, output: str, unit_id: str | None, side: str | None, layers: str | None, ids: bool,
           hex_size: float, as_json: bool) -> None:
    """Draw a map, or a scenario with ownership, units and their supply, as SVG, PNG or one
    self-contained interactive HTML page (north up)."""
    done = write_picture(path, output, unit=unit_id, side=side, layers=_layers(layers), ids=ids, hex_size=hex_size)
    click.echo(json.dumps(done, indent=2, ensure_ascii=False) if as_json else f"wrote {output}")
