"""The commands that bring a position in (`import vassal`, `import csv`), show what the VASSAL
reader sees (`vassal where`, `vassal pieces`), and describe one hex (`where`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from logistics.errors import LoadError
from logistics.jsontext import json_text

if TYPE_CHECKING:
    from logistics.mapdata import Map


def _echo_json(value) -> None:
    click.echo(json_text(value))


@click.group("import")
def import_group() -> None:
    """Write a scenario from a VASSAL save or a CSV file (docs/import.md)."""


@import_group.command("vassal")
@click.argument("save", type=click.Path())
@click.option("--module", "module", required=True, type=click.Path(), help="The .vmod, or its buildFile(.xml).")
@click.option("--pieces", required=True, type=click.Path(), help="The pieces file (docs/import.md).")
@click.option("--base", type=click.Path(),
              help="Base scenario (sides, turn, ownership); default: the pieces file's, else the bundled one on --map.")
@click.option("--map", "map_ref", help="Our map the position is on (checked against the base scenario).")
@click.option("-o", "--output", required=True, type=click.Path(), help="The scenario file to write.")
@click.option("--allow-unmapped", is_flag=True, help="Write even if some pieces map to nothing (they are listed).")
def import_vassal_command(save, module, pieces, base, map_ref, output, allow_unmapped) -> None:
    """A VASSAL save (.vsav/.vlog/.sav) -> a scenario file."""
    from logistics.io.vassal.importer import import_position
    from logistics.io.vassal.pieces import read_pieces_file
    from logistics.scenario_writer import write_scenario
    if base is None and map_ref is not None and read_pieces_file(pieces).base is None:
        base = bundled_base(map_ref)
        click.echo(f"base: {base}")
    position, map_, report = import_position(save, module, pieces, base, allow_unmapped)
    if map_ref is not None and map_ref not in (map_.name, position.map_ref):
        raise LoadError(pieces, f"the base scenario is on map {map_.name}, not {map_ref}", field="--map",
                        expected=map_.name)
    write_scenario(position, map_, output)
    for line in report.lines():
        click.echo(line)
    click.echo(f"wrote {output}")


def bundled_base(map_ref: str | None) -> str:
    """The bundled scenario on a map, when there is exactly one, as the base of an import."""
    from logistics import bundled
    root = bundled.root() / "scenarios"      # the clone's, or the installed package's copy
    found = []
    for path in sorted(root.rglob("*.yaml")):
        if ".moves." in path.name or map_ref is None:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("map:"):
                if line.split(":", 1)[1].strip().strip("'\"") == map_ref:
                    found.append(path)
                break
    if len(found) != 1:
        listed = ", ".join(str(p.relative_to(root.parent)) for p in found) or "none"
        raise LoadError("--base", f"no single bundled scenario on map {map_ref!r} (found: {listed})",
                        expected="--base SCENARIO: the sides, turn and ownership to start from")
    return str(found[0])


@import_group.command("csv")
@click.argument("units", type=click.Path())
@click.option("--base", type=click.Path(),
              help="Base scenario (sides, turn, ownership, sources); default: the bundled one on --map.")
@click.option("--map", "map_ref", help="Our map the units are on (checked against the base scenario).")
@click.option("-o", "--output", required=True, type=click.Path(), help="The scenario file to write.")
def import_csv_command(units, base, map_ref, output) -> None:
    """A CSV order of battle (one unit per row) -> a scenario file."""
    from logistics.io.csv_units import import_csv
    if base is None:
        base = bundled_base(map_ref)
        click.echo(f"base: {base}")
    n = import_csv(units, base, output, map_ref)
    click.echo(f"{n} units; wrote {output}")


@click.group("vassal")
def vassal_group() -> None:
    """What the VASSAL reader sees in a module or a save."""


@vassal_group.command("where")
@click.argument("module", type=click.Path())
@click.argument("x", type=int)
@click.argument("y", type=int)
@click.option("--map", "map_name", required=True, help="The VASSAL map (its name in the module).")
@click.option("--save", type=click.Path(), help="A save, for the layout of a map of several boards.")
@click.option("--json", "as_json", is_flag=True)
def vassal_where(module, x, y, map_name, save, as_json) -> None:
    """The location name VASSAL gives pixel (X, Y) of a map, with its board and zone."""
    from logistics.io.vassal.module import read_module
    from logistics.io.vassal.save import read_save
    vmap = read_module(module).map(map_name)
    setup = read_save(save).boards.get(vmap.name) if save else None
    try:
        name, board, zone = vmap.locate(x, y, setup)
    except ValueError as exc:
        raise LoadError(module, str(exc), field="map") from None
    info = {"map": vmap.name, "x": x, "y": y, "location": name, "board": board.name if board else None,
            "zone": zone.name if zone else None}
    grid = (zone.grid if zone is not None and zone.grid is not None else board.grid) if board else None
    if grid is not None and hasattr(grid, "raw_column"):
        origin = next(p for p in vmap.layout(setup) if p.board is board)
        info["column"], info["row"] = grid.raw_column(x - origin.x, y - origin.y), grid.raw_row(x - origin.x, y - origin.y)
    if as_json:
        _echo_json(info)
    else:
        click.echo(" ".join(f"{k}={v}" for k, v in info.items() if v is not None))


@vassal_group.command("pieces")
@click.argument("save", type=click.Path())
@click.option("--module", "module", required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True)
def vassal_pieces(save, module, as_json) -> None:
    """Every piece and stack of a save: map, pixel, location name (before any mapping to units)."""
    from logistics.io.vassal.module import read_module
    from logistics.io.vassal.save import read_save
    mod, game = read_module(module), read_save(save)

    def where(map_id, x, y):
        vmap = mod.maps.get(map_id) if map_id else None
        if vmap is None:
            return None
        try:
            return vmap.location_name(x, y, game.boards.get(map_id))
        except ValueError:
            return None

    pieces = [{"id": p.id, "name": p.name, "map": p.map, "x": p.x, "y": p.y, "stack": p.stack,
               "location": where(p.map, p.x, p.y)} for p in game.pieces]
    stacks = [{"id": s.id, "map": s.map, "x": s.x, "y": s.y, "pieces": s.pieces,
               "location": where(s.map, s.x, s.y)} for s in game.stacks]
    if as_json:
        _echo_json({"save": save, "pieces": pieces, "stacks": stacks})
        return
    for p in pieces:
        click.echo(f"piece {p['id']} {p['name']!r} map={p['map']} ({p['x']}, {p['y']}) {p['location']}")
    for s in stacks:
        click.echo(f"stack {s['id']} map={s['map']} ({s['x']}, {s['y']}) {s['location']}: {len(s['pieces'])} pieces")


def describe_hex(map_: Map, hex_, position=None) -> dict:
    """What a player asks of a hex: id, terrain, hexsides, city, port, owner, units, weather zone."""
    city, port = map_.city_at(hex_), map_.port_at(hex_)
    sides = {}
    for side, feats in map_.hexside_features.items():
        if hex_ in side.hexes:
            sides[map_.hex_id(side.other(hex_))] = sorted(feats)
    info = {"hex": map_.hex_id(hex_), "terrain": map_.terrain[hex_],
            "hexsides": dict(sorted(sides.items())), "city": city.name if city else None,
            "city_size": city.size if city else None, "port": port.name if port else None,
            "weather_zone": map_.layers.get("weather_zone", {}).get(hex_) or None}
    if position is not None:
        info["owner"] = position.owner_of(hex_)
        info["units"] = [u.id for u in position.units if u.hex == hex_]
    return info


@click.command("where")
@click.argument("source", type=click.Path())
@click.argument("place")
@click.option("--json", "as_json", is_flag=True)
def where_command(source, place, as_json) -> None:
    """A hex by printed id or place name: terrain, hexsides, city, port, owner, units, weather zone.

    SOURCE is a map (folder or name under maps/) or a scenario."""
    from pathlib import Path

    from logistics.files import load_any
    from logistics.mapdata import Map
    from logistics.mapio import find_hex
    from logistics.numbering import NumberingError
    from logistics.scenario import find_map_folder
    if not Path(source).exists():
        folder = find_map_folder(source, Path.cwd())
        source = str(folder) if folder is not None else source
    loaded = load_any(source)
    map_, position = (loaded, None) if isinstance(loaded, Map) else (loaded.map, loaded.position)
    try:
        hex_ = find_hex(map_, place)
    except NumberingError as exc:
        raise LoadError(source, str(exc), field="place") from None
    if hex_ not in map_:
        raise LoadError(source, f"hex {place} is not on map {map_.name}", field="place", expected="a hex of the map")
    info = describe_hex(map_, hex_, position)
    if as_json:
        _echo_json(info)
        return
    click.echo(f"{info['hex']}: {info['terrain']}" + (f", {info['city_size']} city {info['city']}" if info["city"] else "")
               + (f", port {info['port']}" if info["port"] else ""))
    if info["hexsides"]:
        click.echo("hexsides: " + "; ".join(f"to {k}: {', '.join(v)}" for k, v in info["hexsides"].items()))
    if info["weather_zone"]:
        click.echo(f"weather zone: {info['weather_zone']}")
    if position is not None:
        click.echo(f"owner: {info['owner']}")
        click.echo("units: " + (", ".join(info["units"]) if info["units"] else "none"))
