"""A picture written to a file: SVG, PNG or the interactive HTML page, by its name's ending."""
from __future__ import annotations

from logistics.errors import LoadError
from logistics.mapdata import Map

KINDS = ("svg", "png", "html")


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
    if side:
        from logistics.filters import side_name
        side = side_name(path, p, side)          # any case, as every --side
    return supply_picture(Path(path).stem, p, loaded.map, layers, unit=unit, side=side)


def write_picture(path: str, loaded, output: str, *, unit: str | None = None, side: str | None = None,
                  layers: tuple[str, ...] | None = None, ids: bool = False, hex_size: float = 12.0) -> dict:
    """Draw `loaded` (a map or a scenario, read from `path`) into `output`; what was drawn, as
    `render --json` prints it."""
    from logistics.atomic import write_text
    from logistics.render.layers import DEFAULT_LAYERS
    from logistics.render.svg import render_png, render_svg
    kind = output.rsplit(".", 1)[-1].lower() if "." in output else ""
    if kind not in KINDS:
        raise LoadError(output, f"cannot draw a .{kind} file", field="--output", expected="a .svg, .png or .html file name")
    from logistics.render.map_layers import LAYERS as MAP_LAYERS
    layers = DEFAULT_LAYERS if layers is None else layers
    map_layers = tuple(name for name in layers if name in MAP_LAYERS)
    layers = tuple(name for name in layers if name not in MAP_LAYERS)
    pic = picture_for(path, loaded, unit, side, layers)
    map_, position = (loaded, None) if isinstance(loaded, Map) else (loaded.map, loaded.position)
    rotate = map_.north_rotation
    if kind == "html":
        if pic is None:
            raise LoadError(path, "the interactive page needs a scenario", expected="a scenario file")
        from logistics.render.page import render_page
        write_text(output, render_page(map_, position, pic, rotate=rotate, hex_size=hex_size))
    elif kind == "svg":
        write_text(output, render_svg(map_, position, show_ids=ids, rotate=rotate, hex_size=hex_size, picture=pic,
                                      map_layers=map_layers))
    else:
        render_png(map_, output, position, show_ids=ids, rotate=rotate, hex_size=hex_size, picture=pic,
                   map_layers=map_layers)
    return {"wrote": output, "kind": kind, "title": pic.title if pic else map_.name,
            "layers": (list(pic.layers) if pic else []) + list(map_layers), "unit": unit,
            "units": {m.id: m.kind for m in pic.units} if pic else {}}
