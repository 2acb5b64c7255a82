"""`logistics map from-vassal`: a map folder from one board of a VASSAL module.

The folder is our map format (docs/map-format.md) plus three files of its own:
- `vassal.yaml`: the module, board and image it was made from (the image is referenced, never
  copied) and where each hex lies on that image, for `logistics render MAP --over IMAGE`;
- `palette.yaml`: which terrain each colour group of the image is (the player edits it);
- `unsure.txt`: every hex whose terrain is still a guess, and why.
"""
from __future__ import annotations

import io
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from logistics.atomic import write_files
from logistics.errors import LoadError
from logistics.io.vassal.board_grid import BoardGrid, Pixels, board_grid, printed_id
from logistics.io.vassal.colours import PALETTE_FILE, UNSURE_FILE, assign, palette_text, read_palette, sample_hexes
from logistics.io.vassal.module import Board, read_module
from logistics.mapdata import Map
from logistics.yamldoc import dump_flow, load_doc

BOARD_FILE = "vassal.yaml"
SAMPLE_RADIUS = 0.3     # of the row spacing: the disc sampled around a hex centre


@dataclass
class FromVassal:
    folder: Path
    hexes: int
    groups: int
    unsure: int
    renamed: list[tuple[str, str]]      # (VASSAL's name, our id) where the two are written differently
    in_zones: int

    def __str__(self) -> str:
        lines = [f"{self.hexes} hexes, {self.groups} colour groups, {self.unsure} unsure hexes "
                 f"(listed in {self.folder / UNSURE_FILE})"]
        if self.in_zones:
            lines.append(f"{self.in_zones} hex centres in zones with grids of their own left out")
        if self.renamed:
            vassal, ours = self.renamed[0]
            lines.append(f"{len(self.renamed)} hexes written differently by VASSAL (e.g. {vassal} is our {ours})")
        lines.append(f"wrote {self.folder}")
        return "\n".join(lines)


def find_board(module, name: str, map_name: str | None) -> Board:
    maps = [module.map(map_name)] if map_name else list(module.maps.values())
    found = [m.boards[name] for m in maps if name in m.boards]
    if len(found) == 1:
        return found[0]
    known = sorted({b for m in maps for b in m.boards})
    if not found:
        raise LoadError(module.file, f"no board {name!r}", field="--board", expected="one of " + ", ".join(known))
    raise LoadError(module.file, f"board {name!r} is on several maps", field="--map", expected="the map to take it from")


def open_image(module_path: Path, board: Board, image: str | None):
    """The board image: a file given, or the board's image inside the .vmod. (PIL image, reference)."""
    from PIL import Image
    if image is not None:
        try:
            return Image.open(image), {"image": str(image)}
        except OSError as exc:
            raise LoadError(str(image), f"not an image ({exc})", expected="a PNG, JPEG or GIF board image") from None
    entry = "images/" + board.image
    return module_image(module_path, entry, field="--image"), {"module_image": entry}


def module_image(module_path: Path | str, entry: str, field: str | None = None):
    """The image `entry` inside the .vmod at `module_path` (a PIL image). Raises LoadError."""
    from PIL import Image
    try:
        with zipfile.ZipFile(module_path) as archive:
            data = archive.read(entry)
    except (zipfile.BadZipFile, KeyError, OSError):
        raise LoadError(str(module_path), f"no board image {entry!r} in the module", field=field,
                        expected="a .vmod holding the board image" + (", or --image FILE" if field else "")) from None
    try:
        return Image.open(io.BytesIO(data))
    except OSError as exc:
        raise LoadError(f"{module_path}:{entry}", f"not an image ({exc})") from None


def board_file_text(module: Path, board: Board, reference: dict, grid: BoardGrid) -> str:
    g = grid.source
    p = grid.pixels
    lines = ["# The VASSAL board this map was made from (logistics map from-vassal). The image is not copied:",
             "# `logistics render MAP --over IMAGE` draws our hexes over it with `pixels`.",
             f"module: {dump_flow(str(module))}", f"board: {dump_flow(board.name)}",
             *([f"zone: {dump_flow(grid.zone)}"] if grid.zone else []),
             *(f"{k}: {dump_flow(v)}" for k, v in reference.items()),
             f"image_size: {dump_flow(list(board.size))}",
             "grid: " + dump_flow({"dx": g.dx, "dy": g.dy, "x0": g.x0, "y0": g.y0, "sideways": g.sideways}),
             "pixels: " + dump_flow({"ax": p.ax, "ay": p.ay, "bx": p.bx, "by": p.by})]
    return "\n".join(lines) + "\n"


def read_pixels(folder: Path) -> Pixels:
    """Where the map's hexes lie on its board image (vassal.yaml). Raises LoadError."""
    return read_board(folder)[0]


def read_board(folder: Path) -> tuple[Pixels, str | None]:
    """vassal.yaml: where the map's hexes lie on its board image, and the image's entry in the
    module it was made from (None if it was made from an image file). Raises LoadError."""
    path = Path(folder) / BOARD_FILE
    if not path.exists():
        raise LoadError(str(path), "not found", expected="a map made by `logistics map from-vassal`")
    doc = load_doc(path)
    f = doc.mapping(None, required=("pixels",))
    p = f["pixels"].mapping(("ax", "ay", "bx", "by"), required=("ax", "ay", "bx", "by"))
    entry = f["module_image"].text() if "module_image" in f else None
    return Pixels(*(p[k].number() for k in ("ax", "ay", "bx", "by"))), entry


def from_vassal(module_path: Path | str, board_name: str, output: Path | str, *, image: str | None = None,
                map_name: str | None = None, style: str = "tscw", sheet: str = "", game: str = "tscw",
                scale_miles: float = 10.0, colours: int = 8) -> FromVassal:
    module_path, folder = Path(module_path), Path(output)
    module = read_module(module_path)
    board = find_board(module, board_name, map_name)
    picture, reference = open_image(module_path, board, image)
    if board.size is None:
        board.size = picture.size
    grid = board_grid(board, module.file, style, sheet)
    known = read_palette(folder / PALETTE_FILE) if (folder / PALETTE_FILE).exists() else {}
    radius = SAMPLE_RADIUS * min(grid.source.dx, grid.source.dy)
    samples = sample_hexes(picture, [(h.x, h.y) for h in grid.hexes], radius, colours)
    groups, doubts = assign(samples, known)
    terrain_of = {g.colour: g.terrain for g in groups}

    map_ = Map(name=folder.resolve().name, game=game, layout=grid.layout, numbering=grid.numbering, columns=grid.columns,
               rows=grid.rows, scale_miles=scale_miles)
    map_.terrain = {grid.hex_of(h): terrain_of[s.colour] for h, s in zip(grid.hexes, samples)}
    from logistics.mapio import load_map, map_files
    files = map_files(map_)
    counts: dict[str, int] = {}
    for s in samples:
        counts[s.colour] = counts.get(s.colour, 0) + 1
    ids = [printed_id(grid.numbering, h) for h in grid.hexes]
    unsure = sorted(((h.row, h.col, hid, terrain_of[s.colour], why)
                     for h, hid, s, why in zip(grid.hexes, ids, samples, doubts) if why), key=lambda u: (u[0], u[1]))
    files[PALETTE_FILE] = palette_text(groups, counts)
    files[UNSURE_FILE] = ("# Hexes whose terrain is unsure: id, terrain now, why. Fix palette.yaml and run again.\n"
                          + "".join(f"{i} {t} {why}\n" for _, _, i, t, why in unsure))
    files[BOARD_FILE] = board_file_text(module_path, board, reference, grid)
    with tempfile.TemporaryDirectory() as tmp:      # what is written must load as a map
        check = Path(tmp) / folder.resolve().name
        write_files({check / name: text for name, text in files.items()})
        load_map(check)
    write_files({folder / name: text for name, text in files.items()})
    renamed = [(h.vassal, hid) for h, hid in zip(grid.hexes, ids) if h.vassal != hid]
    return FromVassal(folder, len(grid.hexes), len(groups), len(unsure), renamed, grid.in_zones)
